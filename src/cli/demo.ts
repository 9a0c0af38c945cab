/**
 * The demo: a real store with saga middleware talks to a scripted travel agent over the
 * in-memory transport. Each step shows what the agent sent, the resolved tree, what the renderer
 * sent back, and the diagnostics. Deterministic apart from the timings, and done in seconds.
 */
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { createInMemoryTransport } from '../transports/inMemory';
import { BASIC_CATALOG_ID, basicCatalog } from '../catalog';
import { MCP_CATALOG_ID, mcpCatalog } from '../mcp/catalog';
import type { McpToolClient } from '../session/session';
import { defineCatalog } from '../catalog/define';
import { createA2ui } from '../createA2ui';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import { outlineTree } from './outline';
import { tableValues } from '../data/table';
import type { Style } from './style';
import { describePayload } from './validate';

export const TRAVEL_CATALOG_ID = 'https://example.com/a2ui-redux/demo/travel.json';
const AGENT_CALL_TIMEOUT_MS = 400;

/** A small custom catalog: one agent function and one function the agent may call on the renderer. */
export function travelCatalog() {
  return defineCatalog({
    catalogId: TRAVEL_CATALOG_ID,
    functions: {
      quoteFare: {
        definition: { returnType: 'string', description: 'Quotes a fare; runs on the agent.' },
      },
      seatMap: {
        definition: { returnType: 'string', description: 'Describes the seat map; runs on the agent.' },
      },
      rendererLocale: {
        definition: { returnType: 'object', allowedCallers: 'agentOnly', description: 'The renderer locale and time zone.' },
        implementation: () => ({ locale: 'en-US', timeZone: 'UTC' }),
      },
    },
  });
}

const v = <T extends object>(body: T) => ({ version: 'v1.0' as const, ...body });

