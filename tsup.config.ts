import { copyFile, mkdir } from 'node:fs/promises';
import { defineConfig } from 'tsup';

// Peers and optional packages stay imports; everything else in `dependencies` is left to the
// consumer's bundler too (tsup externalizes dependencies by default).
const PEERS = ['@reduxjs/toolkit', 'redux-saga', '@modelcontextprotocol/sdk', 'react', 'react-dom', 'react-redux', '@modelcontextprotocol/ext-apps'];

export default defineConfig([
  {
    // One build of the entries, so they share chunks: a catalog or an error class made
    // through `a2ui-redux/core` is the same one the root entry sees.
    entry: {
      index: 'src/index.ts',
      core: 'src/core.ts',
      protocol: 'src/protocol/index.ts',
      mcp: 'src/mcp/catalog/entry.ts',
      react: 'src/react/index.ts',
      'react-mcp-app': 'src/react/mcpAppEntry.ts',
    },
    format: ['esm', 'cjs'],
    splitting: true,
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    external: PEERS,
    // `a2ui-redux/catalogs/basic.json`: the spec's basic catalog.json byte for byte, prose included.
    onSuccess: async () => {
      await mkdir('dist/catalogs', { recursive: true });
      await copyFile('src/catalog/basic/catalog.json', 'dist/catalogs/basic.json');
    },
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    external: PEERS,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
