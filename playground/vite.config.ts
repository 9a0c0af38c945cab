/**
 * The playground's Vite config (`npm run playground`). The root is this folder; the package is
 * imported from `../src` as source, so the playground always runs the code in the checkout.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react()],
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
    ],
    // The demo loads the MCP SDK on demand for its Node MCP server; the browser never does.
    exclude: ['@modelcontextprotocol/sdk'],
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
