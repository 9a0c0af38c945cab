/**
 * The catalogs' prose (the basic catalog's and common_types.json's titles, descriptions and
 * instructions: prompt text for an agent's LLM) reaches a browser bundle only when the app
 * imports it: not through `a2ui-redux/core` as a whole, not through the app's usual imports;
 * `BASIC_CATALOG_JSON` from the root brings it, which shows the check can fail.
 */
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = resolve(__dirname, '../..');
const PROSE_FILES = ['src/catalog/basic/catalogJson.ts', 'src/protocol/json/commonTypes.ts'];
// One sentence of each document's prose.
const SENTENCES = ['Unified catalog of basic A2UI components and functions.', 'Common type definitions used across A2UI schemas.'];

function bundleOf(source: string): { inputs: string[]; text: string } {
  const result = buildSync({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['@reduxjs/toolkit', 'redux-saga', 'redux-saga/effects', '@modelcontextprotocol/sdk'],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  return { inputs: Object.keys(output?.inputs ?? {}), text: result.outputFiles[0]?.text ?? '' };
}

test.each([
  ['a2ui-redux/core, all of it', "export * from './src/core';"],
  ['the app: createA2ui, basicCatalog, createInMemoryTransport', "export { createA2ui, basicCatalog, createInMemoryTransport } from './src/index';"],
  ['a2ui-redux/protocol without COMMON_TYPES_SCHEMA', "export { parseAgentPayload, parseRendererMessage } from './src/protocol/index';"],
])('%s ships no catalog prose', (_, source) => {
  const { inputs, text } = bundleOf(source);
  expect(inputs.filter((input) => PROSE_FILES.includes(input))).toEqual([]);
  for (const sentence of SENTENCES) expect(text).not.toContain(sentence);
  // The rules are there: the basic catalog's id is in every case but the protocol's.
  if (!source.includes('protocol')) expect(text).toContain('catalogs/basic/catalog.json');
});

test('an app that imports BASIC_CATALOG_JSON gets it, prose and all', () => {
  const { inputs, text } = bundleOf("export { basicCatalog, BASIC_CATALOG_JSON } from './src/index';");
  expect(inputs).toContain('src/catalog/basic/catalogJson.ts');
  expect(text).toContain(SENTENCES[0]);
});
