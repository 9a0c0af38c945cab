/**
 * The resolved tree through the public session functions: node refs, template scopes, relative
 * paths, @index, evaluated props, bindings, and checks → isValid/validation.
 */
import { resolvedTree } from '../../src/session/session';
import { BASIC, apply, msg, node, open, tree } from '../helpers/session';

const ITEMS = ['apple', 'pear', 'fig', 'kiwi'];

const components = [
  { id: 'root', component: 'Column', children: ['title', 'card', 'list', 'save', 'nameField'] },
  { id: 'title', component: 'Text', text: { path: '/title' } },
  { id: 'card', component: 'Card', child: 'cardText' },
  { id: 'cardText', component: 'Text', text: 'inside the card' },
  { id: 'list', component: 'List', children: { componentId: 'row', path: '/items' } },
  { id: 'row', component: 'Row', children: ['name', 'position', 'rank'] },
  { id: 'name', component: 'Text', text: { path: 'name' } },
  { id: 'position', component: 'Text', text: { call: 'formatString', args: { value: '#${@index(offset: 1)} ${name} of ${/title}' } } },
  { id: 'rank', component: 'Text', text: { call: '@index', args: { offset: 10 } } },
  {
    id: 'save',
    component: 'Button',
    child: 'saveLabel',
    action: { event: { name: 'save' } },
    checks: [{ condition: { call: 'required', args: { value: { path: '/title' } } }, message: 'A title is needed' }],
  },
  { id: 'saveLabel', component: 'Text', text: 'Save' },
  {
    id: 'nameField',
    component: 'TextField',
    label: { call: 'formatString', args: { value: 'Name for ${/title}' } },
    value: { path: '/form/name' },
    checks: [{ condition: { call: 'length', args: { value: { path: '/form/name' }, min: 3 } }, message: 'At least 3 characters' }],
  },
];

const data = { title: 'Groceries', items: ITEMS.map((name) => ({ name })), form: { name: 'Al' } };

describe('node refs', () => {
  const { session } = open(components, data);
  const t = tree(session);

  test('the root is ref "root" and carries the surface catalog', () => {
    expect(t.surfaceId).toBe('s');
    expect(t.root).not.toBeNull();
    expect(t.root?.ref).toBe('root');
    expect(t.root?.componentId).toBe('root');
    expect(t.root?.component).toBe('Column');
    expect(t.root?.catalogId).toBe(BASIC);
    expect(t.root?.scope).toBeNull();
    expect(t.nodes.root).toBe(t.root);
  });

  test('outside templates a child ref is its component id, in order', () => {
    const expected = ['title', 'card', 'list', 'save', 'nameField'];
    expect(t.root?.children).toEqual(expected);
    expect(t.root?.props.children).toEqual(expected);
    expect(expected.map((ref) => t.nodes[ref]?.componentId)).toEqual(expected);
  });

  test('a single child is its component id too', () => {
    const card = node(session, 'card');
    expect(card.props.child).toBe('cardText');
    expect(card.children).toEqual(['cardText']);
    const inner = node(session, 'cardText');
    expect(inner.componentId).toBe('cardText');
    expect(inner.props.text).toBe('inside the card');
  });

  test('every node in `nodes` is keyed by its own ref, and only reachable nodes are there', () => {
    for (const [ref, n] of Object.entries(t.nodes)) expect(n.ref).toBe(ref);
    // 5 children of root + card child + list with 4 rows of 3 texts + button label
    const expectedCount = 1 + 5 + 1 + ITEMS.length * (1 + 3) + 1;
    expect(Object.keys(t.nodes)).toHaveLength(expectedCount);
  });
});

