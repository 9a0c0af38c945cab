/**
 * Bundling a piece of app code from the sources as a browser app would bundle the package
 * (esbuild, minified, tree shaking, the Redux peers left out), to see which modules it ships.
 */
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = resolve(__dirname, '../..');
const PEERS = ['@reduxjs/toolkit', 'redux-saga', 'redux-saga/effects', '@modelcontextprotocol/sdk'];

/**
 * The files (relative to the repository root: `src/…`, `node_modules/…`) that put bytes into the
 * bundle of `source`, an ES module importing from the sources (`./src/index`).
 */
export function shippedFiles(source: string): string[] {
  const result = buildSync({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: PEERS,
    write: false,
    outfile: 'app.js',
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  if (output === undefined) throw new Error('esbuild wrote no output');
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}
