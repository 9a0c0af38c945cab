/**
 * The demo in an install without the optional MCP SDK: every step but the MCP tool call runs,
 * and that step says how to enable it. The loader stands in for a missing package the way Node
 * reports one (`ERR_MODULE_NOT_FOUND`); test/package's tarball check runs the real command
 * without the SDK installed.
 */
import { loadMcpSdk, runDemo } from '../../src/cli/demo';
import { createStyle } from '../../src/cli/style';

test('without the MCP SDK the demo skips the MCP step with the install hint and finishes', async () => {
  const lines: string[] = [];
  await runDemo((line) => lines.push(line), createStyle(false), { loadMcpSdk: async () => null });
  const out = lines.join('\n');
  expect(out).toMatch(/skipped the optional MCP SDK is not installed; `npm install @modelcontextprotocol\/sdk` to run this step/);
  expect(out).not.toMatch(/Forecast for Tokyo/);
  // The steps around it still ran: the refused tool, the late answer, a clean end.
  expect(out).toMatch(/"code":-32602/);
  expect(out).toMatch(/ignored: the call already ended \(timeout\)/);
  expect(out).toMatch(/0 calls pending, outbox 0/);
});

test('with the SDK installed (as here) the loader finds it', async () => {
  const sdk = await loadMcpSdk();
  expect(sdk).not.toBeNull();
  expect(typeof sdk?.Client).toBe('function');
});
