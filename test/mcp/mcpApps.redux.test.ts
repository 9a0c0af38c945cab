/**
 * MCP Apps through a real RTK store (default middleware: serializability and immutability
 * checks on) with the saga middleware: the saga runs tool calls on the `mcpClient` port (the
 * SDK's Client, talking to a real MCP server), replies reach the `mcpAppReply` port and
 * notifications the `mcpAppNotify` port; failures become error replies, never a dead saga.
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { mcpCatalog } from '../../src/mcp/catalog';
import { createA2ui } from '../../src/createA2ui';
import type { McpReply } from '../../src/model/effects';
import type { McpToolClient } from '../../src/session/session';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { APP_REF, HTML, OPEN_BUTTON_REF, SURFACE, appSurfaceMessages, startMcpServer, type McpFixture } from './fixtures';

let mcp: McpFixture;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

// What RTK's serializability and immutability checks report. Their notes that a check took
// longer than its time budget (a busy machine) are not findings, so they are left out.
let consoleCalls: unknown[][] = [];
const record = (...args: unknown[]): void => {
  if (!args.some((arg) => typeof arg === 'string' && arg.includes('warning threshold'))) consoleCalls.push(args);
};
beforeEach(() => {
  consoleCalls = [];
  jest.spyOn(console, 'error').mockImplementation(record);
  jest.spyOn(console, 'warn').mockImplementation(record);
});
afterEach(() => {
  jest.restoreAllMocks();
});

interface Options {
  /** The client the session knows of (it decides whether tool calls are deferred). */
  sessionClient?: McpToolClient;
  /** The client on the saga's port; null: no port. Default: sessionClient. */
  portClient?: McpToolClient | null;
  /** Leave `mcpClient` out of the ports entirely. */
  omitPort?: boolean;
  defaultTimeoutMs?: number;
}

function start(options: Options = {}) {
  const a2ui = createA2ui({
    catalogs: [basicCatalog(), mcpCatalog()],
    ...(options.sessionClient === undefined ? {} : { mcpClient: options.sessionClient }),
    ...(options.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: options.defaultTimeoutMs }),
  });
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (defaults) => defaults().concat(sagaMiddleware, recorder) });
  const { transport, agent } = createInMemoryTransport();
  const replies: Array<{ requestId: string | number; reply: McpReply }> = [];
  const notes: Array<{ surfaceId: string; ref: string; method: string; params: unknown }> = [];
  const portClient = options.portClient === undefined ? options.sessionClient : options.portClient;
  const task: Task = sagaMiddleware.run(a2ui.saga, {
    transport,
    // null: the port is explicitly left empty (createA2ui would otherwise pass the session's client).
    ...(options.omitPort ? {} : portClient === null ? { mcpClient: undefined } : portClient === undefined ? {} : { mcpClient: portClient }),
    mcpAppReply: (requestId: string | number, reply: McpReply) => void replies.push({ requestId, reply }),
    mcpAppNotify: (surfaceId: string, ref: string, method: string, params: unknown) => void notes.push({ surfaceId, ref, method, params }),
  });
  agent.send(appSurfaceMessages());
  const request = (requestId: string | number, method: string, params: unknown) =>
    store.dispatch(a2ui.actions.mcpAppRequested({ requestId, surfaceId: SURFACE, ref: APP_REF, method, params }));
  const data = () => store.getState().a2ui.session.core.surfaces[SURFACE]?.dataModel as Record<string, unknown>;
  const sentActions = () => agent.received.flatMap((r) => ('action' in r.message ? [r.message.action as Record<string, unknown>] : []));
  return { a2ui, store, agent, replies, notes, actions, task, request, data, sentActions };
}

