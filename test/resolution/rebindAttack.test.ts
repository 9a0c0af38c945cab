/**
 * Attacks on the resolver's incremental paths (the rebind of props bound alone, the exact-input
 * cache, the reuse of entries across a components change) through a real store: RTK's
 * configureStore with the saga middleware running the root saga. Random agent messages and user
 * writes change bindings into expressions, templates and checks, values across types (string,
 * object, array, null, objects with `constructor` or `toString` keys, and `__proto__` keys, which
 * the processor refuses), bind to such paths, delete bound paths and
 * recreate the surface. After every step the tree the selectors give must equal a resolution of
 * the same surface from nothing (a fresh cache: the independent answer). Then the same states are
 * resolved again in a random order through one other cache (what DevTools time travel or a second
 * slice of the same instance asks of the resolver), each against whatever it resolved last.
 */
import { configureStore } from '@reduxjs/toolkit';
import fc from 'fast-check';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { createA2ui, type A2uiOptions } from '../../src/createA2ui';
import type { ResolvedTree } from '../../src/model/tree';
import { createResolverCache, resolveSurface, type ResolverCache } from '../../src/resolution/resolver';
import { createInMemoryTransport } from '../../src/transports/inMemory';

type Json = Record<string, unknown>;

function realStore(options: Partial<A2uiOptions> = {}) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], ...options });
  const saga = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (getDefault) => getDefault().concat(saga) });
  const { transport } = createInMemoryTransport();
  const task = saga.run(a2ui.saga, { transport, openUrl: () => undefined });
  return { a2ui, store, stop: () => task.cancel() };
}
type Real = ReturnType<typeof realStore>;
type RootState = ReturnType<Real['store']['getState']>;

const coreOf = (state: RootState) => state.a2ui.session.core;

/** Surface `s` of `state` resolved through `cache` (a fresh cache: from nothing). */
function resolveIn(real: Real, cache: ResolverCache, state: RootState): ResolvedTree | undefined {
  const core = coreOf(state);
  const surface = Object.prototype.hasOwnProperty.call(core.surfaces, 's') ? core.surfaces.s : undefined;
  return surface ? resolveSurface(cache, real.a2ui.runtime.resolution, surface, core).tree : undefined;
}

/**
 * A value as text: keys sorted, undefined kept, and any object whose prototype is not the plain
 * one marked (Jest's strict equality would compare own `constructor` keys as classes instead).
 */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]${proto === Array.prototype ? '' : '<odd prototype>'}`;
  const body = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Json)[key])}`)
    .join(',');
  return `{${body}}${proto === Object.prototype ? '' : '<odd prototype>'}`;
}

/** Node by node (prototypes and undefined props count), then the diagnostics. */
function expectSameTree(got: ResolvedTree | undefined, want: ResolvedTree | undefined, where: string): void {
  if (want === undefined || got === undefined) {
    expect({ where, got: got === undefined }).toEqual({ where, got: want === undefined });
    return;
  }
  const refs = [...new Set([...Object.keys(got.nodes), ...Object.keys(want.nodes)])].sort();
  for (const ref of refs) expect({ where, ref, node: canonical(got.nodes[ref]) }).toEqual({ where, ref, node: canonical(want.nodes[ref]) });
  const key = (d: unknown) => JSON.stringify(d);
  expect({ where, diagnostics: got.diagnostics.map(key).sort() }).toEqual({ where, diagnostics: want.diagnostics.map(key).sort() });
  expect({ where, root: got.root?.ref ?? null }).toEqual({ where, root: want.root?.ref ?? null });
}

// --- what the agent and the user may send ---

const PATHS = ['/v', '/w', '/v/x', '/obj', '/items', '/items/0', '/items/0/label', '/items/1/label', '/flag'];
/** A value with own `__proto__` and `constructor` keys, as JSON.parse makes it (the processor refuses it). */
const hostileObject = () => JSON.parse('{"__proto__": {"x": "from proto key"}, "constructor": "ctor", "x": "own x"}') as Json;
/** A value with keys every object inherits (accepted). */
const inheritedKeys = () => JSON.parse('{"constructor": {"x": "ctor x"}, "toString": "t", "hasOwnProperty": 1, "x": "own x"}') as Json;

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('a', 'b', '', 'x y'),
  fc.integer({ min: -2, max: 3 }),
  fc.boolean(),
  fc.constant(null),
  fc.record({ x: fc.constantFrom('p', 'q') }),
  fc.constant('hostile').map(hostileObject),
  fc.constant('inherited').map(inheritedKeys),
  fc.array(fc.record({ label: fc.constantFrom('r0', 'r1', 'r2') }), { maxLength: 3 }),
  fc.array(fc.constantFrom('e', 'f'), { maxLength: 2 }),
);

