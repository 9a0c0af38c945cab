/**
 * Identity and incrementality (ARCHITECTURE "Properties that must hold" 3): a change re-creates
 * exactly the nodes that read what changed; every other node keeps its object identity.
 */
import { write } from '../../src/session/interaction';
import { resolvedTree } from '../../src/session/session';
import type { ResolvedTree } from '../../src/model/tree';
import type { Session } from '../../src/session/session';
import { apply, msg, ok, open, tree } from '../helpers/session';

/** Refs whose node object differs between two trees (refs present in both). */
function changedRefs(before: ResolvedTree, after: ResolvedTree): string[] {
  return Object.keys(before.nodes)
    .filter((ref) => ref in after.nodes && after.nodes[ref] !== before.nodes[ref])
    .sort();
}

const components = [
  { id: 'root', component: 'Column', children: ['readsA', 'readsB', 'card', 'list', 'field'] },
  { id: 'readsA', component: 'Text', text: { path: '/a' } },
  { id: 'readsB', component: 'Text', text: { call: 'formatString', args: { value: 'b is ${/b}' } } },
  { id: 'card', component: 'Card', child: 'cardText' },
  { id: 'cardText', component: 'Text', text: { call: 'formatString', args: { value: 'a+b: ${/a}/${/b}' } } },
  { id: 'list', component: 'List', children: { componentId: 'item', path: '/items' } },
  { id: 'item', component: 'Text', text: { path: 'label' } },
  { id: 'field', component: 'TextField', label: 'Name', value: { path: '/name' } },
];
const data = { a: 'one', b: 'two', name: 'Ada', items: [{ label: 'x' }, { label: 'y' }, { label: 'z' }] };

const A = 'readsA';
const B = 'readsB';
const CARD = 'card';
const CARD_TEXT = 'cardText';
const LIST = 'list';
const FIELD = 'field';
const item = (i: number): string => `item@/items/${i}`;

/**
 * A fresh session per test: the resolver cache lives in the session runtime, and these tests
 * follow one linear history (branching is covered at the end of the file).
 */
function fresh(): { session: Session; before: ResolvedTree } {
  const { session } = open(components, data);
  return { session, before: tree(session) };
}

describe('data updates', () => {
  test('an update at /a re-creates only the nodes that read /a', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.data('s', '/a', 'uno')).session);
    expect(changedRefs(before, after)).toEqual([A, CARD_TEXT].sort());
    expect(after.nodes[A]?.props.text).toBe('uno');
    expect(after.nodes[CARD_TEXT]?.props.text).toBe('a+b: uno/two');
    // the parent of a changed node is not re-created: refs, not nodes, link them
    expect(after.nodes[CARD]).toBe(before.nodes[CARD]);
    expect(after.root).toBe(before.root);
  });

  test('the earlier tree object is left as it was', () => {
    const { session, before } = fresh();
    apply(session, msg.data('s', '/a', 'uno'));
    expect(before.nodes[A]?.props.text).toBe('one');
    expect(before.nodes[CARD_TEXT]?.props.text).toBe('a+b: one/two');
  });

  test('an update to the same value keeps the whole tree', () => {
    const { session, before } = fresh();
    const same = apply(session, msg.data('s', '/a', 'one'));
    expect(tree(same.session)).toBe(before);
  });

  test('replacing an item with an equal object keeps every node', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.data('s', '/items/1', { label: 'y' })).session);
    expect(changedRefs(before, after)).toEqual([]);
  });

  test('an update of a path nobody reads keeps every node', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.data('s', '/unread', { deep: [1, 2] })).session);
    expect(changedRefs(before, after)).toEqual([]);
    expect(after.root).toBe(before.root);
  });

  test('replacing the whole model re-creates only the readers of values that changed', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.data('s', '/', { ...data, b: 'deux' })).session);
    expect(changedRefs(before, after)).toEqual([B, CARD_TEXT].sort());
  });

  test('a write through a binding re-creates only that field', () => {
    const { session, before } = fresh();
    const written = ok(write(session, 's', FIELD, 'value', 'Grace'));
    const after = tree(written.session);
    expect(changedRefs(before, after)).toEqual([FIELD]);
    expect(after.nodes[FIELD]?.props.value).toBe('Grace');
  });

  test('successive updates: each step re-creates only its own readers', () => {
    const { session, before } = fresh();
    const s1 = apply(session, msg.data('s', '/a', 'uno')).session;
    const t1 = tree(s1);
    const s2 = apply(s1, msg.data('s', '/b', 'dos')).session;
    const t2 = tree(s2);
    expect(changedRefs(before, t1)).toEqual([A, CARD_TEXT].sort());
    expect(changedRefs(t1, t2)).toEqual([B, CARD_TEXT].sort());
    expect(t2.nodes[A]).toBe(t1.nodes[A]);
  });
});

