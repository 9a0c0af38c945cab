/**
 * The worst-case corpus: payloads built to make one operation as expensive as the default limits
 * allow (the findings of the second adversarial review, each pushed to its bound). For each, the
 * slowest single operation and the heap the case retains are measured and printed; SECURITY.md
 * quotes them with the bound each one is held to. Timings are reported, never asserted.
 *
 * `npm run bench` runs it after the comparison (`--only=hostile` for this part alone); directly:
 *   node --expose-gc --import tsx bench/hostile.ts [--only=<id-prefix>]
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { configureStore } from '@reduxjs/toolkit';
import {
  BASIC_CATALOG_ID,
  createA2ui,
  effectsDelivered,
  messageReceived,
  basicCatalog,
  createSession,
  handleMessage,
  resolvedTree,
  write,
  DEFAULT_SESSION_LIMITS,
  type Session,
} from '../src/index';
import { tableKeys } from '../src/data/table';

const HERE = dirname(fileURLToPath(import.meta.url));
const ONLY = process.argv.slice(2).find((a) => a.startsWith('--only='))?.slice('--only='.length);

type Json = Record<string, unknown>;
const v = (body: Json): Json => ({ version: 'v1.0', ...body });
const create = (surfaceId: string, extra: Json = {}): Json => v({ createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, ...extra } });
const components = (surfaceId: string, list: Json[]): Json => v({ updateComponents: { surfaceId, components: list } });
const data = (surfaceId: string, path: string, value: unknown): Json => v({ updateDataModel: { surfaceId, path, value } });

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function heap(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

interface Measured {
  id: string;
  title: string;
  bound: string;
  /** Operations the case ran. */
  operations: number;
  /** The slowest single operation (ms). */
  worstMs: number;
  /** All operations together (ms). */
  totalMs: number;
  /** Heap the case's session retains at the end, over the heap before (MB). */
  heapMb: number;
  /** What the outcome was (placeholders, errors), so the number can be read. */
  outcome: string;
  /** For scaling cases: the per-operation time at N and at 10N. */
  scaling?: { n: number; perOpMsAtN: number; perOpMsAt10N: number };
}

class Timer {
  worst = 0;
  total = 0;
  count = 0;
  time<T>(run: () => T): T {
    const start = performance.now();
    const out = run();
    const took = performance.now() - start;
    this.worst = Math.max(this.worst, took);
    this.total += took;
    this.count += 1;
    return out;
  }
}

function session(limits: Json = {}): Session {
  return createSession([basicCatalog()], { limits });
}

function apply(timer: Timer, current: Session, payload: unknown): { session: Session; errors: string[]; diagnostics: string[] } {
  const result = timer.time(() => handleMessage(current, payload));
  const errors: string[] = [];
  const diagnostics: string[] = [];
  for (const effect of result.effects) {
    if (effect.type === 'send' && 'error' in effect.message) errors.push((effect.message as unknown as { error: { code: string } }).error.code);
    if (effect.type === 'diagnostic') diagnostics.push(effect.payload.code);
  }
  if (!result.ok) errors.push(`failed:${result.error.code}`);
  return { session: result.session, errors, diagnostics };
}