/** The agent's opening messages: a search form with a template list and agent-computed text. */
export const OPENING = [
  v({ createSurface: { surfaceId: 'trip', catalogId: BASIC_CATALOG_ID, sendDataModel: true } }),
  v({ updateDataModel: { surfaceId: 'trip', value: { search: { from: 'Lisbon', to: '' }, results: [] } } }),
  v({
    updateComponents: {
      surfaceId: 'trip',
      components: [
        { id: 'root', component: 'Column', children: ['heading', 'to', 'search', 'results', 'fare', 'seats', 'terms', 'weather_app', 'weather'] },
        { id: 'heading', component: 'Text', text: { call: 'formatString', args: { value: 'Flights from ${/search/from}' } } },
        {
          id: 'to',
          component: 'TextField',
          label: 'To',
          value: { path: '/search/to' },
          checks: [{ condition: { call: 'required', args: { value: { path: '/search/to' } } }, message: 'Where to?' }],
        },
        {
          id: 'search',
          component: 'Button',
          child: 'search_label',
          checks: [{ condition: { call: 'required', args: { value: { path: '/search/to' } } }, message: 'Where to?' }],
          action: { event: { name: 'search', context: { from: { path: '/search/from' }, to: { path: '/search/to' } } } },
        },
        { id: 'search_label', component: 'Text', text: 'Search' },
        { id: 'results', component: 'List', children: { componentId: 'result', path: '/results' } },
        { id: 'result', component: 'Text', text: { call: 'formatString', args: { value: '${@index(offset: 1)}. ${flight} at ${formatCurrency(value: ${price}, currency: \'EUR\')}' } } },
        { id: 'fare', component: 'Text', text: { call: 'quoteFare', catalogId: TRAVEL_CATALOG_ID, args: { to: { path: '/search/to' } } } },
        { id: 'seats', component: 'Text', text: { call: 'seatMap', catalogId: TRAVEL_CATALOG_ID, args: { flight: 'TP 1234' } } },
        { id: 'terms', component: 'Button', child: 'terms_label', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com/fare-terms' } } } },
        { id: 'terms_label', component: 'Text', text: 'Fare terms' },
        {
          id: 'weather_app',
          component: 'McpApp',
          catalogId: MCP_CATALOG_ID,
          title: 'Weather at the destination',
          htmlContent: 'url_encoded:%3Cbutton%3EShow%20weather%3C%2Fbutton%3E',
          allowedTools: ['lookupWeather'],
        },
        { id: 'weather', component: 'Text', text: { path: '/weather' } },
      ],
    },
  }),
];

type Printer = (line: string) => void;

/** The scripted agent: answers searches and quoteFare, never answers seatMap (it times out). */
function scriptAgent(send: (payload: unknown) => void, print: Printer, style: Style) {
  return (message: RendererToAgentMessage, metadata?: object) => {
    print(`${style.ok('renderer → agent')} ${JSON.stringify(message)}${metadata ? style.dim(`  + metadata ${JSON.stringify(metadata)}`) : ''}`);
    const body = message as Record<string, unknown>;
    const action = body.action as { name?: string; context?: { to?: string } } | undefined;
    if (action?.name === 'search') {
      queueMicrotask(() =>
        send(v({ updateDataModel: { surfaceId: 'trip', path: '/results', value: [{ flight: 'TP 1234', price: 812.5 }, { flight: 'NH 210', price: 954 }] } })),
      );
    }
    const call = body.callAgentFunction as { functionCallId: string; callFunction: { call: string; args: { to?: string } } } | undefined;
    if (call?.callFunction.call === 'quoteFare') {
      const to = call.callFunction.args.to ?? '';
      queueMicrotask(() =>
        send(v({ agentFunctionResponse: { functionCallId: call.functionCallId, value: to === '' ? 'Pick a destination for a fare' : `Fares to ${to} from €640` } })),
      );
    }
  };
}

/** The parts of the optional MCP SDK the demo uses. */
export interface McpSdk {
  McpServer: typeof import('@modelcontextprotocol/sdk/server/mcp.js').McpServer;
  Client: typeof import('@modelcontextprotocol/sdk/client/index.js').Client;
  InMemoryTransport: typeof import('@modelcontextprotocol/sdk/inMemory.js').InMemoryTransport;
}

/** Loads the MCP SDK, or null when it is not installed (it is an optional peer dependency). */
export async function loadMcpSdk(): Promise<McpSdk | null> {
  try {
    const [{ McpServer }, { Client }, { InMemoryTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/mcp.js'),
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/inMemory.js'),
    ]);
    return { McpServer, Client, InMemoryTransport };
  } catch (thrown) {
    if (isModuleNotFound(thrown)) return null;
    throw thrown;
  }
}

function isModuleNotFound(thrown: unknown): boolean {
  const code = (thrown as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** How to enable the MCP step when the SDK is missing. */
export const MCP_SDK_HINT = 'the optional MCP SDK is not installed; `npm install @modelcontextprotocol/sdk` to run this step';

/**
 * A real MCP server from the SDK, on the SDK's in-memory transport, with one tool whose result
 * carries an `application/a2ui+json` resource.
 */
async function startWeatherServer(sdk: McpSdk): Promise<{ client: McpToolClient; close(): Promise<void> }> {
  const { z } = await import('zod');
  const server = new sdk.McpServer({ name: 'demo-weather', version: '1.0.0' });
  server.registerTool('lookupWeather', { description: 'Weather for a city.', inputSchema: { city: z.string() } }, async ({ city }) => ({
    content: [
      { type: 'text' as const, text: `Sunny in ${city}` },
      {
        type: 'resource' as const,
        resource: {
          uri: 'a2ui://weather',
          mimeType: 'application/a2ui+json',
          text: JSON.stringify([v({ updateDataModel: { surfaceId: 'trip', path: '/weather', value: `Forecast for ${city}: sunny, 18 °C` } })]),
        },
      },
    ],
  }));
  const client = new sdk.Client({ name: 'a2ui-redux-demo', version: '1.0.0' });
  const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client: client as unknown as McpToolClient,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Where the demo gets the MCP SDK from; tests pass a loader that finds none. */
export interface DemoOptions {
  loadMcpSdk?: () => Promise<McpSdk | null>;
}

/**
 * Runs the demo, printing to `print`. Resolves when the conversation is over. Without the
 * optional MCP SDK the MCP tool step says how to enable it and the rest runs as usual.
 */
export async function runDemo(print: Printer, style: Style, options: DemoOptions = {}): Promise<void> {
  const sdk = await (options.loadMcpSdk ?? loadMcpSdk)();
  const mcp = sdk === null ? null : await startWeatherServer(sdk);
  const a2ui = createA2ui({
    catalogs: [basicCatalog(), travelCatalog(), mcpCatalog()],
    defaultTimeoutMs: AGENT_CALL_TIMEOUT_MS,
    ...(mcp === null ? {} : { mcpClient: mcp.client }),
  });
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (getDefault) => getDefault().concat(sagas) });
  const { transport, agent } = createInMemoryTransport();
  const opened: string[] = [];
  const task = sagas.run(a2ui.saga, {
    transport,
    openUrl: (url: string) => {
      opened.push(url);
      print(`${style.ok('openUrl port')} would open ${url}`);
    },
    mcpAppReply: (requestId, reply) => {
      print(`${style.ok('mcpAppReply port')} reply to app request ${String(requestId)}: ${JSON.stringify(reply)}`);
    },
    onDiagnostic: (effect) => {
      // Tree diagnostics are printed with the trees; these are about messages, not nodes.
      if (effect.payload.code === 'AGENT_RESPONSE_IGNORED') print(`${style.warn('diagnostic')} ${effect.payload.message}`);
    },
  });
  agent.onMessage(scriptAgent((payload) => deliver(payload), print, style));

  const show = (title: string) => {
    print(`\n${style.bold(`── ${title}`)}`);
  };
  const tree = () => {
    const state = store.getState();
    const resolved = a2ui.selectors.selectResolvedTree(state, 'trip');
    if (resolved) for (const line of outlineTree(resolved, style)) print(`   ${line}`);
    for (const d of a2ui.selectors.selectDiagnostics(state, 'trip')) {
      print(`   ${d.severity === 'error' ? style.bad(d.code) : style.warn(d.code)} ${d.message}`);
    }
  };
  function deliver(payload: unknown) {
    print(`${style.warn('agent → renderer')} ${describePayload(payload)}`);
    agent.send(payload);
  }

  show('1. The agent builds a search form (template list, checks, agent-computed text)');
  for (const message of OPENING) deliver(message);
  await pause(10);
  tree();

  show('2. The user types a destination (two-way binding); the fare quote is asked again');
  store.dispatch(a2ui.actions.valueWritten({ surfaceId: 'trip', ref: 'to', property: 'value', value: 'Tokyo' }));
  await pause(10);
  tree();

  show('3. The user presses Search: the action carries the data model; the agent answers with results');
  store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'trip', ref: 'search' }));
  await pause(10);
  tree();

  show(`4. The seat map call gets no answer: it times out after ${AGENT_CALL_TIMEOUT_MS} ms`);
  await pause(AGENT_CALL_TIMEOUT_MS + 100);
  tree();

  show('5. The user opens the fare terms (openUrl, scheme checked)');
  store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'trip', ref: 'terms' }));
  await pause(10);

  show('6. The agent calls a renderer function (callRendererFunction)');
  deliver(v({ callRendererFunction: { functionCallId: 'agent-1', callFunction: { call: 'rendererLocale', catalogId: TRAVEL_CATALOG_ID } } }));
  deliver(v({ callRendererFunction: { functionCallId: 'agent-2', callFunction: { call: 'formatDate', catalogId: BASIC_CATALOG_ID, args: { value: '2027-01-01', format: 'yyyy' } } } }));
  await pause(10);

  show('7. The embedded MCP App calls a tool: the agent hears of it, the MCP server runs it, its A2UI resource updates the surface');
  if (mcp === null) {
    print(`${style.warn('skipped')} ${MCP_SDK_HINT}`);
  } else {
    store.dispatch(
      a2ui.actions.mcpAppRequested({
        requestId: 1,
        surfaceId: 'trip',
        ref: 'weather_app',
        method: 'tools/call',
        params: { name: 'lookupWeather', arguments: { city: 'Tokyo' } },
      }),
    );
    await pause(100);
    tree();
  }
  show('8. A tool the app may not call is refused with a JSON-RPC error');
  store.dispatch(
    a2ui.actions.mcpAppRequested({ requestId: 2, surfaceId: 'trip', ref: 'weather_app', method: 'tools/call', params: { name: 'deleteAccount', arguments: {} } }),
  );
  await pause(10);

  show('9. A late answer to the timed-out call is ignored');
  const late = a2ui.selectors.selectSessionState(store.getState()).agentCalls;
  const timedOut = tableValues(late).find((row) => row.status === 'timeout');
  if (timedOut) deliver(v({ agentFunctionResponse: { functionCallId: timedOut.callId, value: 'Seat 12A' } }));
  await pause(10);
  tree();

  const state = store.getState();
  print(`\n${style.bold('done')}: ${state.a2ui.log.entries.length} log entries, ${a2ui.selectors.selectPendingAgentCalls(state).length} calls pending, outbox ${state.a2ui.session.outbox.length}, opened ${opened.length} URL`);
  store.dispatch(a2ui.actions.disposed());
  task.cancel();
  await mcp?.close();
}
