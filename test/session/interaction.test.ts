/**
 * User input: `write` through two-way bindings and `invoke` of actions.
 */
import { basicCatalog, defineCatalog } from '../../src/catalog';
import { invoke, write } from '../../src/session/interaction';
import { resolvedTree } from '../../src/session/session';
import { apply, effectsOfType, msg, node, notOk, ok, open, sentBodies } from '../helpers/session';

const FIXED_TIME = new Date(Date.UTC(2025, 4, 6, 7, 8, 9, 10));
const FIXED_ISO = '2025-05-06T07:08:09.010Z';
const clock = (): Date => new Date(FIXED_TIME.getTime());

const form = [
  { id: 'root', component: 'Column', children: ['name', 'greeting', 'submit', 'people', 'docs', 'evil', 'plain'] },
  { id: 'name', component: 'TextField', label: 'Name', value: { path: '/form/name' } },
  { id: 'greeting', component: 'Text', text: { call: 'formatString', args: { value: 'Hello, ${/form/name}' } } },
  {
    id: 'submit',
    component: 'Button',
    child: 'submitLabel',
    action: {
      event: {
        name: 'submitForm',
        context: {
          name: { path: '/form/name' },
          shout: { call: 'formatString', args: { value: '${/form/name}!' } },
          formId: 'f-1',
          missing: { path: '/nowhere' },
        },
        userMessage: { call: 'formatString', args: { value: 'Submitted as ${/form/name}' } },
      },
    },
  },
  { id: 'submitLabel', component: 'Text', text: 'Submit' },
  { id: 'people', component: 'List', children: { componentId: 'person', path: '/people' } },
  { id: 'person', component: 'Row', children: ['personName', 'pick'] },
  { id: 'personName', component: 'TextField', label: 'Person', value: { path: 'name' } },
  { id: 'pick', component: 'Button', child: 'pickLabel', action: { event: { name: 'pick', context: { who: { path: 'name' }, at: { call: '@index' } } } } },
  { id: 'pickLabel', component: 'Text', text: 'Pick' },
  { id: 'docs', component: 'Button', child: 'docsLabel', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com/docs' } } } },
  { id: 'docsLabel', component: 'Text', text: 'Docs' },
  { id: 'evil', component: 'Button', child: 'evilLabel', action: { functionCall: { call: 'openUrl', args: { url: 'javascript:alert(1)' } } } },
  { id: 'evilLabel', component: 'Text', text: 'Evil' },
  { id: 'plain', component: 'Text', text: 'just text' },
];
const data = { form: { name: 'Ada' }, people: [{ name: 'Ann' }, { name: 'Bob' }] };

const NAME = 'name';
const GREETING = 'greeting';
const SUBMIT = 'submit';
/** A node of person i's template item. */
const IN_PERSON = (id: string, i: number): string => `${id}@/people/${i}`;
const DOCS = 'docs';
const EVIL = 'evil';
const PLAIN = 'plain';

const setup = (sendDataModel = false): ReturnType<typeof open> => open(form, data, { session: { clock }, sendDataModel });

describe('write', () => {
  test('through a bound TextField value: data, effect, and tree follow', () => {
    const { session } = setup();
    const written = ok(write(session, 's', NAME, 'value', 'Grace'));
    expect(written.effects).toEqual([{ type: 'dataModelUpdated', surfaceId: 's', path: '/form/name' }]);
    expect(written.session.state.surfaces.s?.dataModel).toEqual({ ...data, form: { name: 'Grace' } });
    expect(node(written.session, NAME).props.value).toBe('Grace');
    expect(node(written.session, GREETING).props.text).toBe('Hello, Grace');
    // the session written from is unchanged
    expect(session.state.surfaces.s?.dataModel).toEqual(data);
  });

  test('a relative binding inside a template item writes to that item', () => {
    const { session } = setup();
    const ref = IN_PERSON('personName', 1);
    expect(node(session, ref).bindings).toEqual({ value: '/people/1/name' });
    const written = ok(write(session, 's', ref, 'value', 'Bea'));
    expect(written.effects).toEqual([{ type: 'dataModelUpdated', surfaceId: 's', path: '/people/1/name' }]);
    expect(written.session.state.surfaces.s?.dataModel.people).toEqual([{ name: 'Ann' }, { name: 'Bea' }]);
  });

  test('a write to a path not in the model yet creates it', () => {
    const { session } = open([{ id: 'root', component: 'TextField', label: 'L', value: { path: '/a/b/c' } }]);
    const written = ok(write(session, 's', 'root', 'value', 'deep'));
    expect(written.session.state.surfaces.s?.dataModel).toEqual({ a: { b: { c: 'deep' } } });
    expect(node(written.session, 'root').props.value).toBe('deep');
  });

  test('errors: unknown surface, node gone, property not bound', () => {
    const { session } = setup();
    expect(notOk(write(session, 'nope', NAME, 'value', 'x')).error.code).toBe('SURFACE_NOT_FOUND');
    expect(notOk(write(session, 's', 'nowhere', 'value', 'x')).error.code).toBe('NODE_NOT_FOUND');
    expect(notOk(write(session, 's', NAME, 'label', 'x')).error.code).toBe('PROPERTY_NOT_BOUND');
    expect(notOk(write(session, 's', GREETING, 'text', 'x')).error.code).toBe('PROPERTY_NOT_BOUND');
    expect(notOk(write(session, 's', NAME, 'nonexistent', 'x')).error.code).toBe('PROPERTY_NOT_BOUND');
  });

  test('a node that left the tree cannot be written', () => {
    const { session } = setup();
    const shrunk = apply(session, msg.data('s', '/people', [{ name: 'Ann' }])).session;
    const error = notOk(write(shrunk, 's', IN_PERSON('personName', 1), 'value', 'x')).error;
    expect(error.code).toBe('NODE_NOT_FOUND');
    expect(error.surfaceId).toBe('s');
  });

  test('a placeholder node cannot be written', () => {
    const { session } = open([
      { id: 'root', component: 'Column', children: ['gone'] },
    ]);
    expect(notOk(write(session, 's', 'gone', 'value', 'x')).error.code).toBe('NODE_NOT_FOUND');
  });

  test('a deleted surface cannot be written', () => {
    const { session } = setup();
    const deleted = apply(session, msg.remove('s')).session;
    expect(notOk(write(deleted, 's', NAME, 'value', 'x')).error.code).toBe('SURFACE_NOT_FOUND');
  });
});

describe('invoke: events', () => {
  test('an event becomes an action message with its context resolved from the latest data', () => {
    const { session } = setup();
    const written = ok(write(session, 's', NAME, 'value', 'Grace')).session;
    const invoked = ok(invoke(written, 's', SUBMIT, 'action'));
    expect(invoked.effects).toHaveLength(1);
    expect(sentBodies(invoked.effects, 'action')).toEqual([
      {
        name: 'submitForm',
        surfaceId: 's',
        sourceComponentId: 'submit',
        timestamp: FIXED_ISO,
        context: { name: 'Grace', shout: 'Grace!', formId: 'f-1', missing: null },
        userMessage: 'Submitted as Grace',
      },
    ]);
    expect(sent(invoked)).toEqual([expect.objectContaining({ version: 'v1.0' })]);
    expect(invoked.session.state).toBe(written.state);
  });

  test('property defaults to "action"', () => {
    const { session } = setup();
    expect(ok(invoke(session, 's', SUBMIT)).effects).toEqual(ok(invoke(session, 's', SUBMIT, 'action')).effects);
  });

  test('inside a template: relative paths and @index read the item; the source is the template component', () => {
    const { session } = setup();
    const invoked = ok(invoke(session, 's', IN_PERSON('pick', 1), 'action'));
    expect(sentBodies(invoked.effects, 'action')).toEqual([
      expect.objectContaining({ name: 'pick', sourceComponentId: 'pick', context: { who: 'Bob', at: 1 } }),
    ]);
  });

  test('no metadata for a surface created without sendDataModel', () => {
    const { session } = setup(false);
    const [effect] = ok(invoke(session, 's', SUBMIT)).effects;
    expect(effect?.type).toBe('send');
    expect(effect && 'metadata' in effect ? effect.metadata : undefined).toBeUndefined();
  });

  test('a sendDataModel surface attaches its data model as a2uiRendererDataModel', () => {
    const { session } = setup(true);
    const withOther = apply(session, [msg.create('other'), msg.data('other', '/', { secret: 1 })]).session;
    const written = ok(write(withOther, 's', NAME, 'value', 'Grace')).session;
    const [effect] = ok(invoke(written, 's', SUBMIT)).effects;
    if (effect?.type !== 'send') throw new Error('expected a send effect');
    const model = effect.metadata?.a2uiRendererDataModel;
    expect(model?.version).toBe('v1.0');
    expect(model?.surfaces.s).toEqual({ ...data, form: { name: 'Grace' } });
    expect(model?.surfaces.other).toBeUndefined();
  });
});

function sent(result: { effects: Parameters<typeof sentBodies>[0] }): unknown[] {
  return result.effects.flatMap((e) => (e.type === 'send' ? [e.message] : []));
}

describe('invoke: function calls', () => {
  test('openUrl with https gives an openUrl effect and nothing else', () => {
    const { session } = setup();
    const invoked = ok(invoke(session, 's', DOCS));
    expect(invoked.effects).toEqual([{ type: 'openUrl', url: 'https://example.com/docs' }]);
  });

  test('openUrl with a javascript: URL is refused with an error', () => {
    const { session } = setup();
    const refused = notOk(invoke(session, 's', EVIL));
    expect(refused.error.surfaceId).toBe('s');
    expect(refused.error.message).toMatch(/javascript/);
    expect('effects' in refused ? (refused as { effects: unknown[] }).effects : []).toEqual([]);
  });

  test('a local function that asks for data writes: applied in order, tree updated', () => {
    const TOOLS = 'https://example.com/catalogs/tools';
    const tools = defineCatalog({
      catalogId: TOOLS,
      functions: {
        remember: {
          definition: { returnType: 'void', args: { type: 'object', properties: { value: {} } } },
          implementation: (args, context) => {
            context.request({ type: 'setData', path: '/saved', value: args.value });
            context.request({ type: 'setData', path: '/count', value: 1 });
            context.request({ type: 'setData', path: '/count', value: 2 });
          },
        },
      },
    });
    const { session } = open(
      [
        { id: 'root', component: 'Column', children: ['button', 'shown'] },
        { id: 'button', component: 'Button', child: 'label', action: { functionCall: { call: 'remember', catalogId: TOOLS, args: { value: { path: '/draft' } } } } },
        { id: 'label', component: 'Text', text: 'Remember' },
        { id: 'shown', component: 'Text', text: { call: 'formatString', args: { value: '${/saved} (${/count})' } } },
      ],
      { draft: 'milk' },
      { catalogs: [basicCatalog(), tools] },
    );
    const invoked = ok(invoke(session, 's', 'button'));
    expect(effectsOfType(invoked.effects, 'dataModelUpdated')).toEqual([
      { type: 'dataModelUpdated', surfaceId: 's', path: '/saved' },
      { type: 'dataModelUpdated', surfaceId: 's', path: '/count' },
      { type: 'dataModelUpdated', surfaceId: 's', path: '/count' },
    ]);
    expect(invoked.session.state.surfaces.s?.dataModel).toEqual({ draft: 'milk', saved: 'milk', count: 2 });
    expect(node(invoked.session, 'shown').props.text).toBe('milk (2)');
    expect(sent(invoked)).toEqual([]);
  });
});

describe('invoke: refusals', () => {
  const guarded = [
    {
      id: 'root',
      component: 'Button',
      child: 'label',
      action: { event: { name: 'pay' } },
      checks: [{ condition: { call: 'required', args: { value: { path: '/card' } } }, message: 'Card needed' }],
    },
    { id: 'label', component: 'Text', text: 'Pay' },
  ];

  test('a Button whose checks fail does not act: no effects, CHECKS_FAILED', () => {
    const { session } = open(guarded, { card: '' });
    expect(node(session, 'root').isValid).toBe(false);
    const refused = invoke(session, 's', 'root');
    expect(notOk(refused).error.code).toBe('CHECKS_FAILED');
    expect((refused as { effects?: unknown[] }).effects ?? []).toEqual([]);
  });

  test('once the checks pass, the same Button acts', () => {
    const { session } = open(guarded, { card: '' });
    const fixed = apply(session, msg.data('s', '/card', '4242')).session;
    expect(sentBodies(ok(invoke(fixed, 's', 'root')).effects, 'action')).toEqual([expect.objectContaining({ name: 'pay' })]);
  });

  test('errors: unknown surface, node gone, property not an action', () => {
    const { session } = setup();
    expect(notOk(invoke(session, 'nope', SUBMIT)).error.code).toBe('SURFACE_NOT_FOUND');
    expect(notOk(invoke(session, 's', 'nowhere')).error.code).toBe('NODE_NOT_FOUND');
    expect(notOk(invoke(session, 's', PLAIN)).error.code).toBe('PROPERTY_NOT_ACTION');
    expect(notOk(invoke(session, 's', PLAIN, 'text')).error.code).toBe('PROPERTY_NOT_ACTION');
    expect(notOk(invoke(session, 's', SUBMIT, 'child')).error.code).toBe('PROPERTY_NOT_ACTION');
  });

  test('a refused invoke leaves the tree as it was', () => {
    const { session } = setup();
    const before = resolvedTree(session, 's');
    invoke(session, 's', EVIL);
    expect(resolvedTree(session, 's')).toBe(before);
  });
});