function tally(codes: string[]): string {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${code}×${n}`).join(' ') || 'none';
}

function placeholders(s: Session, surfaceId: string): { rendered: number; placeholders: number; chars: number } {
  const tree = resolvedTree(s, surfaceId);
  let rendered = 0;
  let held = 0;
  let chars = 0;
  for (const node of Object.values(tree?.nodes ?? {})) {
    if (node.placeholder) held += 1;
    else rendered += 1;
    for (const value of Object.values(node.props)) if (typeof value === 'string') chars += value.length;
  }
  return { rendered, placeholders: held, chars };
}

type Case = { id: string; title: string; bound: string; run: () => Omit<Measured, 'id' | 'title' | 'bound' | 'heapMb'> & { keep: unknown } };

const L = DEFAULT_SESSION_LIMITS;

const cases: Case[] = [
  {
    id: 'amplify-format',
    title: 'formatString repeating ${/a} 1,600 times over a 100,000-char string, in 40 template rows',
    bound: 'each string ≤ maxStringLength; a tree\'s computed strings ≤ maxCharsPerSurface',
    run: () => {
      const t = new Timer();
      const template = '${/a}'.repeat(1600);
      let s = apply(t, session(), [
        create('s', { dataModel: { a: 'x'.repeat(100_000), rows: Array.from({ length: 40 }, () => ({})) } }),
      ]).session;
      const step = apply(t, s, components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Text', text: { call: 'formatString', args: { value: template } } },
      ]));
      s = step.session;
      const shape = placeholders(s, 's');
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${shape.rendered} nodes, ${shape.chars} chars shown; diagnostics ${tally(step.diagnostics)}`, keep: s };
    },
  },
  {
    id: 'amplify-within',
    title: 'formatString results just under maxStringLength in every row of a 10,000-item template',
    bound: 'Σ computed chars ≤ maxCharsPerSurface (+ one evaluation\'s 10 × maxStringLength)',
    run: () => {
      const t = new Timer();
      const piece = 'y'.repeat(9_000);
      let s = apply(t, session(), [create('s', { dataModel: { a: piece, rows: Array.from({ length: 10_000 }, () => ({})) } })]).session;
      const step = apply(t, s, components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Text', text: { call: 'formatString', args: { value: '${/a}'.repeat(11) } } },
      ]));
      s = step.session;
      const shape = placeholders(s, 's');
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${shape.rendered} rendered, ${shape.placeholders} placeholders, ${shape.chars} chars`, keep: s };
    },
  },
  {
    id: 'cpu-self-template',
    title: 'a self-referencing template in the data model, in 300 template rows',
    bound: 'calls per evaluation ≤ maxCallsPerEvaluation; Σ calls + reads per tree ≤ maxWorkPerSurface',
    run: () => {
      const t = new Timer();
      // A chain of templates, each expanding the next three times: 3^9 calls before the call-depth
      // limit could stop it, so every row spends its whole maxCallsPerEvaluation.
      const model: Json = { rows: Array.from({ length: 300 }, () => ({})), t9: 'x' };
      for (let i = 0; i < 9; i += 1) model[`t${i}`] = `\${formatString(value: \${/t${i + 1}})}`.repeat(3);
      let s = apply(t, session(), [create('s', { dataModel: model })]).session;
      const step = apply(t, s, components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Text', text: { call: 'formatString', args: { value: { path: '/t0' } } } },
      ]));
      s = step.session;
      const shape = placeholders(s, 's');
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${shape.rendered} rendered, ${shape.placeholders} placeholders; diagnostics ${tally(step.diagnostics)}`, keep: s };
    },
  },
  {
    id: 'cpu-regex',
    title: 'expensive regex checks ((a|aa)*$ over 10,000 chars) on 200 template rows, 5 checks each',
    bound: 'steps per test ≤ 1,000,000; per evaluation ≤ maxRegexStepsPerEvaluation; per tree ≤ maxRegexStepsPerSurface',
    run: () => {
      const t = new Timer();
      const checks = Array.from({ length: 5 }, () => ({ condition: { call: 'regex', args: { value: { path: '/v' }, pattern: '^(a|aa)*b$' } }, message: 'no' }));
      let s = apply(t, session(), [create('s', { dataModel: { v: 'a'.repeat(9_999), rows: Array.from({ length: 200 }, () => ({})) } })]).session;
      const step = apply(t, s, components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'TextField', label: 'x', value: { path: '/v' }, checks },
      ]));
      s = step.session;
      const shape = placeholders(s, 's');
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${shape.rendered} rendered, ${shape.placeholders} placeholders; diagnostics ${tally(step.diagnostics)}`, keep: s };
    },
  },
  {
    id: 'validate-nested-calls',
    title: 'a check condition nesting function calls as deep as maxValueDepth allows, on 200 components',
    bound: 'each nested call validated against its own function only (a oneOf over functions would be exponential in the depth)',
    run: () => {
      const t = new Timer();
      // Each call is two levels ({ call, args: { value } }); the component, checks and check take four more.
      const depth = Math.floor((L.maxValueDepth - 4) / 2);
      let condition: unknown = { path: '/flag' };
      for (let i = 0; i < depth; i += 1) condition = { call: i % 2 ? 'not' : 'lookup', args: { value: condition } };
      let s = apply(t, session(), [create('s', { dataModel: { flag: true } })]).session;
      const list: Json[] = [{ id: 'root', component: 'Column', children: Array.from({ length: 200 }, (_, i) => `c${i}`) }];
      for (let i = 0; i < 200; i += 1) list.push({ id: `c${i}`, component: 'CheckBox', label: 'L', value: true, checks: [{ condition, message: 'no' }] });
      const step = apply(t, s, components('s', list));
      s = step.session;
      const shape = placeholders(s, 's');
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${depth} nested calls; ${shape.rendered} rendered; errors ${tally(step.errors)}; diagnostics ${tally(step.diagnostics)}`, keep: s };
    },
  },
  {
    id: 'nodes-cap',
    title: 'a 10,000-item template of 10-item rows (100,000+ nodes), then one data change at the cap',
    bound: 'nodes ≤ maxNodes; at the cap a change that keeps walk order is applied in place (O(changed)); any other walks the whole tree once (O(maxNodes))',
    run: () => {
      const t = new Timer();
      const rows = Array.from({ length: 10_000 }, (_, i) => ({ cells: Array.from({ length: 10 }, (_, j) => ({ v: `${i}.${j}` })) }));
      let s = apply(t, session(), [create('s', { dataModel: { rows } })]).session;
      const first = new Timer();
      s = apply(first, s, components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Row', children: { componentId: 'cell', path: 'cells' } },
        { id: 'cell', component: 'Text', text: { path: 'v' } },
      ])).session;
      // The change at the cap on its own timer (the setup payload above is far larger).
      const change = new Timer();
      const step = apply(change, s, data('s', '/rows/0/cells/0/v', 'changed'));
      s = step.session;
      const shape = placeholders(s, 's');
      return { operations: t.count + 2, worstMs: Math.max(t.worst, first.worst, change.worst), totalMs: t.total + first.total + change.total, outcome: `${shape.rendered} rendered, ${shape.placeholders} placeholders; setup payload ${t.worst.toFixed(0)} ms, first resolution ${first.worst.toFixed(0)} ms, a change at the cap ${change.worst.toFixed(1)} ms`, keep: s };
    },
  },
  {
    id: 'padding',
    title: 'writes past an array\'s end, each padding 1,000 nulls, until the data model is full',
    bound: 'the data-size check counts the padding: the model stays ≤ maxDataModelBytes',
    run: () => {
      const t = new Timer();
      let s = apply(t, session({ maxDataModelBytes: 1_000_000 }), [create('s')]).session;
      let refused = 0;
      for (let i = 0; i < 400; i += 1) {
        const step = apply(t, s, data('s', `/a${i}/1000`, 1));
        if (step.errors.length > 0) refused += 1;
        s = step.session;
      }
      const size = JSON.stringify(s.state.surfaces.s?.dataModel).length;
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `model ${size} chars (limit 1,000,000 here); ${refused} writes refused`, keep: s };
    },
  },
  {
    id: 'root-keys-payload',
    title: '6,000 root-key writes in one payload',
    bound: 'O(1) amortized per write within a payload (the root is copied once, then written in place)',
    run: () => {
      const t = new Timer();
      let s = apply(t, session(), [create('s', { components: [{ id: 'root', component: 'Text', text: { path: '/k5999' } }] })]).session;
      const step = apply(t, s, Array.from({ length: 6_000 }, (_, i) => data('s', `/k${i}`, i)));
      s = step.session;
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${Object.keys(s.state.surfaces.s?.dataModel ?? {}).length} keys; errors ${tally(step.errors)}`, keep: s };
    },
  },
  {
    id: 'surfaces',
    title: 'createSurface until maxSurfaces, then more',
    bound: 'surfaces ≤ maxSurfaces; each createSurface O(1) amortized',
    run: () => {
      const t = new Timer();
      let s = session();
      let refused = 0;
      for (let i = 0; i < L.maxSurfaces + 50; i += 1) {
        const step = apply(t, s, create(`s${i}`, { components: [{ id: 'root', component: 'Text', text: 'x' }] }));
        if (step.errors.length > 0) refused += 1;
        s = step.session;
      }
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${Object.keys(s.state.surfaces).length} surfaces; ${refused} refused`, keep: s };
    },
  },
  {
    id: 'keystrokes',
    title: 'a Text whose agent call reads a TextField, 2,000 keystrokes',
    bound: 'superseded calls are cancelled; the call table holds the live calls only',
    run: () => {
      const t = new Timer();
      let s = apply(t, session(), [create('s', {
        components: [
          { id: 'root', component: 'Column', children: ['field', 'echo'] },
          { id: 'field', component: 'TextField', label: 'q', value: { path: '/q' } },
          { id: 'echo', component: 'Text', text: { call: 'lookup', args: { q: { path: '/q' } } } },
        ],
      })]).session;
      for (let i = 0; i < 2_000; i += 1) {
        const result = t.time(() => write(s, 's', 'root/children/0', 'value', `q${i}`));
        if (result.ok) s = result.session;
      }
      return { operations: t.count, worstMs: t.worst, totalMs: t.total, outcome: `${tableKeys(s.state.agentCalls).length} call rows kept`, keep: s };
    },
  },
];

