/**
 * What an app that renders agent messages with the basic catalog leaves out of its bundle (see
 * BENCHMARKS.md, "Bundle size"): the renderer-to-agent schemas (it parses what agents send; it
 * builds what it sends from checked parts) and the catalog checks (the embedded basic catalog is
 * checked by a test, not on every load). Each has a case that imports the code and ships it,
 * which shows the check sees the module when it is there.
 */
import { shippedFiles } from '../helpers/browserBundle';

const APP = `export { createA2ui, basicCatalog, createInMemoryTransport } from './src/index';`;
// zod's ISO date-time check, which only the renderer-to-agent `action` schema (its `timestamp`) uses.
const ISO_DATE_TIME = 'node_modules/zod/v4/mini/iso.js';
const CATALOG_CHECKS = ['src/catalog/define.ts', 'src/catalog/validate.ts', 'src/catalog/problems.ts'];

describe('the app: createA2ui, basicCatalog, createInMemoryTransport', () => {
  const files = shippedFiles(APP);

  test('parses agent messages, and ships no renderer-to-agent schema', () => {
    expect(files).toEqual(expect.arrayContaining(['src/protocol/parse.ts', 'src/protocol/agentToRenderer.ts']));
    expect(files).not.toContain(ISO_DATE_TIME);
  });

  test('loads the basic catalog, and ships no catalog check', () => {
    expect(files).toEqual(expect.arrayContaining(['src/catalog/basic/index.ts', 'src/catalog/assemble.ts']));
    expect(files.filter((file) => CATALOG_CHECKS.includes(file))).toEqual([]);
  });
});

test('parseRendererMessage ships the renderer-to-agent schemas', () => {
  expect(shippedFiles(`export { parseRendererMessage } from './src/protocol/index';`)).toContain(ISO_DATE_TIME);
});

test('defineCatalog and catalogFromJson ship the catalog checks', () => {
  const files = shippedFiles(`export { defineCatalog, catalogFromJson } from './src/core';`);
  expect(files).toEqual(expect.arrayContaining(CATALOG_CHECKS));
});
