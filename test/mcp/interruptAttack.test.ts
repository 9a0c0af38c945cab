/**
 * MCP tool calls against restarted, doubled, reset, disposed and time-travelled saga runs: a real
 * store with the saga middleware, the real MCP SDK client and server in memory, the real DevTools
 * instrument enhancer. Every app request is answered at most once, never with another call's
 * outcome, and a late outcome resurrects nothing and sets no error.
 */
import { ActionCreators } from '@redux-devtools/instrument';
import { configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { createA2ui, type A2ui } from '../../src/createA2ui';
import { mcpCatalog } from '../../src/mcp/catalog';
import type { McpReply } from '../../src/model/effects';
import type { McpToolClient } from '../../src/mcp/types';
import type { A2uiState } from '../../src/redux/state';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { INTERRUPTED_TOOL_CALL } from '../../sagas/mcpToolCall';
import { createDevToolsStore } from '../helpers/reduxHarness';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Storage } from 'redux-persist';
import { REALM_TOKEN } from '../../src/redux/actions';
import { APP_REF, OPEN_BUTTON_REF, SURFACE, appSurfaceMessages, startMcpServer, type McpFixture } from './fixtures';
import { memoryStorage } from '../helpers/persistStorage';
import { goOpenLookupSurface } from '../helpers/reduxFixtures';

let mcp: McpFixture;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

/** The real client behind a gate: each call reaches the server only once the test lets it through. */
function gatedClient(): McpToolClient & { calls: string[]; release(name?: string): void } {
  const calls: string[] = [];
  const held: Array<{ name: string; go: () => void }> = [];
  return {
    calls,
    callTool(request) {
      calls.push(request.name);
      return new Promise<void>((resolve) => held.push({ name: request.name, go: resolve })).then(() => mcp.client.callTool(request));
    },
    release(name) {
      for (let i = 0; i < held.length; ) {
        const entry = held[i] as { name: string; go: () => void };
        if (name === undefined || entry.name === name) {
          held.splice(i, 1);
          entry.go();
        } else i += 1;
      }
    },
  };
}

type Replied = { requestId: string | number; reply: McpReply; surfaceId?: string; ref?: string };

/** Ports that record what reached the app and the diagnostics. */
function recordingPorts(client: McpToolClient) {
  const { transport, agent } = createInMemoryTransport();
  const replies: Replied[] = [];
  const diagnostics: Array<{ code: string; message: string }> = [];
  const ports = {
    transport,
    mcpClient: client,
    mcpAppReply: (requestId: string | number, reply: McpReply, app: { surfaceId?: string; ref?: string }) => void replies.push({ requestId, reply, ...app }),
    onDiagnostic: (effect: { payload: { code: string; message: string } }) => void diagnostics.push(effect.payload),
  };
  return { ports, agent, replies, diagnostics };
}

/** A store (with `reducer` around the slice, for a host's reset) and its saga middleware. */
function storeOf(a2ui: A2ui, reducer: Reducer<A2uiState> = a2ui.reducer) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: reducer }, middleware: (d) => d().concat(sagaMiddleware) });
  return { store, sagaMiddleware, state: (): A2uiState => store.getState().a2ui };
}

const instance = (client: McpToolClient, reducerPath = 'a2ui') => createA2ui({ reducerPath, catalogs: [basicCatalog(), mcpCatalog()], mcpClient: client });
/** A held-back client, an instance with the MCP catalog on it, its store (its reducer wrapped by `wrap`) and recording ports. */
function setUp(wrap?: (a2ui: A2ui) => Reducer<A2uiState>) {
  const client = gatedClient();
  const a2ui = instance(client);
  const h = storeOf(a2ui, wrap?.(a2ui));
  return { client, a2ui, h, ...recordingPorts(client) };
}

