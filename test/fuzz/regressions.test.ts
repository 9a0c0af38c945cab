/**
 * Regression tests for the bugs the fuzzer found and that were fixed (src/resolution,
 * src/expressions), each the shrunk counterexample as a plain test.
 */
import { basicCatalog } from '../../src/catalog';
import { createSession, handleMessage, resolvedTree, type Session } from '../../src/session/session';
import { write } from '../../src/session/interaction';
import { BASIC } from './arbitraries';
import { assertPrototypesClean, assertSerializable, assertTreeConsistent } from './invariants';
import { tableGet, tableKeys, tableValues } from '../../src/data/table';

afterEach(() => assertPrototypesClean());

function open(components: Record<string, unknown>[], dataModel: Record<string, unknown> = {}, validation: 'strict' | 'lenient' = 'lenient'): Session {
  const result = handleMessage(createSession([basicCatalog()], { validation }), {
    version: 'v1.0',
    createSurface: { surfaceId: 's', catalogId: BASIC, components, dataModel },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.session;
}

/*
 * Found: a child slot ('child' of Card/Button, Modal's trigger/content, Tabs' tabs[].child)
 * holding something other than a component id (lenient mode keeps it) was evaluated as a dynamic
 * value, so `props.child` held that value ([], a bound string, a call result) where renderers
 * expect a node ref: a dangling ref. Fix (resolver.ts): a non-string child slot renders as no
 * child (null) with an EXPRESSION_ERROR diagnostic.
 */
describe('a child slot that is not a component id', () => {
  test.each([
    ['a list', []],
    ['a binding', { path: '/name' }],
    ['a function call', { call: 'formatString', args: { value: 'root' } }],
    ['a number', 7],
  ])('%s renders as no child, with a diagnostic, and no dangling ref', (_kind, child) => {
    const session = open([{ id: 'root', component: 'Card', child }], { name: 'root/child' });
    const tree = resolvedTree(session, 's');
    if (!tree) throw new Error('no tree');
    expect(tree.root).toMatchObject({ props: { child: null }, children: [] });
    expect(tree.diagnostics).toEqual([expect.objectContaining({ code: 'EXPRESSION_ERROR', message: expect.stringContaining("'child' is not a component id") })]);
    assertTreeConsistent(tree, [basicCatalog()], 'tree');
  });

  test('nested slots (Tabs tabs[].child, Modal trigger) too', () => {
    const session = open([
      { id: 'root', component: 'Tabs', tabs: [{ title: 'A', child: { path: '/x' } }, { title: 'B', child: 'ok' }] },
      { id: 'ok', component: 'Modal', trigger: ['x'], content: 'body' },
      { id: 'body', component: 'Text', text: 'hi' },
    ]);
    const tree = resolvedTree(session, 's');
    if (!tree) throw new Error('no tree');
    expect(tree.root?.props.tabs).toEqual([{ title: 'A', child: null }, { title: 'B', child: 'ok' }]);
    expect(tree.nodes.ok?.props).toEqual({ trigger: null, content: 'body' });
    assertTreeConsistent(tree, [basicCatalog()], 'tree');
  });
});

/*
 * Found: an agent call whose args bind a path with no data yet ({ sku: { path: '/missing' } })
 * put `sku: undefined` into the call table row and the callAgentFunction message, so state and
 * effects no longer survived a JSON round trip (the wire silently dropped the key). Fix
 * (evaluate.ts): the args of an agent call are the JSON its call key was made of.
 */
test('agent call args with a missing binding are plain JSON in the row and on the wire', () => {
  const result = handleMessage(createSession([basicCatalog()]), {
    version: 'v1.0',
    createSurface: { surfaceId: 's', catalogId: BASIC, components: [{ id: 'root', component: 'Text', text: { call: 'fetchPrice', args: { sku: { path: '/missing' }, n: { path: '/n' } } } }], dataModel: { n: 2 } },
  });
  expect(result.ok).toBe(true);
  const sent = result.effects.flatMap((e) => (e.type === 'send' && 'callAgentFunction' in e.message ? [e.message.callAgentFunction] : []));
  expect(sent).toEqual([{ surfaceId: 's', functionCallId: 'call-1', callFunction: { call: 'fetchPrice', args: { n: 2 }, catalogId: BASIC } }]);
  expect(Object.keys(tableGet(result.session.state.agentCalls, 'call-1')?.call.args ?? {})).toEqual(['n']);
  assertSerializable(result.session.state, 'state');
  assertSerializable(result.effects, 'effects');
});

/*
 * Found: the resolver looked components up with `components[id]`, so a child id such as
 * 'toString', 'constructor' or 'hasOwnProperty' with no such component found Object.prototype's
 * method and rendered an 'unknown' placeholder ("no component type 'undefined'") instead of a
 * missing child. Fix (resolver.ts): own components only.
 */
test.each(['toString', 'constructor', 'hasOwnProperty', 'valueOf'])('a child id %j with no component is MISSING_CHILD', (id) => {
  const session = open([{ id: 'root', component: 'Column', children: [id] }]);
  const tree = resolvedTree(session, 's');
  expect(tree?.nodes[id]).toMatchObject({ componentId: id, placeholder: 'missing', component: '' });
  expect(tree?.diagnostics.map((d) => d.code)).toEqual(['MISSING_CHILD']);
});

/*
 * Found (store fuzz): a user wrote { path: null } into /name, which an agent call's argument was
 * bound to; the call went out as `args: { sku: { path: null } }`, which the renderer→agent schema
 * refuses (and a well-formed `{ path: '/x' }` in data would be read by the agent as a binding).
 * Fix (evaluate.ts): an agent call whose evaluated argument is an object with a `path` or `call`
 * key is not sent; the property reports an EXPRESSION_ERROR.
 */
test.each([{ path: null }, { path: '/secret' }, { call: 'x', args: {} }])('an agent call whose argument evaluates to %j is not sent', (value) => {
  const session = open([{ id: 'root', component: 'Text', text: { call: 'fetchPrice', args: { sku: { path: '/name' } } } }], { name: value }, 'strict');
  expect(tableKeys(session.state.agentCalls)).toEqual([]);
  const tree = resolvedTree(session, 's');
  expect(tree?.root?.props.text).toBeNull();
  expect(tree?.diagnostics).toEqual([expect.objectContaining({ code: 'EXPRESSION_ERROR', message: expect.stringContaining("Argument 'sku' of agent function 'fetchPrice'") })]);
});

test('an argument object without path/call keys is sent as data', () => {
  const session = open([{ id: 'root', component: 'Text', text: { call: 'fetchPrice', args: { sku: { path: '/name' } } } }], { name: { id: 7, paths: ['/a'] } }, 'strict');
  expect(tableValues(session.state.agentCalls).map((row) => row.call.args)).toEqual([{ sku: { id: 7, paths: ['/a'] } }]);
});

// Found by `npm run fuzz` (seed -1867232403): a Text bound to the root ('') received a user write
// of `false`; the data model became `false`, and the size check then threw on it.
describe('a user write through a binding to the whole data model', () => {
  const surfaceWithRootBinding = (): Session => {
    const created = handleMessage(createSession([basicCatalog()]), {
      version: 'v1.0',
      createSurface: { surfaceId: 'A', catalogId: BASIC, components: [{ id: 'root', component: 'TextField', label: 'x', value: { path: '' } }], dataModel: { name: 'Ada' } },
    });
    if (!created.ok) throw new Error(created.error.message);
    return created.session;
  };

  test.each([false, 0, 'text', null, [1]])('of %j is refused: the model stays an object', (value) => {
    const session = surfaceWithRootBinding();
    const result = write(session, 'A', 'root', 'value', value);
    expect(result).toMatchObject({ ok: false, error: { code: 'DATA_ERROR', surfaceId: 'A', message: expect.stringMatching(/whole data model/) } });
    expect(session.state.surfaces.A?.dataModel).toEqual({ name: 'Ada' });
  });

  test('of an object replaces the model', () => {
    const result = write(surfaceWithRootBinding(), 'A', 'root', 'value', { name: 'Grace' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.session.state.surfaces.A?.dataModel).toEqual({ name: 'Grace' });
      assertSerializable(result.session.state, 'state');
    }
  });
});
