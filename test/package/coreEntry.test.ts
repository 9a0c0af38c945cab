/**
 * `a2ui-redux/core` and `a2ui-redux/protocol` load without `@reduxjs/toolkit` and `redux-saga`:
 * each entry is bundled with its packages left as imports, the packages it imports are checked,
 * and the bundle is loaded (CommonJS and ESM) by a separate Node process in a folder whose
 * node_modules holds only the runtime dependencies. The root entry, loaded the same way, must
 * fail for want of Redux: that shows the folder really lacks it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';

const ROOT = resolve(__dirname, '../..');
const RUNTIME_DEPENDENCIES = ['zod', 'jmespath', '@cfworker/json-schema', 'reselect'];
const REDUX = ['@reduxjs/toolkit', 'redux-saga'];

function bundle(entry: string, outfile: string, format: 'esm' | 'cjs'): Metafile {
  const result = buildSync({
    entryPoints: [resolve(ROOT, entry)],
    outfile,
    bundle: true,
    format,
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

/** The packages a bundle imports at run time. */
function packagesImported(metafile: Metafile): string[] {
  const found = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const record of input.imports) {
      // Relative paths marked external are type-only re-exports esbuild leaves unresolved.
      if (record.external && !/^(node:|\.)/.test(record.path)) found.add(record.path);
    }
  }
  return [...found].sort();
}

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'a2ui-core-entry-'));
  for (const name of RUNTIME_DEPENDENCIES) {
    const target = join(folder, 'node_modules', name);
    mkdirSync(resolve(target, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
  }
  writeFileSync(join(folder, 'package.json'), '{"private": true}\n');
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(script: string, type: 'commonjs' | 'module'): string {
  return execFileSync(process.execPath, ['--input-type', type, '-e', script], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

// A session made through the core entry answers a createSurface and resolves its tree.
const USE_CORE = `
  const session0 = core.createSession([core.basicCatalog()]);
  const result = core.handleMessage(session0, [
    { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: core.BASIC_CATALOG_ID } },
    { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'hi' }] } },
  ]);
  if (!result.ok) throw new Error(result.error.message);
  console.log(JSON.stringify(core.resolvedTree(result.session, 's').root.props));
`;

describe.each(['cjs', 'esm'] as const)('the core entry as %s', (format) => {
  const ext = format === 'cjs' ? 'cjs' : 'mjs';

  test('imports no Redux package and works without one installed', () => {
    const metafile = bundle('src/core.ts', join(folder, `core.${ext}`), format);
    const imported = packagesImported(metafile);
    expect(imported.filter((name) => REDUX.some((redux) => name === redux || name.startsWith(`${redux}/`)))).toEqual([]);
    // jmespath is the MCP catalog's, which is its own entry (a2ui-redux/mcp).
    expect(imported).toEqual(['@cfworker/json-schema', 'zod/mini']);

    const script =
      format === 'cjs'
        ? `const core = require('./core.cjs');${USE_CORE}`
        : `const core = await import('./core.mjs');${USE_CORE}`;
    expect(JSON.parse(run(script, format === 'cjs' ? 'commonjs' : 'module'))).toEqual({ text: 'hi' });
  });

  test('the protocol entry parses a payload without Redux installed', () => {
    const metafile = bundle('src/protocol/index.ts', join(folder, `protocol.${ext}`), format);
    // The JSON Schema validator of catalog components is in the core, not here.
    expect(packagesImported(metafile)).toEqual(['zod/mini']);
    const use = `
      const parsed = protocol.parseAgentPayload({ version: 'v1.0', deleteSurface: { surfaceId: 7 } });
      console.log(JSON.stringify(parsed.ok ? null : parsed.error.message));`;
    const script = format === 'cjs' ? `const protocol = require('./protocol.cjs');${use}` : `const protocol = await import('./protocol.mjs');${use}`;
    expect(JSON.parse(run(script, format === 'cjs' ? 'commonjs' : 'module'))).toMatch(/surfaceId must be a string, got number/);
  });

  test('the root entry, by contrast, needs Redux', () => {
    const metafile = bundle('src/index.ts', join(folder, `index.${ext}`), format);
    expect(packagesImported(metafile)).toEqual(expect.arrayContaining(REDUX));
    const script = format === 'cjs' ? `require('./index.cjs')` : `await import('./index.mjs')`;
    expect(() => run(script, format === 'cjs' ? 'commonjs' : 'module')).toThrow(/@reduxjs\/toolkit|redux-saga/);
  });
});