/** As {@link setUp}, on a store with the DevTools instrument (`maxDispatches` as createDevToolsStore takes it). */
function devToolsSetUp(maxDispatches: number) {
  const client = gatedClient();
  const a2ui = instance(client);
  return { client, a2ui, ...createDevToolsStore(a2ui, { maxDispatches }), ...recordingPorts(client) };
}
const search = (a2ui: A2ui, requestId: number, q: string, surfaceId = SURFACE) =>
  a2ui.actions.mcpAppRequested({ requestId, surfaceId, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q } } });

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));
const found = (q: string) => ({ result: expect.objectContaining({ content: expect.arrayContaining([{ type: 'text', text: `Found results for ${q}` }]) }) });
const interrupted = { error: { code: expect.any(Number), message: expect.stringContaining(INTERRUPTED_TOOL_CALL) } };

describe('two saga runs for one instance at once', () => {
  test("an app's call one run is running is not answered as interrupted by the other: one answer, the real one", async () => {
    const { client, a2ui, h, ports, agent, replies } = setUp();
    const one = h.sagaMiddleware.run(a2ui.saga, ports);
    const two = h.sagaMiddleware.run(a2ui.saga, { ...ports, transport: { send: ports.transport.send.bind(ports.transport) } });
    agent.send(appSurfaceMessages());
    h.store.dispatch(search(a2ui, 7, 'owls'));
    h.store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' })); // wakes both runs again
    await until(() => client.calls.length > 0);
    client.release();
    await until(() => replies.length > 0);
    await settle();

    expect(replies).toEqual([{ requestId: 7, reply: found('owls'), surfaceId: SURFACE, ref: APP_REF }]);
    expect(client.calls).toEqual(['search']);
    expect(h.state().session.mcpToolCalls).toBeUndefined();
    expect(h.state().session.lastError).toBeNull();
    one.cancel();
    two.cancel();
  });

  test('when one of them stops, the other answers its running call as interrupted, once', async () => {
    const { client, a2ui, h, ports, agent, replies } = setUp();
    const one = h.sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    h.store.dispatch(search(a2ui, 7, 'owls')); // run one runs it
    await until(() => client.calls.length === 1);
    const two = h.sagaMiddleware.run(a2ui.saga, { ...ports, transport: { send: ports.transport.send.bind(ports.transport) } });
    await settle();
    expect(replies).toEqual([]);
    one.cancel();
    h.store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' }));
    await until(() => replies.length > 0);
    client.release();
    await settle();

    expect(replies).toEqual([{ requestId: 7, reply: interrupted, surfaceId: SURFACE, ref: APP_REF }]);
    expect(client.calls).toEqual(['search']);
    expect(h.state().session.lastError).toBeNull();
    two.cancel();
  });
});

