/**
 * The playground's Vite config (`npm run playground`). The root is this folder; the package is
 * imported from `../src` as source, so the playground always runs the code in the checkout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mcpSandboxHtml } from '../src/react/sandbox';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

const SANDBOX_MODULE = 'virtual:mcp-sandbox';

/**
 * The MCP Apps sandbox proxy page on a second origin: its own HTTP server on another port of
 * 127.0.0.1, started with the dev server and closed with it. The page learns its URL from the
 * virtual module `virtual:mcp-sandbox` (null in a build, where no sandbox is served).
 */
function mcpSandbox(): Plugin {
  let sandbox: Server | undefined;
  let url: string | null = null;
  return {
    name: 'a2ui-mcp-sandbox',
    async configureServer(server) {
      sandbox = createServer((request, response) => {
        const ok = request.method === 'GET' && (request.url ?? '').split('?')[0] === '/mcp-sandbox.html';
        response.writeHead(ok ? 200 : 404, { 'content-type': ok ? 'text/html; charset=utf-8' : 'text/plain', 'cache-control': 'no-store' });
        response.end(ok ? mcpSandboxHtml : 'not found');
      });
      await new Promise<void>((resolve) => sandbox?.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(sandbox.address() as AddressInfo).port}/mcp-sandbox.html`;
      server.httpServer?.once('close', () => sandbox?.close());
    },
    resolveId: (id) => (id === SANDBOX_MODULE ? `\0${SANDBOX_MODULE}` : null),
    load: (id) => (id === `\0${SANDBOX_MODULE}` ? `export const SANDBOX_URL = ${JSON.stringify(url)};` : null),
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), mcpSandbox()],
  // Its own cache, so the playground never disturbs another Vite project in the checkout.
  cacheDir: `${repo}node_modules/.vite-playground`,
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: false,
    // The package sources and the example streams live beside the playground.
    fs: { allow: [repo] },
  },
  // Bundled up front, so the first page load never triggers a dependency re-optimization reload.
  optimizeDeps: {
    entries: ['index.html'],
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      'react-redux',
      '@reduxjs/toolkit',
      'redux-saga',
      'redux-saga/effects',
      'reselect',
      'zod',
      '@cfworker/json-schema',
      'jmespath',
      '@modelcontextprotocol/ext-apps/app-bridge',
    ],
    // The demo loads the MCP SDK on demand for its Node MCP server; the browser never does.
    exclude: ['@modelcontextprotocol/sdk'],
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
