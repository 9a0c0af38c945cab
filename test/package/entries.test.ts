/**
 * The package's entries: `exports` names one built file per entry for import and require, the
 * root offers the public contract and the whole core, internals stay out of the root, and every
 * public name carries its documentation on its declaration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRY_SOURCES, publicNames, ROOT } from './publicNames';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  files: string[];
  dependencies: Record<string, string>;
};
const tsupConfig = readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8');

// The names of the public API contract (values and types).
const CONTRACT_VALUES = [
  'basicCatalog', 'mcpCatalog', 'defineCatalog', 'createSession', 'handleMessage', 'write', 'invoke',
  'mcpAppRequest', 'timeoutAgentCall', 'dispose', 'clientDataModel', 'rendererCapabilities', 'surface',
  'surfaces', 'resolvedTree', 'createA2ui',
];
const CONTRACT_TYPES = [
  'Catalog', 'JsonSchema', 'FunctionContext', 'SessionOptions', 'Session', 'Result', 'Failure', 'McpToolClient',
  'A2uiError', 'McpReply', 'RendererDataModel', 'RendererCapabilities', 'SurfaceState', 'ResolvedTree',
  'ResolvedNode', 'NodeRef', 'Effect', 'RendererToAgentMessage', 'ValidationResult', 'Diagnostic', 'A2uiTransport',
];
// Runtime internals: each would be a compatibility promise.
const INTERNALS = [
  'createSessionRuntime', 'sessionFrom', 'initialSessionState', 'createResolverCache', 'resolveSurface', 'lookupNode',
  'nodeContext', 'getIn', 'setIn', 'deleteIn', 'applyDataUpdate', 'splitPointer', 'joinPointer', 'resolvePath',
  'createSseParser', 'evaluateDynamic', 'parseTemplate', 'compileSafeRegex', 'toJsonValue', 'isPlainObject',
  'describeType', 'escapePointerToken', 'appendPointer', 'a2uiError',
];

describe('package.json exports', () => {
  test.each(Object.keys(ENTRY_SOURCES))('%s names ESM and CommonJS files with their types', (subpath) => {
    const name = subpath === '.' ? 'index' : subpath.slice(2);
    expect(pkg.exports[subpath]).toEqual({
      import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
      require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
    });
    // tsup builds that file from the entry's source.
    expect(tsupConfig).toContain(`${name}: '${ENTRY_SOURCES[subpath as keyof typeof ENTRY_SOURCES]}'`);
  });

  test('@cfworker/json-schema is pinned to the version the schema compiler reproduces', () => {
    const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules/@cfworker/json-schema/package.json'), 'utf8')) as { version: string }).version;
    expect(pkg.dependencies['@cfworker/json-schema']).toBe(installed);
  });

  test('the tarball carries the license', () => {
    expect(pkg.files).toContain('LICENSE');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0/);
  });
});

describe('the root entry', () => {
  const root = publicNames('.');
  const byName = new Map(root.map((entry) => [entry.name, entry]));

  test('offers the public contract', () => {
    for (const name of CONTRACT_VALUES) expect([name, byName.get(name)?.isValue]).toEqual([name, true]);
    for (const name of CONTRACT_TYPES) expect([name, byName.has(name)]).toEqual([name, true]);
  });

  test('re-exports every name of the core entry', () => {
    const missing = publicNames('./core').filter((entry) => !byName.has(entry.name));
    expect(missing.map((entry) => entry.name)).toEqual([]);
  });

  test('exports no runtime internals and no zod schemas', () => {
    expect(root.filter((entry) => INTERNALS.includes(entry.name)).map((entry) => entry.name)).toEqual([]);
    expect(root.filter((entry) => entry.isValue && entry.name.endsWith('Schema')).map((entry) => entry.name)).toEqual([]);
  });
});

describe('the MCP entry', () => {
  test('offers the MCP catalog, which the root re-exports and the core leaves out', () => {
    const names = publicNames('./mcp').map((entry) => entry.name);
    expect(names).toContain('mcpCatalog');
    const root = new Set(publicNames('.').map((entry) => entry.name));
    expect(names.filter((name) => !root.has(name))).toEqual([]);
    expect(publicNames('./core').map((entry) => entry.name)).not.toContain('mcpCatalog');
  });
});

describe('the protocol entry', () => {
  test('offers the wire schemas and parsers', () => {
    const names = new Set(publicNames('./protocol').map((entry) => entry.name));
    for (const name of ['AgentToRendererMessageSchema', 'RendererToAgentMessageSchema', 'parseAgentPayload', 'parseRendererMessage', 'CatalogDefinitionSchema']) {
      expect([name, names.has(name)]).toEqual([name, true]);
    }
  });
});

test.each(Object.keys(ENTRY_SOURCES))('every name of %s is documented where it is declared', (subpath) => {
  const undocumented = publicNames(subpath as keyof typeof ENTRY_SOURCES).filter((entry) => !entry.documented);
  expect(undocumented.map((entry) => entry.name)).toEqual([]);
});
