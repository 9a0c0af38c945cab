/**
 * Placeholders and diagnostics: every diagnostic code a surface can produce, seen both in the
 * resolved tree and as `diagnostic` effects of the operation that caused it.
 */
import { basicCatalog, defineCatalog } from '../../src/catalog';
import { createSession, handleMessage, timeoutAgentCall } from '../../src/session/session';
import {
  apply,
  diagnosticEffects,
  msg,
  node,
  notOk,
  open,
  sentBodies,
  tree,
  treeDiagnostics,
} from '../helpers/session';
import { BASIC_CATALOG_ID } from '../../src/catalog';
import { emptyTable } from '../../src/data/table';

describe('UNKNOWN_COMPONENT', () => {
  const { session, effects } = open([
    { id: 'root', component: 'Column', children: ['known', 'odd'] },
    { id: 'known', component: 'Text', text: 'fine' },
    { id: 'odd', component: 'Hologram', beam: 3 },
  ]);

  test('the unknown type resolves to an "unknown" placeholder; the rest renders', () => {
    const odd = node(session, 'odd');
    expect(odd.placeholder).toBe('unknown');
    expect(odd.componentId).toBe('odd');
    expect(odd.children).toEqual([]);
    expect(node(session, 'known').props.text).toBe('fine');
    expect(node(session, 'known').placeholder).toBeUndefined();
  });

  test('an error diagnostic names the component, in the tree and as an effect', () => {
    const [diagnostic] = treeDiagnostics(session, 'UNKNOWN_COMPONENT');
    expect(diagnostic).toMatchObject({ severity: 'error', componentId: 'odd', ref: 'odd' });
    expect(diagnosticEffects(effects, 'UNKNOWN_COMPONENT').some((e) => e.severity === 'error' && e.payload.componentId === 'odd')).toBe(true);
  });
});

describe('CYCLIC_REFERENCE', () => {
  const cycle = [
    { id: 'root', component: 'Column', children: ['a', 'after'] },
    { id: 'a', component: 'Card', child: 'b' },
    { id: 'b', component: 'Card', child: 'a' },
    { id: 'after', component: 'Text', text: 'still here' },
  ];

  test('lenient validation lets a cycle in; the tree cuts it with a "cyclic" placeholder', () => {
    const { session, effects } = open(cycle, undefined, { session: { validation: 'lenient' } });
    // root → a → b → a: the second 'a' is the cut, a placeholder of its own held by 'b'
    expect(node(session, 'b').props.child).toBe('a@cycle:b');
    const cut = node(session, 'a@cycle:b');
    expect(cut.componentId).toBe('a');
    expect(cut.placeholder).toBe('cyclic');
    expect(cut.children).toEqual([]);
    expect(node(session, 'a').props.child).toBe('b');
    expect(node(session, 'a').placeholder).toBeUndefined();
    expect(node(session, 'after').props.text).toBe('still here');
    expect(treeDiagnostics(session, 'CYCLIC_REFERENCE')).toEqual([
      expect.objectContaining({ severity: 'error', componentId: 'a', ref: 'a@cycle:b' }),
    ]);
    expect(diagnosticEffects(effects, 'CYCLIC_REFERENCE')).toHaveLength(1);
  });

  test('a component that names itself is cut at once', () => {
    const { session } = open(
      [
        { id: 'root', component: 'Card', child: 'self' },
        { id: 'self', component: 'Card', child: 'self' },
      ],
      undefined,
      { session: { validation: 'lenient' } },
    );
    expect(node(session, 'self').props.child).toBe('self@cycle:self');
    expect(node(session, 'self@cycle:self').placeholder).toBe('cyclic');
  });

  test('strict validation rejects the message that would close a cycle', () => {
    const session = createSession([basicCatalog()]);
    const result = notOk(handleMessage(session, [msg.create('s'), msg.components('s', cycle)]));
    expect(result.error.code).toBe('VALIDATION_FAILED');
    expect(result.error.index).toBe(1);
    expect(result.session.state.surfaces.s?.components).toEqual(emptyTable());
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'VALIDATION_FAILED', surfaceId: 's' })]);
  });
});

