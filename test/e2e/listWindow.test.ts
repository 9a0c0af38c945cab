/**
 * End-to-end: a windowed long List in Debian's chromium (real layout and scrolling), on the
 * browser benchmark's page (bench/browser/ours: `<A2uiSurface>` over a real store; a Column with a
 * TextField, a Text and a List of 1,000 Text rows). The list draws a screenful, keeps list
 * semantics (role, aria-setsize, aria-posinset matching each row's item), follows scrolling to the
 * middle and to the end, and its spacers keep the page as tall as the whole list.
 *
 * Skipped, with a message, when /usr/bin/chromium (or $A2UI_E2E_CHROMIUM) is missing.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startDevServer, stopDevServer } from './devServer';

const CHROMIUM = process.env.A2UI_E2E_CHROMIUM ?? '/usr/bin/chromium';
const TIMEOUT = 90_000;
const ROWS = 1000;

const available = existsSync(CHROMIUM);
const SKIP_REASON = `windowed list e2e skipped: ${CHROMIUM} not found (apt-get install chromium to run it)`;
if (!available) console.log(SKIP_REASON);

/** The drawn rows: their position in the set, the set size, and their text. */
function drawnRows(page: Page) {
  return page.locator('[role="list"] > [role="listitem"]').evaluateAll((rows) =>
    rows.map((row) => ({ pos: Number(row.getAttribute('aria-posinset')), size: Number(row.getAttribute('aria-setsize')), text: row.textContent ?? '' })),
  );
}

/** Every drawn row sits at its item's place, the places run without gaps, and the set is the whole list. */
function expectConsistent(rows: Array<{ pos: number; size: number; text: string }>) {
  expect(rows.length).toBeGreaterThan(0);
  rows.forEach((row, i) => {
    expect(row.size).toBe(ROWS);
    expect(row.text).toBe(`item ${row.pos - 1}`);
    if (i > 0) expect(row.pos).toBe((rows[i - 1] as { pos: number }).pos + 1);
  });
}

/** The row text at the viewport's vertical centre (what the user sees there). */
const rowAtCentre = (page: Page) =>
  page.evaluate(() => {
    const hit = document.elementFromPoint(window.innerWidth / 4, window.innerHeight / 2);
    return hit?.closest('[role="listitem"]')?.textContent ?? null;
  });

(available ? describe : describe.skip)(available ? 'a windowed List in chromium' : SKIP_REASON, () => {
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    const started = await startDevServer('bench', TIMEOUT);
    server = started.child;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], timeout: TIMEOUT });
    page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    page.setDefaultTimeout(TIMEOUT / 2);
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(started.url, { waitUntil: 'domcontentloaded', timeout: TIMEOUT });
    await page.waitForFunction(() => 'bench' in window);
    await page.evaluate((n) => (window as unknown as { bench: { first(n: number): Promise<unknown> } }).bench.first(n), ROWS);
  }, 2 * TIMEOUT);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stopDevServer(server);
  }, TIMEOUT);

  it(
    'draws a screenful of a 1,000-row list with list semantics, and the page is as tall as all of it',
    async () => {
      const rows = await drawnRows(page);
      expectConsistent(rows);
      expect(rows[0]?.pos).toBe(1);
      expect(rows.length).toBeLessThan(100);
      const { rowHeight, listHeight } = await page.evaluate(() => {
        const items = Array.from(document.querySelectorAll('[role="listitem"]'));
        const a = (items[0] as Element).getBoundingClientRect();
        const b = (items[items.length - 1] as Element).getBoundingClientRect();
        return { rowHeight: (b.top - a.top) / (items.length - 1), listHeight: (document.querySelector('[role="list"]') as Element).getBoundingClientRect().height };
      });
      expect(rowHeight).toBeGreaterThan(0);
      // The spacers stand for the rows not drawn: the list is about 1,000 rows tall.
      expect(listHeight).toBeGreaterThan(rowHeight * ROWS * 0.95);
      expect(listHeight).toBeLessThan(rowHeight * ROWS * 1.05);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'follows scrolling: the middle of the list, then its end, are drawn where the user looks',
    async () => {
      await page.evaluate(() => {
        const list = document.querySelector('[role="list"]') as Element;
        const top = list.getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top + list.getBoundingClientRect().height / 2 - window.innerHeight / 2);
      });
      await page.waitForFunction(() => Array.from(document.querySelectorAll('[role="listitem"]')).some((row) => row.getAttribute('aria-posinset') === '500'));
      expectConsistent(await drawnRows(page));
      const centre = await rowAtCentre(page);
      expect(centre).toMatch(/^item \d+$/);
      expect(Math.abs(Number(centre?.slice(5)) - ROWS / 2)).toBeLessThan(ROWS * 0.05);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction((last) => Array.from(document.querySelectorAll('[role="listitem"]')).some((row) => row.textContent === last), `item ${ROWS - 1}`);
      const rows = await drawnRows(page);
      expectConsistent(rows);
      expect(rows[rows.length - 1]?.pos).toBe(ROWS);
      expect(rows.length).toBeLessThan(100);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );
});
