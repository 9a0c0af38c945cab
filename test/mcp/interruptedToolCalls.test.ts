/**
 * An MCP tool call whose saga stopped before its outcome came back (the saga restarted, or the
 * state was persisted and loaded into a new store) is answered once with an error, instead of
 * leaving the app (or the action) waiting forever and its record in `session.mcpToolCalls` for
 * good. Real store, real saga middleware, the real MCP SDK client and server in memory; the
 * first run's calls are held back by a gate in front of the client, as a slow tool would be.
 */
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { mcpCatalog } from '../../src/mcp/catalog';
import type { McpReply } from '../../src/model/effects';
import type { McpToolClient } from '../../src/mcp/types';
import { REALM_TOKEN } from '../../src/redux/actions';
import type { A2uiState } from '../../src/redux/state';
import { mcpToolCallKey } from '../../src/redux/operations';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { INTERRUPTED_TOOL_CALL, interruptedToolCalls } from '../../sagas/mcpToolCall';
import { APP_REF, OPEN_BUTTON_REF, SURFACE, appSurfaceMessages, startMcpServer, type McpFixture } from './fixtures';

let mcp: McpFixture;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

/** The real client, counting its calls; `held` keeps every call waiting (a tool that never answers in time). */
function countingClient(held: boolean): McpToolClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    callTool: (request) => {
      calls.push(request.name);
      return held ? new Promise<never>(() => undefined) : mcp.client.callTool(request);
    },
  };
}

/** One store lifetime: an instance, a store with the saga middleware, and what reached the ports. */
function lifetime(client: McpToolClient, preloaded?: A2uiState) {
  const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()], mcpClient: client });
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    ...(preloaded === undefined ? {} : { preloadedState: { a2ui: preloaded } }),
    middleware: (defaults) => defaults().concat(sagaMiddleware),
  });
  const { transport, agent } = createInMemoryTransport();
  const replies: Array<{ requestId: string | number; reply: McpReply }> = [];
  const diagnostics: Array<{ code: string; message: string }> = [];
  const runSaga = (): Task =>
    sagaMiddleware.run(a2ui.saga, {
      transport,
      mcpClient: client,
      mcpAppReply: (requestId: string | number, reply: McpReply) => void replies.push({ requestId, reply }),
      onDiagnostic: (effect) => void diagnostics.push(effect.payload),
    });
  return { a2ui, store, agent, replies, diagnostics, runSaga, state: () => store.getState().a2ui };
}

/** The state as another page load finds it persisted: its ids carry another realm's token. */
function persistedByAnotherLifetime(state: A2uiState): A2uiState {
  const other = 'zz' + REALM_TOKEN.slice(2);
  return JSON.parse(JSON.stringify(state).split(REALM_TOKEN).join(other)) as A2uiState;
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A lifetime whose app asked for `search` (request 7) while the tool hangs. */
async function appCallInFlight() {
  const client = countingClient(true);
  const first = lifetime(client);
  const task = first.runSaga();
  first.agent.send(appSurfaceMessages());
  first.store.dispatch(first.a2ui.actions.mcpAppRequested({ requestId: 7, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'owls' } } }));
  await until(() => client.calls.length === 1 && first.state().session.outbox.length === 0);
  expect(first.state().session.mcpToolCalls).toEqual({ [mcpToolCallKey(SURFACE, APP_REF, 7)]: { name: 'search', origin: 'app', id: expect.stringMatching(new RegExp(`^${REALM_TOKEN}\\.`)) } });
  return { client, first, task };
}

