/**
 * `mcpAppRequest` and `mcpToolSettled` on the pure session, with a real MCP server: every bridge
 * method, every refusal, the notifications bound data produces, and callMcpTool actions. Tool
 * calls are run by awaiting the SDK client here, as a host without the saga would.
 */
import { getIn } from '../../src/data';
import { invoke } from '../../src/session/interaction';
import { MCP_ERROR_CODES, mcpAppRequest, mcpReplyEffect, mcpToolSettled, type McpAppRequestResult } from '../../src/mcp/requests';
import { handleMessage, type Session } from '../../src/session/session';
import {
  APP_CSP,
  APP_PERMISSIONS,
  APP_REF,
  HTML,
  MCP_CATALOG_ID,
  NOW,
  OPEN_BUTTON_REF,
  SURFACE,
  deepFreeze,
  ofType,
  openSession,
  sent,
  startMcpServer,
  type McpFixture,
} from './fixtures';
import { BASIC_CATALOG_ID } from '../../src/catalog';

let mcp: McpFixture;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

function okResult(result: McpAppRequestResult): Extract<McpAppRequestResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result;
}

function dataOf(session: Session, path: string): unknown {
  return getIn(session.state.surfaces[SURFACE]?.dataModel, path);
}

function rpcErrorCode(result: McpAppRequestResult): number | undefined {
  const reply = okResult(result).reply;
  return reply !== null && 'error' in reply ? reply.error.code : undefined;
}

const NO_CLIENT = (): Session => openSession();
const WITH_CLIENT = (): Session => openSession({ mcpClient: mcp.client });