/** A prop's raw value: a literal, a binding alone, or a binding inside an expression. */
const sourceArb = (relative: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom('literal', 'other literal'),
    fc.constantFrom(...PATHS, '/constructor', '/__proto__', '/obj/constructor', '/obj/__proto__', ...(relative ? ['label', 'x'] : [])).map((path) => ({ path })),
    fc.constantFrom('/v', '/w', '/v/x').map((path) => ({ call: 'formatString', args: { value: `[\${${path}}]` } })),
    fc.constantFrom('/v', '/flag').map((path) => ({ call: 'not', args: { value: { path } } })),
  );

const CHECKS = [{ condition: { call: 'required', args: { value: { path: '/v' } } }, message: 'v is required' }];

/** One component definition for `id` (rows may use relative paths). */
const componentArb = (id: string): fc.Arbitrary<Json> => {
  const relative = id === 'row';
  const leaf = fc.oneof(
    fc.record({ text: sourceArb(relative) }).map((p) => ({ id, component: 'Text', ...p })),
    fc.record({ label: sourceArb(relative), value: sourceArb(relative) }).map((p) => ({ id, component: 'TextField', ...p })),
    fc.record({ label: sourceArb(relative), value: sourceArb(relative), checked: fc.boolean() }).map(({ checked, ...p }) => ({
      id,
      component: 'CheckBox',
      ...p,
      ...(checked ? { checks: CHECKS } : {}),
    })),
    // A prop the catalog does not describe, bound alone next to a described one.
    fc.record({ text: sourceArb(relative), extra: sourceArb(relative) }).map((p) => ({ id, component: 'Text', ...p })),
    fc.record({ text: sourceArb(relative) }).map((p) => ({ id, component: 'NoSuchType', ...p })),
    // Bindings nested inside a prop (an option's label) next to one bound alone.
    fc.record({ label: sourceArb(relative), optionLabel: sourceArb(relative), same: fc.boolean() }).map(({ label, optionLabel, same }) => ({
      id,
      component: 'ChoicePicker',
      label,
      value: { path: '/picked' },
      options: [{ label: same ? label : optionLabel, value: 'one' }, { label: 'fixed', value: 'two' }],
    })),
  );
  if (id === 'row') return leaf;
  // Shared children and cycles: b and c may each be shown by two parents, and c may list a
  // (a → c → a is a cycle the resolver must cut the same way from scratch and incrementally).
  const below = id === 'root' ? ['a', 'b'] : id === 'a' ? ['c', 'b'] : id === 'b' ? ['c'] : id === 'c' ? ['a'] : [];
  return fc.oneof(
    leaf,
    fc.subarray(below).map((children) => ({ id, component: 'Column', children })),
    fc.constantFrom('/items', '/obj', '/v').map((path) => ({ id, component: 'Column', children: { path, componentId: 'row' } })),
  );
};

const IDS = ['root', 'a', 'b', 'c', 'row'];

type Op =
  | { kind: 'components'; components: Json[] }
  | { kind: 'data'; path: string; value: unknown }
  | { kind: 'delete'; path: string }
  | { kind: 'write'; ref: string; property: string; value: unknown }
  | { kind: 'recreate'; components: Json[]; dataModel: Json };

const componentsArb = fc.subarray(IDS, { minLength: 1 }).chain((ids) => fc.tuple(...ids.map(componentArb)));

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: componentsArb.map((components): Op => ({ kind: 'components', components })) },
  { weight: 5, arbitrary: fc.record({ path: fc.constantFrom(...PATHS, '/'), value: valueArb }).map((r): Op => ({ kind: 'data', ...r })) },
  { weight: 1, arbitrary: fc.constantFrom(...PATHS).map((path): Op => ({ kind: 'delete', path })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ ref: fc.constantFrom('a', 'b', 'c', 'root'), property: fc.constantFrom('value', 'text'), value: valueArb })
      .map((r): Op => ({ kind: 'write', ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ components: componentsArb, v: valueArb })
      .map(({ components, v }): Op => ({ kind: 'recreate', components, dataModel: { v, picked: ['one'], items: [{ label: 'r0' }] } })),
  },
);

