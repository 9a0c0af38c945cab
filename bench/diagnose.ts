/**
 * Diagnosis helpers behind BENCHMARKS.md (not part of `npm run bench`). Each scenario isolates
 * one cost found while profiling; run it plainly for timings or under `--cpu-prof` for a profile:
 *
 *   node --expose-gc --import tsx bench/diagnose.ts <scenario>
 *   node --cpu-prof --import tsx bench/diagnose.ts <scenario>
 *
 * Scenarios:
 *   ingest-phases   where our ingest time goes: schema checks, function-call checks, resolution
 *   validation      µs per component / per function call of the catalog schema checks
 *   leaf-scaling    one leaf update at 10 vs 10,000 rows (write and updateDataModel), pure session
 *   redux-adapter   createA2ui's reducer vs the same session calls in a minimal plain reducer
 *   replace-all     replace all rows of a list (our side), for a focused profile
 *   append          append one row to a list of 10,000 (our side), for a focused profile
 *   ingest          our handleMessage over N example surfaces, for a focused profile
 *   dev-checks      a 2,000-row conversation through configureStore with RTK's development
 *                   checks on: their findings (must be none) and their timing warnings (reported)
 *   browser-surface the browser benchmark's surface (browser/page.ts) through createA2ui and a
 *                   store in this process: the first createSurface (cold), a second one, then
 *                   keystrokes into /query [rows=1000] [keys=400]; run in a fresh process each time
 */
