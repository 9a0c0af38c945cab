/**
 * MCP Apps as a plug-in of the MCP catalog, attacked at its seams: sessions without the MCP
 * catalog fed MCP input, catalogs carrying malformed or failing session extensions, the MCP
 * extension brought twice, and MCP state through DevTools time travel, a JSON round trip and two
 * instances in one store. Real RTK stores with the saga, the SDK's client and server in memory.
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { ActionCreators, instrument } from '@redux-devtools/instrument';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { defineCatalog } from '../../src/catalog/define';
import type { Catalog } from '../../src/catalog/types';
import { createA2ui } from '../../src/createA2ui';
import { mcpCatalog } from '../../src/mcp/catalog';
import type { Effect, McpReply } from '../../src/model/effects';
import type { A2uiState } from '../../src/redux/state';
import { invoke } from '../../src/session/interaction';
import { createSession, handleMessage, type Session, type SessionExtension } from '../../src/session/session';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { APP_REF, MCP_CATALOG_ID, OPEN_BUTTON_REF, SURFACE, appSurfaceMessages, ofType, startMcpServer, type McpFixture } from './fixtures';

// JSON-RPC 2.0, section 5.1.
const INTERNAL_ERROR = -32603;

let mcp: McpFixture;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

/** Waits (real timers) until `done` holds, or fails after `ms`. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

interface Harness {
  a2ui: ReturnType<typeof createA2ui>;
  store: ReturnType<typeof configureStore>;
  agent: ReturnType<typeof createInMemoryTransport>['agent'];
  replies: Array<{ requestId: string | number; reply: McpReply; app: { surfaceId?: string; ref?: string } }>;
  notes: Array<{ surfaceId: string; ref: string; method: string; params: unknown }>;
  actions: UnknownAction[];
  task: Task;
  state(): A2uiState;
}

/** A real store with the saga over `catalogs`; the surface of the fixtures is sent by the agent. */
function start(catalogs: Catalog[], options: { client?: boolean; messages?: unknown } = {}): Harness {
  const a2ui = createA2ui({ catalogs, ...(options.client ? { mcpClient: mcp.client } : {}), defaultTimeoutMs: 5_000 });
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d().concat(sagaMiddleware, recorder) });
  const { transport, agent } = createInMemoryTransport();
  const replies: Harness['replies'] = [];
  const notes: Harness['notes'] = [];
  const task = sagaMiddleware.run(a2ui.saga, {
    transport,
    mcpAppReply: (requestId: string | number, reply: McpReply, app: { surfaceId?: string; ref?: string }) => void replies.push({ requestId, reply, app }),
    mcpAppNotify: (surfaceId: string, ref: string, method: string, params: unknown) => void notes.push({ surfaceId, ref, method, params }),
  });
  agent.send(options.messages ?? appSurfaceMessages());
  return { a2ui, store, agent, replies, notes, actions, task, state: () => (store.getState() as unknown as { a2ui: A2uiState }).a2ui };
}

/** The requestIds answered, in order (each must appear once per request). */
const answered = (h: Harness) => h.replies.map((r) => r.requestId);