// Scaling: per-operation time at N and at 10N, to show the cost follows the change, not the state.
function scaling(id: string, title: string, bound: string, n: number, build: (n: number) => { setup: () => Session; ops: (s: Session, t: Timer) => Session }): Case {
  return {
    id,
    title,
    bound,
    run: () => {
      const measure = (size: number): { perOp: number; worst: number; total: number; count: number; keep: Session } => {
        const { setup, ops } = build(size);
        const s0 = setup();
        const t = new Timer();
        const keep = ops(s0, t);
        return { perOp: t.total / Math.max(1, t.count), worst: t.worst, total: t.total, count: t.count, keep };
      };
      measure(n); // warm-up: the first run pays for compilation
      const small = measure(n);
      const large = measure(10 * n);
      return {
        operations: small.count + large.count,
        worstMs: Math.max(small.worst, large.worst),
        totalMs: small.total + large.total,
        outcome: `per operation ${small.perOp.toFixed(3)} ms at N=${n}, ${large.perOp.toFixed(3)} ms at 10N`,
        scaling: { n, perOpMsAtN: small.perOp, perOpMsAt10N: large.perOp },
        keep: large.keep,
      };
    },
  };
}

cases.push(
  scaling('scale-components', 'one-component updateComponents on a surface of N Text components (Columns of 100)', 'O(changed components + their parents and children); one bucket of the components table copied; at maxNodes (10N here) still in place while the walk order holds', 1_500, (n) => ({
    setup: () => {
      const t = new Timer();
      // Groups of 100, so no component holds more children than a component schema check allows.
      const groups = Math.ceil(n / 100);
      const list: Json[] = [{ id: 'root', component: 'Column', children: Array.from({ length: groups }, (_, g) => `g${g}`) }];
      for (let g = 0; g < groups; g += 1) list.push({ id: `g${g}`, component: 'Column', children: Array.from({ length: 100 }, (_, i) => `c${g * 100 + i}`) });
      for (let i = 0; i < groups * 100; i += 1) list.push({ id: `c${i}`, component: 'Text', text: `t${i}` });
      return apply(t, session(), [create('s'), components('s', list)]).session;
    },
    ops: (s, t) => {
      let current = s;
      for (let i = 0; i < 200; i += 1) current = apply(t, current, components('s', [{ id: `c${i}`, component: 'Text', text: `u${i}` }])).session;
      return current;
    },
  })),
  scaling('scale-root-keys', 'root-key writes into a model of N keys', 'O(root keys) per payload: the plain JSON root is copied once per payload (O(1) amortized only within one payload, see root-keys-payload)', 600, (n) => ({
    setup: () => {
      const t = new Timer();
      let s = apply(t, session(), [create('s')]).session;
      for (let i = 0; i < n; i += 1) s = apply(t, s, data('s', `/k${i}`, i)).session;
      return s;
    },
    ops: (s, t) => {
      let current = s;
      for (let i = 0; i < 200; i += 1) current = apply(t, current, data('s', `/w${i}`, i)).session;
      return current;
    },
  })),
  scaling('scale-surfaces', 'createSurface with N surfaces present', 'O(surfaces) per payload (the surfaces record is copied once per payload), at most maxSurfaces', 90, (n) => ({
    setup: () => {
      const t = new Timer();
      let s = session();
      for (let i = 0; i < n; i += 1) s = apply(t, s, create(`s${i}`)).session;
      return s;
    },
    ops: (s, t) => {
      let current = s;
      for (let i = 0; i < 50; i += 1) current = apply(t, current, create(`new${i}`)).session;
      return current;
    },
  })),
  scaling('scale-answers', 'answering N pending agent calls one by one', 'O(1) per answer (one bucket of the call table copied; the nodes that read the row)', 300, (n) => ({
    setup: () => {
      const t = new Timer();
      const rows = Array.from({ length: n }, (_, i) => ({ q: `q${i}` }));
      let s = apply(t, session({ maxWorkPerSurface: 10_000_000 }), [create('s', { dataModel: { rows } })]).session;
      s = apply(t, s, components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Text', text: { call: 'lookup', args: { q: { path: 'q' } } } },
      ])).session;
      return s;
    },
    ops: (s, t) => {
      let current = s;
      const ids = tableKeys(current.state.agentCalls);
      for (const id of ids.slice(0, 200)) current = apply(t, current, v({ agentFunctionResponse: { functionCallId: id, value: 'ok' } })).session;
      return current;
    },
  })),
);