import { performance } from 'node:perf_hooks';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { MessageProcessor, NodeResolver, type A2uiMessage } from '@a2ui/web_core/v0_9';
import { basicCatalog as theirBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { createA2uiSelectors } from '../selectors';
import { createA2ui } from '../src/createA2ui';
import { basicCatalog, BASIC_CATALOG_ID } from '../src/catalog';
import { checkComponentSchema, checkFunctionArgs } from '../src/processor/schemaChecks';
import { messageReceived, valueWritten } from '../src/redux/actions';
import { createResolverCache, lookupNode, resolveSurface } from '../src/resolution/resolver';
import { write } from '../src/session/interaction';
import { createSessionRuntime, handleMessage, sessionFrom } from '../src/session/session';
import { initialSessionState, type SessionState, type SurfaceState } from '../src/model/state';
import { conversations, dataUpdate, LIST_SURFACE_ID, listSurfaceV10, loadExamples, rowsOf } from './inputs';
import { OUR_OPTIONS, Ours, OursRedux } from './sides';
import { components as pageComponents, dataModel as pageDataModel } from './browser/page';

type Json = Record<string, unknown>;

const scenario = process.argv[2] ?? 'help';
const arg = (i: number, fallback: number) => Number(process.argv[3 + i] ?? fallback);

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** Every component and every function call (name, args) of the example conversations. */
function exampleParts(n: number): { components: Json[]; calls: Array<[string, unknown]> } {
  const components: Json[] = [];
  const calls: Array<[string, unknown]> = [];
  for (const conversation of conversations(loadExamples(), n)) {
    for (const message of JSON.parse(conversation.oursJson) as Json[]) {
      const update = message.updateComponents as { components?: Json[] } | undefined;
      for (const component of update?.components ?? []) {
        components.push(component);
        const stack: unknown[] = [component];
        while (stack.length > 0) {
          const value = stack.pop();
          if (typeof value !== 'object' || value === null) continue;
          const record = value as Json;
          if (!Array.isArray(value) && typeof record.call === 'string') calls.push([record.call, record.args ?? {}]);
          stack.push(...Object.values(record));
        }
      }
    }
  }
  return { components, calls };
}

function ingestPhases(): void {
  const n = arg(0, 200);
  const catalog = basicCatalog();
  const convs = conversations(loadExamples(), n);
  const { components, calls } = exampleParts(n);
  const declared = calls.filter(([name]) => Object.prototype.hasOwnProperty.call(catalog.functions, name));
  const rows: Record<string, number[]> = {};
  const add = (key: string, ms: number) => (rows[key] ??= []).push(ms);
  for (let round = 0; round < 5; round += 1) {
    const ours = new Ours();
    const payloads = convs.map((c) => JSON.parse(c.oursJson) as unknown);
    add('ours: handleMessage, all surfaces', time(() => payloads.forEach((p) => ours.ingest(p))));
    add('  in it: checkComponentSchema, every component', time(() => components.forEach((c) => checkComponentSchema(catalog, c))));
    add('  in it: checkFunctionArgs, every declared call', time(() => declared.forEach(([name, args]) => checkFunctionArgs(catalog, name, args))));
    const cache = createResolverCache();
    add('  in it: resolveSurface, every surface', time(() => {
      for (const c of convs) resolveSurface(cache, ours.session.runtime.resolution, ours.session.state.surfaces[c.surfaceId] as SurfaceState, ours.session.state);
    }));
    const processor = new MessageProcessor([theirBasicCatalog]);
    const theirs = convs.map((c) => JSON.parse(c.theirsJson) as A2uiMessage[]);
    add('web_core: processMessages, all surfaces', time(() => theirs.forEach((m) => processor.processMessages(m))));
    add('web_core: NodeResolver, every surface', time(() => {
      for (const c of convs) {
        const surface = processor.model.getSurface(c.surfaceId);
        if (surface) new NodeResolver(surface, surface.catalog);
      }
    }));
  }
  console.log(`${n} surfaces, ${components.length} components, ${declared.length} declared function calls (median of 4 after 1 warm-up)`);
  for (const [key, values] of Object.entries(rows)) console.log(`${key.padEnd(50)} ${medianOf(values.slice(1)).toFixed(1).padStart(9)} ms`);
}

function validation(): void {
  const catalog = basicCatalog();
  const { components, calls } = exampleParts(43);
  const declared = calls.filter(([name]) => Object.prototype.hasOwnProperty.call(catalog.functions, name));
  for (let i = 0; i < 2; i += 1) components.forEach((c) => checkComponentSchema(catalog, c));
  const perComponent = time(() => components.forEach((c) => checkComponentSchema(catalog, c))) / components.length;
  const perCall = time(() => declared.forEach(([name, args]) => checkFunctionArgs(catalog, name, args))) / Math.max(1, declared.length);
  console.log(`checkComponentSchema: ${(perComponent * 1000).toFixed(0)} µs per component (${components.length} components)`);
  console.log(`checkFunctionArgs:    ${(perCall * 1000).toFixed(0)} µs per declared call (${declared.length} calls), on top of the component check`);
  const byType = new Map<string, number[]>();
  for (const c of components) {
    const type = String(c.component);
    const list = byType.get(type) ?? [];
    list.push(time(() => checkComponentSchema(catalog, c)));
    byType.set(type, list);
  }
  for (const [type, list] of [...byType].sort((a, b) => medianOf(b[1]) - medianOf(a[1]))) {
    console.log(`  ${type.padEnd(14)} ${(medianOf(list) * 1000).toFixed(0).padStart(6)} µs median (${list.length})`);
  }
}

function leafScaling(): void {
  const sizes = [10, 10_000];
  const sides = new Map(sizes.map((rows) => {
    const ours = new Ours();
    ours.ingest(listSurfaceV10(rows));
    ours.tree(LIST_SURFACE_ID);
    return [rows, ours] as const;
  }));
  const times: Record<string, number[]> = {};
  let k = 0;
  for (let round = 0; round < arg(0, 2000); round += 1) {
    for (const [rows, ours] of sides) {
      for (const via of ['write', 'updateDataModel'] as const) {
        const mid = rows >> 1;
        const value = `v${(k += 1)}`;
        const ms = time(() => {
          if (via === 'write') ours.write(LIST_SURFACE_ID, `row@/rows/${mid}`, 'text', value);
          else ours.ingest(dataUpdate('v1.0', `/rows/${mid}/label`, value));
          if (ours.node(LIST_SURFACE_ID, `row@/rows/${mid}`).props.text !== value) throw new Error('not visible');
        });
        if (round >= 200) (times[`${via} at ${rows} rows`] ??= []).push(ms);
      }
    }
  }
  for (const [key, values] of Object.entries(times)) console.log(`${key.padEnd(28)} ${(medianOf(values) * 1000).toFixed(1).padStart(8)} µs median`);
  const big = sides.get(10_000)?.session.state.surfaces[LIST_SURFACE_ID]?.dataModel;
  const stringify = medianOf(Array.from({ length: 50 }, () => time(() => JSON.stringify(big))));
  console.log(`JSON.stringify(data model of 10,000 rows): ${(stringify * 1000).toFixed(0)} µs (processor.ts updateDataModel does this per message)`);
}

function reduxAdapter(): void {
  const rows = arg(0, 10_000);
  const mid = rows >> 1;
  // createA2ui's reducer next to the same session calls in a minimal plain reducer: the adapter's own cost.
  const runtime = createSessionRuntime([basicCatalog()], OUR_OPTIONS);
  type Slice = { core: SessionState };
  const reducer = (state: Slice = { core: initialSessionState() }, action: UnknownAction): Slice => {
    if (messageReceived.match(action)) return { core: handleMessage(sessionFrom(runtime, state.core), action.payload.payload).session.state };
    if (valueWritten.match(action)) {
      const p = action.payload;
      const result = write(sessionFrom(runtime, state.core), p.surfaceId, p.ref, p.property, p.value);
      return result.ok ? { core: result.session.state } : state;
    }
    return state;
  };
  const plain = configureStore({ reducer: { a2ui: reducer }, middleware: (d) => d({ immutableCheck: false, serializableCheck: false, thunk: false }) });
  const selectors = createA2uiSelectors(runtime, (s: { a2ui: Slice }) => ({ session: { core: s.a2ui.core } }) as never);
  plain.dispatch(messageReceived(listSurfaceV10(rows)));
  const redux = new OursRedux();
  redux.ingest(listSurfaceV10(rows));
  redux.tree(LIST_SURFACE_ID);
  const times: Record<string, number[]> = {};
  let k = 0;
  for (let round = 0; round < arg(1, 400); round += 1) {
    for (const via of ['write', 'updateDataModel'] as const) {
      for (const name of ['createA2ui reducer', 'plain reducer, same session calls'] as const) {
        redux.drain();
        const value = `v${(k += 1)}`;
        const action = via === 'write'
          ? valueWritten({ surfaceId: LIST_SURFACE_ID, ref: `row@/rows/${mid}`, property: 'text', value })
          : messageReceived(dataUpdate('v1.0', `/rows/${mid}/label`, value));
        const ms = time(() => {
          let text: unknown;
          if (name === 'plain reducer, same session calls') {
            plain.dispatch(action);
            const tree = selectors.selectResolvedTree(plain.getState(), LIST_SURFACE_ID);
            text = tree ? lookupNode(tree, `row@/rows/${mid}`)?.props.text : undefined;
          } else {
            redux.store.dispatch(action);
            text = redux.node(LIST_SURFACE_ID, `row@/rows/${mid}`).props.text;
          }
          if (text !== value) throw new Error(`${name}: not visible`);
        });
        if (round >= 50) (times[`${name}, ${via}`] ??= []).push(ms);
      }
    }
  }
  console.log(`${rows} rows, one leaf update:`);
  for (const [key, values] of Object.entries(times)) console.log(`  ${key.padEnd(52)} ${(medianOf(values) * 1000).toFixed(0).padStart(8)} µs median`);
}

function replaceAll(): void {
  const rows = arg(0, 100);
  const ours = new Ours();
  ours.ingest(listSurfaceV10(rows));
  ours.tree(LIST_SURFACE_ID);
  const times: number[] = [];
  for (let i = 0; i < arg(1, 300); i += 1) {
    const message = dataUpdate('v1.0', '/rows', rowsOf(rows, `set${i}`));
    times.push(time(() => {
      ours.ingest(message);
      ours.node(LIST_SURFACE_ID, `row@/rows/${rows - 1}`);
    }));
  }
  console.log(`replace all ${rows} rows: ${medianOf(times).toFixed(2)} ms median`);
}

function append(): void {
  const rows = arg(0, 10_000);
  const ours = new Ours();
  ours.ingest(listSurfaceV10(rows));
  ours.tree(LIST_SURFACE_ID);
  const times: number[] = [];
  for (let i = 0; i < arg(1, 100); i += 1) {
    const index = rows + i;
    const message = dataUpdate('v1.0', `/rows/${index}`, { label: `appended ${i}` });
    times.push(time(() => {
      ours.ingest(message);
      ours.node(LIST_SURFACE_ID, `row@/rows/${index}`);
    }));
  }
  console.log(`append one to ${rows} rows: ${medianOf(times).toFixed(2)} ms median`);
}

function ingest(): void {
  const convs = conversations(loadExamples(), arg(0, 200));
  for (let round = 0; round < arg(1, 5); round += 1) {
    const ours = new Ours();
    const payloads = convs.map((c) => JSON.parse(c.oursJson) as unknown);
    console.log(`ingest ${convs.length} surfaces: ${time(() => payloads.forEach((p) => ours.ingest(p))).toFixed(0)} ms`);
  }
}

function devChecks(): void {
  const rows = arg(0, 2_000);
  const a2ui = createA2ui({ catalogs: [basicCatalog()], ...OUR_OPTIONS });
  // The default middleware: RTK's serializability and immutability checks, as in development.
  const store = configureStore({ reducer: { a2ui: a2ui.reducer } });
  const seen = { timing: 0, findings: [] as string[] };
  const record = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (/took \d+ms, which is more than the warning threshold/.test(text)) seen.timing += 1;
    else seen.findings.push(text.slice(0, 200));
  };
  const restore = [console.warn, console.error] as const;
  console.warn = record;
  console.error = record;
  const started = performance.now();
  try {
    store.dispatch(a2ui.actions.messageReceived(listSurfaceV10(rows)));
    for (let i = 0; i < 200; i += 1) {
      store.dispatch(a2ui.actions.messageReceived(dataUpdate('v1.0', `/rows/${(i * 7) % rows}/label`, `v${i}`)));
      store.dispatch(a2ui.actions.valueWritten({ surfaceId: LIST_SURFACE_ID, ref: `root/children/${(i * 13) % rows}`, property: 'text', value: `w${i}` }));
      const outbox = store.getState().a2ui.session.outbox;
      if (outbox.length > 0) store.dispatch(a2ui.actions.effectsDelivered({ ids: outbox.map((e) => e.id) }));
      a2ui.selectors.selectResolvedTree(store.getState(), LIST_SURFACE_ID);
    }
  } finally {
    [console.warn, console.error] = restore;
  }
  const ms = performance.now() - started;
  console.log(`${rows} rows, 200 updates and 200 writes with RTK's development checks: ${ms.toFixed(0)} ms`);
  console.log(`  serializability / mutation findings: ${seen.findings.length}${seen.findings.length ? `\n    ${seen.findings.join('\n    ')}` : ''}`);
  console.log(`  timing warnings (a check took over 32 ms): ${seen.timing}`);
}