/** Waits (real timers) until `done` holds, or fails after `ms`. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the saga runs tool calls', () => {
  test('tools/call: the action reaches the agent, the saga calls the tool, the result reaches mcpAppReply', async () => {
    const h = start({ sessionClient: mcp.client });
    h.request(11, 'tools/call', { name: 'search', arguments: { q: 'owls' } });
    await until(() => h.replies.length > 0);

    expect(h.replies).toEqual([
      {
        requestId: 11,
        reply: {
          result: {
            content: [
              { type: 'text', text: 'Found results for owls' },
              { type: 'resource', resource: expect.objectContaining({ uri: 'a2ui://search-results', mimeType: 'application/a2ui+json' }) },
            ],
          },
        },
      },
    ]);
    expect(h.sentActions()).toEqual([expect.objectContaining({ name: 'search', surfaceId: SURFACE, sourceComponentId: 'app', context: { q: 'owls' } })]);
    // The A2UI resource of the result was applied to the existing surface.
    expect(h.data()).toMatchObject({ results: ['owls', 'more'], game: { score: 1, level: 1 } });
    const replied = h.actions.filter((a) => h.a2ui.actions.mcpToolReplied.match(a));
    expect(replied).toHaveLength(1);
    expect(replied[0]?.payload).toMatchObject({ requestId: 11, origin: 'app', name: 'search', outcome: { status: 'ok' } });
    await until(() => h.store.getState().a2ui.session.outbox.length === 0);
    expect(h.task.isRunning()).toBe(true);
    expect(consoleCalls).toEqual([]);
    h.task.cancel();
  });

  test('a tool that does not answer within the timeout gets -32001; its late answer is dropped', async () => {
    const h = start({ sessionClient: mcp.client, defaultTimeoutMs: 60 });
    h.request('slow-1', 'tools/call', { name: 'slow' });
    await until(() => h.replies.length > 0);
    expect(h.replies).toEqual([{ requestId: 'slow-1', reply: { error: { code: -32001, message: "Tool 'slow' timed out: No result within 60 ms." } } }]);
    mcp.releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.replies).toHaveLength(1);
    expect(consoleCalls).toEqual([]);
    h.task.cancel();
  });

  test.each<[string, McpToolClient, RegExp]>([
    ['rejects', { callTool: () => Promise.reject(new Error('transport closed')) }, /transport closed/],
    ['throws', { callTool: () => { throw new Error('not connected'); } }, /not connected/],
    ['resolves with something that is not JSON', { callTool: () => Promise.resolve({ content: [], at: new Date(0) }) }, /not JSON/],
  ])('a client that %s gives an error reply, and the saga keeps working', async (_name, client, message) => {
    const h = start({ sessionClient: client });
    h.request(1, 'tools/call', { name: 'search', arguments: { q: 'x' } });
    await until(() => h.replies.length > 0);
    expect(h.replies[0]).toEqual({ requestId: 1, reply: { error: { code: -32603, message: expect.stringMatching(message) } } });
    h.request(2, 'ui/message', { role: 'user', content: 'still there?' });
    await until(() => h.replies.length > 1);
    expect(h.replies[1]).toEqual({ requestId: 2, reply: { result: {} } });
    expect(h.task.isRunning()).toBe(true);
    expect(h.actions.filter((a) => a.type === 'a2ui/workerFailed')).toEqual([]);
    h.task.cancel();
  });

  test('a session that defers tool calls but a saga run with the mcpClient port emptied: an error reply', async () => {
    const h = start({ sessionClient: mcp.client, portClient: null });
    h.request(5, 'tools/call', { name: 'search', arguments: { q: 'x' } });
    await until(() => h.replies.length > 0);
    expect(h.replies[0]?.reply).toEqual({ error: { code: -32603, message: expect.stringContaining('No mcpClient port') } });
    h.task.cancel();
  });

  test('createA2ui hands the session\'s MCP client to the saga when the port is not given', async () => {
    const h = start({ sessionClient: mcp.client, omitPort: true });
    h.request(6, 'tools/call', { name: 'search', arguments: { q: 'y' } });
    await until(() => h.replies.length > 0);
    expect(h.replies[0]?.reply).toMatchObject({ result: { content: expect.arrayContaining([expect.objectContaining({ type: 'text' })]) } });
    h.task.cancel();
  });

  test('a callMcpTool action: the saga runs the tool and its MCP App resource lands in the data model', async () => {
    const h = start({ sessionClient: mcp.client });
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: SURFACE, ref: OPEN_BUTTON_REF }));
    await until(() => (h.data().app as { htmlContent?: string }).htmlContent !== undefined);
    expect(h.data().app).toMatchObject({ uri: 'ui://apps/cats', htmlContent: HTML, toolInput: { id: 'cats' } });
    // The McpApp renders the HTML it is bound to, and hears the new tool input and result.
    expect(h.a2ui.selectors.selectNode(h.store.getState(), SURFACE, APP_REF)?.props.htmlContent).toBe(HTML);
    await until(() => h.notes.some((n) => n.method === 'ui/notifications/tool-result'));
    expect(h.notes.map((n) => n.method)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-result']);
    expect(h.replies).toEqual([]);
    expect(consoleCalls).toEqual([]);
    h.task.cancel();
  });
});

describe('replies and notifications without a tool call', () => {
  test('immediate replies reach mcpAppReply; notifications get none', async () => {
    const h = start();
    h.request(1, 'tools/call', { name: 'search', arguments: { q: 'x' } });
    h.request(2, 'ui/requests/function-call', { call: 'formatNumber', args: { value: 5 } });
    h.request(3, 'ui/notifications/data-model-change', { key: 'score', value: 2 });
    h.request(4, 'tools/call', { name: 'forbidden' });
    h.request(5, 'ui/update-model-context', { structuredContent: { JSON: ['__proto__'] } });
    await until(() => h.replies.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.replies).toEqual([
      { requestId: 1, reply: { result: { content: [] } } },
      { requestId: 2, reply: { result: { status: 'success', result: '5' } } },
      { requestId: 4, reply: { error: { code: -32602, message: "Tool 'forbidden' is not in the allowedTools of McpApp 'app'." } } },
      { requestId: 5, reply: { result: {} } },
    ]);
    expect(h.data()).toMatchObject({ game: { score: 2 }, context: { JSON: ['__proto__'] } });
    expect(consoleCalls).toEqual([]);
    h.task.cancel();
  });

  test('the agent changing bound data reaches mcpAppNotify', async () => {
    const h = start();
    h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 12 } });
    await until(() => h.notes.length >= 2);
    expect(h.notes).toEqual([
      { surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-update', params: { key: 'score', value: 12 } },
      { surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-update', params: { key: 'game', value: { score: 12, level: 1 } } },
    ]);
    h.task.cancel();
  });

  test('a request from a node that is gone gets an error reply and is recorded as the last error', async () => {
    const h = start();
    h.store.dispatch(h.a2ui.actions.mcpAppRequested({ requestId: 9, surfaceId: SURFACE, ref: 'nowhere', method: 'ui/message', params: { role: 'user', content: 'x' } }));
    await until(() => h.replies.length > 0);
    expect(h.replies).toEqual([{ requestId: 9, reply: { error: { code: -32603, message: expect.stringContaining("no rendered node 'nowhere'") } } }]);
    expect(h.store.getState().a2ui.session.lastError).toMatchObject({ code: 'NODE_NOT_FOUND', operation: 'mcpAppRequested' });
    expect(h.sentActions()).toEqual([]);
    h.task.cancel();
  });

  test('replaying the recorded actions on a fresh store gives the same state and outbox', async () => {
    const h = start();
    h.request(1, 'ui/message', { role: 'user', content: 'hello' });
    h.request(2, 'ui/notifications/data-model-change', { key: 'game', subpath: '/level', value: 4 });
    await until(() => h.replies.length > 0 && h.store.getState().a2ui.session.outbox.length === 0);
    const replay = configureStore({ reducer: { a2ui: createA2ui({ catalogs: [basicCatalog(), mcpCatalog()] }).reducer } });
    for (const action of h.actions) replay.dispatch(action);
    expect(replay.getState().a2ui.session.core).toEqual(h.store.getState().a2ui.session.core);
    h.task.cancel();
  });
});