function messagesOf(op: Op): unknown[] {
  switch (op.kind) {
    case 'components':
      return [{ version: 'v1.0', updateComponents: { surfaceId: 's', components: op.components } }];
    case 'data':
      return [{ version: 'v1.0', updateDataModel: { surfaceId: 's', path: op.path, value: op.value } }];
    case 'delete':
      return [{ version: 'v1.0', updateDataModel: { surfaceId: 's', path: op.path, value: null } }];
    case 'recreate':
      return [
        { version: 'v1.0', deleteSurface: { surfaceId: 's' } },
        { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: op.components, dataModel: op.dataModel } },
      ];
    case 'write':
      return [];
  }
}

function step(real: Real, op: Op): void {
  if (op.kind === 'write') {
    // A two-way binding's write, as a field's onChange dispatches it (refused writes are fine).
    real.store.dispatch(real.a2ui.actions.valueWritten({ surfaceId: 's', ref: op.ref, property: op.property, value: op.value }));
    return;
  }
  for (const message of messagesOf(op)) real.store.dispatch(real.a2ui.actions.messageReceived(message));
}

const START: Json[] = [
  { id: 'root', component: 'Column', children: ['a', 'b'] },
  { id: 'a', component: 'TextField', label: 'A', value: { path: '/v' } },
  { id: 'b', component: 'Column', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];

function openReal(options: Partial<A2uiOptions> = {}): Real {
  const real = realStore(options);
  real.store.dispatch(
    real.a2ui.actions.messageReceived({
      version: 'v1.0',
      createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: START, dataModel: { v: 'start', picked: ['one'], items: [{ label: 'r0' }, { label: 'r1' }] } },
    }),
  );
  return real;
}

