/**
 * The command line: the demo, validate and replay on our examples and on a broken stream,
 * through `main` (output and exit codes) and once as the real process `npm start` runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../src/cli/main';

const ROOT = resolve(__dirname, '../..');
const example = (name: string) => join(ROOT, 'examples', name);

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), colour: false });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('validate', () => {
  test('the sound example passes message by message', async () => {
    const { code, out } = await run(['validate', example('travel-booking.jsonl')]);
    expect(code).toBe(0);
    expect(out).toMatch(/9 ok, 0 with warnings, 0 failed/);
    expect(out).not.toMatch(/FAIL/);
  });

  test('the broken example names each problem and where it is, and exits 1', async () => {
    const { code, out } = await run(['validate', example('broken.jsonl')]);
    expect(code).toBe(1);
    expect(out).toMatch(/UNSUPPORTED_VERSION: \/version/);
    expect(out).toMatch(/\/updateComponents\/components\/0\/id: id must be a string, got number/);
    expect(out).toMatch(/SURFACE_NOT_FOUND/);
    expect(out).toMatch(/multiple conflicting update actions/);
    expect(out).toMatch(/cycle|Circular|Self-reference/i);
    expect(out).toMatch(/CATALOG_NOT_FOUND/);
    expect(out).toMatch(/not JSON/);
    expect(out).toMatch(/1 ok, 0 with warnings, 8 failed/);
  });

  test('without a file it checks both bundled examples and succeeds', async () => {
    const { code, out } = await run(['validate']);
    expect(code).toBe(0);
    expect(out).toMatch(/travel-booking\.jsonl/);
    expect(out).toMatch(/broken\.jsonl/);
  });

  test('a missing file is a clear message and exit code 2', async () => {
    const { code, err } = await run(['validate', join(ROOT, 'examples', 'no-such-stream.jsonl')]);
    expect(code).toBe(2);
    expect(err).toMatch(/No such file: .*no-such-stream\.jsonl/);
  });

  test('a JSON array document is read as a stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'a2ui-cli-'));
    const file = join(dir, 'stream.json');
    writeFileSync(file, JSON.stringify([{ version: 'v1.0', createSurface: { surfaceId: 'x' } }, { version: 'v1.0', deleteSurface: { surfaceId: 'x' } }]));
    const { code, out } = await run(['validate', file]);
    expect(code).toBe(0);
    expect(out).toMatch(/2 ok, 0 with warnings, 0 failed/);
  });
});

describe('replay', () => {
  test('prints the final tree, with bound paths, and what the renderer sent', async () => {
    const { code, out } = await run(['replay', example('travel-booking.jsonl')]);
    expect(code).toBe(0);
    expect(out).toMatch(/surface trip-search/);
    expect(out).toMatch(/TextField #to .*value="Tokyo" ⇄ \/search\/to/);
    expect(out).toMatch(/Text #result_price .*€812\.50/);
    expect(out).toMatch(/callAgentFunction.*baggageAllowance/);
  });

  test('--json gives machine-readable trees, failures and messages', async () => {
    const { code, out } = await run(['replay', example('broken.jsonl'), '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as { payloads: number; failures: Array<{ line: number; error: { code: string } }>; surfaces: Array<{ surfaceId: string }> };
    expect(report.payloads).toBe(9);
    expect(report.failures.map((f) => f.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(report.surfaces.map((s) => s.surfaceId)).toEqual(['broken']);
  });

  test('--strict exits 1 on a broken stream and 0 on a sound one', async () => {
    expect((await run(['replay', example('broken.jsonl'), '--strict'])).code).toBe(1);
    const sound = await run(['replay', example('travel-booking.jsonl'), '--strict']);
    expect(sound.code).toBe(0);
  });

  test('--step prints the trees after every message', async () => {
    const { out } = await run(['replay', example('travel-booking.jsonl'), '--step']);
    expect(out.match(/^after line \d+/gm)).toHaveLength(9);
  });

  test('no file or an unknown option is a usage error', async () => {
    expect((await run(['replay'])).code).toBe(2);
    expect((await run(['replay', example('broken.jsonl'), '--frobnicate'])).code).toBe(2);
  });
});

describe('demo', () => {
  test('plays the whole conversation: templates, input, action, agent calls, openUrl, renderer function, MCP tool', async () => {
    const { code, out } = await run(['demo']);
    expect(code).toBe(0);
    expect(out).toMatch(/TextField #to .*value="Tokyo" ⇄ \/search\/to/);
    expect(out).toMatch(/"action":\{"name":"search".*"context":\{"from":"Lisbon","to":"Tokyo"\}/);
    expect(out).toMatch(/a2uiRendererDataModel/);
    expect(out).toMatch(/Text #fare  text="Fares to Tokyo from €640"/);
    expect(out).toMatch(/AGENT_CALL_TIMEOUT/);
    expect(out).toMatch(/openUrl port would open https:\/\/example\.com\/fare-terms/);
    expect(out).toMatch(/rendererFunctionResponse.*"functionCallId":"agent-1"/);
    expect(out).toMatch(/"code":"INVALID_FUNCTION_CALL".*"functionCallId":"agent-2"/);
    expect(out).toMatch(/Forecast for Tokyo: sunny/);
    expect(out).toMatch(/"code":-32602/);
    expect(out).toMatch(/ignored: the call already ended \(timeout\)/);
    expect(out).toMatch(/0 calls pending, outbox 0/);
  });
});

describe('as a process', () => {
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  test('npm start (the demo) exits 0 and prints plain text when not on a terminal', () => {
    const result = spawnSync(tsx, ['src/cli/main.ts'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/── 1\. The agent builds a search form/);
    expect(result.stdout).not.toMatch(/\u001b\[/);
  });

  test('validate on the broken stream exits 1', () => {
    const result = spawnSync(tsx, ['src/cli/main.ts', 'validate', 'examples/broken.jsonl'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/8 failed/);
  });
});
