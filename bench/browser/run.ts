/**
 * The browser benchmark (`npm run bench:browser`; reported, not a CI gate): a2ui-redux's React
 * entry against @a2ui/react 0.11.1 + @a2ui/web_core on the same surface (page.ts), in Debian's
 * chromium driven by playwright-core. Both pages are production builds (Vite), served from one
 * local server; each measurement runs in a fresh page.
 *
 *   npm run bench:browser            # N = 10, 1,000, 10,000
 *   npm run bench:browser -- --quick # fewer samples
 *
 * The official renderer lives in bench/browser/peer with its own package.json (it peers on zod 3):
 * `npm --prefix bench/browser/peer install` once. Writes bench/browser/results.json.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildPage, CHROMIUM, launchChromium, servePages } from './pages';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = resolve(here, 'dist');
const quick = process.argv.includes('--quick');
const SIZES = [10, 1000, 10000];
const LOADS = quick ? 2 : 5;
const KEYS = quick ? 5 : 15;

type Side = 'ours' | 'theirs';
const SIDES: Array<{ side: Side; root: string }> = [
  { side: 'ours', root: resolve(here, 'ours') },
  { side: 'theirs', root: resolve(here, 'peer') },
];

if (!existsSync(CHROMIUM)) throw new Error(`bench:browser needs chromium at ${CHROMIUM} (apt-get install chromium)`);
if (!existsSync(resolve(here, 'peer/node_modules/@a2ui/react'))) throw new Error('bench:browser needs the official renderer: npm --prefix bench/browser/peer install');

for (const { side, root } of SIDES) await buildPage(root, out, side);

const { base, server } = await servePages(out);
const browser = await launchChromium();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

interface Row {
  firstCommitMs: number;
  firstPaintMs: number;
  /** From scrolling to the bottom to the frame with the last row (a windowed list draws it then). */
  scrollEndMs: number;
  keyCommitMs: number;
  keyPaintMs: number;
  rendered: number;
}

async function open(side: Side): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('pageerror', (e) => console.error(`${side}: ${e.message}`));
  await page.goto(`${base}/${side}/`);
  await page.waitForFunction(() => 'bench' in window);
  return page;
}

async function measure(side: Side, n: number): Promise<Row> {
  const commits: number[] = [];
  const paints: number[] = [];
  const scrolls: number[] = [];
  const keyCommits: number[] = [];
  const keyPaints: number[] = [];
  let rendered = -1;
  for (let load = 0; load < LOADS; load++) {
    const page = await open(side);
    const first = await page.evaluate((rows) => (window as never as { bench: { first(n: number): Promise<{ commitMs: number; paintMs: number }> } }).bench.first(rows), n);
    commits.push(first.commitMs);
    paints.push(first.paintMs);
    if (load > 0) scrolls.push(await page.evaluate((rows) => (window as never as { bench: { scrollToEnd(n: number): Promise<number> } }).bench.scrollToEnd(rows), n));
    if (load === 0) {
      await page.locator('input').first().click();
      for (let k = 0; k <= KEYS; k++) {
        const count = k === KEYS; // the last keystroke counts components (the hook's walk costs time)
        await page.evaluate((c) => (window as never as { bench: { armKeystroke(c: boolean): void } }).bench.armKeystroke(c), count);
        await page.keyboard.type(String.fromCharCode(97 + (k % 26)));
        const key = await page.evaluate(() => (window as never as { bench: { readKeystroke(): Promise<{ commitMs: number; paintMs: number; rendered: number }> } }).bench.readKeystroke());
        if (count) rendered = key.rendered;
        else if (k > 0) {
          // the first keystroke warms up the handlers
          keyCommits.push(key.commitMs);
          keyPaints.push(key.paintMs);
        }
      }
    }
    await page.close();
  }
  return { firstCommitMs: median(commits), firstPaintMs: median(paints), scrollEndMs: median(scrolls), keyCommitMs: median(keyCommits), keyPaintMs: median(keyPaints), rendered };
}

const results: Record<string, Record<Side, Row>> = {};
for (const n of SIZES) {
  results[n] = { ours: await measure('ours', n), theirs: await measure('theirs', n) };
}
await browser.close();
server.close();

const f = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const lines = ['| N | side | first render → commit (ms) | first render → paint (ms) | scroll to end → last row (ms) | keystroke input → commit (ms) | input → paint (ms) | components re-rendered per keystroke |', '|---|---|---|---|---|---|---|---|'];
for (const n of SIZES) {
  const r = results[n] as Record<Side, Row>;
  for (const side of ['ours', 'theirs'] as const) {
    const x = r[side];
    lines.push(`| ${n.toLocaleString('en')} | ${side} | ${f(x.firstCommitMs)} | ${f(x.firstPaintMs)} | ${f(x.scrollEndMs)} | ${f(x.keyCommitMs)} | ${f(x.keyPaintMs)} | ${x.rendered} |`);
  }
  lines.push(`| ${n.toLocaleString('en')} | ratio | ${(r.ours.firstCommitMs / r.theirs.firstCommitMs).toFixed(2)} | ${(r.ours.firstPaintMs / r.theirs.firstPaintMs).toFixed(2)} | ${(r.ours.scrollEndMs / r.theirs.scrollEndMs).toFixed(2)} | ${(r.ours.keyCommitMs / r.theirs.keyCommitMs).toFixed(2)} | ${(r.ours.keyPaintMs / r.theirs.keyPaintMs).toFixed(2)} | |`);
}
console.log(lines.join('\n'));
const version = await (async () => {
  const b = await launchChromium();
  const v = b.version();
  await b.close();
  return v;
})();
if (!quick) writeFileSync(resolve(here, 'results.json'), `${JSON.stringify({ chromium: version, cpus: cpus().length, loads: LOADS, keystrokes: KEYS, results }, null, 2)}\n`);
