/**
 * End-to-end: the browser playground (playground/) in Debian's chromium, driven by
 * playwright-core. Vite's dev server runs in a child process (test/e2e/serve.ts: Vite 7 is
 * ESM-only and Jest runs tests as CommonJS); the browser part runs here.
 *
 * It plays the travel conversation, types a destination (the agent-computed fare label changes
 * after a busy agent call, held and then released), presses Search (the action shows in the log
 * and the agent's flights appear), sees the unanswered seat map call settle by timing out, takes a
 * screenshot (into docs/playground.png with A2UI_UPDATE_SCREENSHOT=1, else a temporary file, so a
 * test run leaves the checkout clean), walks the component gallery, then drives an MCP App in
 * the double-iframe sandbox through a tool call round trip, and checks that its `ui/open-link`
 * opens only after a real click inside its frame.
 *
 * Skipped, with a message, when /usr/bin/chromium (or $A2UI_E2E_CHROMIUM) is missing.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startDevServer, stopDevServer } from './devServer';

/** Debian's chromium; A2UI_E2E_CHROMIUM points elsewhere (a missing path shows the skip). */
const CHROMIUM = process.env.A2UI_E2E_CHROMIUM ?? '/usr/bin/chromium';
const ROOT = resolve(__dirname, '../..');
const SCREENSHOT = process.env.A2UI_UPDATE_SCREENSHOT === '1' ? resolve(ROOT, 'docs/playground.png') : resolve(tmpdir(), `a2ui-playground-${process.pid}.png`);
const TIMEOUT = 60_000;
/** Each wait gives up before the test's own timeout, so a failure names the selector it waited for. */
const WAIT = 45_000;

const available = existsSync(CHROMIUM);
const SKIP_REASON = `playground e2e skipped: ${CHROMIUM} not found (apt-get install chromium to run it)`;
if (!available) console.log(SKIP_REASON);

/** The node drawn for component `id` (unique ids only). */
const node = (page: Page, id: string): Locator => page.locator(`[data-testid="a2ui-node"][data-component-id="${id}"]`);

/** Waits until an element matching `selector` is in the DOM (visible or not: a node may be empty). */
const present = (page: Page, selector: string): Promise<void> => page.locator(selector).first().waitFor({ state: 'attached' });

