/**
 * `a2ui-redux/react/mcp-app`: the McpApp component, apart from the React entry because it needs
 * `@modelcontextprotocol/ext-apps` (and through it the MCP SDK).
 * @example
 * const host = createMcpAppHost({ sandboxUrl: 'https://sandbox.example.com/mcp-app.html' });
 * saga.run(a2ui.saga, { transport, ...host.ports });
 * <A2uiProvider a2ui={a2ui} mcpApps={host}><A2uiSurface surfaceId="main" components={createComponents({ McpApp })} /></A2uiProvider>
 */
export { McpApp, type McpAppProps } from './mcpApp';
