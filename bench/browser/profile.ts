/**
 * Where the browser benchmark's time goes (not a benchmark; bench/browser/run.ts is). Builds our
 * page (unminified for readable profiles, and minified as run.ts builds it) and the official
 * renderer's page, then in chromium:
 * - CPU profiles (DevTools protocol) of one first render of `rows` rows in a fresh page, of `keys`
 *   keystrokes typed by the driver, of the reducer alone, and of `keys` input events;
 * - store.dispatch and the reducer alone timed in the page;
 * - one `input` event dispatched in the page and timed around dispatchEvent (React's event
 *   handling, the write, render, commit and the passive effects of a discrete update, without the
 *   driver's round trips): means of `keys` events per fresh page, three pages per side, sides in
 *   turn, at 10 and 1,000 rows. performance.now is coarse in a page (100 µs), so means, not medians.
 * Prints the heaviest functions and writes .cpuprofile files to bench/browser/dist-profile.
 *
 *   node --import tsx bench/browser/profile.ts [rows=1000] [keys=200] [--inputs] [--first] [--base]
 *
 * `--inputs`: only the input-event timing; `--first`: also first renders, sides in turn, each with
 * the part spent applying the messages (the store's dispatch, the processor's processMessages;
 * the rest is rendering). `--base`: also keep this build of our page as
 * 'ours-base'; later runs time it beside the current code (old and new in turn, same load).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildPage, launchChromium, servePages } from './pages';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = resolve(here, 'dist-profile');
const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rows = Number(numbers[0] ?? 1000);
const keys = Number(numbers[1] ?? 200);

// Our page unminified (readable profiles); both pages minified as bench:browser builds them, for
// the input-event timing.
const builds: Array<{ dir: string; root: string; minify: boolean }> = [
  { dir: 'ours-readable', root: resolve(here, 'ours'), minify: false },
  { dir: 'ours', root: resolve(here, 'ours'), minify: true },
  { dir: 'theirs', root: resolve(here, 'peer'), minify: true },
];
// `--base`: also keep this build of our page as 'ours-base' (built once, before a change), so later
// runs time the old and new code in turn on the same machine load.
if (process.argv.includes('--base')) builds.push({ dir: 'ours-base', root: resolve(here, 'ours'), minify: true });
const sides = ['ours', ...(existsSync(join(out, 'ours-base')) || process.argv.includes('--base') ? ['ours-base'] : []), 'theirs'];
for (const { dir, root, minify } of builds) await buildPage(root, out, dir, { minify, logLevel: 'error' });

const { base, server } = await servePages(out);
const browser = await launchChromium();

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and total time by function, heaviest first. */
function summarize(profile: Profile, title: string, top = 30): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id) as ProfileNode;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    all += dt;
    self.set(name(node), (self.get(name(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = name(byId.get(at) as ProfileNode);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  });
  console.log(`\n== ${title}: ${all.toFixed(1)} ms busy`);
  console.log('-- self');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
  console.log('-- total');
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
}

async function open(dir = 'ours-readable'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('pageerror', (e) => console.error(e.message));
  await page.goto(`${base}/${dir}/`);
  await page.waitForFunction(() => 'bench' in window);
  return page;
}

type BenchWindow = { bench: { first(n: number): Promise<{ commitMs: number; paintMs: number }> } };

// `--inputs`: only the input-event timing below.
const inputsOnly = process.argv.includes('--inputs');

// First render in a cold page.
if (!inputsOnly) {
  const page = await open();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const first = await page.evaluate((n) => (window as never as BenchWindow).bench.first(n), rows);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  writeFileSync(join(out, `first-${rows}.cpuprofile`), JSON.stringify(profile));
  summarize(profile, `first render, ${rows} rows (commit ${first.commitMs.toFixed(1)} ms, paint ${first.paintMs.toFixed(1)} ms)`);
  await page.close();
}

// Keystrokes after a warm-up.
if (!inputsOnly) {
  const page = await open();
  await page.evaluate((n) => (window as never as BenchWindow).bench.first(n), 10);
  await page.locator('input').first().click();
  await page.keyboard.type('warm');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  for (let k = 0; k < keys; k++) await page.keyboard.type(String.fromCharCode(97 + (k % 26)));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  writeFileSync(join(out, `keys-${keys}.cpuprofile`), JSON.stringify(profile));
  summarize(profile, `${keys} keystrokes at 10 rows (per keystroke: divide by ${keys})`, 45);
  await page.close();
}

// Dispatches alone, in the page: a valueWritten into /query, timed around store.dispatch
// (reducer and store listeners; React renders later), back to back and one per task.
if (!inputsOnly) {
  const page = await open();
  await page.evaluate((n) => (window as never as BenchWindow).bench.first(n), 10);
  // A string, not a function: the page must not see the helpers tsx adds to named functions.
  const timing = (await page.evaluate(`(async (count) => {
    const ours = window.benchOurs;
    const store = ours.store();
    const a2ui = ours.a2ui();
    let query = '';
    const once = () => {
      query = query.length > 20 ? 'a' : query + 'b';
      const t0 = performance.now();
      store.dispatch(a2ui.actions.valueWritten({ surfaceId: 's1', ref: 'query', property: 'value', value: query }));
      return performance.now() - t0;
    };
    // performance.now is coarse (100 µs in a page that is not cross-origin isolated): means, not medians.
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const tight = [];
    for (let i = 0; i < count; i++) tight.push(once());
    const spaced = [];
    for (let i = 0; i < count; i++) {
      await new Promise((r) => setTimeout(r, 5));
      spaced.push(once());
    }
    // The reducer alone, on the page's current state (no store, no listeners).
    const reducerOnly = [];
    let state = store.getState().a2ui;
    for (let i = 0; i < count; i++) {
      query = query.length > 20 ? 'a' : query + 'b';
      const action = a2ui.actions.valueWritten({ surfaceId: 's1', ref: 'query', property: 'value', value: query });
      const t0 = performance.now();
      state = a2ui.reducer(state, action);
      reducerOnly.push(performance.now() - t0);
    }
    return { tight: mean(tight), spaced: mean(spaced), reducer: mean(reducerOnly) };
  })(${keys})`)) as { tight: number; spaced: number; reducer: number };
  // A profile of the reducer alone, many times over (enough samples to see its parts).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await page.evaluate(`(() => {
    const ours = window.benchOurs;
    const a2ui = ours.a2ui();
    // Each call goes on from the last state, as a store does (an older state rebuilds indexes).
    let state = ours.store().getState().a2ui;
    for (let i = 0; i < 20000; i++) state = a2ui.reducer(state, a2ui.actions.valueWritten({ surfaceId: 's1', ref: 'query', property: 'value', value: 'q' + (i % 20) }));
  })()`);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  writeFileSync(join(out, 'reducer.cpuprofile'), JSON.stringify(profile));
  summarize(profile, 'the reducer alone, 20,000 valueWritten (divide by 20,000)', 60);
  console.log(`\nstore.dispatch(valueWritten) in the page, mean of ${keys}: back to back ${(timing.tight * 1000).toFixed(0)} µs, one per task ${(timing.spaced * 1000).toFixed(0)} µs; the reducer alone ${(timing.reducer * 1000).toFixed(0)} µs`);
  await page.close();
}

// One `input` event on the field, dispatched in the page and timed around dispatchEvent: React's
// event handling, the write, the render, the commit and the passive effects of a discrete update,
// without the driver. Means of many events, sides alternated, in fresh pages.
{
  const timeInputs = async (dir: string, n: number, profileAs?: string): Promise<number> => {
    const page = await open(dir);
    await page.evaluate((r) => (window as never as BenchWindow).bench.first(r), n);
    const cdp = profileAs === undefined ? undefined : await page.context().newCDPSession(page);
    if (cdp !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
      await cdp.send('Profiler.start');
    }
    const perEvent = (await page.evaluate(`(async (count) => {
      const input = document.querySelector('input');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      input.focus();
      // The text goes into the field before the clock starts, as typing puts it there before the event.
      const fire = (i) => {
        setValue.call(input, 'q' + (i % 50));
        const t0 = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return performance.now() - t0;
      };
      for (let i = 0; i < 50; i++) fire(i);
      await new Promise((r) => setTimeout(r, 50));
      let total = 0;
      for (let i = 0; i < count; i++) {
        await new Promise((r) => setTimeout(r, 0));
        total += fire(i + 1);
      }
      const shown = document.body.textContent.includes('q' + (count % 50)) ? 1 : 0;
      return shown ? total / count : -1;
    })(${keys})`)) as number;
    if (cdp !== undefined) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      writeFileSync(join(out, `input-events-${dir}.cpuprofile`), JSON.stringify(profile));
      summarize(profile, `${profileAs}: ${keys} input events at ${n} rows (divide by ${keys})`, 60);
    }
    await page.close();
    if (perEvent < 0) throw new Error(`${dir}: the typed text was not shown`);
    return perEvent;
  };
  if (!inputsOnly) await timeInputs('ours-readable', 10, 'ours, unminified');
  for (const n of [10, 1000]) {
    const times = new Map<string, number[]>(sides.map((side) => [side, []]));
    for (let round = 0; round < 3; round++) for (const side of sides) times.get(side)?.push(await timeInputs(side, n));
    const us = (xs: number[]) => xs.map((x) => (x * 1000).toFixed(0)).join(', ');
    console.log(`\ninput event → commit, in the page, ${n} rows, mean of ${keys} per run (µs): ${sides.map((side) => `${side} ${us(times.get(side) ?? [])}`).join('; ')}`);
  }
}

// `--first`: the first render (bench.first: messages applied → first frame with the field and
// the first row) in fresh pages, sides in turn, medians of 7 loads.
if (process.argv.includes('--first')) {
  for (const n of [10, 1000]) {
    const times = new Map<string, number[]>(sides.map((side) => [side, []]));
    // The part of each first render spent applying the messages (dispatch / processMessages), timed in the page.
    const applied = new Map<string, number[]>(sides.map((side) => [side, []]));
    for (let load = 0; load < 7; load++) {
      for (const side of sides) {
        const page = await open(side);
        const first = await page.evaluate((r) => (window as never as BenchWindow).bench.first(r), n);
        times.get(side)?.push(first.commitMs);
        applied.get(side)?.push(await page.evaluate(() => (window as never as { benchApplied?: () => number }).benchApplied?.() ?? Number.NaN));
        await page.close();
      }
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
    console.log(`first render → commit, ${n} rows, median of 7 loads (ms): ${sides.map((side) => `${side} ${med(times.get(side) ?? []).toFixed(1)} [${(times.get(side) ?? []).map((x) => x.toFixed(0)).join(' ')}]`).join('; ')}`);
    console.log(`  of which applying the messages (ms): ${sides.map((side) => `${side} ${med(applied.get(side) ?? []).toFixed(1)} [${(applied.get(side) ?? []).map((x) => x.toFixed(0)).join(' ')}]`).join('; ')}`);
  }
}

await browser.close();
server.close();