describe('MISSING_CHILD', () => {
  test('a reference to a component not sent yet is a "missing" placeholder until it arrives', () => {
    const { session, effects } = open([
      { id: 'root', component: 'Column', children: ['here', 'later'] },
      { id: 'here', component: 'Text', text: 'a' },
    ]);
    const later = node(session, 'later');
    expect(later.placeholder).toBe('missing');
    expect(later.componentId).toBe('later');
    expect(treeDiagnostics(session, 'MISSING_CHILD')).toEqual([
      expect.objectContaining({ severity: 'error', componentId: 'later', ref: 'later' }),
    ]);
    expect(diagnosticEffects(effects, 'MISSING_CHILD')).toHaveLength(1);

    const arrived = apply(session, msg.components('s', [{ id: 'later', component: 'Text', text: 'b' }])).session;
    expect(node(arrived, 'later').placeholder).toBeUndefined();
    expect(node(arrived, 'later').props.text).toBe('b');
    expect(treeDiagnostics(arrived, 'MISSING_CHILD')).toEqual([]);
  });
});

describe('a surface without root', () => {
  test('an empty surface: root null, nothing rendered, a diagnostic names the missing root', () => {
    const session = apply(createSession([basicCatalog()]), msg.create('s')).session;
    const t = tree(session);
    expect(t.root).toBeNull();
    expect(t.nodes).toEqual({});
    expect(t.diagnostics.some((d) => d.componentId === 'root')).toBe(true);
  });

  test('components without one called root: root null and an error diagnostic', () => {
    const { session } = open([{ id: 'main', component: 'Text', text: 'orphan' }]);
    const t = tree(session);
    expect(t.root).toBeNull();
    expect(t.nodes).toEqual({});
    expect(t.diagnostics).toEqual([expect.objectContaining({ severity: 'error', componentId: 'root' })]);
  });
});

