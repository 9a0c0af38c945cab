/**
 * MCP Apps as a plug-in of the MCP catalog, attacked at its seams: sessions without the MCP
 * catalog fed MCP input, catalogs carrying malformed or failing session extensions, the MCP
 * extension brought twice, and MCP state through DevTools time travel, a JSON round trip and two
 * instances in one store. Real RTK stores with the saga, the SDK's client and server in memory.
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { ActionCreators } from '@redux-devtools/instrument';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { defineCatalog } from '../../src/catalog/define';
import type { Catalog } from '../../src/catalog/types';
import { createA2ui } from '../../src/createA2ui';
import { mcpCatalog } from '../../src/mcp/catalog';
import type { Effect, McpReply } from '../../src/model/effects';
import { REALM_TOKEN } from '../../src/redux/actions';
import type { A2uiState } from '../../src/redux/state';
import { invoke } from '../../src/session/interaction';
import { createSession, dispose, handleMessage, type Session, type SessionExtension } from '../../src/session/session';
import { mcpAppRequest, mcpToolSettled } from '../../src/mcp/requests';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { createDevToolsStore } from '../helpers/reduxHarness';
import { APP_REF, MCP_CATALOG_ID, OPEN_BUTTON_REF, SURFACE, appSurfaceMessages, ofType, openSession, startMcpServer, type McpFixture } from './fixtures';

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
    // An extension that defers its app requests to a tool call, and fails on the outcome.
    const deferring: SessionExtension = {
      name: 'Deferring',
      appRequest: (session, surfaceId, ref, _method, _params, options) => ({
        ok: true,
        session,
        effects: [{ type: 'mcpToolCall', requestId: options.requestId ?? 0, surfaceId, ref, name: 'lookup', arguments: {}, timeoutMs: 1_000, origin: 'app' }],
        reply: null,
        deferred: true,
      }),
      toolSettled: failing.toolSettled,
    };
    const h = start([basicCatalog(), toolsCatalog(failing)], { messages: BUTTON_SURFACE });
    const d = start([basicCatalog(), toolsCatalog(deferring)], { messages: BUTTON_SURFACE });
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: 's', ref: 'button', method: 'ui/message', params: { role: 'user', content: 'x' } }));
    d.store.dispatch(d.a2ui.actions.mcpAppRequested({ requestId: 2, surfaceId: 's', ref: 'button', method: 'tools/call', params: { name: 'lookup' } }));
    h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/score', value: 7 } });
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 's', ref: 'button' }));
    await until(() => h.replies.length >= 1 && d.replies.length >= 1);
    await settle();
    expect(answered(h)).toEqual([1]);
    expect(answered(d)).toEqual([2]);
    expect(h.replies[0]?.reply).toEqual({ error: { code: INTERNAL_ERROR, message: expect.stringContaining('appRequest exploded') } });
    expect(d.replies[0]?.reply).toEqual({ error: { code: INTERNAL_ERROR, message: expect.stringContaining('toolSettled exploded') } });
    expect(h.state().session.core.surfaces.s?.dataModel).toEqual({ score: 7 });
    for (const x of [h, d]) {
      expect(x.task.isRunning()).toBe(true);
      x.task.cancel();
    }
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

describe('MCP Apps state through DevTools, a JSON round trip and two instances', () => {
  test('time travel with a tool call in flight: the tool runs once, the app is answered once, nothing is re-sent', async () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()], mcpClient: mcp.client, defaultTimeoutMs: 5_000 });
    const { store, sagaMiddleware, dispatchCount } = createDevToolsStore(a2ui, { maxDispatches: 5_000 });
    const { transport, agent } = createInMemoryTransport();
    const replies: Array<{ requestId: string | number; reply: McpReply }> = [];
    const notes: string[] = [];
    const task = sagaMiddleware.run(a2ui.saga, {
      transport,
      mcpAppReply: (requestId: string | number, reply: McpReply) => void replies.push({ requestId, reply }),
      mcpAppNotify: (_s: string, ref: string, method: string, params: unknown) => void notes.push(`${ref} ${method} ${JSON.stringify(params)}`),
    });
    agent.send(appSurfaceMessages());
    const request = (requestId: number, method: string, params: unknown) =>
      store.dispatch(a2ui.actions.mcpAppRequested({ requestId, surfaceId: SURFACE, ref: APP_REF, method, params }));
    request(1, 'tools/call', { name: 'slow' });
    request(2, 'ui/notifications/data-model-change', { key: 'game', subpath: '/level', value: 5 });
    agent.send({ version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 9 } });
    request(3, 'ui/message', { role: 'user', content: 'hi' });
    await until(() => replies.length >= 1);
    const lifted = () => store.liftedStore.getState() as { computedStates: unknown[]; actionsById: Record<number, { action: UnknownAction }> };
    const toolRuns = () => Object.values(lifted().actionsById).filter((entry) => a2ui.actions.mcpToolReplied.match(entry.action)).length;
    const recorded = lifted().computedStates.length;
    const sentBefore = agent.received.length;
    const notesBefore = notes.length;
    // Jump to every state while the slow tool is still running, dispatching there.
    for (let index = 0; index < recorded; index += 1) {
      store.liftedStore.dispatch(ActionCreators.jumpToState(index));
      store.dispatch({ type: 'host/unrelated' });
      store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' }));
      await settle();
    }
    store.liftedStore.dispatch(ActionCreators.jumpToState(lifted().computedStates.length - 1));
    mcp.releaseSlow();
    await until(() => replies.some((r) => r.requestId === 1));
    await settle();
    expect(answered({ replies } as unknown as Harness).sort()).toEqual([1, 3]);
    expect(replies.find((r) => r.requestId === 1)?.reply).toEqual({ result: { content: [{ type: 'text', text: 'late' }] } });
    expect(toolRuns()).toBe(1);
    expect(agent.received.length).toBe(sentBefore);
    expect(notes.length).toBe(notesBefore);
    expect(dispatchCount()).toBeLessThan(5_000);
    task.cancel();
  });

  test('a state persisted as JSON with a tool call in flight: the new store re-runs nothing, answers nothing twice, and serves new requests', async () => {
    const first = start([basicCatalog(), mcpCatalog()], { client: true });
    first.store.dispatch(first.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'slow' } }));
    first.store.dispatch(first.a2ui.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    await settle();
    // The store is persisted mid-flight, and not running any more; the next page load has another realm token.
    const persisted = JSON.parse(JSON.stringify(first.state()).split(REALM_TOKEN).join('zz' + REALM_TOKEN.slice(2))) as A2uiState;
    first.task.cancel();
    mcp.releaseSlow();

    const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()], mcpClient: mcp.client, defaultTimeoutMs: 5_000 });
    const sagaMiddleware = createSagaMiddleware();
    const actions: UnknownAction[] = [];
    const recorder: Middleware = () => (next) => (action) => {
      actions.push(action as UnknownAction);
      return next(action);
    };
    const store = configureStore({ reducer: { a2ui: a2ui.reducer }, preloadedState: { a2ui: persisted }, middleware: (d) => d().concat(sagaMiddleware, recorder) });
    const { transport } = createInMemoryTransport();
    const replies: Array<{ requestId: string | number; reply: McpReply }> = [];
    const task = sagaMiddleware.run(a2ui.saga, { transport, mcpAppReply: (requestId: string | number, reply: McpReply) => void replies.push({ requestId, reply }) });
    await settle();
    expect(actions.filter((a) => a2ui.actions.mcpToolReplied.match(a))).toEqual([]);
    expect(replies).toEqual([]);
    // The reloaded app numbers its requests from 1 again; it is answered once, from this store.
    store.dispatch(a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'again' } } }));
    await until(() => replies.length >= 1);
    await settle();
    expect(replies).toEqual([{ requestId: 1, reply: { result: expect.objectContaining({ content: expect.arrayContaining([{ type: 'text', text: 'Found results for again' }]) }) } }]);
    expect(store.getState().a2ui.session.core.surfaces[SURFACE]?.dataModel).toMatchObject({ results: ['again', 'more'] });
    expect(task.isRunning()).toBe(true);
    task.cancel();
  });

  test('two instances in one store, one with the MCP catalog and one without: each answers its own, once', async () => {
    const withMcp = createA2ui({ reducerPath: 'apps', catalogs: [basicCatalog(), mcpCatalog()], mcpClient: mcp.client });
    const without = createA2ui({ reducerPath: 'plain', catalogs: [basicCatalog()] });
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({ reducer: { apps: withMcp.reducer, plain: without.reducer }, middleware: (d) => d().concat(sagaMiddleware) });
    const a = createInMemoryTransport();
    const b = createInMemoryTransport();
    const replies: Record<string, Array<{ requestId: string | number; reply: McpReply }>> = { apps: [], plain: [] };
    const notes: Record<string, string[]> = { apps: [], plain: [] };
    const run = (name: 'apps' | 'plain', instance: typeof withMcp | typeof without, transport: ReturnType<typeof createInMemoryTransport>['transport']) =>
      (sagaMiddleware.run as (saga: unknown, ports: unknown) => Task)(instance.saga, {
        transport,
        mcpAppReply: (requestId: string | number, reply: McpReply) => void replies[name]?.push({ requestId, reply }),
        mcpAppNotify: (_s: string, _r: string, method: string) => void notes[name]?.push(method),
      });
    const tasks = [run('apps', withMcp, a.transport), run('plain', without, b.transport)];
    a.agent.send(appSurfaceMessages());
    b.agent.send(appSurfaceMessages());
    for (const instance of [withMcp, without] as const) {
      store.dispatch(instance.actions.mcpAppRequested({ requestId: 7, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'both' } } }));
      store.dispatch(instance.actions.mcpToolReplied({ requestId: 'mcp-call-99', surfaceId: SURFACE, ref: APP_REF, name: 'search', origin: 'action', outcome: { status: 'error', message: 'forged' } }));
    }
    a.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 4 } });
    b.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 4 } });
    await until(() => (replies.apps?.length ?? 0) >= 1 && (replies.plain?.length ?? 0) >= 1);
    await settle();
    expect(replies.apps).toEqual([{ requestId: 7, reply: { result: expect.objectContaining({ content: expect.any(Array) }) } }]);
    expect(replies.plain).toEqual([{ requestId: 7, reply: { error: { code: INTERNAL_ERROR, message: expect.any(String) } } }]);
    expect(notes.apps).toEqual(['ui/notifications/data-model-update', 'ui/notifications/data-model-update']);
    expect(notes.plain).toEqual([]);
    // The plain instance refused the McpApp surface; the other instance's state is its own.
    expect(store.getState().plain.session.core.surfaces[SURFACE]?.dataModel).not.toHaveProperty('results');
    expect(store.getState().apps.session.core.surfaces[SURFACE]?.dataModel).toMatchObject({ results: ['both', 'more'] });
    for (const task of tasks) task.cancel();
  });
});

describe('forged and repeated tool settlements', () => {
  test('without the MCP catalog no app call can be pending: a settlement answers nobody and applies nothing', async () => {
    const lookalike = defineCatalog({ catalogId: 'https://example.com/lookalike', components: { McpApp: { properties: {} } } });
    const h = start([basicCatalog(), lookalike], {
      messages: [
        { version: 'v1.0', createSurface: { surfaceId: SURFACE, catalogId: 'https://example.com/lookalike' } },
        { version: 'v1.0', updateComponents: { surfaceId: SURFACE, components: [{ id: 'root', component: 'McpApp' }] } },
      ],
    });
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: 'root', method: 'tools/call', params: { name: 'search' } }));
    await until(() => h.replies.length >= 1);
    const before = h.state().session.core;
    h.store.dispatch(h.a2ui.actions.mcpToolReplied({ requestId: 1, surfaceId: SURFACE, ref: 'root', name: 'search', outcome: { status: 'ok', result: { content: [] } } }));
    h.store.dispatch(h.a2ui.actions.mcpToolReplied({ requestId: 2, surfaceId: SURFACE, ref: 'root', name: 'search', outcome: { status: 'timeout', message: 'x' } }));
    await settle();
    expect(answered(h)).toEqual([1]);
    expect(h.state().session.core.surfaces).toBe(before.surfaces);
    h.task.cancel();
  });

  test('with the MCP catalog: a forged settlement of a call in flight, a repeated one and one for no call answer the app once', async () => {
    const h = start([basicCatalog(), mcpCatalog()], { client: true });
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'slow' } }));
    await settle();
    const forged = { requestId: 1, surfaceId: SURFACE, ref: APP_REF, name: 'slow', outcome: { status: 'ok' as const, result: { content: [{ type: 'text', text: 'forged' }] } } };
    h.store.dispatch(h.a2ui.actions.mcpToolReplied(forged));
    h.store.dispatch(h.a2ui.actions.mcpToolReplied(forged));
    h.store.dispatch(h.a2ui.actions.mcpToolReplied({ ...forged, requestId: 42 }));
    // A forged action outcome would write its MCP App resource into the data model.
    h.store.dispatch(h.a2ui.actions.mcpToolReplied({ requestId: 'mcp-call-77', surfaceId: SURFACE, ref: OPEN_BUTTON_REF, name: 'openApp', origin: 'action', targetDataPath: '/app', arguments: {}, outcome: { status: 'ok', result: { content: [{ type: 'resource', resource: { uri: 'ui://evil', mimeType: 'text/html;profile=mcp-app', text: '<p>evil</p>' } }] } } }));
    mcp.releaseSlow();
    await until(() => h.actions.filter((a) => h.a2ui.actions.mcpToolReplied.match(a)).length >= 5);
    await settle();
    expect(answered(h)).toEqual([1]);
    expect((h.state().session.core.surfaces[SURFACE]?.dataModel as { app: Record<string, unknown> }).app).not.toHaveProperty('htmlContent');
    // The call the session made is still answered once, by whichever outcome came first.
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 2, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'x' } } }));
    await until(() => h.replies.length >= 2);
    await settle();
    expect(answered(h)).toEqual([1, 2]);
    h.task.cancel();
  });
});

describe('after dispose', () => {
  test('tool outcomes that arrive after the instance was disposed change no surface and notify nobody; each request is answered once', async () => {
    const h = start([basicCatalog(), mcpCatalog()], { client: true });
    await settle();
    // Both calls are in flight (the SDK answers asynchronously) when the instance is disposed.
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'late' } } }));
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    h.store.dispatch(h.a2ui.actions.disposed());
    const surfaces = h.state().session.core.surfaces;
    const notes = h.notes.length;
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 2, surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-change', params: { key: 'score', value: 99 } }));
    await until(() => h.actions.filter((a) => h.a2ui.actions.mcpToolReplied.match(a)).length >= 2);
    await settle();
    expect(h.state().session.core.surfaces).toBe(surfaces);
    expect(h.notes.length).toBe(notes);
    expect(answered(h).filter((id) => id === 1)).toHaveLength(1);
    expect(h.replies.filter((r) => r.requestId === 2)).toEqual([
      { requestId: 2, app: { surfaceId: SURFACE, ref: APP_REF }, reply: { error: { code: INTERNAL_ERROR, message: expect.stringContaining('disposed') } } },
    ]);
    h.task.cancel();
  });

  test('the pure functions refuse a disposed session as the slice does: nothing changes, an app is told', () => {
    const open = openSession();
    // Before dispose the same calls act: the request is answered and the outcome writes its resource.
    const live = mcpAppRequest(open, SURFACE, APP_REF, 'ui/notifications/data-model-change', { key: 'score', value: 5 });
    expect(live.ok).toBe(true);
    const disposed = dispose(open).session;
    const request = mcpAppRequest(disposed, SURFACE, APP_REF, 'ui/notifications/data-model-change', { key: 'score', value: 5 });
    expect(request).toEqual({ ok: false, error: expect.objectContaining({ code: 'SESSION_DISPOSED' }) });
    const outcome = { requestId: 7, surfaceId: SURFACE, ref: APP_REF, outcome: { status: 'ok' as const, result: { content: [] } } };
    const forApp = mcpToolSettled(disposed, outcome);
    expect(forApp.session).toBe(disposed);
    expect(forApp.effects).toEqual([]);
    expect(forApp.reply).toEqual({ error: { code: INTERNAL_ERROR, message: expect.stringContaining('disposed') } });
    const forAction = mcpToolSettled(disposed, { ...outcome, origin: 'action', name: 'search', targetDataPath: '/result' });
    expect(forAction).toEqual({ session: disposed, effects: [], reply: null });
  });
});

describe('an extension whose seams return garbage', () => {
  test('each seam\'s garbage is its failure: a diagnostic naming it or one error reply, never a throw', async () => {
    const garbage = {
      name: 'Garbage',
      dataModelChanged: () => 'not a list',
      localRequest: () => ({ effects: 'nope' }),
      appRequest: () => ({ ok: true }),
      toolSettled: () => 42,
    } as unknown as SessionExtension;
    const opened = handleMessage(createSession([basicCatalog(), toolsCatalog(garbage)]), BUTTON_SURFACE);
    expect(opened.ok).toBe(true);
    const changed = handleMessage(opened.session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/score', value: 2 } });
    expect(changed.ok).toBe(true);
    expect(ofType(changed.effects, 'diagnostic').map((d) => d.payload.code)).toEqual(['EXTENSION_FAILED']);
    const invoked = invoke(changed.session, 's', 'button');
    expect(invoked.ok).toBe(true);
    if (invoked.ok) expect(ofType(invoked.effects, 'diagnostic').map((d) => [d.payload.code, d.payload.message.includes('localRequest')])).toEqual([['EXTENSION_FAILED', true]]);

    const h = start([basicCatalog(), toolsCatalog(garbage)], { messages: BUTTON_SURFACE });
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: 's', ref: 'button', method: 'ui/message', params: { role: 'user', content: 'x' } }));
    await until(() => h.replies.length >= 1);
    await settle();
    expect(h.replies).toEqual([{ requestId: 1, app: { surfaceId: 's', ref: 'button' }, reply: { error: { code: INTERNAL_ERROR, message: expect.stringContaining("'Garbage' failed in appRequest") } } }]);
    h.task.cancel();
  });
});

describe('DevTools: the outcome of a call arrives while the user looks at the past', () => {
  test('the app is answered once, when the user comes back to the present', async () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()], mcpClient: mcp.client, defaultTimeoutMs: 5_000 });
    const { store, sagaMiddleware } = createDevToolsStore(a2ui);
    const { transport, agent } = createInMemoryTransport();
    const replies: Array<{ requestId: string | number; reply: McpReply }> = [];
    const task = sagaMiddleware.run(a2ui.saga, { transport, mcpAppReply: (requestId: string | number, reply: McpReply) => void replies.push({ requestId, reply }) });
    agent.send(appSurfaceMessages());
    store.dispatch(a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'slow' } }));
    await settle();
    store.liftedStore.dispatch(ActionCreators.jumpToState(0));
    mcp.releaseSlow();
    await settle();
    await settle();
    const lifted = store.liftedStore.getState() as { computedStates: unknown[] };
    store.liftedStore.dispatch(ActionCreators.jumpToState(lifted.computedStates.length - 1));
    // A jump is no action the saga sees; the next action of the instance wakes its workers.
    store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' }));
    await until(() => replies.length >= 1);
    await settle();
    expect(replies).toEqual([{ requestId: 1, reply: { result: { content: [{ type: 'text', text: 'late' }] } } }]);
    task.cancel();
  });
});

describe('agent calls around an McpApp a session without the MCP catalog refuses', () => {
  test('a callRendererFunction after the refused message is answered once; a binding call made before settles once', async () => {
    const h = start([basicCatalog(), toolsCatalog()], {
      messages: [
        { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: basicCatalog().catalogId, dataModel: { q: 'a' } } },
        { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { call: 'lookup', args: { q: { path: '/q' } } } }] } },
      ],
    });
    const calls = () => h.agent.received.flatMap((r) => ('callAgentFunction' in r.message ? [(r.message.callAgentFunction as { functionCallId: string }).functionCallId] : []));
    expect(calls()).toHaveLength(1);
    h.agent.send([
      { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'app', component: 'McpApp', catalogId: MCP_CATALOG_ID, title: 'x' }] } },
      { version: 'v1.0', callRendererFunction: { functionCallId: 'r1', callFunction: { call: 'echo', catalogId: TOOLS } } },
    ]);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: calls()[0], value: 'found' } });
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: calls()[0], value: 'again' } });
    await settle();
    const about = (id: string) => h.agent.received.filter((r) => JSON.stringify(r.message).includes(`"functionCallId":"${id}"`) && !('callAgentFunction' in r.message));
    expect(about('r1')).toHaveLength(1);
    expect(about('r1')[0]?.message).toHaveProperty('error');
    expect(h.a2ui.selectors.selectNode(h.store.getState() as never, 's', 'root')?.props.text).toBe('found');
    expect(calls()).toHaveLength(1);
    expect(h.task.isRunning()).toBe(true);
    h.task.cancel();
  });
});

describe('an extension written as a class', () => {
  test('its seams are called on the extension, as methods', () => {
    class Counting implements SessionExtension {
      readonly name = 'Counting';
      seen = 0;
      dataModelChanged(): Effect[] {
        this.seen += 1;
        return [];
      }
    }
    const extension = new Counting();
    const opened = handleMessage(createSession([basicCatalog(), toolsCatalog(extension)]), BUTTON_SURFACE);
    const changed = handleMessage(opened.session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/score', value: 2 } });
    expect(ofType(changed.effects, 'diagnostic')).toEqual([]);
    expect(extension.seen).toBe(1);
  });
});