/** What the browser page's reducer does, without React: createSurface, then one keystroke at a time. */
function browserSurface(): void {
  const rows = arg(0, 1000);
  const keys = arg(1, 400);
  const a2ui = createA2ui({ catalogs: [basicCatalog()], limits: { maxNodes: 20_000 } });
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d({ immutableCheck: false, serializableCheck: false }) });
  const create = (surfaceId: string) =>
    time(() => {
      store.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, components: pageComponents(), dataModel: pageDataModel(rows) } }));
      a2ui.selectors.selectResolvedTree(store.getState(), surfaceId);
    });
  const first = create('s1');
  const second = create('s2');
  const lastError = store.getState().a2ui.session.lastError;
  if (lastError) throw new Error(`${lastError.code}: ${lastError.message}`);
  const samples: number[] = [];
  let query = '';
  for (let i = 0; i < keys; i += 1) {
    query += String.fromCharCode(97 + (i % 26));
    samples.push(
      time(() => {
        store.dispatch(a2ui.actions.valueWritten({ surfaceId: 's1', ref: 'query', property: 'value', value: query }));
        a2ui.selectors.selectResolvedTree(store.getState(), 's1');
      }),
    );
    const outbox = store.getState().a2ui.session.outbox;
    if (outbox.length > 0) store.dispatch(a2ui.actions.effectsDelivered({ ids: outbox.map((e) => e.id) }));
  }
  console.log(`${rows} rows: first createSurface ${first.toFixed(1)} ms, second ${second.toFixed(1)} ms`);
  console.log(`  keystroke: first ${(samples[0]! * 1000).toFixed(0)} µs, median of ${keys} ${(medianOf(samples) * 1000).toFixed(0)} µs`);
}

const scenarios: Record<string, () => void> = {
  'ingest-phases': ingestPhases,
  validation,
  'leaf-scaling': leafScaling,
  'redux-adapter': reduxAdapter,
  'replace-all': replaceAll,
  append,
  ingest,
  'dev-checks': devChecks,
  'browser-surface': browserSurface,
};

const run = scenarios[scenario];
if (run) run();
else console.log(`usage: bench/diagnose.ts <${Object.keys(scenarios).join(' | ')}> [numbers]`);
