/**
 * Functions run only from catalogs, and only for callers the catalog allows:
 * - a name no catalog of the surface implements never runs locally; in UI content it becomes an
 *   agent call, from the agent (callRendererFunction) it is refused;
 * - `allowedCallers` is enforced both ways (rendererOnly: never for the agent; agentOnly: never in
 *   UI content), including for calls nested in another call's arguments;
 * - `requiresUserActivation` functions run only in a user action (invoke), or for the agent only
 *   when the host says the call came with a user gesture.
 */
import { handleMessage, resolvedTree } from '../../src/session/session';
import { invoke } from '../../src/session/interaction';
import { assertPrototypesClean, BASIC, catalogs, FUZZ_CATALOG_ID, nodeOf, openSurface, RAN, sentBodies } from './helpers';
import { createSession } from '../../src/session/session';

beforeEach(() => {
  RAN.length = 0;
});
afterEach(() => assertPrototypesClean());

const F = FUZZ_CATALOG_ID;

function callRenderer(call: string, args: Record<string, unknown> = {}, options: { userActivated?: boolean; catalogId?: string } = {}) {
  const session = openSurface([{ id: 'root', component: 'Text', text: { path: '/name' } }], { name: 'Ada' });
  const payload = { version: 'v1.0', callRendererFunction: { functionCallId: 'f1', callFunction: { call, catalogId: options.catalogId ?? F, args } } };
  const result = handleMessage(session, payload, { surfaceId: 's', ...(options.userActivated ? { userActivated: true } : {}) });
  const replies = [...sentBodies(result.effects, 'rendererFunctionResponse'), ...sentBodies(result.effects, 'error')];
  expect(replies).toHaveLength(1);
  expect(replies[0]?.functionCallId).toBe('f1');
  return { result, reply: replies[0] as Record<string, unknown>, session };
}

describe('callRendererFunction: allowedCallers', () => {
  test('rendererOrAgent runs and answers with its value', () => {
    const { reply } = callRenderer('echo', { value: { path: '/name' } });
    expect(reply).toEqual({ functionCallId: 'f1', value: 'Ada' });
    expect(RAN).toEqual([{ name: 'echo', caller: 'agent', userActivated: false }]);
  });

  test('agentOnly runs for the agent', () => {
    const { reply } = callRenderer('agentOnly');
    expect(reply).toEqual({ functionCallId: 'f1', value: 'agent-only' });
  });

  test.each([
    ['secret', F],
    ['required', BASIC],
    ['formatString', BASIC],
    ['openUrl', BASIC],
  ])('rendererOnly %s is refused with INVALID_FUNCTION_CALL and does not run', (call, catalogId) => {
    const { reply } = callRenderer(call, { value: 'x', url: 'https://example.com/' }, { catalogId, userActivated: true });
    expect(reply).toMatchObject({ code: 'INVALID_FUNCTION_CALL', functionCallId: 'f1' });
    expect(RAN).toEqual([]);
  });

  test('a rendererOnly call nested in the args of an allowed one is refused as a whole', () => {
    const { reply } = callRenderer('echo', { value: { call: 'secret', catalogId: F } });
    expect(reply).toMatchObject({ code: 'INVALID_FUNCTION_CALL' });
    expect(RAN.map((r) => r.name)).toEqual([]);
  });

  test.each([
    ['missing', F, 'undeclared'],
    ['remote', F, 'declared without implementation'],
    ['eval', F, 'a JavaScript global name'],
    ['alert', BASIC, 'a browser global name'],
    ['echo', 'https://unknown.example/catalog.json', 'an unknown catalog'],
  ])('%s (%s, %s) is refused: nothing runs locally', (call, catalogId) => {
    const { reply, result } = callRenderer(call, {}, { catalogId });
    expect(reply).toMatchObject({ code: 'INVALID_FUNCTION_CALL' });
    expect(RAN).toEqual([]);
    expect(sentBodies(result.effects, 'callAgentFunction')).toEqual([]);
  });

  test('an implementation that throws is answered with EXECUTION_FAILED', () => {
    const { reply } = callRenderer('thrower');
    expect(reply).toMatchObject({ code: 'EXECUTION_FAILED', message: expect.stringContaining('thrower always throws') });
  });
});

describe('callRendererFunction: requiresUserActivation', () => {
  test('without user activation it is refused with USER_ACTIVATION_REQUIRED and does not run', () => {
    const { reply } = callRenderer('activated');
    expect(reply).toMatchObject({ code: 'USER_ACTIVATION_REQUIRED' });
    expect(RAN).toEqual([]);
  });

  test('with user activation (the host vouches for a gesture) it runs', () => {
    const { reply } = callRenderer('activated', {}, { userActivated: true });
    expect(reply).toEqual({ functionCallId: 'f1', value: 'ran' });
    expect(RAN).toEqual([{ name: 'activated', caller: 'agent', userActivated: true }]);
  });

  test('the userActivated option must be exactly true', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: 'x' }]);
    for (const userActivated of [1, 'true', {}, []]) {
      const result = handleMessage(session, { version: 'v1.0', callRendererFunction: { functionCallId: 'f', callFunction: { call: 'activated', catalogId: F } } }, { userActivated } as never);
      expect(sentBodies(result.effects, 'error')[0]).toMatchObject({ code: 'USER_ACTIVATION_REQUIRED' });
    }
    expect(RAN).toEqual([]);
  });
});

