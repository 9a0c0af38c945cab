/**
 * Refs name what a node is (component id, plus the template item's data path), so a ref a UI
 * holds across agent updates keeps meaning the same node: sibling inserts, removals and reorders
 * never redirect a write or an action to another component.
 */
import { invoke, write } from '../../src/session/interaction';
import { escapeComponentId, nodeRefOf, parseNodeRef } from '../../src/resolution/refs';
import { apply, msg, node, notOk, ok, open, sentBodies, tree } from '../helpers/session';

const form = [
  { id: 'root', component: 'Column', children: ['name', 'email', 'buttons'] },
  { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
  { id: 'email', component: 'TextField', label: 'Email', value: { path: '/email' } },
  { id: 'buttons', component: 'Row', children: ['pay', 'cancel'] },
  { id: 'pay', component: 'Button', child: 'payLabel', action: { event: { name: 'pay' } } },
  { id: 'payLabel', component: 'Text', text: 'Pay' },
  { id: 'cancel', component: 'Button', child: 'cancelLabel', action: { event: { name: 'cancel' } } },
  { id: 'cancelLabel', component: 'Text', text: 'Cancel' },
];

describe('a held ref survives the agent rearranging siblings', () => {
  test('a field inserted in front: the write meant for "email" still lands in /email', () => {
    const { session } = open(form, { name: 'Ada', email: '' });
    const held = tree(session).root?.children[1] as string;
    expect(node(session, held).componentId).toBe('email');
    const inserted = apply(session, msg.components('s', [
      { id: 'root', component: 'Column', children: ['phone', 'name', 'email', 'buttons'] },
      { id: 'phone', component: 'TextField', label: 'Phone', value: { path: '/phone' } },
    ])).session;
    const written = ok(write(inserted, 's', held, 'value', 'ada@example.com')).session;
    expect(written.state.surfaces.s?.dataModel).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  test('two buttons swapped: a held "cancel" ref still sends cancel', () => {
    const { session } = open(form);
    const held = node(session, 'buttons').children[1] as string;
    const swapped = apply(session, msg.components('s', [{ id: 'buttons', component: 'Row', children: ['cancel', 'pay'] }])).session;
    const invoked = ok(invoke(swapped, 's', held));
    expect(sentBodies(invoked.effects, 'action')).toEqual([expect.objectContaining({ name: 'cancel', sourceComponentId: 'cancel' })]);
  });

  test('inserting, removing and reordering siblings keeps every other node object', () => {
    const { session } = open(form, { name: 'Ada', email: 'a@b.c' });
    const before = tree(session);
    const steps = [
      [{ id: 'root', component: 'Column', children: ['phone', 'name', 'email', 'buttons'] }, { id: 'phone', component: 'Text', text: 'p' }],
      [{ id: 'root', component: 'Column', children: ['buttons', 'email', 'name'] }],
      [{ id: 'root', component: 'Column', children: ['email', 'buttons'] }],
    ];
    let current = session;
    for (const components of steps) {
      current = apply(current, msg.components('s', components)).session;
      const after = tree(current);
      for (const ref of ['email', 'buttons', 'pay', 'cancel', 'payLabel']) {
        expect({ ref, same: after.nodes[ref] === before.nodes[ref] }).toEqual({ ref, same: true });
      }
    }
  });

  test('a ref whose component left the tree is NODE_NOT_FOUND, and comes back with it', () => {
    const { session } = open(form, { name: 'Ada' });
    const removed = apply(session, msg.components('s', [{ id: 'root', component: 'Column', children: ['email', 'buttons'] }])).session;
    expect(notOk(write(removed, 's', 'name', 'value', 'x')).error.code).toBe('NODE_NOT_FOUND');
    const back = apply(removed, msg.components('s', [{ id: 'root', component: 'Column', children: ['buttons', 'name'] }])).session;
    expect(ok(write(back, 's', 'name', 'value', 'Grace')).session.state.surfaces.s?.dataModel).toEqual({ name: 'Grace' });
  });
});

describe('template items', () => {
  const list = [
    { id: 'root', component: 'List', children: { componentId: 'row', path: '/people' } },
    { id: 'row', component: 'Row', children: ['who', 'pick'] },
    { id: 'who', component: 'TextField', label: 'Who', value: { path: 'name' } },
    { id: 'pick', component: 'Button', child: 'pickLabel', action: { event: { name: 'pick', context: { who: { path: 'name' } } } } },
    { id: 'pickLabel', component: 'Text', text: 'Pick' },
  ];

  test('a node inside a template is its component id @ the item path', () => {
    const { session } = open(list, { people: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(tree(session).root?.children).toEqual(['row@/people/0', 'row@/people/1']);
    expect(node(session, 'row@/people/1').children).toEqual(['who@/people/1', 'pick@/people/1']);
    expect(node(session, 'who@/people/1').props.value).toBe('Bob');
  });

  test('data items are positional: an insert at the front shifts which item a ref shows', () => {
    const { session } = open(list, { people: [{ name: 'Ann' }, { name: 'Bob' }] });
    const shifted = apply(session, msg.data('s', '/people', [{ name: 'Zed' }, { name: 'Ann' }, { name: 'Bob' }])).session;
    const invoked = ok(invoke(shifted, 's', 'pick@/people/1'));
    expect(sentBodies(invoked.effects, 'action')).toEqual([expect.objectContaining({ name: 'pick', context: { who: 'Ann' } })]);
  });

  test('rearranging the components around a template keeps its items', () => {
    const { session } = open(
      [{ id: 'root', component: 'Column', children: ['people'] }, { ...list[0], id: 'people' }, ...list.slice(1)],
      { people: [{ name: 'Ann' }] },
    );
    const item = node(session, 'who@/people/0');
    const moved = apply(session, msg.components('s', [
      { id: 'root', component: 'Column', children: ['title', 'people'] },
      { id: 'title', component: 'Text', text: 'People' },
    ])).session;
    expect(node(moved, 'who@/people/0')).toBe(item);
  });
});

describe('spelling', () => {
  test('"@" and "\\\\" in a component id are escaped, so refs never collide', () => {
    const { session } = open(
      [
        { id: 'root', component: 'List', children: { componentId: 'a', path: '/xs' } },
        { id: 'a', component: 'Column', children: ['a@/xs/0', 'b\\c'] },
        { id: 'a@/xs/0', component: 'Text', text: 'tricky' },
        { id: 'b\\c', component: 'Text', text: 'slash' },
      ],
      { xs: [1] },
    );
    const t = tree(session);
    expect(t.root?.children).toEqual(['a@/xs/0']);
    expect(node(session, 'a@/xs/0').children).toEqual(['a\\@/xs/0@/xs/0', 'b\\\\c@/xs/0']);
    expect(node(session, 'a\\@/xs/0@/xs/0').props.text).toBe('tricky');
    expect(Object.keys(t.nodes).sort()).toEqual(['a@/xs/0', 'a\\@/xs/0@/xs/0', 'b\\\\c@/xs/0', 'root']);
  });

  test('nodeRefOf and parseNodeRef are inverse', () => {
    for (const [id, item] of [['plain', null], ['a@b', '/x/0'], ['back\\slash@', null], ['@', '/0'], ['', null]] as const) {
      const ref = nodeRefOf(id, item);
      expect(parseNodeRef(ref)).toEqual({ componentId: id, itemPath: item });
    }
    expect(escapeComponentId('a@b\\c')).toBe('a\\@b\\\\c');
    expect(parseNodeRef('a@cycle:root')).toBeNull();
  });

  test('the same component shown twice over the same data is one node', () => {
    const { session } = open([
      { id: 'root', component: 'Column', children: ['left', 'right'] },
      { id: 'left', component: 'Card', child: 'shared' },
      { id: 'right', component: 'Card', child: 'shared' },
      { id: 'shared', component: 'Text', text: 'Hello' },
    ]);
    expect(node(session, 'left').children).toEqual(['shared']);
    expect(node(session, 'right').children).toEqual(['shared']);
    expect(Object.keys(tree(session).nodes).sort()).toEqual(['left', 'right', 'root', 'shared']);
    // one parent leaving keeps the node the other still shows
    const shared = node(session, 'shared');
    const after = apply(session, msg.components('s', [{ id: 'root', component: 'Column', children: ['right'] }])).session;
    expect(node(after, 'shared')).toBe(shared);
    expect(tree(after).nodes.left).toBeUndefined();
  });
});