/**
 * The same scaling cases through the Redux store (createA2ui, a real RTK store, the outbox
 * acknowledged and the tree selected after each dispatch, as an app does): the user pays both.
 */
function scalingRedux(id: string, title: string, bound: string, n: number, build: (n: number) => { setup: Json[][]; ops: (state: () => ReduxState) => Json[][] }): Case {
  const measure = (size: number): { perOp: number; worst: number; total: number; count: number; keep: unknown } => {
    const a2ui = createA2ui({ catalogs: [basicCatalog()], limits: { maxWorkPerSurface: 10_000_000 } });
    const store = configureStore({
      reducer: { a2ui: a2ui.reducer },
      middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false, thunk: false }),
    });
    const dispatch = (payload: unknown): void => {
      store.dispatch(messageReceived(payload));
      const outbox = store.getState().a2ui.session.outbox;
      if (outbox.length > 0) store.dispatch(effectsDelivered({ ids: outbox.map((entry) => entry.id) }));
      a2ui.selectors.selectResolvedTree(store.getState(), 's');
    };
    const { setup, ops } = build(size);
    for (const payload of setup) dispatch(payload);
    const t = new Timer();
    for (const payload of ops(() => store.getState().a2ui)) t.time(() => dispatch(payload));
    return { perOp: t.total / Math.max(1, t.count), worst: t.worst, total: t.total, count: t.count, keep: store };
  };
  return {
    id,
    title: `${title}, through the Redux store`,
    bound,
    run: () => {
      measure(n);
      const small = measure(n);
      const large = measure(10 * n);
      return {
        operations: small.count + large.count,
        worstMs: Math.max(small.worst, large.worst),
        totalMs: small.total + large.total,
        outcome: `per operation ${small.perOp.toFixed(3)} ms at N=${n}, ${large.perOp.toFixed(3)} ms at 10N`,
        scaling: { n, perOpMsAtN: small.perOp, perOpMsAt10N: large.perOp },
        keep: large.keep,
      };
    },
  };
}

