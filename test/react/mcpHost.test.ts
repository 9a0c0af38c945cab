/**
 * @jest-environment jsdom
 *
 * The MCP App host: the saga's ports settle the waits of frames and reach their listeners, over a
 * real store and saga; a sandbox URL that cannot be one is a host mistake. (McpApp itself, with
 * its ESM-only bridge, runs in the browser e2e: test/e2e/playground.test.ts.)
 */
import { screen } from '@testing-library/react';
import { mcpCatalog, MCP_CATALOG_ID } from '../../src/mcp/catalog';
import { basicCatalog } from '../../src/catalog';
import { createMcpAppHost, mcpSandboxHtml } from '../../src/react';
import { surfaceMessage } from './harness';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { createA2ui } from '../../src/createA2ui';
import { createInMemoryTransport } from '../../src/transports/inMemory';

const APP = {
  id: 'root',
  component: 'McpApp',
  catalogId: MCP_CATALOG_ID,
  title: 'Weather',
  htmlContent: '<p>app</p>',
  allowedTools: ['lookupWeather'],
  data: { paths: { weather: '/weather' } },
};

it('a sandbox URL that is not absolute http(s) throws, naming the option', () => {
  expect(() => createMcpAppHost({ sandboxUrl: '/sandbox.html' })).toThrow(/sandboxUrl/);
  expect(() => createMcpAppHost({ sandboxUrl: 'javascript:alert(1)' })).toThrow(/sandboxUrl/);
  expect(createMcpAppHost({ sandboxUrl: 'https://sandbox.example.com/p.html' }).sandboxUrl).toBe('https://sandbox.example.com/p.html');
});

it('the saga answers an app request through mcpAppReply and notifies its node through mcpAppNotify', async () => {
  const host = createMcpAppHost({ sandboxUrl: 'http://127.0.0.1:9/sandbox.html' });
  const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()] });
  const saga = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d().concat(saga) });
  const { transport, agent } = createInMemoryTransport();
  const sent: unknown[] = [];
  agent.onMessage((m) => void sent.push(m));
  const task = saga.run(a2ui.saga, { transport, ...host.ports });
  try {
    store.dispatch(a2ui.actions.messageReceived(surfaceMessage('s', [APP], { weather: 'cloudy' })));
    const notes: Array<[string, unknown]> = [];
    const stop = host.listen('s', 'root', (method, params) => void notes.push([method, params]));

    // The app says it is initialized: the session sends it the bound value.
    store.dispatch(a2ui.actions.mcpAppRequested({ requestId: host.nextRequestId(), surfaceId: 's', ref: 'root', method: 'ui/notifications/initialized', params: {} }));
    await new Promise((r) => setTimeout(r, 10));
    expect(notes).toEqual([['ui/notifications/data-model-update', { key: 'weather', value: 'cloudy' }]]);

    // A tools/call of an allowed tool is answered (no MCP client: an empty result) and reaches the agent.
    const id = host.nextRequestId();
    const reply = host.expectReply(id);
    store.dispatch(a2ui.actions.mcpAppRequested({ requestId: id, surfaceId: 's', ref: 'root', method: 'tools/call', params: { name: 'lookupWeather', arguments: { city: 'Oslo' } } }));
    await expect(reply).resolves.toEqual({ result: { content: [] } });
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toContainEqual(expect.objectContaining({ action: expect.objectContaining({ name: 'lookupWeather', context: { city: 'Oslo' } }) }));

    // A tool that is not allowed is refused with invalid params (-32602).
    const refusedId = host.nextRequestId();
    const refused = host.expectReply(refusedId);
    store.dispatch(a2ui.actions.mcpAppRequested({ requestId: refusedId, surfaceId: 's', ref: 'root', method: 'tools/call', params: { name: 'deleteEverything', arguments: {} } }));
    await expect(refused).resolves.toMatchObject({ error: { code: -32602 } });

    // After the frame stops listening, notifications for its node go nowhere.
    stop();
    store.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/weather', value: 'sunny' } }));
    await new Promise((r) => setTimeout(r, 10));
    expect(notes).toHaveLength(1);
  } finally {
    task.cancel();
  }
});

it('the sandbox page relays between its parent and the app frame, which gets no allow-same-origin', () => {
  expect(mcpSandboxHtml).toContain("inner.setAttribute('sandbox', 'allow-scripts allow-forms')");
  expect(mcpSandboxHtml).toContain('ui/notifications/sandbox-proxy-ready');
  expect(mcpSandboxHtml).not.toMatch(/allow-same-origin/);
});