describe('a session without the MCP catalog fed MCP input', () => {
  test('an agent surface holding an McpApp of the MCP catalog is refused with an error to the agent; nothing throws', () => {
    const h = start([basicCatalog()]);
    const errors = h.agent.received.flatMap((r) => ('error' in r.message ? [r.message.error as Record<string, unknown>] : []));
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(errors)).toContain(MCP_CATALOG_ID);
    expect(h.task.isRunning()).toBe(true);
    h.task.cancel();
  });

  test('every app request and every forged tool settlement is answered exactly once, the saga stays up', async () => {
    // An McpApp-named node in a custom catalog: the session has such a node but no MCP extension.
    const lookalike = defineCatalog({ catalogId: 'https://example.com/lookalike', components: { McpApp: { properties: {} } } });
    const messages = [
      { version: 'v1.0', createSurface: { surfaceId: SURFACE, catalogId: 'https://example.com/lookalike' } },
      { version: 'v1.0', updateComponents: { surfaceId: SURFACE, components: [{ id: 'root', component: 'McpApp' }] } },
    ];
    const h = start([basicCatalog(), lookalike], { messages });
    expect(h.a2ui.selectors.selectNode(h.store.getState() as never, SURFACE, 'root')?.component).toBe('McpApp');
    const request = (requestId: string | number, ref: string, method: string, params?: unknown) =>
      h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId, surfaceId: SURFACE, ref, method, params }));
    request(1, 'root', 'tools/call', { name: 'search', arguments: { q: 'x' } });
    request(2, 'root', 'ui/notifications/initialized');
    request(3, 'nowhere', 'ui/message', { role: 'user', content: 'hi' });
    request('4', 'root', 'ui/open-link', { url: 'https://example.com/' });
    await until(() => h.replies.length >= 4);
    await settle();
    expect(answered(h)).toEqual([1, 2, 3, '4']);
    for (const { reply } of h.replies) expect(reply).toEqual({ error: { code: INTERNAL_ERROR, message: expect.any(String) } });
    expect(h.replies[0]?.reply).toEqual({ error: { code: INTERNAL_ERROR, message: expect.stringContaining('no catalog of this session handles app requests') } });
    expect(h.agent.received.filter((r) => 'action' in r.message)).toEqual([]);
    expect(h.task.isRunning()).toBe(true);
    expect(h.actions.filter((a) => a.type === 'a2ui/workerFailed')).toEqual([]);
    h.task.cancel();
  });

  test('a callMcpTool-shaped action and malformed MCP actions change nothing and throw nothing', async () => {
    const h = start([basicCatalog()], {
      messages: [
        { version: 'v1.0', createSurface: { surfaceId: 'b', catalogId: basicCatalog().catalogId, dataModel: { n: 1 } } },
        { version: 'v1.0', updateComponents: { surfaceId: 'b', components: [{ id: 'root', component: 'Text', text: { path: '/n' } }] } },
      ],
    });
    const before = h.state().session.core;
    const bad: UnknownAction[] = [
      { type: 'a2ui/mcpAppRequested', payload: { requestId: null, surfaceId: 'b', ref: 'root', method: 'x' }, meta: { id: 'm1', at: new Date(0).toISOString() } },
      { type: 'a2ui/mcpToolReplied', payload: { requestId: 1, surfaceId: 'b', ref: 'root', outcome: { status: 'maybe' } }, meta: { id: 'm2', at: new Date(0).toISOString() } },
      { type: 'a2ui/mcpToolReplied', payload: 'nope', meta: { id: 'm3', at: new Date(0).toISOString() } },
      { type: 'a2ui/mcpToolReplied', payload: { requestId: 1, surfaceId: 'b', ref: 'root', outcome: { status: 'ok', result: { content: [] } } } },
    ];
    for (const action of bad) expect(() => h.store.dispatch(action)).not.toThrow();
    expect(h.state().session.core).toBe(before);
    expect(h.state().session.lastError).toMatchObject({ code: 'INVALID_ARGUMENT', operation: 'mcpToolReplied' });
    expect(h.task.isRunning()).toBe(true);
    h.task.cancel();
  });
});

/** A catalog with one function that asks for an MCP tool call, as callMcpTool does. */
const TOOLS = 'https://example.com/catalogs/tools';
function toolsCatalog(sessionExtension?: unknown): Catalog {
  const catalog = defineCatalog({
    catalogId: TOOLS,
    functions: {
      askTool: {
        definition: { returnType: 'void' },
        implementation: (_args, context) => context.request({ type: 'mcpToolCall', name: 'lookup', arguments: { q: 'a2ui' } }),
      },
      echo: { definition: { returnType: 'string', allowedCallers: 'rendererOrAgent' }, implementation: () => 'echo' },
    },
  });
  return sessionExtension === undefined ? catalog : ({ ...catalog, sessionExtension } as unknown as Catalog);
}

