/**
 * The changed-refs side table (src/resolution/changes.ts): for two trees of one surface it names
 * every ref whose node object differs (checked against a comparison of every node of both trees),
 * only those in the usual case (a keystroke names the nodes reading the field's path, not the
 * list), and says "unknown" rather than guess for trees it did not link. The diagnostics list of
 * a tree whose update touched no diagnostics keeps its identity and equals a fresh resolution's.
 */
import fc from 'fast-check';
import { changedNodeRefs, MAX_LINKS } from '../../src/resolution/changes';
import { write } from '../../src/session/interaction';
import type { ResolvedTree } from '../../src/model/tree';
import type { Session } from '../../src/session/session';
import { apply, msg, ok, open, tree } from '../helpers/session';

/** Every ref present in either tree whose node object differs (or is missing on one side). */
function differingRefs(before: ResolvedTree, after: ResolvedTree): Set<string> {
  const refs = new Set([...Object.keys(before.nodes), ...Object.keys(after.nodes)]);
  return new Set([...refs].filter((ref) => before.nodes[ref] !== after.nodes[ref]));
}

const components = [
  { id: 'root', component: 'Column', children: ['query', 'echo', 'items'] },
  { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
  { id: 'echo', component: 'Text', text: { path: '/query' } },
  { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];
const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ label: `item ${from + i}` }));

function opened(n = 50): Session {
  return open(components, { query: '', items: rows(n) }).session;
}

const typed = (session: Session, value: string): Session => ok(write(session, 's', 'query', 'value', value)).session;

test('a keystroke names exactly the field and the Text reading the same path, not the rows', () => {
  const session = opened(500);
  const before = tree(session);
  const after = tree(typed(session, 'a'));
  const changed = changedNodeRefs(before, after);
  expect(changed).toBeDefined();
  expect([...(changed as Set<string>)].sort()).toEqual(['echo', 'query']);
  expect(differingRefs(before, after)).toEqual(new Set(['echo', 'query']));
});

test('the same tree has no changes', () => {
  const before = tree(opened());
  expect(changedNodeRefs(before, before)?.size).toBe(0);
});

test('several updates apart: the union of each step, which covers every differing node', () => {
  let session = opened(20);
  const before = tree(session);
  session = typed(session, 'x');
  session = apply(session, msg.data('s', '/items/3/label', 'three')).session;
  session = apply(session, msg.data('s', '/items', rows(18))).session; // two rows leave, row 3 reverts
  const after = tree(session);
  const changed = changedNodeRefs(before, after) as Set<string>;
  expect(changed).toBeDefined();
  for (const ref of differingRefs(before, after)) expect(changed.has(ref)).toBe(true);
  expect(changed.has('row@/items/19')).toBe(true); // removed
  expect(changed.has('row@/items/0')).toBe(false);
});

test('trees of different sessions, and a tree older than the chain keeps, are unknown', () => {
  const a = tree(opened());
  const b = tree(opened());
  expect(changedNodeRefs(a, b)).toBeUndefined();

  let session = opened(5);
  const first = tree(session);
  for (let i = 0; i <= MAX_LINKS; i += 1) session = typed(session, `v${i}`);
  expect(changedNodeRefs(first, tree(session))).toBeUndefined();
  // A reader one update behind still gets the answer.
  const behind = tree(session);
  expect([...(changedNodeRefs(behind, tree(typed(session, 'z'))) ?? [])].sort()).toEqual(['echo', 'query']);
});

test('going back to an earlier state (time travel) is unknown or correct, never missing a change', () => {
  const start = opened(10);
  const later = typed(apply(start, msg.data('s', '/items/1/label', 'one')).session, 'q');
  const newer = tree(later);
  // Resolving the earlier session again hands back its tree; a write from there branches off.
  const branched = tree(typed(start, 'other'));
  const changed = changedNodeRefs(newer, branched);
  if (changed !== undefined) for (const ref of differingRefs(newer, branched)) expect(changed.has(ref)).toBe(true);
});

describe('diagnostics', () => {
  test('an update that touches no node with diagnostics keeps the list object', () => {
    const placed = [{ id: 'root', component: 'Column', children: ['query', 'echo', 'items', 'broken'] }, ...components.slice(1), { id: 'broken', component: 'Text', text: { path: '/missing' } }];
    const session = open(placed, { query: '', items: rows(3) }).session;
    const before = tree(session).diagnostics;
    expect(before.map((d) => d.code)).toEqual(['UNRESOLVED_BINDING']);
    const after = tree(typed(session, 'a')).diagnostics;
    expect(after).toBe(before);
  });

  test('the list follows a node that gains or loses a diagnostic, and equals a fresh resolution', () => {
    const withEcho = [
      { id: 'root', component: 'Column', children: ['query', 'echo'] },
      { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
      { id: 'echo', component: 'Text', text: { path: '/note' } },
    ];
    let session = open(withEcho, { query: '' }).session;
    const unbound = tree(session).diagnostics;
    expect(unbound.map((d) => d.code)).toEqual(['UNRESOLVED_BINDING']);
    session = apply(session, msg.data('s', '/note', 'hello')).session;
    const bound = tree(session).diagnostics;
    expect(bound).toEqual([]);
    session = typed(session, 'a');
    expect(tree(session).diagnostics).toBe(bound);
    session = apply(session, msg.deleteData('s', '/note')).session;
    const again = tree(session).diagnostics;
    expect(again.map((d) => d.code)).toEqual(['UNRESOLVED_BINDING']);
    const fresh = tree(open(withEcho, { query: 'a' }).session).diagnostics;
    expect(again).toEqual(fresh);
  });
});

test('random update sequences: the named refs cover every node that differs', () => {
  const step = fc.oneof(
    fc.record({ kind: fc.constant('type' as const), value: fc.string({ maxLength: 3 }) }),
    fc.record({ kind: fc.constant('label' as const), index: fc.nat(12), value: fc.string({ maxLength: 3 }) }),
    fc.record({ kind: fc.constant('resize' as const), length: fc.nat(12) }),
    fc.record({ kind: fc.constant('swap' as const), component: fc.constantFrom('Text', 'TextField') }),
  );
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(7), (steps, readerLag) => {
      let session = opened(6);
      const trees: ResolvedTree[] = [tree(session)];
      for (const s of steps) {
        if (s.kind === 'type') session = typed(session, s.value);
        else if (s.kind === 'label') session = apply(session, msg.data('s', `/items/${s.index}`, { label: s.value })).session;
        else if (s.kind === 'resize') session = apply(session, msg.data('s', '/items', rows(s.length))).session;
        else session = apply(session, msg.components('s', [{ id: 'row', component: s.component, ...(s.component === 'Text' ? { text: { path: 'label' } } : { label: 'Row', value: { path: 'label' } }) }])).session;
        trees.push(tree(session));
      }
      const after = trees[trees.length - 1] as ResolvedTree;
      const before = trees[Math.max(0, trees.length - 1 - readerLag - 1)] as ResolvedTree;
      const changed = changedNodeRefs(before, after);
      expect(changed).toBeDefined();
      for (const ref of differingRefs(before, after)) expect(changed?.has(ref)).toBe(true);
    }),
    { numRuns: 150 },
  );
});