describe('UNRESOLVED_BINDING', () => {
  test('a binding to a path not in the data model is null with a warning', () => {
    const { session, effects } = open([{ id: 'root', component: 'Text', text: { path: '/later' } }]);
    expect(node(session, 'root').props.text).toBeNull();
    expect(node(session, 'root').bindings).toEqual({ text: '/later' });
    expect(treeDiagnostics(session, 'UNRESOLVED_BINDING')).toEqual([
      expect.objectContaining({ severity: 'warning', componentId: 'root', path: '/later' }),
    ]);
    expect(diagnosticEffects(effects, 'UNRESOLVED_BINDING').map((e) => e.severity)).toEqual(['warning']);

    const filled = apply(session, msg.data('s', '/later', 'now')).session;
    expect(node(filled, 'root').props.text).toBe('now');
    expect(treeDiagnostics(filled, 'UNRESOLVED_BINDING')).toEqual([]);
  });

  test('a template path that holds no list is an error', () => {
    const { session } = open(
      [
        { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
        { id: 'item', component: 'Text', text: 'x' },
      ],
      { items: 'not a list' },
    );
    expect(node(session, 'root').children).toEqual([]);
    expect(treeDiagnostics(session, 'UNRESOLVED_BINDING')).toEqual([expect.objectContaining({ severity: 'error', path: '/items' })]);
  });
});

describe('UNALLOWED_PARENT and UNALLOWED_CHILD', () => {
  const SHELF = 'https://example.com/catalogs/shelf';
  const shelf = defineCatalog({
    catalogId: SHELF,
    components: {
      Shelf: {
        type: 'object',
        properties: { component: { const: 'Shelf' }, children: { $ref: 'common_types.json#/$defs/ChildList' } },
        required: ['component'],
        allowedChildren: ['Book'],
      },
      Book: {
        type: 'object',
        properties: { component: { const: 'Book' }, title: { $ref: 'common_types.json#/$defs/DynamicString' } },
        required: ['component'],
        allowedParents: ['Shelf'],
      },
      Plant: { type: 'object', properties: { component: { const: 'Plant' } }, required: ['component'] },
    },
  });
  const layout = [
    { id: 'root', component: 'Column', catalogId: BASIC_CATALOG_ID, children: ['shelf', 'stray'] },
    { id: 'shelf', component: 'Shelf', children: ['book', 'plant'] },
    { id: 'book', component: 'Book', title: 'Dune' },
    { id: 'plant', component: 'Plant' },
    { id: 'stray', component: 'Book', title: 'Emma' },
  ];
  const catalogs = [shelf, basicCatalog()];

  test('lenient: the message applies and the tree reports both rules', () => {
    const { session, effects } = open(layout, undefined, { catalogs, catalogId: SHELF, session: { validation: 'lenient' } });
    expect(node(session, 'book').props.title).toBe('Dune');
    expect(node(session, 'stray').props.title).toBe('Emma');
    expect(treeDiagnostics(session, 'UNALLOWED_CHILD')).toEqual([
      expect.objectContaining({ severity: 'error', componentId: 'shelf', ref: 'shelf' }),
    ]);
    expect(treeDiagnostics(session, 'UNALLOWED_PARENT')).toEqual([
      expect.objectContaining({ severity: 'error', componentId: 'stray', ref: 'stray' }),
    ]);
    expect(diagnosticEffects(effects, 'UNALLOWED_CHILD')).toHaveLength(1);
    expect(diagnosticEffects(effects, 'UNALLOWED_PARENT')).toHaveLength(1);
  });

  test('strict: the message is refused and the agent gets UNALLOWED_PARENT', () => {
    const session = apply(createSession(catalogs), msg.create('s', { catalogId: SHELF })).session;
    const result = notOk(handleMessage(session, msg.components('s', layout)));
    expect(result.error.code).toBe('UNALLOWED_PARENT');
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'UNALLOWED_PARENT', surfaceId: 's' })]);
    expect(result.session.state.surfaces.s?.components).toEqual(emptyTable());
  });

  test('strict: an unallowed child gets UNALLOWED_CHILD', () => {
    const session = apply(createSession(catalogs), msg.create('s', { catalogId: SHELF })).session;
    const result = notOk(
      handleMessage(
        session,
        msg.components('s', [
          { id: 'root', component: 'Shelf', children: ['plant'] },
          { id: 'plant', component: 'Plant' },
        ]),
      ),
    );
    expect(result.error.code).toBe('UNALLOWED_CHILD');
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'UNALLOWED_CHILD', surfaceId: 's' })]);
  });
});

describe('agent call failures', () => {
  const components = [{ id: 'root', component: 'Text', text: { call: 'fetchGreeting', args: { who: 'Ada' } } }];

  test('AGENT_CALL_FAILED: an error response leaves the prop null and reports an error', () => {
    const { session, effects } = open(components);
    const [call] = sentBodies(effects, 'callAgentFunction');
    const callId = call?.functionCallId as string;
    const failed = apply(session, msg.responseError(callId, 'NOT_FOUND', 'No greeting for Ada'));
    const root = node(failed.session, 'root');
    expect(root.props.text).toBeNull();
    expect(root.busy).toBe(false);
    expect(treeDiagnostics(failed.session, 'AGENT_CALL_FAILED')).toEqual([
      expect.objectContaining({ severity: 'error', componentId: 'root', ref: 'root' }),
    ]);
    expect(diagnosticEffects(failed.effects, 'AGENT_CALL_FAILED')).toHaveLength(1);
  });

  test('AGENT_CALL_TIMEOUT: a timed out call leaves the prop null and reports an error', () => {
    const { session, effects } = open(components);
    const callId = sentBodies(effects, 'callAgentFunction')[0]?.functionCallId as string;
    const timedOut = timeoutAgentCall(session, callId);
    expect(node(timedOut.session, 'root').props.text).toBeNull();
    expect(node(timedOut.session, 'root').busy).toBe(false);
    expect(treeDiagnostics(timedOut.session, 'AGENT_CALL_TIMEOUT')).toEqual([expect.objectContaining({ severity: 'error', componentId: 'root' })]);
    expect(diagnosticEffects(timedOut.effects, 'AGENT_CALL_TIMEOUT')).toHaveLength(1);
  });
});

