/**
 * Session extensions: the seams a catalog's feature plugs into (MCP Apps with `mcpCatalog()`).
 * A session whose catalogs bring no extension answers at each seam as for a surface without the
 * feature, and never throws; an extension a catalog brings is called at its seams; a malformed
 * one is a configuration mistake named at construction.
 */
import { configureStore } from '@reduxjs/toolkit';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { defineCatalog } from '../../src/catalog/define';
import type { Catalog } from '../../src/catalog/types';
import { createA2ui } from '../../src/createA2ui';
import type { Effect } from '../../src/model/effects';
import type { SurfaceState } from '../../src/model/state';
import { invoke } from '../../src/session/interaction';
import { toolSettled } from '../../src/session/appRequests';
import { createSession, handleMessage, type Session, type SessionExtension } from '../../src/session/session';

// JSON-RPC 2.0 (section 5.1): -32603 is "Internal error".
const JSON_RPC_INTERNAL_ERROR = -32603;
const TOOLS = 'https://example.com/catalogs/tools';

/** A catalog whose one function asks the session for an MCP tool call, as the MCP catalog's callMcpTool does. */
const tools = defineCatalog({
  catalogId: TOOLS,
  functions: {
    askTool: {
      definition: { returnType: 'void' },
      implementation: (_args, context) => context.request({ type: 'mcpToolCall', name: 'lookup', arguments: { q: 'a2ui' } }),
    },
  },
});

const SURFACE_MESSAGES = [
  { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { score: 1 } } },
  {
    version: 'v1.0',
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'Column', children: ['button'] },
        { id: 'button', component: 'Button', child: 'label', action: { functionCall: { call: 'askTool', catalogId: TOOLS } } },
        { id: 'label', component: 'Text', text: { path: '/score' } },
      ],
    },
  },
];

function open(catalogs: Catalog[]): Session {
  const opened = handleMessage(createSession(catalogs), SURFACE_MESSAGES);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.session;
}

function ofType<T extends Effect['type']>(effects: readonly Effect[], type: T): Extract<Effect, { type: T }>[] {
  return effects.filter((effect): effect is Extract<Effect, { type: T }> => effect.type === type);
}