describe('a restart while tool calls run', () => {
  test("the app gets one error reply, the action's call one MCP_TOOL_FAILED diagnostic; nothing runs again, late outcomes are dropped", async () => {
    const { client, a2ui, h, ports, agent, replies, diagnostics } = setUp();
    const first = h.sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    h.store.dispatch(search(a2ui, 3, 'owls'));
    h.store.dispatch(a2ui.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    await until(() => client.calls.length === 2);
    expect(Object.values(h.state().session.mcpToolCalls ?? {}).map((w) => w.origin).sort()).toEqual(['action', 'app']);

    first.cancel();
    const second = h.sagaMiddleware.run(a2ui.saga, ports);
    await until(() => replies.length > 0 && diagnostics.some((d) => d.code === 'MCP_TOOL_FAILED'));
    client.release(); // the first run's calls come back: nobody listens
    await settle();

    expect(replies).toEqual([{ requestId: 3, reply: interrupted, surfaceId: SURFACE, ref: APP_REF }]);
    expect(diagnostics.filter((d) => d.code === 'MCP_TOOL_FAILED')).toEqual([expect.objectContaining({ message: expect.stringContaining('interrupted') })]);
    expect(client.calls.sort()).toEqual(['openApp', 'search']);
    expect(h.state().session.mcpToolCalls).toBeUndefined();
    expect(h.state().session.outbox).toEqual([]);
    expect(h.state().session.lastError).toBeNull();
    // The action's resource never arrived, so nothing was written at /app.
    expect(h.state().session.core.surfaces[SURFACE]?.dataModel).toMatchObject({ app: { toolInput: { id: 'start' } } });
    second.cancel();
  });
});

describe('a reset of the slice while a tool call runs', () => {
  const logout = (a2ui: A2ui): Reducer<A2uiState> => (state, action) => (action.type === 'host/logout' ? a2ui.reducer(undefined, action) : a2ui.reducer(state, action));

  test('the late outcome is dropped: no reply, no surface back, no error', async () => {
    const { client, a2ui, h, ports, agent, replies } = setUp(logout);
    const task = h.sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    h.store.dispatch(search(a2ui, 7, 'owls'));
    await until(() => client.calls.length === 1);
    h.store.dispatch({ type: 'host/logout' });
    client.release();
    await settle();
    await settle();

    expect(replies).toEqual([]);
    expect(h.state().session.core.surfaces).toEqual({});
    expect(h.state().session.outbox).toEqual([]);
    expect(h.state().session.lastError).toBeNull();
    task.cancel();
  });

  test("the old call's outcome never answers the reloaded app's request of the same id", async () => {
    const { client, a2ui, h, ports, agent, replies } = setUp(logout);
    const task = h.sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    h.store.dispatch(search(a2ui, 7, 'before'));
    await until(() => client.calls.length === 1);
    h.store.dispatch({ type: 'host/logout' });
    // After the login, the same surface and a reloaded app, whose request ids start over.
    agent.send(appSurfaceMessages());
    h.store.dispatch(search(a2ui, 7, 'after'));
    await until(() => client.calls.length === 2);
    // The first call comes back first.
    const pending = client as ReturnType<typeof gatedClient>;
    pending.release();
    await until(() => replies.length > 0);
    await settle();

    expect(replies).toEqual([{ requestId: 7, reply: found('after'), surfaceId: SURFACE, ref: APP_REF }]);
    expect(h.state().session.mcpToolCalls).toBeUndefined();
    expect(h.state().session.lastError).toBeNull();
    // The search resource of the old call did not write its query into the new surface.
    expect(h.state().session.core.surfaces[SURFACE]?.dataModel).toMatchObject({ results: ['after', 'more'] });
    task.cancel();
  });

  test('after disposed the app is told the session is gone, once, and nothing is applied', async () => {
    const { client, a2ui, h, ports, agent, replies } = setUp();
    const task = h.sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    h.store.dispatch(search(a2ui, 7, 'owls'));
    await until(() => client.calls.length === 1);
    h.store.dispatch(a2ui.actions.disposed());
    client.release();
    await until(() => replies.length > 0);
    await settle();

    expect(replies).toEqual([{ requestId: 7, reply: { error: { code: expect.any(Number), message: expect.stringContaining('disposed') } }, surfaceId: SURFACE, ref: APP_REF }]);
    expect(h.state().session.core.surfaces[SURFACE]?.dataModel).not.toHaveProperty('results');
    expect(h.state().session.mcpToolCalls).toBeUndefined();
    task.cancel();
  });
});

describe('two instances in one store, one restarted', () => {
  test("only the restarted instance's running call is answered as interrupted; the other's gets its real outcome", async () => {
    const client = gatedClient();
    const left = instance(client, 'left');
    const right = instance(client, 'right');
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({ reducer: { left: left.reducer, right: right.reducer }, middleware: (d) => d().concat(sagaMiddleware) });
    const l = recordingPorts(client);
    const r = recordingPorts(client);
    const leftFirst = sagaMiddleware.run(left.saga, l.ports);
    const rightTask = sagaMiddleware.run(right.saga, r.ports);
    l.agent.send(appSurfaceMessages());
    r.agent.send(appSurfaceMessages());
    store.dispatch(search(left, 1, 'left'));
    store.dispatch(search(right, 1, 'right'));
    await until(() => client.calls.length === 2);

    leftFirst.cancel();
    const leftSecond: Task = sagaMiddleware.run(left.saga, l.ports);
    await until(() => l.replies.length > 0);
    client.release();
    await until(() => r.replies.length > 0);
    await settle();

    expect(l.replies).toEqual([{ requestId: 1, reply: interrupted, surfaceId: SURFACE, ref: APP_REF }]);
    expect(r.replies).toEqual([{ requestId: 1, reply: found('right'), surfaceId: SURFACE, ref: APP_REF }]);
    expect(store.getState().left.session.mcpToolCalls).toBeUndefined();
    expect(store.getState().right.session.mcpToolCalls).toBeUndefined();
    expect([store.getState().left.session.lastError, store.getState().right.session.lastError]).toEqual([null, null]);
    leftSecond.cancel();
    rightTask.cancel();
  });
});

describe('DevTools while a tool call runs', () => {
  test('an outcome that comes back while the user looks at an earlier state is answered once, back at the present', async () => {
    const { client, a2ui, store, sagaMiddleware, ports, agent, replies } = devToolsSetUp(2_000);
    const task = sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    store.dispatch(search(a2ui, 7, 'owls'));
    await until(() => client.calls.length === 1);

    store.liftedStore.dispatch(ActionCreators.jumpToState(0));
    client.release();
    await settle();
    await settle();
    expect(replies).toEqual([]);
    const last = store.liftedStore.getState().computedStates.length - 1;
    store.liftedStore.dispatch(ActionCreators.jumpToState(last));
    store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' })); // wakes the saga
    await until(() => replies.length > 0);
    await settle();

    expect(replies).toEqual([{ requestId: 7, reply: found('owls'), surfaceId: SURFACE, ref: APP_REF }]);
    const state = (store.getState() as { a2ui: A2uiState }).a2ui;
    expect(state.session.mcpToolCalls).toBeUndefined();
    expect(state.session.lastError).toBeNull();
    task.cancel();
  });

  test('a sweep of the request while its call runs drops the late outcome quietly', async () => {
    const { client, a2ui, store, sagaMiddleware, ports, agent, replies } = devToolsSetUp(2_000);
    const task = sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    store.dispatch(search(a2ui, 7, 'owls'));
    await until(() => client.calls.length === 1);
    const lifted = store.liftedStore.getState();
    const requestAction = lifted.stagedActionIds.find((id: number) => a2ui.actions.mcpAppRequested.match(lifted.actionsById[id]?.action));
    store.liftedStore.dispatch(ActionCreators.toggleAction(requestAction as number));
    store.liftedStore.dispatch(ActionCreators.sweep());
    client.release();
    await settle();
    await settle();

    expect(replies).toEqual([]);
    const state = (store.getState() as { a2ui: A2uiState }).a2ui;
    expect(state.session.mcpToolCalls).toBeUndefined();
    expect(state.session.lastError).toBeNull();
    expect(state.session.core.surfaces[SURFACE]?.dataModel).not.toHaveProperty('results');
    task.cancel();
  });
});

describe('DevTools after a restart that interrupted a tool call', () => {
  test('jumping to every state, from before the restart too, answers the app no second time and runs no tool again', async () => {
    const { client, a2ui, store, sagaMiddleware, ports, agent, replies, diagnostics } = devToolsSetUp(5_000);
    const first = sagaMiddleware.run(a2ui.saga, ports);
    agent.send(appSurfaceMessages());
    store.dispatch(search(a2ui, 7, 'owls'));
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    await until(() => client.calls.length === 2);
    first.cancel();
    const second = sagaMiddleware.run(a2ui.saga, ports);
    await until(() => replies.length > 0);
    client.release();
    await settle();
    const sent = agent.received.length;

    const recorded = store.liftedStore.getState().computedStates.length;
    for (let index = 0; index < recorded; index += 1) {
      store.liftedStore.dispatch(ActionCreators.jumpToState(index));
      store.dispatch({ type: 'host/unrelated' });
      store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await settle();

    expect(replies).toEqual([{ requestId: 7, reply: interrupted, surfaceId: SURFACE, ref: APP_REF }]);
    expect(diagnostics.filter((d) => d.code === 'MCP_TOOL_FAILED')).toHaveLength(1);
    expect(client.calls.sort()).toEqual(['openApp', 'search']);
    expect(agent.received).toHaveLength(sent);
    second.cancel();
  });
});

describe('redux-persist rehydrating tool calls after the saga started', () => {
  async function persisted(storage: Storage, a2ui: A2ui, beforeRehydrate?: (sagaMiddleware: ReturnType<typeof createSagaMiddleware>) => void) {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { a2ui: persistReducer({ key: 'a2ui', storage, blacklist: ['log'], timeout: 0 }, a2ui.reducer) as unknown as Reducer<A2uiState> },
      middleware: (d) => d({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(sagaMiddleware),
    });
    beforeRehydrate?.(sagaMiddleware);
    const persistor = persistStore(store);
    await until(() => persistor.getState().bootstrapped);
    return { store, persistor, state: (): A2uiState => store.getState().a2ui };
  }

  test('every kind of outbox entry and waiting record: nothing is carried out blindly, the pending call times out once', async () => {
    const basic = goOpenLookupSurface();
    const storage = memoryStorage();
    const before = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()], mcpClient: gatedClient(), defaultTimeoutMs: 400 });
    const first = await persisted(storage, before);
    first.store.dispatch(before.actions.messageReceived(appSurfaceMessages()));
    first.store.dispatch(before.actions.messageReceived(basic)); // a send and a pending call with a deadline
    first.store.dispatch(before.actions.actionInvoked({ surfaceId: 'b', ref: 'open' })); // openUrl
    first.store.dispatch(before.actions.actionInvoked({ surfaceId: 'b', ref: 'go' })); // a send
    first.store.dispatch(before.actions.mcpAppRequested({ requestId: 1, surfaceId: SURFACE, ref: APP_REF, method: 'ui/request-display-mode', params: { mode: 'inline' } })); // mcpReply
    first.store.dispatch(before.actions.messageReceived([{ version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 5 } }])); // mcpNotify
    first.store.dispatch(search(before, 7, 'owls')); // an app's tool call
    first.store.dispatch(before.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF })); // an action's tool call
    const kinds = new Set(first.state().session.outbox.map((entry) => entry.effect.type));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['agentCallSent', 'mcpNotify', 'mcpReply', 'mcpToolCall', 'openUrl', 'send']));
    await first.persistor.flush();
    first.persistor.pause();
    const other = 'zz' + REALM_TOKEN.slice(2);
    for (const [key, value] of storage.items) storage.items.set(key, value.split(REALM_TOKEN).join(other));

    const client = gatedClient();
    const after = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()], mcpClient: client, defaultTimeoutMs: 400 });
    const { ports, agent, replies, diagnostics } = recordingPorts(client);
    const opened: string[] = [];
    const notified: string[] = [];
    let task: Task | undefined;
    const second = await persisted(storage, after, (sagaMiddleware) => {
      task = sagaMiddleware.run(after.saga, { ...ports, openUrl: (url: string) => void opened.push(url), mcpAppNotify: (_s: string, _r: string, method: string) => void notified.push(method) });
    });
    await until(() => second.state().session.mcpToolCalls === undefined);
    expect(after.selectors.selectPendingAgentCalls(second.store.getState() as never)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 700));

    expect(opened).toEqual([]);
    expect(notified).toEqual([]);
    expect(replies).toEqual([]);
    expect(client.calls).toEqual([]);
    expect(agent.received).toEqual([]);
    expect(diagnostics.filter((d) => d.code === 'MCP_TOOL_FAILED')).toHaveLength(1);
    expect(second.state().session.outbox.every((entry) => entry.effect.type === 'send' && entry.delivery?.status === 'unknown')).toBe(true);
    expect(after.selectors.selectPendingAgentCalls(second.store.getState() as never)).toEqual([]);
    expect(second.state().session.lastError).toBeNull();
    task?.cancel();
    second.persistor.pause();
  });

  test("an action's call ends as one MCP_TOOL_FAILED diagnostic, an app's is forgotten unanswered; neither runs", async () => {
    const storage = memoryStorage();
    const before = instance(gatedClient());
    const first = await persisted(storage, before);
    first.store.dispatch(before.actions.messageReceived(appSurfaceMessages()));
    first.store.dispatch(search(before, 7, 'owls'));
    first.store.dispatch(before.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    expect(Object.values(first.state().session.mcpToolCalls ?? {}).map((w) => w.origin).sort()).toEqual(['action', 'app']);
    await first.persistor.flush();
    first.persistor.pause();
    const other = 'zz' + REALM_TOKEN.slice(2);
    for (const [key, value] of storage.items) storage.items.set(key, value.split(REALM_TOKEN).join(other));

    const client = gatedClient();
    const after = instance(client);
    const { ports, agent, replies, diagnostics } = recordingPorts(client);
    let task: Task | undefined;
    const second = await persisted(storage, after, (sagaMiddleware) => {
      task = sagaMiddleware.run(after.saga, ports); // the saga starts first
    });
    await until(() => second.state().session.mcpToolCalls === undefined);
    await settle();

    expect(client.calls).toEqual([]);
    expect(replies).toEqual([]);
    expect(agent.received).toEqual([]);
    expect(diagnostics.filter((d) => d.code === 'MCP_TOOL_FAILED')).toEqual([expect.objectContaining({ message: expect.stringContaining('interrupted') })]);
    expect(second.state().session.outbox.every((entry) => entry.effect.type === 'send' && entry.delivery?.status === 'unknown')).toBe(true);
    expect(second.state().session.lastError).toBeNull();
    task?.cancel();
    second.persistor.pause();
  });
});