describe('EXPRESSION_ERROR', () => {
  test('a malformed formatString template', () => {
    const { session, effects } = open([{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: 'Hi ${/name' } } }], { name: 'x' });
    expect(node(session, 'root').props.text).toBeNull();
    expect(treeDiagnostics(session, 'EXPRESSION_ERROR')).toEqual([expect.objectContaining({ severity: 'error', componentId: 'root' })]);
    expect(diagnosticEffects(effects, 'EXPRESSION_ERROR')).toHaveLength(1);
  });

  test('@index outside a template', () => {
    const { session } = open([{ id: 'root', component: 'Text', text: { call: '@index' } }]);
    expect(node(session, 'root').props.text).toBeNull();
    expect(treeDiagnostics(session, 'EXPRESSION_ERROR')).toHaveLength(1);
  });

  test('a catalog function that throws', () => {
    const FX = 'https://example.com/catalogs/fx';
    const fx = defineCatalog({
      catalogId: FX,
      functions: {
        explode: {
          definition: { returnType: 'string', args: { type: 'object' } },
          implementation: () => {
            throw new Error('kaboom');
          },
        },
      },
    });
    const { session } = open([{ id: 'root', component: 'Text', text: { call: 'explode', catalogId: FX, args: {} } }], undefined, {
      catalogs: [basicCatalog(), fx],
    });
    expect(node(session, 'root').props.text).toBeNull();
    expect(node(session, 'root').busy).toBe(false);
    const [diagnostic] = treeDiagnostics(session, 'EXPRESSION_ERROR');
    expect(diagnostic?.message).toContain('kaboom');
  });
});

describe('depth limit', () => {
  // root → c1 → … → c7, each a Card holding the next
  const chain = [
    { id: 'root', component: 'Card', child: 'c1' },
    ...[1, 2, 3, 4, 5, 6].map((i) => ({ id: `c${i}`, component: 'Card', child: `c${i + 1}` })),
    { id: 'c7', component: 'Text', text: 'bottom' },
  ];
  const refAt = (depth: number): string => (depth === 0 ? 'root' : `c${depth}`);

  test('maxTreeDepth 5: five levels below root render, the sixth is a placeholder with an error', () => {
    const { session, effects } = open(chain, undefined, { session: { limits: { maxTreeDepth: 5 } } });
    for (let depth = 0; depth <= 5; depth += 1) {
      const n = node(session, refAt(depth));
      expect(n.placeholder).toBeUndefined();
      expect(n.componentId).toBe(depth === 0 ? 'root' : `c${depth}`);
    }
    const cut = node(session, refAt(6));
    expect(cut.placeholder).toBeDefined();
    expect(cut.children).toEqual([]);
    expect(tree(session).nodes[refAt(7)]).toBeUndefined();
    const errors = tree(session).diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([expect.objectContaining({ componentId: 'c6', ref: refAt(6) })]);
    expect(diagnosticEffects(effects).filter((e) => e.severity === 'error')).toHaveLength(1);
  });

  test('the default limit renders the same chain whole', () => {
    const { session } = open(chain);
    expect(node(session, refAt(7)).props.text).toBe('bottom');
    expect(tree(session).diagnostics).toEqual([]);
  });
});