describe('tools/call', () => {
  test('an allowed tool goes to the agent as an action named after it, with its arguments as context', () => {
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'tools/call', deepFreeze({ name: 'search', arguments: { q: 'cats', page: 2 } })));
    expect(sent(result.effects)).toEqual([
      {
        version: 'v1.0',
        action: { name: 'search', surfaceId: SURFACE, sourceComponentId: 'app', timestamp: NOW, context: { q: 'cats', page: 2 } },
      },
    ]);
    // Without an MCP client nobody runs the tool: the app gets an empty result at once.
    expect(result.deferred).toBe(false);
    expect(result.reply).toEqual({ result: { content: [] } });
    expect(ofType(result.effects, 'mcpToolCall')).toEqual([]);
  });

  test('with an MCP client the reply is deferred to the tool result, applied by mcpToolSettled', async () => {
    const session = WITH_CLIENT();
    const asked = okResult(mcpAppRequest(session, SURFACE, APP_REF, 'tools/call', { name: 'search', arguments: { q: 'dogs' } }, { requestId: 'req-7' }));
    expect(asked.deferred).toBe(true);
    expect(asked.reply).toBeNull();
    expect(sent(asked.effects).map((m) => (m.action as { name: string }).name)).toEqual(['search']);
    const [call] = ofType(asked.effects, 'mcpToolCall');
    expect(call).toEqual({
      type: 'mcpToolCall',
      requestId: 'req-7',
      surfaceId: SURFACE,
      ref: APP_REF,
      name: 'search',
      arguments: { q: 'dogs' },
      timeoutMs: 10_000,
      origin: 'app',
    });

    const result = await mcp.client.callTool({ name: call!.name, arguments: call!.arguments });
    const settled = mcpToolSettled(asked.session, { requestId: 'req-7', surfaceId: SURFACE, ref: APP_REF, outcome: { status: 'ok', result }, name: 'search' });

    // The app gets the tool's result as the server sent it.
    expect(settled.reply).toEqual({
      result: {
        content: [
          { type: 'text', text: 'Found results for dogs' },
          {
            type: 'resource',
            resource: {
              uri: 'a2ui://search-results',
              mimeType: 'application/a2ui+json',
              text: JSON.stringify([
                { version: 'v1.0', createSurface: { surfaceId: SURFACE, catalogId: BASIC_CATALOG_ID } },
                { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/results', value: ['dogs', 'more'] } },
              ]),
            },
          },
        ],
      },
    });
    // Its A2UI resource was applied: the existing surface was kept (its data is still there),
    // and the update went in.
    expect(dataOf(settled.session, '/results')).toEqual(['dogs', 'more']);
    expect(dataOf(settled.session, '/game/score')).toBe(1);
    expect(ofType(settled.effects, 'surfaceCreated')).toEqual([]);
    expect(ofType(settled.effects, 'dataModelUpdated')).toEqual([{ type: 'dataModelUpdated', surfaceId: SURFACE, path: '/results' }]);
    expect(sent(settled.effects)).toEqual([]);
  });

  test('without a request id, the deferred call is named after the node and the tool', () => {
    const asked = okResult(mcpAppRequest(WITH_CLIENT(), SURFACE, APP_REF, 'tools/call', { name: 'search' }));
    expect(ofType(asked.effects, 'mcpToolCall')[0]).toMatchObject({ requestId: `${SURFACE}|${APP_REF}|search`, arguments: {} });
  });

  test('a failed or timed-out tool call is a JSON-RPC error for the app', () => {
    const session = WITH_CLIENT();
    const base = { requestId: 1, surfaceId: SURFACE, ref: APP_REF, name: 'search' };
    expect(mcpToolSettled(session, { ...base, outcome: { status: 'error', message: 'connection lost' } }).reply).toEqual({
      error: { code: MCP_ERROR_CODES.internalError, message: "Tool 'search' failed: connection lost" },
    });
    expect(mcpToolSettled(session, { ...base, outcome: { status: 'timeout', message: 'No result within 10 ms.' } }).reply).toEqual({
      error: { code: -32001, message: "Tool 'search' timed out: No result within 10 ms." },
    });
    const notJson = mcpToolSettled(session, { ...base, outcome: { status: 'ok', result: 'just text' } });
    expect(notJson.reply).toMatchObject({ error: { code: -32603 } });
    expect(notJson.session).toBe(session);
  });

  test('an A2UI resource that is not JSON is reported; the app still gets the result', async () => {
    const session = WITH_CLIENT();
    const result = await mcp.client.callTool({ name: 'broken', arguments: {} });
    const settled = mcpToolSettled(session, { requestId: 2, surfaceId: SURFACE, ref: APP_REF, outcome: { status: 'ok', result }, name: 'broken' });
    expect(settled.reply).toEqual({ result });
    expect(ofType(settled.effects, 'diagnostic').map((d) => d.payload.code)).toContain('MCP_RESOURCE_INVALID');
    expect(settled.session.state.surfaces[SURFACE]).toBe(session.state.surfaces[SURFACE]);
  });

  test('a tool not in allowedTools is refused with -32602 (invalid params, as MCP answers an unknown tool)', () => {
    const session = NO_CLIENT();
    const result = okResult(mcpAppRequest(session, SURFACE, APP_REF, 'tools/call', { name: 'deleteEverything', arguments: {} }));
    expect(result.reply).toEqual({
      error: { code: -32602, message: "Tool 'deleteEverything' is not in the allowedTools of McpApp 'app'." },
    });
    expect(result.effects).toEqual([]);
    expect(result.session).toBe(session);
  });

  test.each([
    ['no name', { arguments: {} }],
    ['a name that is not a string', { name: ['search'] }],
    ['arguments that are not an object', { name: 'search', arguments: 'q=cats' }],
  ])('refuses %s with -32602', (_name, params) => {
    const result = mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'tools/call', params);
    expect(rpcErrorCode(result)).toBe(-32602);
    expect(okResult(result).effects).toEqual([]);
  });
});

