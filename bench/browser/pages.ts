/**
 * What the browser benchmark (run.ts) and its profiler (profile.ts) share on the Node side:
 * building a page with vite, serving the built pages from one local origin, and launching
 * Debian's chromium headless.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';

/** The chromium the benchmark drives (`A2UI_E2E_CHROMIUM` overrides Debian's). */
export const CHROMIUM = process.env.A2UI_E2E_CHROMIUM ?? '/usr/bin/chromium';

/** Builds the page in `root` into `out/dir`, served under `/dir/`. */
export async function buildPage(root: string, out: string, dir: string, options: { minify?: boolean; logLevel?: 'warn' | 'error' } = {}): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: options.logLevel ?? 'warn',
    mode: 'production',
    plugins: [react()],
    base: `/${dir}/`,
    build: { outDir: join(out, dir), emptyOutDir: true, target: 'es2022', minify: options.minify ?? true },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the files under `out` (nothing outside it) on a free local port; `base` is its origin. */
export async function servePages(out: string): Promise<{ base: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')).replace(/^(\.\.[/\\])+/, '');
    let file = join(out, path);
    if (file.endsWith('/')) file = join(file, 'index.html');
    if (!file.startsWith(out) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Headless chromium as both scripts drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}
