/**
 * Shared fixtures of the MCP tests: a real MCP server (the SDK's McpServer) connected to a real
 * SDK Client over the SDK's in-memory transport, and a surface holding an McpApp.
 *
 * The server's tools:
 * - `search({ q })`: a text block and an `application/a2ui+json` resource that (re)creates the
 *   surface `main` (which must be kept) and writes `[q, 'more']` at `/results`;
 * - `openApp({ id })`: a text block, an MCP App resource (`text/html;profile=mcp-app`, with CSP
 *   and permissions in `_meta.ui`) and structured content;
 * - `slow()`: answers only when the test releases it;
 * - `broken()`: returns an A2UI resource that is not JSON.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { mcpCatalog, MCP_CATALOG_ID } from '../../src/mcp/catalog';
import { createSession, handleMessage, type Session, type SessionOptions } from '../../src/session/session';
import type { Effect } from '../../src/model/effects';
import { deepFreeze } from '../data/helpers';

/** Freezes a fixture all the way down (one helper for every suite). */
export { deepFreeze };

export { BASIC_CATALOG_ID, MCP_CATALOG_ID };

export const SURFACE = 'main';
/** The McpApp node (component 'app'). */
export const APP_REF = 'app';
/** The Button whose action calls `openApp` through callMcpTool (component 'open'). */
export const OPEN_BUTTON_REF = 'open';
/** A fixed clock, so action timestamps are known. */
export const NOW = '2026-03-01T12:00:00.000Z';

export const HTML = '<!doctype html><p>widget</p>';
export const APP_CSP = { connectDomains: ['https://api.example.com'] };
export const APP_PERMISSIONS = { clipboardWrite: true };


/** The A2UI messages the `search` tool returns, as the agent-side JSON text of the resource. */
export function searchMessages(q: string): unknown[] {
  return [
    { version: 'v1.0', createSurface: { surfaceId: SURFACE, catalogId: BASIC_CATALOG_ID } },
    { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: '/results', value: [q, 'more'] } },
  ];
}

export interface McpFixture {
  client: Client;
  server: McpServer;
  /** Resolves the pending `slow` calls. */
  releaseSlow(): void;
  close(): Promise<void>;
}

/** Starts the server and connects a client to it. */
export async function startMcpServer(): Promise<McpFixture> {
  const server = new McpServer({ name: 'a2ui-test-server', version: '1.0.0' });
  const waiting: Array<() => void> = [];
  server.registerTool('search', { description: 'Searches.', inputSchema: { q: z.string() } }, async ({ q }) => ({
    content: [
      { type: 'text', text: `Found results for ${q}` },
      { type: 'resource', resource: { uri: 'a2ui://search-results', mimeType: 'application/a2ui+json', text: JSON.stringify(searchMessages(q)) } },
    ],
  }));
  server.registerTool('openApp', { description: 'Opens an app.', inputSchema: { id: z.string() } }, async ({ id }) => ({
    content: [
      { type: 'text', text: `App ${id}` },
      {
        type: 'resource',
        resource: {
          uri: `ui://apps/${id}`,
          mimeType: 'text/html;profile=mcp-app',
          text: HTML,
          _meta: { ui: { csp: APP_CSP, permissions: APP_PERMISSIONS } },
        },
      },
    ],
    structuredContent: { id, opened: true },
  }));
  server.registerTool('slow', { description: 'Answers when released.' }, async () => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { content: [{ type: 'text', text: 'late' }] };
  });
  server.registerTool('broken', { description: 'Returns a bad A2UI resource.' }, async () => ({
    content: [{ type: 'resource', resource: { uri: 'a2ui://broken', mimeType: 'application/a2ui+json', text: '{not json' } }],
  }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'a2ui-test-host', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    server,
    releaseSlow: () => waiting.splice(0).forEach((resolve) => resolve()),
    async close() {
      waiting.splice(0).forEach((resolve) => resolve());
      await client.close();
      await server.close();
    },
  };
}

/** The surface: a Column holding the McpApp and a Button that calls `openApp` into `/app`. */
export function appSurfaceMessages(surfaceId = SURFACE): unknown[] {
  return deepFreeze([
    {
      version: 'v1.0',
      createSurface: {
        surfaceId,
        catalogId: BASIC_CATALOG_ID,
        dataModel: { game: { score: 1, level: 1 }, app: { toolInput: { id: 'start' } }, query: 'cats' },
      },
    },
    {
      version: 'v1.0',
      updateComponents: {
        surfaceId,
        components: [
          { id: 'root', component: 'Column', children: ['app', 'open'] },
          {
            id: 'app',
            component: 'McpApp',
            catalogId: MCP_CATALOG_ID,
            htmlContent: { path: '/app/htmlContent' },
            title: 'Game',
            allowedTools: ['search', 'slow', 'broken'],
            allowedFunctions: {
              formatNumber: {
                type: 'object',
                properties: { value: { type: 'number' }, decimals: { type: 'integer', minimum: 0 } },
                required: ['value'],
                additionalProperties: false,
              },
              updateDataModel: { type: 'object', properties: { updates: { type: 'object' } }, required: ['updates'] },
              split: {
                type: 'object',
                properties: { value: { type: 'string', pattern: '^(a+)+$' }, separator: { type: 'string' } },
                patternProperties: { '^x-': { type: 'number' } },
              },
              openUrl: { type: 'object' },
            },
            data: {
              paths: {
                score: '/game/score',
                game: '/game',
                toolInput: '/app/toolInput',
                toolResult: '/app/toolResult',
                modelContext: '/context',
              },
            },
            csp: { resourceDomains: ['https://cdn.example.com'] },
            permissions: { camera: false },
          },
          { id: 'open', component: 'Button', child: 'openLabel', action: {
            functionCall: {
              call: 'callMcpTool',
              catalogId: MCP_CATALOG_ID,
              args: { name: 'openApp', arguments: { id: { path: '/query' } }, targetDataPath: '/app' },
            },
          } },
          { id: 'openLabel', component: 'Text', text: 'Open' },
        ],
      },
    },
  ]);
}

/** A pure session over the basic and MCP catalogs with the surface open. */
export function openSession(options: SessionOptions = {}): Session {
  const session = createSession([basicCatalog(), mcpCatalog()], { clock: () => new Date(NOW), ...options });
  const opened = handleMessage(session, appSurfaceMessages());
  if (!opened.ok) throw new Error(`the fixture surface did not open: ${JSON.stringify(opened.error)}`);
  const problems = opened.effects.filter((e) => e.type === 'diagnostic' && e.severity === 'error');
  if (problems.length > 0) throw new Error(`the fixture surface has errors: ${JSON.stringify(problems)}`);
  return opened.session;
}

/** The outbound messages among effects. */
export function sent(effects: readonly Effect[]): Record<string, unknown>[] {
  return effects.flatMap((e) => (e.type === 'send' ? [e.message as Record<string, unknown>] : []));
}

/** The effects of one type. */
export function ofType<T extends Effect['type']>(effects: readonly Effect[], type: T): Extract<Effect, { type: T }>[] {
  return effects.filter((e): e is Extract<Effect, { type: T }> => e.type === type);
}
