/**
 * How the size check and the bundle tests bundle app code, as a browser app bundles the package:
 * esbuild, minified, tree shaken, for the browser, with the Redux peers (and the optional MCP SDK)
 * left to the app. One place, so the tests look at the bundles the size check measures.
 */
import type { BuildOptions } from 'esbuild';

/** Packages an app brings itself: left out of every bundle measured. */
export const APP_PEERS = ['@reduxjs/toolkit', 'redux-saga', 'redux-saga/effects', '@modelcontextprotocol/sdk'];

/** esbuild's options for a browser app's bundle (add the entry, and aliases or a metafile as needed). */
export const BROWSER_APP_BUILD = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  external: APP_PEERS,
  write: false,
  logLevel: 'silent',
} as const satisfies BuildOptions;