describe('a session whose catalogs bring no extension', () => {
  test('a data-model change notifies nobody', () => {
    const changed = handleMessage(open([basicCatalog(), tools]), { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/score', value: 2 } });
    expect(changed.ok).toBe(true);
    expect(ofType(changed.effects, 'mcpNotify')).toEqual([]);
    expect(changed.session.state.surfaces.s?.dataModel).toEqual({ score: 2 });
  });

  test('an MCP tool call asked for by a function is a warning diagnostic naming the tool, not an effect', () => {
    const invoked = invoke(open([basicCatalog(), tools]), 's', 'button');
    expect(invoked.ok).toBe(true);
    if (!invoked.ok) return;
    expect(ofType(invoked.effects, 'mcpToolCall')).toEqual([]);
    expect(ofType(invoked.effects, 'diagnostic')).toEqual([
      { type: 'diagnostic', surfaceId: 's', severity: 'warning', payload: { code: 'MCP_TOOL_UNAVAILABLE', message: expect.stringContaining("'lookup'"), ref: 'button' } },
    ]);
  });

  test('the Redux slice answers an app request with a JSON-RPC internal error naming what the node is', () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog(), tools] });
    const store = configureStore({ reducer: { a2ui: a2ui.reducer } });
    store.dispatch(a2ui.actions.messageReceived(SURFACE_MESSAGES));
    const request = (requestId: number, ref: string) =>
      store.dispatch(a2ui.actions.mcpAppRequested({ requestId, surfaceId: 's', ref, method: 'ui/message', params: { role: 'user', content: 'hi' } }));
    const replies = () => store.getState().a2ui.session.outbox.map((entry) => entry.effect).filter((effect) => effect.type === 'mcpReply');

    request(1, 'button');
    expect(replies()).toEqual([
      { type: 'mcpReply', requestId: 1, surfaceId: 's', ref: 'button', reply: { error: { code: JSON_RPC_INTERNAL_ERROR, message: expect.stringMatching(/is a Button, not an McpApp/) } } },
    ]);
    expect(store.getState().a2ui.session.lastError).toMatchObject({ code: 'INVALID_ARGUMENT', operation: 'mcpAppRequested' });

    request(2, 'nowhere');
    expect(replies()[1]).toMatchObject({ requestId: 2, reply: { error: { code: JSON_RPC_INTERNAL_ERROR, message: expect.stringContaining("no rendered node 'nowhere'") } } });
    expect(store.getState().a2ui.session.lastError).toMatchObject({ code: 'NODE_NOT_FOUND', operation: 'mcpAppRequested' });
  });

  test('the Redux slice refuses a tool outcome: no tool call can be waiting, so nobody is answered twice', () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog(), tools] });
    const store = configureStore({ reducer: { a2ui: a2ui.reducer } });
    store.dispatch(a2ui.actions.messageReceived(SURFACE_MESSAGES));
    const before = store.getState().a2ui.session;
    store.dispatch(a2ui.actions.mcpToolReplied({ requestId: 5, surfaceId: 's', ref: 'button', name: 'lookup', outcome: { status: 'ok', result: { content: [] } } }));
    expect(store.getState().a2ui.session.lastError).toMatchObject({ code: 'INVALID_ARGUMENT', operation: 'mcpToolReplied', message: expect.stringContaining('no tool call 5') });
    store.dispatch(a2ui.actions.mcpToolReplied({ requestId: 'mcp-call-0', surfaceId: 's', ref: 'button', name: 'lookup', origin: 'action', outcome: { status: 'ok', result: { content: [] } } }));
    expect(store.getState().a2ui.session.outbox).toEqual(before.outbox);
    expect(store.getState().a2ui.session.core).toBe(before.core);
  });

  test('the pure session answers a tool outcome: an app\'s call with an error reply, an action\'s with a diagnostic', () => {
    const session = open([basicCatalog(), tools]);
    const forApp = toolSettled(session, { requestId: 5, surfaceId: 's', ref: 'button', name: 'lookup', outcome: { status: 'ok', result: { content: [] } } });
    expect(forApp.reply).toEqual({ error: { code: JSON_RPC_INTERNAL_ERROR, message: expect.stringContaining("'lookup'") } });
    const forAction = toolSettled(session, { requestId: 'mcp-call-0', surfaceId: 's', ref: 'button', name: 'lookup', origin: 'action', outcome: { status: 'ok', result: { content: [] } } });
    expect(forAction).toEqual({
      session,
      reply: null,
      effects: [{ type: 'diagnostic', surfaceId: 's', severity: 'error', payload: { code: 'MCP_TOOL_FAILED', message: expect.stringContaining("'lookup'"), ref: 'button' } }],
    });
  });
});

describe('an extension a catalog brings', () => {
  test('is called at its seams: data-model changes with the surface before and after, and the local requests it takes', () => {
    const seen: Array<{ before: unknown; after: unknown }> = [];
    const extension: SessionExtension = {
      name: 'probe',
      dataModelChanged: (before: SurfaceState, after: SurfaceState) => {
        seen.push({ before: before.dataModel, after: after.dataModel });
        return [];
      },
      localRequest: (session, surfaceId, ref, request) =>
        request.type === 'mcpToolCall' ? { session, effects: [{ type: 'openUrl', url: `https://example.com/${request.name}?from=${surfaceId}/${ref}` }] } : undefined,
    };
    const session = open([basicCatalog(), { ...tools, sessionExtension: extension }]);
    const changed = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/score', value: 3 } });
    expect(seen).toEqual([{ before: { score: 1 }, after: { score: 3 } }]);

    const invoked = invoke(changed.session, 's', 'button');
    expect(invoked.ok).toBe(true);
    if (!invoked.ok) return;
    expect(ofType(invoked.effects, 'openUrl')).toEqual([{ type: 'openUrl', url: 'https://example.com/lookup?from=s/button' }]);
    expect(ofType(invoked.effects, 'diagnostic')).toEqual([]);
  });

  test.each<[string, unknown, RegExp]>([
    ['not an object', 'mcp', /catalogs\[1\]\.sessionExtension must be an object with a string name/],
    ['no name', { dataModelChanged: () => [] }, /catalogs\[1\]\.sessionExtension must be an object with a string name/],
    ['a seam that is not a function', { name: 'x', appRequest: 'yes' }, /catalogs\[1\]\.sessionExtension\.appRequest must be a function/],
  ])('one that is %s throws at construction, naming it', (_name, sessionExtension, message) => {
    const catalog = { ...tools, sessionExtension } as unknown as Catalog;
    expect(() => createSession([basicCatalog(), catalog])).toThrow(TypeError);
    expect(() => createSession([basicCatalog(), catalog])).toThrow(message);
    expect(() => createA2ui({ catalogs: [basicCatalog(), catalog] })).toThrow(message);
  });
});