(available ? describe : describe.skip)(available ? 'playground in chromium (Vite + React + react-redux)' : SKIP_REASON, () => {
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    const started = await startDevServer('playground', TIMEOUT);
    server = started.child;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: TIMEOUT,
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(WAIT);
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await page.goto(started.url, { waitUntil: 'domcontentloaded', timeout: TIMEOUT });
    await page.getByTestId('play-all').waitFor();
  }, 2 * TIMEOUT);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stopDevServer(server);
  }, TIMEOUT);

  it(
    'plays the travel conversation step by step',
    async () => {
      expect(await page.getByTestId('conversation-select').inputValue()).toBe('travel');
      await page.getByTestId('next').click();
      await page.locator('[data-testid="surface"][data-surface-id="trip"]').waitFor();
      await page.getByTestId('play-all').click();
      await page.locator('[data-testid="step-status"][data-done="true"]').waitFor();

      await node(page, 'heading').filter({ hasText: 'Flights from Lisbon' }).waitFor();
      // The empty "To" field fails its check, and the Search button with it.
      await page.locator('[data-component-id="to"][data-valid="false"] [data-testid="validation"]').waitFor();
      expect(await node(page, 'search').locator('button').isDisabled()).toBe(true);
      // The agent quotes a fare for no destination (after its 0.5 s reply delay).
      await node(page, 'fare').filter({ hasText: 'Pick a destination for a fare' }).waitFor();
      // The renderer answered the agent's callRendererFunction.
      await page.locator('[data-testid="log-entry"][data-direction="out"]').filter({ hasText: 'rendererFunctionResponse #agent-1' }).waitFor();
    },
    TIMEOUT,
  );

  it(
    'typing into "To" writes the data model and the agent-computed fare label changes after a busy call',
    async () => {
      await page.getByTestId('agent-hold').check();
      const input = node(page, 'to').locator('input');
      await input.pressSequentially('Tokyo', { delay: 20 });
      expect(await input.inputValue()).toBe('Tokyo');

      // The check passes now, so Search is enabled.
      await present(page, '[data-component-id="to"][data-valid="true"]');
      expect(await node(page, 'search').locator('button').isEnabled()).toBe(true);

      // quoteFare(to: "Tokyo") waits for the agent, whose replies are held: the label is busy.
      const fare = node(page, 'fare');
      await present(page, '[data-component-id="fare"][data-busy="true"]');
      await fare.getByTestId('busy-spinner').waitFor();
      await page.getByTestId('pending-calls').filter({ hasText: 'quoteFare' }).filter({ hasText: '"Tokyo"' }).waitFor();

      // Released, the reply settles the node with the new label.
      await page.getByTestId('agent-release').click();
      await present(page, '[data-component-id="fare"][data-busy="false"]');
      await fare.filter({ hasText: 'Fares to Tokyo from €640' }).waitFor();
      expect(await fare.getByTestId('busy-spinner').count()).toBe(0);
      await page.getByTestId('agent-hold').uncheck();
    },
    TIMEOUT,
  );

  it(
    'pressing Search sends the action with its context, shown in the log, and the agent answers with flights',
    async () => {
      await node(page, 'search').locator('button').click();
      const entry = page.locator('[data-testid="log-entry"][data-direction="out"]').filter({ hasText: 'action search from search' });
      await entry.waitFor();
      const sent = JSON.parse((await entry.getByTestId('log-json').textContent()) ?? '{}') as { action?: Record<string, unknown> };
      expect(sent.action).toMatchObject({ name: 'search', surfaceId: 'trip', sourceComponentId: 'search', context: { from: 'Lisbon', to: 'Tokyo' } });

      const results = page.locator('[data-testid="a2ui-node"][data-component-id="result"]');
      await results.nth(1).waitFor();
      expect(await results.count()).toBe(2);
      expect(await results.nth(0).textContent()).toContain('TP 1234');
      expect(await results.nth(1).textContent()).toContain('NH 210');
    },
    TIMEOUT,
  );

  it(
    'the seat map call, never answered, settles by timing out',
    async () => {
      await present(page, '[data-component-id="seats"][data-busy="false"]');
      await page.locator('[data-surface-id="trip"] [data-code="AGENT_CALL_TIMEOUT"]').waitFor();
      await page.getByTestId('events').filter({ hasText: 'seatMap' }).waitFor();
    },
    TIMEOUT,
  );

  it(
    'takes a screenshot of the conversation (docs/playground.png when updating)',
    async () => {
      // The Search action unfolded in the log: what the renderer told the agent.
      await page.locator('[data-testid="log-entry"][data-direction="out"]').filter({ hasText: 'action search from search' }).locator('summary').click();
      mkdirSync(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      expect(existsSync(SCREENSHOT)).toBe(true);
      // A PNG, not an empty file.
      expect(readFileSync(SCREENSHOT).subarray(1, 4).toString('latin1')).toBe('PNG');
    },
    TIMEOUT,
  );

  it(
    'draws every basic-catalog component of the gallery, with placeholders, and its inputs round-trip',
    async () => {
      await page.getByTestId('conversation-select').selectOption('gallery');
      await page.locator('[data-testid="step-status"]').filter({ hasText: '0 / 3 sent' }).waitFor();
      await page.getByTestId('play-all').click();
      await page.locator('[data-testid="surface"][data-surface-id="gallery"]').waitFor();

      const first = ['Text', 'Image', 'Icon', 'Video', 'AudioPlayer', 'Row', 'Column', 'List', 'Card', 'Tabs', 'Divider', 'Modal', 'Button', 'CheckBox', 'TextField', 'DateTimeInput'];
      for (const component of first) expect(await page.locator(`[data-component="${component}"]`).count()).toBeGreaterThan(0);
      await page.locator('[data-placeholder="missing"]').filter({ hasText: 'never_sent' }).waitFor();
      await page.locator('[data-placeholder="unknown"]').filter({ hasText: 'Hologram' }).waitFor();
      // Markdown and accessibility.
      expect(await node(page, 'intro').locator('strong').textContent()).toBe('basic catalog');
      expect(await node(page, 'i_search').getAttribute('aria-label')).toBe('Search');
      expect(await node(page, 'status').getAttribute('aria-live')).toBe('polite');

      // A name makes Book valid; the agent confirms the booking in a bound label.
      await node(page, 'name').locator('input').fill('Ada');
      await node(page, 'book').locator('button:not([disabled])').click();
      await node(page, 'status').filter({ hasText: 'Booked a window seat for Ada.' }).waitFor();

      // The other tab: a choice picker and a slider.
      await page.getByRole('tab', { name: 'Preferences' }).click();
      await node(page, 'extras').getByRole('button', { name: 'Lounge' }).click();
      await node(page, 'extras').locator('button[aria-pressed="true"]').filter({ hasText: 'Lounge' }).waitFor();
      expect(await page.locator('[data-component="Slider"] input[type="range"]').count()).toBe(1);

      // The modal opens from its trigger and closes.
      await node(page, 'modal').locator('.a2ui-modal-trigger button').click();
      const dialog = page.getByTestId('modal-dialog');
      await dialog.filter({ hasText: 'Changes are allowed up to 24 hours' }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Reset starts the conversation again.
      await page.getByTestId('reset').click();
      await page.getByTestId('no-surfaces').waitFor();
    },
    TIMEOUT,
  );

  it(
    'an MCP App in the double-iframe sandbox calls a tool from its button; the agent answers and the surface and the app update',
    async () => {
      await page.getByTestId('conversation-select').selectOption('mcp-app');
      await page.getByTestId('play-all').click();
      await page.locator('[data-testid="surface"][data-surface-id="weather"]').waitFor();
      const outer = node(page, 'app').locator('iframe');
      // The outer frame is the sandbox proxy on another origin; the app runs in a frame inside it.
      const proxyUrl = new URL((await outer.getAttribute('src')) ?? '');
      expect(proxyUrl.origin).not.toBe(new URL(page.url()).origin);
      const app = page.frameLocator('[data-component-id="app"] iframe').frameLocator('iframe');
      await app.getByRole('status').filter({ hasText: 'ready' }).waitFor();
      // The app's frame has an opaque origin and the policy built from the component's csp.
      const inner = page.frameLocator('[data-component-id="app"] iframe').locator('iframe');
      expect(await inner.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
      const policy = await app.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(policy).toContain("connect-src 'none'");
      expect(policy).toContain("default-src 'none'");
      // The forecast bound to /weather reached the app on initialization.
      await app.locator('#forecast').filter({ hasText: 'No forecast yet.' }).waitFor();

      await app.getByRole('button', { name: 'Check the weather in Tokyo' }).click();
      // tools/call reached the agent as an action named after the tool, with its arguments as context.
      const entry = page.locator('[data-testid="log-entry"][data-direction="out"]').filter({ hasText: 'lookupWeather' });
      await entry.waitFor();
      const sent = JSON.parse((await entry.getByTestId('log-json').textContent()) ?? '{}') as { action?: Record<string, unknown> };
      expect(sent.action).toMatchObject({ name: 'lookupWeather', surfaceId: 'weather', sourceComponentId: 'app', context: { city: 'Tokyo' } });
      await app.getByRole('status').filter({ hasText: 'asked' }).waitFor();
      // The agent's answer updates the surface, and through the binding the app.
      await node(page, 'forecast').filter({ hasText: 'Sunny, 21 °C in Tokyo' }).waitFor();
      await app.locator('#forecast').filter({ hasText: 'Sunny, 21 °C in Tokyo' }).waitFor();
    },
    TIMEOUT,
  );

  it(
    'the MCP App\'s ui/open-link is refused without a click in its frame, and opens once after a real click there',
    async () => {
      const app = page.frameLocator('[data-component-id="app"] iframe').frameLocator('iframe');
      const opened = page.locator('[data-testid="events"] [data-kind="openUrl"]');
      // On its own at start, with a made-up activation in its params: refused, nothing opened.
      await app.locator('#unasked').filter({ hasText: 'unasked link: refused' }).waitFor();
      expect(await app.locator('#unasked').textContent()).toContain('needs a user activation');
      expect(await opened.filter({ hasText: 'https://example.com/unasked' }).count()).toBe(0);
      expect(await opened.filter({ hasText: 'https://example.com/forecast/tokyo' }).count()).toBe(0);

      // A real click inside the app's frame: the proxy reads the browser's activation. The app
      // asks twice for that one click; the first opens, the second is refused.
      await app.getByRole('button', { name: 'Open the Tokyo forecast page' }).click();
      await app.locator('#links').filter({ hasText: 'links:' }).waitFor();
      expect(await app.locator('#links').textContent()).toMatch(/^links: opened \/ refused: .*already opened a link/);
      await opened.filter({ hasText: 'https://example.com/forecast/tokyo' }).waitFor();
      expect(await opened.filter({ hasText: 'https://example.com/forecast/tokyo' }).count()).toBe(1);
    },
    TIMEOUT,
  );

  it('the page logged no errors', () => {
    expect(problems).toEqual([]);
  });
});