/** A field and a Text bound alone to /v, and a template over /items. */
const FIELD_AND_ECHO: Json[] = [
  { id: 'root', component: 'Column', children: ['a', 'b', 'c'] },
  { id: 'a', component: 'TextField', label: 'A', value: { path: '/v' } },
  { id: 'b', component: 'Text', text: { path: '/v' } },
  { id: 'c', component: 'Column', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

test('after every message or write, the selected tree equals a resolution of the same state from nothing', () => {
  fc.assert(
    fc.property(fc.array(opArb, { minLength: 1, maxLength: 14 }), (ops) => {
      const real = openReal();
      try {
        expectSameTree(real.a2ui.selectors.selectResolvedTree(real.store.getState(), 's'), resolveIn(real, createResolverCache(), real.store.getState()), 'opened');
        ops.forEach((op, i) => {
          step(real, op);
          const state = real.store.getState();
          expectSameTree(real.a2ui.selectors.selectResolvedTree(state, 's'), resolveIn(real, createResolverCache(), state), `after op ${i} (${op.kind})`);
        });
      } finally {
        real.stop();
      }
    }),
    { numRuns: RUNS },
  );
}, 120_000);

test('at tree budgets (few nodes, little work, few characters), every state equals a resolution from nothing', () => {
  // Budgets small enough that the random trees cross them both ways, so updates take the at-cap
  // path (in place while every node keeps its place) and the walk of the whole tree.
  const budgets = fc.constantFrom<Partial<A2uiOptions>>(
    { limits: { maxNodes: 4 } },
    { limits: { maxWorkPerSurface: 9 } },
    { limits: { maxCharsPerSurface: 12 } },
    { limits: { maxNodes: 6, maxWorkPerSurface: 14 } },
  );
  let capped = 0;
  fc.assert(
    fc.property(budgets, fc.array(opArb, { minLength: 1, maxLength: 12 }), (options, ops) => {
      const real = openReal(options);
      try {
        ops.forEach((op, i) => {
          step(real, op);
          const state = real.store.getState();
          const tree = real.a2ui.selectors.selectResolvedTree(state, 's');
          if (tree?.diagnostics.some((d) => d.code === 'LIMIT_EXCEEDED')) capped += 1;
          expectSameTree(tree, resolveIn(real, createResolverCache(), state), `after op ${i} (${op.kind})`);
        });
      } finally {
        real.stop();
      }
    }),
    { numRuns: RUNS },
  );
  // The runs did reach the budgets.
  expect(capped).toBeGreaterThan(RUNS / 10);
}, 120_000);

test('the states of a run resolved in any order through one cache (time travel) each equal a resolution from nothing', () => {
  fc.assert(
    fc.property(fc.array(opArb, { minLength: 1, maxLength: 10 }), fc.array(fc.nat(), { minLength: 2, maxLength: 16 }), (ops, picks) => {
      const real = openReal();
      try {
        const states = [real.store.getState()];
        for (const op of ops) {
          step(real, op);
          states.push(real.store.getState());
        }
        const cache = createResolverCache();
        for (const pick of picks) {
          const state = states[pick % states.length] as RootState;
          expectSameTree(resolveIn(real, cache, state), resolveIn(real, createResolverCache(), state), `state ${pick % states.length}`);
        }
      } finally {
        real.stop();
      }
    }),
    { numRuns: RUNS },
  );
}, 120_000);

test('two unrelated histories of surface s resolved alternately through one cache (one instance mounted twice) each equal a resolution from nothing', () => {
  fc.assert(
    fc.property(fc.array(opArb, { minLength: 1, maxLength: 8 }), fc.array(opArb, { minLength: 1, maxLength: 8 }), (left, right) => {
      const one = openReal();
      const two = openReal();
      try {
        const cache = createResolverCache();
        for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
          const l = left[i];
          const r = right[i];
          if (l) step(one, l);
          if (r) step(two, r);
          for (const [real, name] of [[one, 'left'], [two, 'right']] as const) {
            const state = real.store.getState();
            expectSameTree(resolveIn(real, cache, state), resolveIn(real, createResolverCache(), state), `${name} after step ${i}`);
          }
        }
      } finally {
        one.stop();
        two.stop();
      }
    }),
    { numRuns: RUNS },
  );
}, 120_000);

test('a bound value replaced by each type in turn, then deleted, is shown as a resolution from nothing shows it', () => {
  const { real } = openWith(FIELD_AND_ECHO, { v: 'start', items: [] });
  try {
    const values: unknown[] = ['text', { x: 'object' }, ['array', 1], null, hostileObject(), inheritedKeys(), 7, false, '', { x: { deep: ['y'] } }];
    const tree = () => real.a2ui.selectors.selectResolvedTree(real.store.getState(), 's');
    for (const value of values) {
      step(real, { kind: 'data', path: '/v', value });
      const node = tree()?.nodes.b;
      // The independent answer: what the data model holds at /v now.
      const held = (coreOf(real.store.getState()).surfaces.s?.dataModel as Json).v;
      expect(node?.props.text).toStrictEqual(held === undefined ? null : held);
      expectSameTree(tree(), resolveIn(real, createResolverCache(), real.store.getState()), `value ${JSON.stringify(value)}`);
    }
    step(real, { kind: 'delete', path: '/v' });
    expect(tree()?.nodes.b?.props.text).toBeNull();
    expect(tree()?.diagnostics.some((d) => d.code === 'UNRESOLVED_BINDING' && d.ref === 'b')).toBe(true);
    expectSameTree(tree(), resolveIn(real, createResolverCache(), real.store.getState()), 'deleted');
  } finally {
    real.stop();
  }
});

test('a prop bound alone whose binding becomes an expression, a template or a check, then a value change, shows the new reading', () => {
  const { real } = openWith(FIELD_AND_ECHO, { v: 'start', items: [] });
  try {
    const tree = () => real.a2ui.selectors.selectResolvedTree(real.store.getState(), 's') as ResolvedTree;
    const scratch = (where: string) => expectSameTree(tree(), resolveIn(real, createResolverCache(), real.store.getState()), where);
    step(real, { kind: 'data', path: '/v', value: 'one' });
    expect(tree().nodes.b?.props.text).toBe('one');
    // The binding turns into an expression: the node formats from now on.
    step(real, { kind: 'components', components: [{ id: 'b', component: 'Text', text: { call: 'formatString', args: { value: '<${/v}>' } } }] });
    step(real, { kind: 'data', path: '/v', value: 'two' });
    expect(tree().nodes.b?.props.text).toBe('<two>');
    scratch('expression');
    // The text field gains a check over the same path.
    step(real, { kind: 'components', components: [{ id: 'a', component: 'TextField', label: 'A', value: { path: '/v' }, checks: CHECKS }] });
    step(real, { kind: 'data', path: '/v', value: '' });
    expect(tree().nodes.a?.isValid).toBe(false);
    expect(tree().nodes.a?.props.value).toBe('');
    scratch('check');
    // A Text becomes a Column over a template at the path it showed.
    step(real, { kind: 'components', components: [{ id: 'b', component: 'Column', children: { path: '/items', componentId: 'row' } }] });
    step(real, { kind: 'data', path: '/items', value: [{ label: 'x0' }, { label: 'x1' }, { label: 'x2' }] });
    expect(tree().nodes.b?.children).toHaveLength(3);
    scratch('template');
    // And back to a binding alone.
    step(real, { kind: 'components', components: [{ id: 'b', component: 'Text', text: { path: '/v' } }] });
    step(real, { kind: 'data', path: '/v', value: 'three' });
    expect(tree().nodes.b?.props.text).toBe('three');
    scratch('binding again');
  } finally {
    real.stop();
  }
});

/** A store with surface `s` of `components` and `dataModel`, and readers of its tree. */
function openWith(components: Json[], dataModel: Json) {
  const real = realStore();
  const send = (message: unknown) => real.store.dispatch(real.a2ui.actions.messageReceived(message));
  send({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components, dataModel } });
  const tree = () => real.a2ui.selectors.selectResolvedTree(real.store.getState(), 's') as ResolvedTree;
  const scratch = () => resolveIn(real, createResolverCache(), real.store.getState()) as ResolvedTree;
  return { real, send, tree, scratch };
}

