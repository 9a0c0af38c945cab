/**
 * Starts and stops test/e2e/serve.ts (Vite's dev server in a child process: Vite 7 is ESM-only
 * and Jest runs the tests as CommonJS) for the end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** The pages serve.ts can serve: the playground, or the browser benchmark's page for a2ui-redux/react. */
export type ServedPage = 'playground' | 'bench';

/** Starts serve.ts for `page` and resolves with the URL it prints; rejects (with its stderr) if it fails or takes longer than `timeoutMs`. */
export function startDevServer(page: ServedPage, timeoutMs: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/serve.ts', page], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((started, reject) => {
    const timer = setTimeout(() => fail(new Error(`the ${page} server did not start within ${timeoutMs} ms`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new Error(`${error.message}\n--- server stderr ---\n${stderr}`));
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      const line = JSON.parse(stdout.slice(0, newline)) as { url?: string; error?: string };
      clearTimeout(timer);
      if (line.url) started({ child, url: line.url });
      else fail(new Error(`the ${page} server failed: ${line.error ?? stdout}`));
    });
    child.once('exit', (code) => fail(new Error(`the ${page} server exited early (code ${String(code)})`)));
    child.once('error', (error) => fail(error));
  });
}

/** Stops a server started by {@link startDevServer}: SIGTERM, then SIGKILL after 10 s. */
export async function stopDevServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