type ReduxState = { session: { core: Session['state'] } };

cases.push(
  scalingRedux('scale-components-redux', 'one-component updateComponents on a surface of N Text components', 'as scale-components, plus the slice and the selectors: O(changed)', 1_500, (n) => {
    const groups = Math.ceil(n / 100);
    const list: Json[] = [{ id: 'root', component: 'Column', children: Array.from({ length: groups }, (_, g) => `g${g}`) }];
    for (let g = 0; g < groups; g += 1) list.push({ id: `g${g}`, component: 'Column', children: Array.from({ length: 100 }, (_, i) => `c${g * 100 + i}`) });
    for (let i = 0; i < groups * 100; i += 1) list.push({ id: `c${i}`, component: 'Text', text: `t${i}` });
    return {
      setup: [[create('s'), components('s', list)]],
      ops: () => Array.from({ length: 200 }, (_, i) => [components('s', [{ id: `c${i}`, component: 'Text', text: `u${i}` }])]),
    };
  }),
  scalingRedux('scale-root-keys-redux', 'root-key writes into a model of N keys', 'as scale-root-keys', 600, (n) => ({
    setup: [[create('s')], ...Array.from({ length: n }, (_, i) => [data('s', `/k${i}`, i)])],
    ops: () => Array.from({ length: 200 }, (_, i) => [data('s', `/w${i}`, i)]),
  })),
  scalingRedux('scale-answers-redux', 'answering N pending agent calls one by one', 'as scale-answers, plus the deadlines and the selectors: the rows changed, not every row', 300, (n) => ({
    setup: [[
      create('s', { dataModel: { rows: Array.from({ length: n }, (_, i) => ({ q: `q${i}` })) } }),
      components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Text', text: { call: 'lookup', args: { q: { path: 'q' } } } },
      ]),
    ]],
    ops: (state) => tableKeys(state().session.core.agentCalls).slice(0, 200).map((callId) => [v({ agentFunctionResponse: { functionCallId: callId, value: 'ok' } })]),
  })),
);

