/**
 * `npm run size`: what the package costs a browser app. Each case is bundled from the built
 * `dist/` (run `npm run build` first; `npm run size` does) with esbuild, minified, for the
 * browser, with the Redux peers left out as the app's own, then gzipped. A case over its budget
 * fails the run. `--json` prints the figures as JSON; `--import-time` also measures how long a
 * cold Node process takes to load each entry (timed inside it, best of runs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { BROWSER_APP_BUILD } from './browserBundle';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = resolve(ROOT, 'dist');

interface SizeCase {
  name: string;
  /** The app's import, as its source would write it. */
  source: string;
  /** Most bytes allowed, minified and gzipped; null: reported only. */
  budget: number | null;
}

const KB = 1024;

// Budgets: see BENCHMARKS.md ("Bundle size") for the targets, the measurements and the headroom.
const SIZE_CASES: SizeCase[] = [
  {
    name: 'app: createA2ui + basicCatalog + createInMemoryTransport',
    source: `export { createA2ui, basicCatalog, createInMemoryTransport } from 'a2ui-redux';`,
    budget: 82 * KB,
  },
  { name: 'a2ui-redux/core (all of it)', source: `export * from 'a2ui-redux/core';`, budget: 80.5 * KB },
  { name: 'a2ui-redux/protocol (all of it)', source: `export * from 'a2ui-redux/protocol';`, budget: 18.5 * KB },
  { name: 'a2ui-redux/mcp (all of it)', source: `export * from 'a2ui-redux/mcp';`, budget: null },
  {
    name: 'app with MCP Apps: the app case + mcpCatalog',
    source: `export { createA2ui, basicCatalog, mcpCatalog, createInMemoryTransport } from 'a2ui-redux';`,
    budget: null,
  },
  {
    name: 'a2ui-redux/protocol: parseAgentPayload + parseRendererMessage',
    source: `export { parseAgentPayload, parseRendererMessage } from 'a2ui-redux/protocol';`,
    budget: null,
  },
  { name: 'one action creator (messageReceived)', source: `export { messageReceived } from 'a2ui-redux';`, budget: null },
];

interface SizeResult {
  name: string;
  minified: number;
  gzip: number;
  budget: number | null;
}

/** Bundles one case from dist/ and measures it. */
function measure(sizeCase: SizeCase): SizeResult {
  const result = buildSync({
    ...BROWSER_APP_BUILD,
    stdin: { contents: sizeCase.source, resolveDir: ROOT, loader: 'js' },
    // The package as a consumer gets it: its own entries resolve to dist/, as `exports` says.
    alias: {
      'a2ui-redux/core': resolve(DIST, 'core.js'),
      'a2ui-redux/protocol': resolve(DIST, 'protocol.js'),
      'a2ui-redux/mcp': resolve(DIST, 'mcp.js'),
      'a2ui-redux': resolve(DIST, 'index.js'),
    },
  });
  const bytes = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { name: sizeCase.name, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, budget: sizeCase.budget };
}

interface LoadTime {
  /** Wall-clock milliseconds from before the import to after it. */
  wallMs: number;
  /** CPU milliseconds (user + system) the process spent on the import. */
  cpuMs: number;
}

/**
 * How long a fresh Node process takes to load one entry, timed inside that process around the
 * `require` / `import` (so Node's own start is not counted): the best of `runs` for each figure.
 * CPU time is the steadier one on a shared machine, where wall time also counts waiting for a core.
 */
function coldLoad(file: string, type: 'commonjs' | 'module', runs = 9): LoadTime {
  const load = type === 'commonjs' ? `require('${file}')` : `await import('${file}')`;
  const code = `const c = process.cpuUsage(), t = performance.now(); ${load}; const u = process.cpuUsage(c);
console.log(JSON.stringify({ wallMs: performance.now() - t, cpuMs: (u.user + u.system) / 1000 }));`;
  const best: LoadTime = { wallMs: Infinity, cpuMs: Infinity };
  for (let run = 0; run < runs; run += 1) {
    const out = execFileSync(process.execPath, ['--input-type', type, '-e', code], { cwd: ROOT, encoding: 'utf8' });
    const time = JSON.parse(out) as LoadTime;
    best.wallMs = Math.min(best.wallMs, time.wallMs);
    best.cpuMs = Math.min(best.cpuMs, time.cpuMs);
  }
  return best;
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function main(): void {
  if (!existsSync(resolve(DIST, 'index.js'))) {
    console.error('size: dist/ is missing; run `npm run build` first (or `npm run size`, which builds).');
    process.exit(2);
  }
  const results = SIZE_CASES.map(measure);
  const over = results.filter((r) => r.budget !== null && r.gzip > r.budget);
  const importTimes = process.argv.includes('--import-time')
    ? {
        'require(a2ui-redux)': coldLoad('./dist/index.cjs', 'commonjs'),
        'import(a2ui-redux)': coldLoad('./dist/index.js', 'module'),
        'import(a2ui-redux/core)': coldLoad('./dist/core.js', 'module'),
        'import(a2ui-redux/protocol)': coldLoad('./dist/protocol.js', 'module'),
        'import(a2ui-redux/mcp)': coldLoad('./dist/mcp.js', 'module'),
      }
    : undefined;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ results, importTimes }, null, 2));
  } else {
    for (const r of results) {
      const verdict = r.budget === null ? '' : r.gzip > r.budget ? `  OVER the budget of ${kb(r.budget)}` : `  (budget ${kb(r.budget)})`;
      console.log(`${r.name}: ${kb(r.minified)} minified, ${kb(r.gzip)} gzip${verdict}`);
    }
    for (const [name, time] of Object.entries(importTimes ?? {})) {
      console.log(`cold ${name}: ${time.wallMs.toFixed(0)} ms wall, ${time.cpuMs.toFixed(0)} ms CPU`);
    }
  }
  if (over.length > 0) process.exit(1);
}

main();