describe('UI content: properties and actions', () => {
  test('an agentOnly function bound in a property is refused when the component arrives (strict)', () => {
    const session = createSession(catalogs());
    const result = handleMessage(session, {
      version: 'v1.0',
      createSurface: { surfaceId: 's', catalogId: BASIC, components: [{ id: 'root', component: 'Text', text: { call: 'agentOnly', catalogId: F } }] },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(sentBodies(result.effects, 'error')[0]).toMatchObject({ code: 'VALIDATION_FAILED', surfaceId: 's' });
    expect(RAN).toEqual([]);
  });

  test('lenient mode keeps the component but never runs the agentOnly function', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { call: 'agentOnly', catalogId: F } }], {}, { session: { validation: 'lenient' } });
    expect(nodeOf(session, 'root').props.text).toBeNull();
    expect(resolvedTree(session, 's')?.diagnostics.map((d) => d.code)).toContain('EXPRESSION_ERROR');
    expect(RAN).toEqual([]);
  });

  test('a requiresUserActivation function in a property never runs while the tree resolves', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { call: 'activated', catalogId: F } }], { n: 1 });
    const updated = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/n', value: 2 } });
    expect(nodeOf(updated.session, 'root').props.text).toBeNull();
    expect(resolvedTree(updated.session, 's')?.diagnostics[0]?.message).toMatch(/user activation/);
    expect(RAN).toEqual([]);
  });

  test('in an action (a user gesture) it runs', () => {
    const session = openSurface([
      { id: 'root', component: 'Button', child: 'l', action: { functionCall: { call: 'activated', catalogId: F } } },
      { id: 'l', component: 'Text', text: 'Go' },
    ]);
    expect(invoke(session, 's', 'root', 'action').ok).toBe(true);
    expect(RAN).toEqual([{ name: 'activated', caller: 'renderer', userActivated: true }]);
  });

  test('in an event context it does not run: the context value is null', () => {
    const session = openSurface([
      { id: 'root', component: 'Button', child: 'l', action: { event: { name: 'go', context: { v: { call: 'activated', catalogId: F } } } } },
      { id: 'l', component: 'Text', text: 'Go' },
    ]);
    const result = invoke(session, 's', 'root', 'action');
    expect(result.ok && sentBodies(result.effects, 'action')[0]?.context).toEqual({ v: null });
    expect(RAN).toEqual([]);
  });

  test.each(['fetchPrice', 'eval', 'alert', 'require', 'process', 'Function', 'toString'])('an undeclared %j in a property becomes an agent call; nothing runs locally', (call) => {
    const session = createSession(catalogs());
    const result = handleMessage(session, {
      version: 'v1.0',
      createSurface: { surfaceId: 's', catalogId: BASIC, components: [{ id: 'root', component: 'Text', text: { call, args: { x: 1 } } }] },
    });
    expect(result.ok).toBe(true);
    expect(sentBodies(result.effects, 'callAgentFunction')).toEqual([{ surfaceId: 's', functionCallId: 'call-1', callFunction: { call, args: { x: 1 }, catalogId: BASIC } }]);
    expect(nodeOf(result.session, 'root')).toMatchObject({ busy: true, props: { text: null } });
    expect(RAN).toEqual([]);
  });

  test('an undeclared function in an action is sent to the agent each time, never run', () => {
    const session = openSurface([
      { id: 'root', component: 'Button', child: 'l', action: { functionCall: { call: 'submitOrder', args: { id: { path: '/id' } } } } },
      { id: 'l', component: 'Text', text: 'Buy' },
    ], { id: 7 });
    const first = invoke(session, 's', 'root', 'action');
    const second = first.ok ? invoke(first.session, 's', 'root', 'action') : first;
    expect(first.ok && sentBodies(first.effects, 'callAgentFunction')).toEqual([expect.objectContaining({ callFunction: expect.objectContaining({ call: 'submitOrder', args: { id: 7 } }) })]);
    expect(second.ok && sentBodies(second.effects, 'callAgentFunction')).toHaveLength(1);
  });

  test("an '@' system name that v1.0 does not define is refused, never sent to the agent", () => {
    const session = createSession(catalogs());
    const result = handleMessage(session, {
      version: 'v1.0',
      createSurface: { surfaceId: 's', catalogId: BASIC, components: [{ id: 'root', component: 'Text', text: { call: '@eval', args: {} } }] },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(sentBodies(result.effects, 'callAgentFunction')).toEqual([]);
  });
});