/** Runs the corpus (or the cases `--only=` names), prints a line per case, and writes the results when asked. */
export function runHostileCorpus(options: { write: boolean } = { write: ONLY === undefined }): void {
  const only = ONLY?.startsWith('hostile') ? ONLY.slice('hostile'.length).replace(/^[.:-]/, '') || undefined : ONLY;
  const results: Measured[] = [];
  console.log(`worst-case corpus under DEFAULT_SESSION_LIMITS (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version})`);
  for (const c of cases) {
    if (only !== undefined && !c.id.startsWith(only)) continue;
    const before = heap();
    const out = c.run();
    const after = heap();
    const { keep: _keep, ...rest } = out;
    const measured: Measured = { id: c.id, title: c.title, bound: c.bound, ...rest, heapMb: (after - before) / 1024 / 1024 };
    results.push(measured);
    console.log(`${c.id.padEnd(18)} worst ${measured.worstMs.toFixed(1).padStart(8)} ms  heap ${measured.heapMb.toFixed(1).padStart(6)} MB  ${measured.outcome}`);
    void _keep;
  }
  if (options.write) writeFileSync(join(HERE, 'hostile-results.json'), `${JSON.stringify({ node: process.version, cpus: cpus().length, results }, null, 2)}\n`);
}

// Run directly (node --expose-gc --import tsx bench/hostile.ts), not when run.ts imports it.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) runHostileCorpus();