describe('ui/requests/function-call', () => {
  test('an allowed function whose arguments pass its schema runs in the surface catalogs', () => {
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/requests/function-call', { call: 'formatNumber', args: { value: 1234.5, decimals: 2 } }));
    expect(result.reply).toEqual({ result: { status: 'success', result: '1,234.50' } });
    expect(result.effects).toEqual([]);
  });

  test('a function of the MCP catalog that writes data: the write applies and bound apps hear of it', () => {
    const session = NO_CLIENT();
    const result = okResult(
      mcpAppRequest(session, SURFACE, APP_REF, 'ui/requests/function-call', { call: 'updateDataModel', args: { updates: { '/game/score': 42, '/note': 'hi' } } }),
    );
    expect(result.reply).toEqual({ result: { status: 'success', result: null } });
    expect(dataOf(result.session, '/game/score')).toBe(42);
    expect(dataOf(result.session, '/note')).toBe('hi');
    expect(ofType(result.effects, 'mcpNotify')).toEqual([
      { type: 'mcpNotify', surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-update', params: { key: 'score', value: 42 } },
      { type: 'mcpNotify', surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-update', params: { key: 'game', value: { score: 42, level: 1 } } },
    ]);
  });

  test('a function that is not in allowedFunctions is refused with -32602', () => {
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/requests/function-call', { call: 'formatDate', args: { value: 0, format: 'yyyy' } }));
    expect(result.reply).toEqual({ error: { code: -32602, message: "Function 'formatDate' is not in the allowedFunctions of McpApp 'app'." } });
  });

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['a missing required argument', { call: 'formatNumber', args: {} }, /refused/],
    ['an argument of the wrong type', { call: 'formatNumber', args: { value: 'many' } }, /refused/],
    ['an argument the schema does not allow', { call: 'formatNumber', args: { value: 1, currency: 'EUR' } }, /refused/],
    ['a pattern mismatch', { call: 'split', args: { value: 'abc', separator: 'b' } }, /refused/],
    ['a patternProperties mismatch', { call: 'split', args: { value: 'aa', separator: 'a', 'x-count': 'one' } }, /refused/],
    ['a binding-shaped argument (it would read the data model)', { call: 'formatNumber', args: { value: 1, decimals: { path: '/game/score' } } }, /refused/],
    ['a call-shaped argument (it would run another function)', { call: 'updateDataModel', args: { updates: { '/a': { call: 'openUrl', args: { url: 'https://x.example' } } } } }, /'path' or 'call'/],
  ])('refuses %s with -32602', (_name, params, message) => {
    const session = NO_CLIENT();
    const result = okResult(mcpAppRequest(session, SURFACE, APP_REF, 'ui/requests/function-call', params));
    expect(result.reply).toMatchObject({ error: { code: -32602, message: expect.stringMatching(message) } });
    expect(result.effects).toEqual([]);
    expect(result.session).toBe(session);
  });

  test('a pattern in the argument schema runs in linear time, even one that hangs RegExp', () => {
    const hostile = `${'a'.repeat(40)}!`; // /^(a+)+$/ takes ~2^40 steps in a backtracking engine
    const refused = mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/requests/function-call', { call: 'split', args: { value: hostile, separator: 'a' } });
    expect(rpcErrorCode(refused)).toBe(-32602);
    // Refused as a mismatch the matcher found, not for running out of steps ("cannot be checked").
    expect(okResult(refused).reply).toMatchObject({ error: { message: expect.stringMatching(/refused/) } });
    expect(okResult(refused).reply).toMatchObject({ error: { message: expect.not.stringMatching(/cannot be checked|too expensive/) } });
    const accepted = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/requests/function-call', { call: 'split', args: { value: 'aaa', separator: 'a' } }));
    expect(accepted.reply).toEqual({ result: { status: 'success', result: ['', '', '', ''] } });
  });

  test('a function that needs a user gesture does not run for an app (-32603)', () => {
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/requests/function-call', { call: 'openUrl', args: { url: 'https://example.com' } }));
    expect(result.reply).toMatchObject({ error: { code: -32603, message: expect.stringContaining('user activation') } });
    expect(ofType(result.effects, 'openUrl')).toEqual([]);
  });
});

