/**
 * Serves a page for the end-to-end tests: Vite's dev server (its JS API) on 127.0.0.1 and a free
 * port, in a child process because Vite 7 is ESM-only and Jest runs the tests as CommonJS (see
 * devServer.ts). The page is the playground, or with `bench` the browser benchmark's page for
 * a2ui-redux/react (bench/browser/ours). Prints one JSON line `{"url": "http://127.0.0.1:<port>/"}`
 * when ready (or `{"error": "..."}`), and closes the server on SIGTERM/SIGINT or when its stdin
 * closes (so it never outlives the test process).
 *
 *   node --import tsx test/e2e/serve.ts [playground|bench]
 */
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type InlineConfig, type ViteDevServer } from 'vite';

const repo = fileURLToPath(new URL('../..', import.meta.url));
/** The playground has its own Vite config; the benchmark page is served from its folder with React's plugin. */
const PAGES: Record<string, InlineConfig> = {
  playground: { configFile: fileURLToPath(new URL('../../playground/vite.config.ts', import.meta.url)) },
  bench: { root: fileURLToPath(new URL('../../bench/browser/ours', import.meta.url)), configFile: false, plugins: [react()] },
};

/** A port the system reports free (Vite reads `port: 0` as "the default port", so it is found here). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

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
  const page = PAGES[process.argv[2] ?? 'playground'];
  if (page === undefined) throw new Error(`unknown page '${process.argv[2]}': playground or bench`);
  server = await createServer({
    ...page,
    clearScreen: false,
    logLevel: 'warn',
    // A free port (strictPort false: Vite moves on if another process took it meanwhile), and no
    // file watching: the test serves a fixed checkout.
    server: { host: '127.0.0.1', port: await freePort(), strictPort: false, watch: null, fs: { allow: [repo] } },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const url = typeof address === 'object' && address !== null ? `http://127.0.0.1:${address.port}/` : server.resolvedUrls?.local[0];
  if (!url) throw new Error('the dev server has no address');
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? error.stack ?? error.message : String(error) })}\n`);
  await stop(1);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.stdin.on('end', () => void stop(0));
process.stdin.on('close', () => void stop(0));
process.stdin.resume();