describe('a catalog carrying a malformed sessionExtension is a configuration error naming the option', () => {
  const throwingGetter = Object.defineProperty({ ...toolsCatalog() }, 'sessionExtension', {
    get() {
      throw new Error('boom in getter');
    },
    enumerable: true,
  }) as Catalog;
  const seamGetter = { name: 'x' };
  Object.defineProperty(seamGetter, 'appRequest', {
    get() {
      throw new Error('seam getter');
    },
    enumerable: true,
  });
  const trapping = new Proxy(
    { name: 'proxied' },
    {
      get(target, key) {
        if (key === 'dataModelChanged') throw new Error('trap');
        return Reflect.get(target, key);
      },
    },
  );
  test.each<[string, Catalog, RegExp]>([
    ['a sessionExtension getter that throws', throwingGetter, /catalogs\[1\]\.sessionExtension could not be read \(.*boom in getter/],
    ['a seam getter that throws', toolsCatalog(seamGetter), /catalogs\[1\]\.sessionExtension could not be read \(.*seam getter/],
    ['a Proxy whose get trap throws', toolsCatalog(trapping), /catalogs\[1\]\.sessionExtension could not be read \(.*trap/],
    ['a seam that is a number', toolsCatalog({ name: 'x', dataModelChanged: 1 }), /catalogs\[1\]\.sessionExtension\.dataModelChanged must be a function/],
    ['a seam that is null', toolsCatalog({ name: 'x', toolSettled: null }), /catalogs\[1\]\.sessionExtension\.toolSettled must be a function/],
    ['a seam that is an object with a call method', toolsCatalog({ name: 'x', localRequest: { call() {} } }), /catalogs\[1\]\.sessionExtension\.localRequest must be a function/],
    ['an array', toolsCatalog([]), /catalogs\[1\]\.sessionExtension must be an object with a string name/],
    ['a function', toolsCatalog(() => undefined), /catalogs\[1\]\.sessionExtension must be an object with a string name/],
    ['null', toolsCatalog(null), /catalogs\[1\]\.sessionExtension must be an object with a string name/],
  ])('%s', (_name, catalog, message) => {
    expect(() => createSession([basicCatalog(), catalog])).toThrow(TypeError);
    expect(() => createSession([basicCatalog(), catalog])).toThrow(message);
    expect(() => createA2ui({ catalogs: [basicCatalog(), catalog] })).toThrow(message);
  });

  test('a Proxy that passes the check and then answers differently is held to what was checked', () => {
    let checked = false;
    const shifty = new Proxy({ name: 'shifty', dataModelChanged: (): Effect[] => [] } as Record<string, unknown>, {
      get(target, key) {
        if (key === 'dataModelChanged' && checked) return 'not a function any more';
        return Reflect.get(target, key);
      },
    });
    const session = createSession([basicCatalog(), toolsCatalog(shifty)]);
    checked = true;
    const opened = handleMessage(session, [
      { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: basicCatalog().catalogId, dataModel: { n: 1 } } },
      { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { path: '/n' } }] } },
    ]);
    expect(opened.ok).toBe(true);
    const changed = handleMessage(opened.session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/n', value: 2 } });
    expect(changed.ok).toBe(true);
    expect(changed.session.state.surfaces.s?.dataModel).toEqual({ n: 2 });
  });
});

const BUTTON_SURFACE = [
  { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json', dataModel: { score: 1 } } },
  {
    version: 'v1.0',
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'Column', children: ['button', 'label'] },
        { id: 'button', component: 'Button', child: 'label', action: { functionCall: { call: 'askTool', catalogId: TOOLS } } },
        { id: 'label', component: 'Text', text: { path: '/score' } },
      ],
    },
  },
];