describe('template lists', () => {
  test('an update inside one item re-creates only that item node', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.data('s', '/items/1/label', 'why')).session);
    expect(changedRefs(before, after)).toEqual([item(1)]);
    expect(after.nodes[item(1)]?.props.text).toBe('why');
  });

  test('appending keeps the existing items; only the list node changes', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.data('s', '/items/3', { label: 'w' })).session);
    expect(after.nodes[LIST]?.children).toEqual([0, 1, 2, 3].map(item));
    for (const i of [0, 1, 2]) expect(after.nodes[item(i)]).toBe(before.nodes[item(i)]);
    expect(after.nodes[item(3)]?.props.text).toBe('w');
    expect(after.nodes[item(3)]?.scope).toBe('/items/3');
    expect(changedRefs(before, after)).toEqual([LIST]);
  });

  test('removing items drops their refs; the remaining items keep their objects', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.data('s', '/items', [{ label: 'x' }])).session);
    expect(after.nodes[LIST]?.children).toEqual([item(0)]);
    expect(after.nodes[item(0)]).toBe(before.nodes[item(0)]);
    expect(after.nodes[item(1)]).toBeUndefined();
    expect(after.nodes[item(2)]).toBeUndefined();
    expect(Object.keys(after.nodes).filter((ref) => ref.startsWith('item@'))).toEqual([item(0)]);
  });

  test('after a removal, appending again gives fresh item nodes', () => {
    const { session, before } = fresh();
    const shrunk = apply(session, msg.data('s', '/items', [{ label: 'x' }])).session;
    const grown = tree(apply(shrunk, msg.data('s', '/items/1', { label: 'again' })).session);
    expect(grown.nodes[item(1)]?.props.text).toBe('again');
    expect(grown.nodes[item(1)]).not.toBe(before.nodes[item(1)]);
  });

  test('deleting the list path empties the list', () => {
    const { session } = fresh();
    const after = tree(apply(session, msg.deleteData('s', '/items')).session);
    expect(after.nodes[LIST]?.children).toEqual([]);
    expect(after.nodes[item(0)]).toBeUndefined();
  });
});

describe('component updates', () => {
  test('replacing one component re-creates that node; unrelated nodes keep identity', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.components('s', [{ id: 'readsA', component: 'Text', text: 'fixed' }])).session);
    expect(after.nodes[A]?.props.text).toBe('fixed');
    expect(changedRefs(before, after)).toEqual([A]);
  });

  test('re-sending an identical component keeps every node', () => {
    const { session, before } = fresh();
    const after = tree(apply(session, msg.components('s', [{ id: 'item', component: 'Text', text: { path: 'label' } }])).session);
    expect(changedRefs(before, after)).toEqual([]);
  });
});

describe('surfaces are independent', () => {
  test('updating surface A never changes surface B’s tree object', () => {
    const { session } = open(components, data, { surfaceId: 'A' });
    const both = apply(session, [msg.create('B'), msg.data('B', '/', data), msg.components('B', components)]).session;
    const treeB = resolvedTree(both, 'B');
    const treeA = resolvedTree(both, 'A');
    expect(treeB).toBeDefined();

    let current = apply(both, msg.data('A', '/a', 'changed')).session;
    current = apply(current, msg.components('A', [{ id: 'readsB', component: 'Text', text: 'other' }])).session;
    current = ok(write(current, 'A', FIELD, 'value', 'typed')).session;
    current = apply(current, msg.remove('A')).session;
    expect(resolvedTree(current, 'B')).toBe(treeB);
    expect(resolvedTree(current, 'A')).toBeUndefined();
    expect(resolvedTree(both, 'A')).toBe(treeA);
  });
});

describe('a 1,000-item list', () => {
  const N = 1000;
  const big = [
    { id: 'root', component: 'Column', children: ['header', 'list'] },
    { id: 'header', component: 'Text', text: { call: 'formatString', args: { value: 'Pinned: ${/rows/500/label}' } } },
    { id: 'list', component: 'List', children: { componentId: 'row', path: '/rows' } },
    { id: 'row', component: 'Row', children: ['label', 'position'] },
    { id: 'label', component: 'Text', text: { path: 'label' } },
    { id: 'position', component: 'Text', text: { call: 'formatString', args: { value: '${@index(offset: 1)}' } } },
  ];
  const rows = Array.from({ length: N }, (_, i) => ({ label: `row ${i}` }));

  test('one leaf update re-creates exactly the nodes that read it', () => {
    const { session } = open(big, { rows });
    const before = tree(session);
    // root, header, list, and per row: the Row and its two Texts
    expect(Object.keys(before.nodes)).toHaveLength(3 + N * 3);
    expect(before.nodes['position@/rows/999']?.props.text).toBe('1000');

    const after = tree(apply(session, msg.data('s', '/rows/500/label', 'changed')).session);
    const readers = ['header', 'label@/rows/500'];
    expect(changedRefs(before, after)).toEqual(readers.sort());
    expect(Object.keys(after.nodes)).toHaveLength(3 + N * 3);
    expect(after.nodes[readers[0] as string]?.props.text).toBe('Pinned: changed');
    expect(after.nodes[readers[1] as string]?.props.text).toBe('changed');
  });
});

describe('branching from an earlier session', () => {
  // BUG: the resolver keeps one incremental state per surface id (the last resolution of any
  // branch), so resolving an earlier session again, or deriving a second session from it,
  // diffs against an unrelated state: nodes that read nothing that changed get new objects.
  // API.md: a node keeps "its object identity while nothing it reads changed"; the session is
  // "pure and immutable" (time travel and speculative operations branch).
  test('resolving the same session again gives the same tree object', () => {
    const { session, before } = fresh();
    tree(apply(session, msg.data('s', '/a', 'uno')).session);
    expect(tree(session)).toBe(before);
  });

  // BUG: same cause: the second branch is diffed against the first branch's resolution.
  test('a second branch from the same session keeps the nodes that do not read what it changed', () => {
    const { session, before } = fresh();
    tree(apply(session, msg.data('s', '/a', 'uno')).session);
    const other = tree(apply(session, msg.data('s', '/b', 'dos')).session);
    expect(changedRefs(before, other)).toEqual([B, CARD_TEXT].sort());
  });

  test('a second branch is at least deep-equal to what a linear history gives', () => {
    const { session } = fresh();
    tree(apply(session, msg.data('s', '/a', 'uno')).session);
    const branched = tree(apply(session, msg.data('s', '/b', 'dos')).session);
    const linear = tree(apply(open(components, data).session, msg.data('s', '/b', 'dos')).session);
    expect(branched.nodes).toEqual(linear.nodes);
  });
});
