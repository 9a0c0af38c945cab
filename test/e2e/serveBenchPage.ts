/**
 * Serves the browser benchmark's page for a2ui-redux/react (bench/browser/ours) with Vite's dev
 * server, for the windowed-list end-to-end test; in a child process because Vite 7 is ESM-only
 * and Jest runs the tests as CommonJS. Prints one JSON line `{"url": ...}` (or `{"error": ...}`)
 * and closes on SIGTERM/SIGINT or when its stdin closes.
 *
 *   node --import tsx test/e2e/serveBenchPage.ts
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const root = fileURLToPath(new URL('../../bench/browser/ours', import.meta.url));

let server: ViteDevServer | undefined;
let closing = false;

async function stop(code: number): Promise<never> {
  if (!closing) {
    closing = true;
    await server?.close().catch(() => undefined);
  }
  process.exit(code);
}

try {
  server = await createServer({
    root,
    configFile: false,
    clearScreen: false,
    logLevel: 'warn',
    plugins: [react()],
    // Port 0 would read as "the default port"; a high random one moves on if taken.
    server: { host: '127.0.0.1', port: 20_000 + Math.floor(Math.random() * 20_000), strictPort: false, watch: null, fs: { allow: [repo] } },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const url = typeof address === 'object' && address !== null ? `http://127.0.0.1:${address.port}/` : server.resolvedUrls?.local[0];
  if (!url) throw new Error('the dev server has no address');
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })}\n`);
  await stop(1);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.stdin.on('end', () => void stop(0));
process.stdin.on('close', () => void stop(0));
process.stdin.resume();