describe('templates', () => {
  const { session } = open(components, data);

  test('one child per list item, with the item path as scope', () => {
    const list = node(session, 'list');
    expect(list.children).toEqual(ITEMS.map((_, i) => `row@/items/${i}`));
    ITEMS.forEach((_, i) => {
      const row = node(session, `row@/items/${i}`);
      expect(row.componentId).toBe('row');
      expect(row.scope).toBe(`/items/${i}`);
    });
  });

  test('nodes below a template item keep its scope and read relative paths in it', () => {
    const name = node(session, 'name@/items/3');
    expect(name.componentId).toBe('name');
    expect(name.scope).toBe('/items/3');
    expect(name.props.text).toBe('kiwi');
    expect(name.bindings).toEqual({ text: '/items/3/name' });
  });

  test('@index with an offset inside formatString, next to relative and absolute paths', () => {
    ITEMS.forEach((item, i) => {
      expect(node(session, `position@/items/${i}`).props.text).toBe(`#${i + 1} ${item} of Groceries`);
    });
  });

  test('@index as a direct function call with an offset', () => {
    ITEMS.forEach((_, i) => {
      expect(node(session, `rank@/items/${i}`).props.text).toBe(10 + i);
    });
  });

  test('a template over a list that is not there yet renders no children', () => {
    const { session: empty } = open(components, { title: 'x' });
    expect(node(empty, 'list').children).toEqual([]);
  });

  test('nested templates resolve inner relative paths against the inner item', () => {
    const { session: nested } = open(
      [
        { id: 'root', component: 'List', children: { componentId: 'group', path: '/groups' } },
        { id: 'group', component: 'Column', children: ['groupName', 'members'] },
        { id: 'groupName', component: 'Text', text: { path: 'label' } },
        { id: 'members', component: 'List', children: { componentId: 'member', path: 'people' } },
        { id: 'member', component: 'Text', text: { path: 'first' } },
      ],
      { groups: [{ label: 'A', people: [{ first: 'Ann' }] }, { label: 'B', people: [{ first: 'Bob' }, { first: 'Bea' }] }] },
    );
    const member = node(nested, 'member@/groups/1/people/1');
    expect(member.scope).toBe('/groups/1/people/1');
    expect(member.props.text).toBe('Bea');
    expect(member.bindings.text).toBe('/groups/1/people/1/first');
    expect(node(nested, 'groupName@/groups/1').props.text).toBe('B');
  });
});

describe('props and bindings', () => {
  const { session } = open(components, data);

  test('a directly bound prop is read and its absolute path is in bindings', () => {
    const title = node(session, 'title');
    expect(title.props.text).toBe('Groceries');
    expect(title.bindings).toEqual({ text: '/title' });
  });

  test('a function-call prop is evaluated and is not a binding', () => {
    const field = node(session, 'nameField');
    expect(field.props.label).toBe('Name for Groceries');
    expect(field.props.value).toBe('Al');
    expect(field.bindings).toEqual({ value: '/form/name' });
  });

  test('literal props are kept as sent; child ids become child refs', () => {
    const save = node(session, 'save');
    expect(save.props.child).toBe('saveLabel');
    expect(save.props.action).toEqual({ event: { name: 'save' } });
    expect(save.bindings).toEqual({});
    expect(save.busy).toBe(false);
  });

  test('reserved keys are not props', () => {
    const save = node(session, 'save');
    for (const key of ['id', 'component', 'checks']) expect(save.props).not.toHaveProperty(key);
  });
});

describe('checks', () => {
  test('passing checks: isValid true', () => {
    const { session } = open(components, { ...data, form: { name: 'Alice' } });
    const field = node(session, 'nameField');
    expect(field.isValid).toBe(true);
    expect(field.validation).toHaveLength(1);
    expect(field.validation[0]?.valid).toBe(true);
    expect(node(session, 'save').isValid).toBe(true);
  });

  test('a failing check makes the node invalid; its validation says why', () => {
    const { session } = open(components, data); // form.name 'Al' is 2 characters
    const field = node(session, 'nameField');
    expect(field.isValid).toBe(false);
    expect(field.validation[0]?.valid).toBe(false);
    expect(typeof field.validation[0]?.message).toBe('string');
  });

  test('a Button whose checks fail is invalid, and becomes valid when the data is fixed', () => {
    const { session } = open(components, { ...data, title: '' });
    const save = node(session, 'save');
    expect(save.isValid).toBe(false);
    expect(save.validation[0]?.valid).toBe(false);
    const fixed = apply(session, msg.data('s', '/title', 'Shopping')).session;
    expect(node(fixed, 'save').isValid).toBe(true);
  });

  test('the check message is the fallback when the condition gives none', () => {
    const { session } = open(
      [{ id: 'root', component: 'TextField', label: 'L', value: { path: '/v' }, checks: [{ condition: { path: '/ok' }, message: 'Not ok' }] }],
      { v: 'x', ok: false },
    );
    expect(node(session, 'root').validation).toEqual([{ valid: false, message: 'Not ok' }]);
  });

  test('a warning-severity result does not make the node invalid', () => {
    const { session } = open(
      [{ id: 'root', component: 'TextField', label: 'L', value: { path: '/v' }, checks: [{ condition: { path: '/result' } }] }],
      { v: 'x', result: { valid: false, severity: 'warning', message: 'Unusual' } },
    );
    const field = node(session, 'root');
    expect(field.isValid).toBe(true);
    expect(field.validation).toEqual([{ valid: false, severity: 'warning', message: 'Unusual' }]);
  });

  test('a node without checks is valid with no validation results', () => {
    const { session } = open(components, data);
    expect(node(session, 'title').isValid).toBe(true);
    expect(node(session, 'title').validation).toEqual([]);
  });
});

test('resolvedTree of an unknown surface is undefined', () => {
  const { session } = open(components, data);
  expect(resolvedTree(session, 'nope')).toBeUndefined();
});