/** Root shows a and c (a list over /items); then c shows a too, so a has two parents. */
function openWithSharedChild() {
  const t = openWith(
    [
      { id: 'root', component: 'Column', children: ['a', 'c'] },
      { id: 'a', component: 'Text', text: 'a' },
      { id: 'c', component: 'Column', children: { path: '/items', componentId: 'row' } },
      { id: 'row', component: 'Text', text: { path: 'label' } },
    ],
    { items: [{ label: 'r0' }] },
  );
  t.send({ version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'c', component: 'Column', children: ['a'] }] } });
  expectSameTree(t.tree(), t.scratch(), 'c lists a');
  return t;
}

// A component shown by two parents has the place (parent and ancestors) of the first parent in walk
// order, as a resolution from scratch gives it; an incremental pass that would move it walks the
// whole tree instead. (It once kept the place of the parent that visited it last, and a later
// update, re-evaluating it under those ancestors, cut a cycle that does not exist.)
test('a component shown by two parents, then changed with the other, is not cut as a cycle that does not exist', () => {
  const t = openWithSharedChild();
  try {
    // In one message a lists c and c goes back to its rows: root → a → c → rows, and root → c. No cycle.
    t.send({
      version: 'v1.0',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'a', component: 'Column', children: ['c'] },
          { id: 'c', component: 'Column', children: { path: '/items', componentId: 'row' } },
        ],
      },
    });
    // Independent check: the protocol's cycle is a component containing itself; none does here.
    expect(t.tree().nodes.a?.children).toEqual(['c']);
    expect(t.tree().diagnostics.filter((d) => d.code === 'CYCLIC_REFERENCE')).toEqual([]);
  } finally {
    t.real.stop();
  }
});

// A template depends on what stands at its path as its diagnostic names it: a list's length, or
// nothing, or the type held. (It once noted every non-list alike, so a path going from one
// non-list to another, or to nothing, kept the old diagnostic.)
test('a template path going from a string to nothing says it is missing, as a resolution from scratch does', () => {
  const t = openWith(
    [
      { id: 'root', component: 'Column', children: { path: '/items', componentId: 'row' } },
      { id: 'row', component: 'Text', text: { path: 'label' } },
    ],
    { items: 'not a list' },
  );
  try {
    const templateDiagnostics = () => t.tree().diagnostics.filter((d) => d.ref === 'root').map((d) => ({ severity: d.severity, message: d.message }));
    expect(templateDiagnostics()).toEqual([{ severity: 'error', message: "Template path '/items' holds string, not a list." }]);
    t.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/items', value: 7 } });
    expect(templateDiagnostics()).toEqual([{ severity: 'error', message: "Template path '/items' holds number, not a list." }]);
    t.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/items', value: null } });
    expect(templateDiagnostics()).toEqual([{ severity: 'warning', message: "Template list '/items' is not in the data model yet." }]);
  } finally {
    t.real.stop();
  }
});

test('a path shown by a prop bound alone and also by a binding nested in another prop updates both', () => {
  const t = openWith(
    [
      { id: 'root', component: 'Column', children: ['pick'] },
      { id: 'pick', component: 'ChoicePicker', label: { path: '/v' }, value: { path: '/picked' }, options: [{ label: { path: '/v' }, value: 'one' }] },
    ],
    { v: 'before', picked: ['one'] },
  );
  try {
    t.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/v', value: 'after' } });
    const props = t.tree().nodes.pick?.props as { label: unknown; options: Array<{ label: unknown }> };
    expect([props.label, props.options[0]?.label]).toEqual(['after', 'after']);
    expectSameTree(t.tree(), t.scratch(), 'nested');
  } finally {
    t.real.stop();
  }
});

test('a component another parent starts to show, then a change closing a cycle through it, resolves as a resolution from scratch does', () => {
  const t = openWithSharedChild();
  try {
    // Only a changes: root → a → c → a closes a cycle, cut where a walk from scratch cuts it.
    t.send({ version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'a', component: 'Column', children: ['c'] }] } });
    expectSameTree(t.tree(), t.scratch(), 'a lists c');
  } finally {
    t.real.stop();
  }
});