describe('an extension whose seam throws at run time does not break the session or the store', () => {
  const failing: SessionExtension = {
    name: 'Failing',
    dataModelChanged: () => {
      throw new Error('dataModelChanged exploded');
    },
    localRequest: () => {
      throw new Error('localRequest exploded');
    },
    appRequest: () => {
      throw new Error('appRequest exploded');
    },
    toolSettled: () => {
      throw new Error('toolSettled exploded');
    },
  };
  const open = (): Session => {
    const opened = handleMessage(createSession([basicCatalog(), toolsCatalog(failing)]), BUTTON_SURFACE);
    if (!opened.ok) throw new Error(opened.error.message);
    return opened.session;
  };

  test("the agent's data change applies, its call is answered once, and a diagnostic names the extension", () => {
    const changed = handleMessage(open(), [
      { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/score', value: 2 } },
      { version: 'v1.0', callRendererFunction: { functionCallId: 'f1', callFunction: { call: 'echo', catalogId: TOOLS } } },
    ]);
    expect(changed.ok ? null : changed.error).toBeNull();
    expect(changed.session.state.surfaces.s?.dataModel).toEqual({ score: 2 });
    const answers = ofType(changed.effects, 'send').filter((e) => JSON.stringify(e.message).includes('"f1"'));
    expect(answers).toEqual([expect.objectContaining({ message: expect.objectContaining({ rendererFunctionResponse: { functionCallId: 'f1', value: 'echo' } }) })]);
    const diagnostics = ofType(changed.effects, 'diagnostic').filter((d) => d.payload.message.includes('Failing'));
    expect(diagnostics).toEqual([expect.objectContaining({ surfaceId: 's', severity: 'error', payload: expect.objectContaining({ message: expect.stringContaining('dataModelChanged exploded') }) })]);
  });

  test('an action whose local request the extension fails on still runs, with a diagnostic naming the extension', () => {
    const invoked = invoke(open(), 's', 'button');
    expect(invoked.ok).toBe(true);
    if (!invoked.ok) return;
    expect(ofType(invoked.effects, 'diagnostic')).toEqual([
      expect.objectContaining({ surfaceId: 's', severity: 'error', payload: expect.objectContaining({ message: expect.stringMatching(/Failing.*localRequest exploded/), ref: 'button' }) }),
    ]);
  });

  test('through a real store: app requests and tool outcomes get exactly one error reply, agent updates apply', async () => {
    const h = start([basicCatalog(), toolsCatalog(failing)], { messages: BUTTON_SURFACE });
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: 's', ref: 'button', method: 'ui/message', params: { role: 'user', content: 'x' } }));
    h.store.dispatch(h.a2ui.actions.mcpToolReplied({ requestId: 2, surfaceId: 's', ref: 'button', name: 'lookup', outcome: { status: 'ok', result: { content: [] } } }));
    h.store.dispatch(h.a2ui.actions.mcpToolReplied({ requestId: 'mcp-call-9', surfaceId: 's', ref: 'button', name: 'lookup', origin: 'action', outcome: { status: 'ok', result: { content: [] } } }));
    h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/score', value: 7 } });
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 's', ref: 'button' }));
    await until(() => h.replies.length >= 2);
    await settle();
    expect(answered(h)).toEqual([1, 2]);
    for (const { reply } of h.replies) expect(reply).toEqual({ error: { code: INTERNAL_ERROR, message: expect.stringContaining('exploded') } });
    expect(h.state().session.core.surfaces.s?.dataModel).toEqual({ score: 7 });
    expect(h.task.isRunning()).toBe(true);
    h.task.cancel();
  });
});

describe('a custom catalog reusing mcpCatalog().sessionExtension next to the MCP catalog', () => {
  const extension = mcpCatalog().sessionExtension;
  const reusing = (copy: boolean) => ({ ...toolsCatalog(), sessionExtension: copy ? { ...extension } : extension }) as Catalog;

  test.each([
    ['the same object', false],
    ['a copy of it', true],
  ])('(%s): one notification per change, one reply per request, one tool call per action', async (_name, copy) => {
    const single = start([basicCatalog(), mcpCatalog()], { client: true });
    const twice = start([basicCatalog(), mcpCatalog(), reusing(copy)], { client: true });
    for (const h of [single, twice]) {
      h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 12 } });
      h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'owls' } } }));
      h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 2, surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-change', params: { key: 'score', value: 3 } }));
      h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    }
    for (const h of [single, twice]) {
      await until(() => h.replies.length >= 1 && h.notes.some((n) => n.method === 'ui/notifications/tool-result'));
    }
    await settle();
    // The spec's reactive update: one data-model-update per bound key that changed (score, game).
    expect(single.notes.filter((n) => n.method === 'ui/notifications/data-model-update').map((n) => (n.params as { key: string }).key)).toEqual(['score', 'game', 'game']);
    expect(twice.notes).toEqual(single.notes);
    expect(answered(twice)).toEqual([1]);
    expect(twice.replies).toEqual(single.replies);
    const toolCalls = (h: Harness) => h.actions.filter((a) => h.a2ui.actions.mcpToolReplied.match(a)).length;
    expect(toolCalls(single)).toBe(2);
    expect(toolCalls(twice)).toBe(2);
    expect(twice.state().session.core.surfaces[SURFACE]?.dataModel).toEqual(single.state().session.core.surfaces[SURFACE]?.dataModel);
    single.task.cancel();
    twice.task.cancel();
  });
});