describe('a tool call whose saga stopped', () => {
  test('a restarted saga answers the app once with an error, and does not run the tool again', async () => {
    const { client, first, task } = await appCallInFlight();
    task.cancel();
    const again = first.runSaga();
    await until(() => first.replies.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(first.replies).toEqual([{ requestId: 7, reply: { error: { code: expect.any(Number), message: expect.stringContaining(INTERRUPTED_TOOL_CALL) } } }]);
    expect(client.calls).toEqual(['search']);
    expect(first.state().session.mcpToolCalls).toBeUndefined();
    expect(first.state().session.lastError).toBeNull();
    again.cancel();
  });

  test("a store loaded from another lifetime's state forgets the app's call unanswered: that app went with its page", async () => {
    const { first, task } = await appCallInFlight();
    const persisted = persistedByAnotherLifetime(first.state());
    task.cancel();

    const client = countingClient(false);
    const second = lifetime(client, persisted);
    const run = second.runSaga();
    await until(() => second.state().session.mcpToolCalls === undefined);
    // The reloaded app numbers its requests from 1 again: only its own request 7 is answered, once.
    second.store.dispatch(second.a2ui.actions.mcpAppRequested({ requestId: 7, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'again' } } }));
    await until(() => second.replies.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(second.replies).toEqual([{ requestId: 7, reply: { result: expect.objectContaining({ content: expect.arrayContaining([{ type: 'text', text: 'Found results for again' }]) }) } }]);
    expect(client.calls).toEqual(['search']);
    expect(second.state().session.mcpToolCalls).toBeUndefined();
    expect(second.state().session.lastError).toBeNull();
    run.cancel();
  });

  test("an action's call from another lifetime still in the outbox is not run: it ends as an MCP_TOOL_FAILED diagnostic", async () => {
    // The first lifetime has no saga: its action's tool call waits in the outbox when the state is persisted.
    const first = lifetime(countingClient(true));
    first.store.dispatch(first.a2ui.actions.messageReceived(appSurfaceMessages()));
    first.store.dispatch(first.a2ui.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    const waiting = first.state().session.mcpToolCalls ?? {};
    expect(Object.values(waiting)).toEqual([expect.objectContaining({ origin: 'action' })]);
    const persisted = persistedByAnotherLifetime(first.state());

    const client = countingClient(false);
    const second = lifetime(client, persisted);
    const run = second.runSaga();
    await until(() => second.diagnostics.some((d) => d.code === 'MCP_TOOL_FAILED'));

    await until(() => second.state().session.outbox.every((entry) => entry.effect.type === 'send'));

    expect(client.calls).toEqual([]);
    expect(second.diagnostics.filter((d) => d.code === 'MCP_TOOL_FAILED')).toEqual([expect.objectContaining({ message: expect.stringContaining('interrupted') })]);
    expect(second.state().session.mcpToolCalls).toBeUndefined();
    expect(second.replies).toEqual([]);
    run.cancel();
  });

  test('a call this run is running is left to finish: one answer, the real one', async () => {
    const client = countingClient(false);
    const h = lifetime(client);
    const run = h.runSaga();
    h.agent.send(appSurfaceMessages());
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 8, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'owls' } } }));
    // Other actions wake the saga while the call runs.
    h.agent.send([{ version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 2 } }]);
    await until(() => h.replies.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(h.replies).toEqual([{ requestId: 8, reply: { result: expect.objectContaining({ content: expect.any(Array) }) } }]);
    expect(client.calls).toEqual(['search']);
    run.cancel();
  });
});

