/**
 * MCP Apps arrives with the MCP catalog: an app that never imports `mcpCatalog` ships none of
 * `src/mcp/`. Each case is bundled from the source as a browser app would bundle the package
 * (esbuild, tree shaking, the Redux peers left out), and the modules that put bytes into the
 * output are read from the metafile. The app with the MCP catalog must ship the session side,
 * which shows the check sees `src/mcp/` when it is there.
 */
import { shippedFiles } from '../helpers/browserBundle';

const underMcp = (files: string[]) => files.filter((file) => file.startsWith('src/mcp/'));

test('the app without the MCP catalog ships no module of src/mcp/', () => {
  const files = shippedFiles(`export { createA2ui, basicCatalog, createInMemoryTransport } from './src/index';`);
  // The bundle holds the session and the slice: an empty list below means MCP Apps is left out, not that nothing was bundled.
  expect(files).toEqual(expect.arrayContaining(['src/session/session.ts', 'src/redux/slice.ts', 'src/redux/mcpCases.ts']));
  expect(underMcp(files)).toEqual([]);
});

test('the pure session without the MCP catalog ships no module of src/mcp/', () => {
  const files = shippedFiles(`export { createSession, handleMessage, write, invoke, basicCatalog } from './src/core';`);
  expect(files).toContain('src/session/session.ts');
  expect(underMcp(files)).toEqual([]);
});

test('the app with the MCP catalog ships its session side', () => {
  const files = shippedFiles(`export { createA2ui, basicCatalog, mcpCatalog, createInMemoryTransport } from './src/index';`);
  expect(underMcp(files)).toEqual(expect.arrayContaining([
    'src/mcp/catalog/index.ts',
    'src/mcp/sessionExtension.ts',
    'src/mcp/requests.ts',
    'src/mcp/notify.ts',
    'src/mcp/toolCalls.ts',
    'src/mcp/guard.ts',
  ]));
});
