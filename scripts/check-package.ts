/**
 * `npm run check:package`: the package as it is published. Builds dist/ and packs the tarball,
 * then checks it:
 *
 * 1. its file list: LICENSE and every entry of `exports` and `bin` are in, sources and tests out;
 * 2. publint and @arethetypeswrong/cli (profile node16: node10 resolution has no subpath entries)
 *    on the tarball;
 * 3. installed in a temporary folder without its peers: `a2ui-redux/core` and
 *    `a2ui-redux/protocol` load (require and import) and test/consumer/coreOnly.ts type-checks;
 * 4. with the Redux peers added (the MCP SDK still absent): test/consumer type-checks under
 *    `bundler`, `node16` (ESM) and CommonJS, and `npx a2ui-redux` (the demo) and
 *    `npx a2ui-redux validate` exit 0.
 *
 * Every check runs; the run fails when any did. Needs the npm registry (or its cache) for the
 * package's dependencies.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');
const work = mkdtempSync(join(tmpdir(), 'a2ui-package-'));
const failures: string[] = [];

function step(name: string, check: () => string | void): void {
  try {
    const note = check();
    console.log(`ok   ${name}${note ? `: ${note}` : ''}`);
  } catch (thrown) {
    failures.push(name);
    const detail = thrown instanceof Error ? thrown.message : String(thrown);
    console.log(`FAIL ${name}\n${detail.replace(/^/gm, '     ')}`);
  }
}

/** Runs a command; throws with its output when it exits non-zero. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 300_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${String(result.status)}\n${output.trim().split('\n').slice(-40).join('\n')}`);
  return output;
}

// Built first, so the build's output stays out of `npm pack --json`.
execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
) as { filename: string; files: { path: string }[] }[];
const tarball = join(work, packed[0]?.filename ?? '');
const files = (packed[0]?.files ?? []).map((file) => file.path);
console.log(`packed ${tarball} (${files.length} files)`);

step('tarball contents', () => {
  const pkg = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' })) as {
    exports: Record<string, unknown>;
    bin: Record<string, string>;
  };
  const targets = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') targets.add(value.replace(/^\.\//, ''));
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(pkg.exports);
  collect(pkg.bin);
  const missing = ['LICENSE', ...targets].filter((path) => !files.includes(path));
  const unwanted = files.filter((path) => /^(src|test|bench|scripts|playground)\//.test(path));
  if (missing.length > 0 || unwanted.length > 0) throw new Error(`missing: ${missing.join(', ') || 'none'}; unwanted: ${unwanted.join(', ') || 'none'}`);
  return `${targets.size} export targets and LICENSE present`;
});

step('publint', () => {
  const out = run(join(BIN, 'publint'), ['run', tarball, '--strict'], ROOT);
  return out.trim().split('\n').at(-1);
});

step('are the types wrong (node16 profile)', () => {
  run(join(BIN, 'attw'), [tarball, '--profile', 'node16', '--format', 'table-flipped', '--no-emoji', '--no-color'], ROOT);
});

// A consumer folder: the tarball installed as a dependency, peers not installed.
const consumer = join(work, 'consumer');
cpSync(join(ROOT, 'test', 'consumer'), consumer, { recursive: true });
writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'a2ui-consumer', private: true }, null, 2));
const npmInstall = (args: string[]) => run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args], consumer);
const tsc = join(BIN, 'tsc');

step('install without peers', () => {
  npmInstall(['--legacy-peer-deps', tarball]);
  const installed = readdirSync(join(consumer, 'node_modules'));
  const present = ['@reduxjs', 'redux-saga', '@modelcontextprotocol'].filter((name) => installed.includes(name));
  if (present.length > 0) throw new Error(`peers were installed anyway: ${present.join(', ')}`);
});

step('a2ui-redux/core and /protocol load without Redux (require and import)', () => {
  const use = `if (typeof core.createSession !== 'function' || typeof protocol.parseAgentPayload !== 'function') throw new Error('missing exports');`;
  run(process.execPath, ['-e', `const core = require('a2ui-redux/core'); const protocol = require('a2ui-redux/protocol'); ${use}`], consumer);
  run(process.execPath, ['--input-type=module', '-e', `const core = await import('a2ui-redux/core'); const protocol = await import('a2ui-redux/protocol'); ${use}`], consumer);
});

step('coreOnly.ts type-checks without Redux', () => {
  run(tsc, ['-p', 'tsconfig.core.json'], consumer);
});

step('install the Redux peers', () => {
  npmInstall(['--legacy-peer-deps', '@reduxjs/toolkit@^2', 'redux-saga@^1.3']);
});

for (const [name, config] of [
  ['bundler', 'tsconfig.bundler.json'],
  ['node16 (ESM)', 'tsconfig.node16.json'],
  ['CommonJS (node16, require)', 'tsconfig.cjs.json'],
] as const) {
  step(`consumer project type-checks: ${name}`, () => {
    run(tsc, ['-p', config], consumer);
  });
}

step('npx a2ui-redux (the demo) without the MCP SDK', () => {
  const out = run('npx', ['--no-install', 'a2ui-redux'], consumer);
  if (!/npm install @modelcontextprotocol\/sdk/.test(out)) throw new Error(`no hint about the MCP SDK in:\n${out}`);
  return out.split('\n').find((line) => line.startsWith('done'));
});

step('npx a2ui-redux validate (the bundled examples)', () => {
  run('npx', ['--no-install', 'a2ui-redux', 'validate', join(consumer, 'node_modules', 'a2ui-redux', 'examples', 'travel-booking.jsonl')], consumer);
});

rmSync(work, { recursive: true, force: true });
console.log(failures.length === 0 ? 'package: every check passed' : `package: ${failures.length} failed (${failures.join('; ')})`);
process.exit(failures.length === 0 ? 0 : 1);
