/**
 * Counted work of an update (the pass's `built` and `rebound` refs, not wall time): a write to a
 * path evaluates only the nodes reading it, and a node whose every data read is a prop bound
 * alone takes the new value without being built again. Whatever the path taken, the tree equals
 * a resolution from scratch of the same surface (a fresh cache: the independent answer).
 */
import { createResolverCache, resolveSurface, type ResolutionResult } from '../../src/resolution/resolver';
import { write } from '../../src/session/interaction';
import type { ResolvedTree } from '../../src/model/tree';
import type { Session } from '../../src/session/session';
import { apply, msg, ok, open } from '../helpers/session';

type Json = Record<string, unknown>;

const surfaceOf = (session: Session) => session.state.surfaces.s as NonNullable<Session['state']['surfaces'][string]>;

/** Resolves `before` then `after` through one fresh cache: the second pass is the update's work. */
function update(before: Session, after: Session): ResolutionResult {
  const cache = createResolverCache();
  resolveSurface(cache, before.runtime.resolution, surfaceOf(before), before.state);
  return resolveSurface(cache, after.runtime.resolution, surfaceOf(after), after.state);
}

/** The same surface resolved from nothing. */
function fromScratch(session: Session): ResolvedTree {
  return resolveSurface(createResolverCache(), session.runtime.resolution, surfaceOf(session), session.state).tree;
}

function expectSameAsScratch(result: ResolutionResult, session: Session): void {
  const scratch = fromScratch(session);
  expect(result.tree.nodes).toEqual(scratch.nodes);
  expect(result.tree.diagnostics).toEqual(scratch.diagnostics);
}

const typed = (session: Session, ref: string, value: unknown): Session => ok(write(session, 's', ref, 'value', value)).session;

const page: Json[] = [
  { id: 'root', component: 'Column', children: ['query', 'echo', 'greeting', 'items'] },
  { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
  { id: 'echo', component: 'Text', text: { path: '/query' } },
  { id: 'greeting', component: 'Text', text: { path: '/greeting' } },
  { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `item ${i}` }));

test('a keystroke into /query evaluates only the two nodes reading /query, and builds neither', () => {
  const before = open(page, { query: '', greeting: 'hi', items: rows(200) }).session;
  const after = typed(before, 'query', 'a');
  const result = update(before, after);
  expect([...result.pass.rebound].sort()).toEqual(['echo', 'query']);
  expect(result.pass.built).toEqual([]);
  expect([...result.pass.emitted].sort()).toEqual(['echo', 'query']);
  expect(result.tree.nodes.echo?.props.text).toBe('a');
  expect(result.tree.nodes.query?.props.value).toBe('a');
  expectSameAsScratch(result, after);
});

test('a row label update rebinds that row only; a new row count builds the list and the new row', () => {
  const before = open(page, { query: '', greeting: 'hi', items: rows(20) }).session;
  const relabelled = apply(before, msg.data('s', '/items/3/label', 'three')).session;
  const one = update(before, relabelled);
  const rowRef = one.tree.nodes.items?.children[3] as string;
  expect(one.pass.rebound).toEqual([rowRef]);
  expect(one.pass.built).toEqual([]);
  expect(one.tree.nodes[rowRef]?.props.text).toBe('three');
  expectSameAsScratch(one, relabelled);

  const longer = apply(relabelled, msg.data('s', '/items/20', { label: 'item 20' })).session;
  const two = update(relabelled, longer);
  // The list reads the length (it decides the children): built, with the one new row.
  expect([...two.pass.built].sort()).toEqual(['items', two.tree.nodes.items?.children[20] as string].sort());
  expect(two.pass.rebound).toEqual([]);
  expectSameAsScratch(two, longer);
});

test('a node reading the path through an expression, a check or a nested binding is built again', () => {
  const components: Json[] = [
    { id: 'root', component: 'Column', children: ['query', 'formatted', 'checked', 'choices'] },
    { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
    { id: 'formatted', component: 'Text', text: { call: 'formatString', args: { value: 'You typed ${/query}' } } },
    {
      id: 'checked',
      component: 'TextField',
      label: 'Checked',
      value: { path: '/other' },
      checks: [{ condition: { call: 'required', args: { value: { path: '/query' } } }, message: 'Type something.' }],
    },
    // The same path bound at the top (its label) and inside a list of options, whose place is not
    // a top-level prop: putting the new value in the label alone would leave the option stale.
    { id: 'choices', component: 'ChoicePicker', label: { path: '/query' }, value: { path: '/picked' }, options: [{ label: { path: '/query' }, value: 'q' }] },
  ];
  const before = open(components, { query: '', other: '', picked: [] }).session;
  const after = typed(before, 'query', 'abc');
  const result = update(before, after);
  expect(result.pass.rebound).toEqual(['query']);
  expect([...result.pass.built].sort()).toEqual(['checked', 'choices', 'formatted']);
  expect(result.tree.nodes.formatted?.props.text).toBe('You typed abc');
  expect(result.tree.nodes.checked?.isValid).toBe(true);
  expect(result.tree.nodes.choices?.props.options).toEqual([{ label: 'abc', value: 'q' }]);
  expectSameAsScratch(result, after);
});

test('a bound value that goes missing is built again, with the missing-data warning a build gives', () => {
  const before = open(page, { query: 'x', greeting: 'hi', items: rows(3) }).session;
  const after = apply(before, msg.deleteData('s', '/greeting')).session;
  const result = update(before, after);
  expect(result.pass.built).toEqual(['greeting']);
  expect(result.pass.rebound).toEqual([]);
  expect(result.tree.nodes.greeting?.props.text).toBeNull();
  expect(result.tree.diagnostics.map((d) => d.code)).toContain('UNRESOLVED_BINDING');
  expectSameAsScratch(result, after);

  // Back again: the warning leaves; the node had a diagnostic, so it is built, not rebound.
  const back = apply(after, msg.data('s', '/greeting', 'hello')).session;
  const again = update(after, back);
  expect(again.pass.built).toEqual(['greeting']);
  expect(again.tree.diagnostics.map((d) => d.code)).not.toContain('UNRESOLVED_BINDING');
  expectSameAsScratch(again, back);
});

test('values of any JSON type are rebound as they are, and typing back an earlier value gives an equal tree', () => {
  const components: Json[] = [
    { id: 'root', component: 'Column', children: ['echo'] },
    { id: 'echo', component: 'Text', text: { path: '/v' } },
  ];
  let session = open(components, { v: 'text' }).session;
  for (const value of [42, { a: [1, 2] }, [1, 'two'], false, 'text']) {
    const next = apply(session, msg.data('s', '/v', value)).session;
    const result = update(session, next);
    expect(result.pass.rebound).toEqual(['echo']);
    expect(result.tree.nodes.echo?.props.text).toEqual(value);
    expectSameAsScratch(result, next);
    session = next;
  }
});