describe('interruptedToolCalls', () => {
  const here = (n: number) => `${REALM_TOKEN}.${n}:0`;
  const elsewhere = (n: number) => `zz${REALM_TOKEN.slice(2)}.${n}:0`;

  test("answers this lifetime's calls and every action's call, forgets other lifetimes' app calls, each once", () => {
    const handled = new Set<string>();
    const waiting: Record<string, unknown> = {
      [mcpToolCallKey('s', 'app', 3)]: { name: 'lookup', origin: 'app', id: here(1) },
      [mcpToolCallKey('s', 'app', '3')]: { name: 'lookup', origin: 'app', id: elsewhere(1) },
      [mcpToolCallKey('s', 'open', 'mcp-call-1')]: { name: 'openApp', origin: 'action', id: elsewhere(2) },
      // A record of unknown provenance (no id) is another lifetime's; a key no call can have is forgotten.
      [mcpToolCallKey('s', 'app', 4)]: true,
      'not json': { name: 'x', origin: 'app', id: here(2) },
      '["s",1,2]': { name: 'x', origin: 'action', id: here(3) },
    };
    const first = interruptedToolCalls(waiting as A2uiState['session']['mcpToolCalls'], handled);
    const error = { status: 'error', message: INTERRUPTED_TOOL_CALL };
    expect(first.settle).toEqual([
      { surfaceId: 's', ref: 'app', requestId: 3, name: 'lookup', origin: 'app', outcome: error, entryId: here(1) },
      { surfaceId: 's', ref: 'open', requestId: 'mcp-call-1', name: 'openApp', origin: 'action', outcome: error, entryId: elsewhere(2) },
    ]);
    expect(first.orphaned.sort()).toEqual([mcpToolCallKey('s', 'app', '3'), mcpToolCallKey('s', 'app', 4), 'not json', '["s",1,2]'].sort());
    expect(interruptedToolCalls(waiting as A2uiState['session']['mcpToolCalls'], handled)).toEqual({ settle: [], orphaned: [] });
    expect(interruptedToolCalls(undefined, new Set())).toEqual({ settle: [], orphaned: [] });
  });

  test('leaves alone the calls a run started, known by the entry that asked, not by the key', () => {
    const key = mcpToolCallKey('s', 'app', 1);
    expect(interruptedToolCalls({ [key]: { name: 'n', origin: 'app', id: here(1) } }, new Set([here(1)]))).toEqual({ settle: [], orphaned: [] });
    // The same key asked by another entry (another store of the instance) is not that call.
    expect(interruptedToolCalls({ [key]: { name: 'n', origin: 'app', id: here(2) } }, new Set([here(1)])).settle).toHaveLength(1);
  });
});

describe('two stores of one instance', () => {
  test("a restart in one store answers its own interrupted call; the other store's call with the same key runs on", async () => {
    const held = countingClient(true);
    const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()], mcpClient: held });
    const stores = [0, 1].map(() => {
      const sagaMiddleware = createSagaMiddleware();
      const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (defaults) => defaults().concat(sagaMiddleware) });
      const { transport, agent } = createInMemoryTransport();
      const replies: Array<{ requestId: string | number; reply: McpReply }> = [];
      const runSaga = (): Task => sagaMiddleware.run(a2ui.saga, { transport, mcpClient: held, mcpAppReply: (requestId: string | number, reply: McpReply) => void replies.push({ requestId, reply }) });
      return { store, agent, replies, runSaga, task: runSaga() };
    });
    for (const s of stores) {
      s.agent.send(appSurfaceMessages());
      s.store.dispatch(a2ui.actions.mcpAppRequested({ requestId: 7, surfaceId: SURFACE, ref: APP_REF, method: 'tools/call', params: { name: 'search', arguments: { q: 'owls' } } }));
    }
    await until(() => held.calls.length === 2);
    const [a, b] = stores as [(typeof stores)[number], (typeof stores)[number]];
    b.task.cancel();
    const again = b.runSaga();
    await until(() => b.replies.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(b.replies).toEqual([{ requestId: 7, reply: { error: { code: expect.any(Number), message: expect.stringContaining('interrupted') } } }]);
    expect(b.store.getState().a2ui.session.mcpToolCalls).toBeUndefined();
    // Store A's call (same surface, node and request id) is still running, unanswered.
    expect(a.replies).toEqual([]);
    expect(Object.keys(a.store.getState().a2ui.session.mcpToolCalls ?? {})).toEqual([mcpToolCallKey(SURFACE, APP_REF, 7)]);
    a.task.cancel();
    again.cancel();
  });
});