describe("mcpToolReplied's entryId (the outbox entry that asked for the call)", () => {
  test('an outcome naming another entry than the waiting call is ignored quietly; one without entryId is still refused loudly', () => {
    const a2ui = instance(gatedClient());
    const { store, state } = storeOf(a2ui);
    store.dispatch(a2ui.actions.messageReceived(appSurfaceMessages()));
    store.dispatch(search(a2ui, 7, 'owls'));
    const waiting = state().session.mcpToolCalls ?? {};
    const [key] = Object.keys(waiting);
    const asked = waiting[key as string];
    expect(asked).toEqual({ name: 'search', origin: 'app', id: expect.any(String) });
    const outcome = { requestId: 7, surfaceId: SURFACE, ref: APP_REF, origin: 'app' as const, name: 'search', outcome: { status: 'ok' as const, result: { content: [] } } };

    const before = state();
    store.dispatch(a2ui.actions.mcpToolReplied({ ...outcome, entryId: `${asked?.id ?? ''}-older` }));
    expect(state()).toBe(before);
    store.dispatch(a2ui.actions.mcpToolReplied({ ...outcome, requestId: 8, entryId: asked?.id ?? '' }));
    expect(state()).toBe(before);

    store.dispatch(a2ui.actions.mcpToolReplied({ ...outcome, requestId: 8 }));
    expect(state().session.lastError).toMatchObject({ code: 'INVALID_ARGUMENT', operation: 'mcpToolReplied' });
    expect(state().session.mcpToolCalls).toEqual(waiting);

    store.dispatch(a2ui.actions.mcpToolReplied({ ...outcome, entryId: asked?.id ?? '' }));
    expect(state().session.mcpToolCalls).toBeUndefined();
    expect(state().session.outbox.filter((entry) => entry.effect.type === 'mcpReply')).toHaveLength(1);
  });
});