describe('ui/notifications/data-model-change', () => {
  test('writes the value at the bound path; the app is not echoed its own change; reply null', () => {
    const session = NO_CLIENT();
    const result = okResult(mcpAppRequest(session, SURFACE, APP_REF, 'ui/notifications/data-model-change', { key: 'score', value: 7 }));
    expect(result.reply).toBeNull();
    expect(dataOf(result.session, '/game/score')).toBe(7);
    expect(ofType(result.effects, 'dataModelUpdated')).toEqual([{ type: 'dataModelUpdated', surfaceId: SURFACE, path: '/game/score' }]);
    // `game` is bound too and changed with it: that key is told; `score` (the writer's) is not.
    expect(ofType(result.effects, 'mcpNotify')).toEqual([
      { type: 'mcpNotify', surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-update', params: { key: 'game', value: { score: 7, level: 1 } } },
    ]);
    expect(sent(result.effects)).toEqual([]);
  });

  test('a subpath extends the bound path', () => {
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/notifications/data-model-change', { key: 'game', subpath: '/level', value: 3 }));
    expect(dataOf(result.session, '/game')).toEqual({ score: 1, level: 3 });
    expect(ofType(result.effects, 'mcpNotify')).toEqual([]);
    const keyBased = okResult(mcpAppRequest(result.session, SURFACE, APP_REF, 'ui/notifications/data-model-change', { key: 'game', subpath: 'bonus/0', value: 'x' }));
    expect(dataOf(keyBased.session, '/game/bonus')).toEqual(['x']);
  });

  test('a value that is already there changes nothing: no write, no effects, same state', () => {
    const session = NO_CLIENT();
    const result = okResult(mcpAppRequest(session, SURFACE, APP_REF, 'ui/notifications/data-model-change', { key: 'game', value: { level: 1, score: 1 } }));
    expect(result.effects).toEqual([]);
    expect(result.session.state).toBe(session.state);
  });

  test.each([
    ['a key that is not bound', { key: 'lives', value: 3 }],
    ['no key', { value: 3 }],
    ['no value', { key: 'score' }],
    ['a subpath that is not a string', { key: 'score', subpath: 3, value: 1 }],
  ])('refuses %s with -32602 and writes nothing', (_name, params) => {
    const session = NO_CLIENT();
    const result = mcpAppRequest(session, SURFACE, APP_REF, 'ui/notifications/data-model-change', params);
    expect(rpcErrorCode(result)).toBe(-32602);
    expect(okResult(result).session.state).toBe(session.state);
  });
});

test('an app bound to the whole data model may replace it only with an object', () => {
  const opened = handleMessage(NO_CLIENT(), [
    { version: 'v1.0', createSurface: { surfaceId: 'whole', catalogId: MCP_CATALOG_ID, dataModel: { a: 1 } } },
    { version: 'v1.0', updateComponents: { surfaceId: 'whole', components: [{ id: 'root', component: 'McpApp', htmlContent: '<p>', data: { paths: { all: '/' } } }] } },
  ]);
  expect(opened.ok).toBe(true);
  const refused = mcpAppRequest(opened.session, 'whole', 'root', 'ui/notifications/data-model-change', { key: 'all', value: 'flat' });
  expect(rpcErrorCode(refused)).toBe(-32602);
  const replaced = okResult(mcpAppRequest(opened.session, 'whole', 'root', 'ui/notifications/data-model-change', { key: 'all', value: { b: 2 } }));
  expect(replaced.session.state.surfaces.whole?.dataModel).toEqual({ b: 2 });
});

describe('ui/update-model-context', () => {
  test('writes structuredContent to the modelContext path', () => {
    const result = okResult(
      mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/update-model-context', { structuredContent: { selected: 'b7' }, content: [{ type: 'text', text: 'b7' }] }),
    );
    expect(result.reply).toEqual({ result: {} });
    expect(dataOf(result.session, '/context')).toEqual({ selected: 'b7' });
    // modelContext flows from the app only: no notification back.
    expect(ofType(result.effects, 'mcpNotify')).toEqual([]);
  });

  test('writes content when there is no structuredContent', () => {
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/update-model-context', { content: [{ type: 'text', text: 'hello' }] }));
    expect(dataOf(result.session, '/context')).toEqual([{ type: 'text', text: 'hello' }]);
  });

  test('refuses a request with neither', () => {
    expect(rpcErrorCode(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/update-model-context', {}))).toBe(-32602);
  });
});

describe('ui/message', () => {
  test('becomes an action named ui/message with role and content', () => {
    const content = [{ type: 'text', text: 'Show me flights to Lisbon' }];
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/message', { role: 'user', content }));
    expect(result.reply).toEqual({ result: {} });
    expect(sent(result.effects)).toEqual([
      { version: 'v1.0', action: { name: 'ui/message', surfaceId: SURFACE, sourceComponentId: 'app', timestamp: NOW, context: { role: 'user', content } } },
    ]);
  });

  test.each([[{ content: 'x' }], [{ role: 1, content: 'x' }], [{ role: 'user' }]])('refuses %j', (params) => {
    const result = mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/message', params);
    expect(rpcErrorCode(result)).toBe(-32602);
    expect(okResult(result).effects).toEqual([]);
  });
});

describe('other methods', () => {
  test('ui/notifications/initialized sends the app the current value of each binding', () => {
    const result = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/notifications/initialized', {}));
    expect(result.reply).toBeNull();
    expect(result.effects).toEqual([
      { type: 'mcpNotify', surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-update', params: { key: 'score', value: 1 } },
      { type: 'mcpNotify', surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/data-model-update', params: { key: 'game', value: { score: 1, level: 1 } } },
      { type: 'mcpNotify', surfaceId: SURFACE, ref: APP_REF, method: 'ui/notifications/tool-input', params: { arguments: { id: 'start' } } },
    ]);
  });

  test('ui/open-link opens http(s) links and refuses other schemes', () => {
    const activated = { userActivationAt: Date.parse(NOW) };
    const opened = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/open-link', { url: 'https://example.com/docs?a=1' }, activated));
    expect(opened.effects).toEqual([{ type: 'openUrl', url: 'https://example.com/docs?a=1' }]);
    expect(opened.reply).toEqual({ result: {} });
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url']) {
      const refused = mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/open-link', { url }, activated);
      expect(rpcErrorCode(refused)).toBe(-32602);
      expect(okResult(refused).effects).toEqual([]);
    }
  });

  test('an unknown method gets -32601, a method that is not a string -32600', () => {
    expect(okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'resources/read', { uri: 'ui://x' })).reply).toEqual({
      error: { code: -32601, message: "Method 'resources/read' is not handled by this host." },
    });
    expect(rpcErrorCode(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'toString', {}))).toBe(-32601);
    expect(rpcErrorCode(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 42 as unknown as string, {}))).toBe(-32600);
  });
});

describe('a node that is gone or not an McpApp', () => {
  test.each<[string, string, string, string]>([
    ['a surface that does not exist', 'other', APP_REF, 'SURFACE_NOT_FOUND'],
    ['a ref that is not rendered', SURFACE, 'nowhere', 'NODE_NOT_FOUND'],
    ['a node of another type', SURFACE, 'root', 'INVALID_ARGUMENT'],
    ['the Button', SURFACE, OPEN_BUTTON_REF, 'INVALID_ARGUMENT'],
  ])('%s is an error, not a reply', (_name, surfaceId, ref, code) => {
    const result = mcpAppRequest(NO_CLIENT(), surfaceId, ref, 'tools/call', { name: 'search' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  test('an app removed by the agent can no longer act', () => {
    const session = NO_CLIENT();
    const removed = handleMessage(session, { version: 'v1.0', updateComponents: { surfaceId: SURFACE, components: [{ id: 'root', component: 'Column', children: ['open'] }] } });
    expect(removed.ok).toBe(true);
    expect(mcpAppRequest(removed.session, SURFACE, APP_REF, 'ui/message', { role: 'user', content: 'x' })).toMatchObject({ ok: false });
  });
});

describe('bound data changed by others', () => {
  test('the agent changing bound data sends the app data-model-update, tool-input and tool-result', () => {
    const session = NO_CLIENT();
    const changed = handleMessage(session, [
      { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: 10 } },
      { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/app/toolInput', value: { id: 'next' } } },
      { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/app/toolResult', value: { content: [{ type: 'text', text: 'ok' }], structuredContent: { n: 1 } } } },
      { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/unbound', value: 1 } },
    ]);
    expect(changed.ok).toBe(true);
    const notes = ofType(changed.effects, 'mcpNotify').map(({ method, params }) => ({ method, params }));
    expect(notes).toEqual([
      { method: 'ui/notifications/data-model-update', params: { key: 'score', value: 10 } },
      { method: 'ui/notifications/data-model-update', params: { key: 'game', value: { score: 10, level: 1 } } },
      { method: 'ui/notifications/tool-input', params: { arguments: { id: 'next' } } },
      { method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: 'ok' }], structuredContent: { n: 1 } } },
    ]);
  });

  test('a plain bound toolResult value is wrapped as a CallToolResult; a deleted value is null', () => {
    const session = NO_CLIENT();
    const changed = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/app/toolResult', value: { temperature: 21 } } });
    expect(ofType(changed.effects, 'mcpNotify')[0]).toMatchObject({
      method: 'ui/notifications/tool-result',
      params: { content: [{ type: 'text', text: '{"temperature":21}' }], structuredContent: { temperature: 21 } },
    });
    const deleted = handleMessage(changed.session, { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game/score', value: null } });
    expect(ofType(deleted.effects, 'mcpNotify')[0]).toMatchObject({ params: { key: 'score', value: null } });
  });

  test('a surface without McpApps gets no notifications; an unchanged value none either', () => {
    const session = NO_CLIENT();
    const same = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/game', value: { score: 1, level: 1 } } });
    expect(ofType(same.effects, 'mcpNotify')).toEqual([]);
    const other = handleMessage(session, [
      { version: 'v1.0', createSurface: { surfaceId: 'plain', catalogId: BASIC_CATALOG_ID } },
      { version: 'v1.0', updateComponents: { surfaceId: 'plain', components: [{ id: 'root', component: 'Text', text: { path: '/t' } }] } },
      { version: 'v1.0', updateDataModel: { surfaceId: 'plain', path: '/t', value: 'x' } },
    ]);
    expect(ofType(other.effects, 'mcpNotify')).toEqual([]);
  });
});

describe('callMcpTool actions', () => {
  test('invoking the Button asks the host for the tool call, then the MCP App resource lands at targetDataPath', async () => {
    const session = WITH_CLIENT();
    const invoked = invoke(session, SURFACE, OPEN_BUTTON_REF);
    expect(invoked.ok).toBe(true);
    if (!invoked.ok) return;
    const [call] = ofType(invoked.effects, 'mcpToolCall');
    expect(call).toEqual({
      type: 'mcpToolCall',
      requestId: 'mcp-call-1',
      surfaceId: SURFACE,
      ref: OPEN_BUTTON_REF,
      name: 'openApp',
      arguments: { id: 'cats' },
      timeoutMs: 10_000,
      origin: 'action',
      targetDataPath: '/app',
    });
    expect(sent(invoked.effects)).toEqual([]);

    const result = await mcp.client.callTool({ name: call!.name, arguments: call!.arguments });
    const settled = mcpToolSettled(invoked.session, {
      requestId: call!.requestId,
      surfaceId: SURFACE,
      ref: OPEN_BUTTON_REF,
      outcome: { status: 'ok', result },
      origin: 'action',
      name: 'openApp',
      arguments: { id: 'cats' },
      targetDataPath: '/app',
    });
    expect(settled.reply).toBeNull();
    const toolResult = {
      content: [
        { type: 'text', text: 'App cats' },
        { type: 'resource', resource: { uri: 'ui://apps/cats', mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: { ui: { csp: APP_CSP, permissions: APP_PERMISSIONS } } } },
      ],
      structuredContent: { id: 'cats', opened: true },
    };
    expect(dataOf(settled.session, '/app')).toEqual({
      uri: 'ui://apps/cats',
      htmlContent: HTML,
      csp: APP_CSP,
      permissions: APP_PERMISSIONS,
      toolInput: { id: 'cats' },
      toolResult,
    });
    // The McpApp bound to /app renders the HTML and hears the new input and result.
    expect(ofType(settled.effects, 'mcpNotify').map(({ method, params }) => ({ method, params }))).toEqual([
      { method: 'ui/notifications/tool-input', params: { arguments: { id: 'cats' } } },
      { method: 'ui/notifications/tool-result', params: toolResult },
    ]);
    const second = invoke(settled.session, SURFACE, OPEN_BUTTON_REF);
    expect(second.ok && ofType(second.effects, 'mcpToolCall')[0]?.requestId).toBe('mcp-call-2');
  });

  test('without an MCP client the action reports that it cannot run', () => {
    const invoked = invoke(NO_CLIENT(), SURFACE, OPEN_BUTTON_REF);
    expect(invoked.ok).toBe(true);
    if (!invoked.ok) return;
    expect(ofType(invoked.effects, 'mcpToolCall')).toEqual([]);
    expect(ofType(invoked.effects, 'diagnostic')).toEqual([
      expect.objectContaining({ severity: 'warning', payload: expect.objectContaining({ code: 'MCP_TOOL_UNAVAILABLE' }) }),
    ]);
  });

  test('a failed action call is a diagnostic, with no reply', () => {
    const settled = mcpToolSettled(WITH_CLIENT(), {
      requestId: 'mcp-call-1',
      surfaceId: SURFACE,
      ref: OPEN_BUTTON_REF,
      outcome: { status: 'timeout', message: 'No result within 10000 ms.' },
      origin: 'action',
      name: 'openApp',
    });
    expect(settled.reply).toBeNull();
    expect(settled.effects).toEqual([
      expect.objectContaining({ type: 'diagnostic', severity: 'error', payload: expect.objectContaining({ code: 'MCP_TOOL_TIMEOUT' }) }),
    ]);
  });
});

test('no operation here throws, whatever it is given', () => {
  const session = NO_CLIENT();
  const odd: unknown[] = [undefined, null, 0, '', [], {}, { then: 1 }, Symbol('x'), () => 1, new Proxy({}, { ownKeys: () => { throw new Error('trap'); } })];
  for (const params of odd) {
    for (const method of ['tools/call', 'ui/requests/function-call', 'ui/notifications/data-model-change', 'ui/update-model-context', 'ui/message']) {
      expect(() => mcpAppRequest(session, SURFACE, APP_REF, method, params)).not.toThrow();
    }
    expect(() => mcpToolSettled(session, params as never)).not.toThrow();
  }
});

describe('the extension methods a host must answer (or not)', () => {
  test('ui/request-display-mode: inline by default; a mode the host allows is granted', () => {
    expect(okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/request-display-mode', { mode: 'fullscreen' })).reply).toEqual({ result: { mode: 'inline' } });
    const roomy = openSession({ mcpDisplayModes: ['inline', 'fullscreen'] });
    expect(okResult(mcpAppRequest(roomy, SURFACE, APP_REF, 'ui/request-display-mode', { mode: 'fullscreen' })).reply).toEqual({ result: { mode: 'fullscreen' } });
    expect(okResult(mcpAppRequest(roomy, SURFACE, APP_REF, 'ui/request-display-mode', { mode: 'pip' })).reply).toEqual({ result: { mode: 'inline' } });
    expect(rpcErrorCode(mcpAppRequest(roomy, SURFACE, APP_REF, 'ui/request-display-mode', {}))).toBe(MCP_ERROR_CODES.invalidParams);
  });

  test('notifications are accepted without a reply and change nothing', () => {
    const session = NO_CLIENT();
    for (const method of ['ui/notifications/size-changed', 'notifications/message', 'ui/notifications/some-future-thing']) {
      const result = okResult(mcpAppRequest(session, SURFACE, APP_REF, method, { level: 'info', data: 'x', width: 10, height: 20 }));
      expect({ method, reply: result.reply, effects: result.effects, same: result.session.state === session.state }).toEqual({ method, reply: null, effects: [], same: true });
    }
    expect(rpcErrorCode(mcpAppRequest(session, SURFACE, APP_REF, 'ui/no-such-request', {}))).toBe(MCP_ERROR_CODES.methodNotFound);
  });

  test('ui/initialize: the session supplies the host context it knows', () => {
    const reply = okResult(mcpAppRequest(NO_CLIENT(), SURFACE, APP_REF, 'ui/initialize', { protocolVersion: '2026-01-26' })).reply;
    expect(reply).toEqual({ result: { hostContext: { displayMode: 'inline', availableDisplayModes: ['inline'] } } });
  });

  test('mcpReplyEffect names the app, so apps numbering their requests alike are answered apart', () => {
    expect(mcpReplyEffect(1, SURFACE, APP_REF, { result: {} })).toEqual({ type: 'mcpReply', requestId: 1, surfaceId: SURFACE, ref: APP_REF, reply: { result: {} } });
  });
});
