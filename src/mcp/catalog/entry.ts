/**
 * The `a2ui-redux/mcp` entry: MCP Apps. The MCP catalog (`mcpCatalog()`, the `McpApp` component
 * and its functions) carries the session side of MCP Apps as its `sessionExtension`, so an app
 * without this entry ships neither, nor the JMESPath engine; the root entry re-exports it. Here
 * too are the session functions a host without Redux calls for an embedded app (`mcpAppRequest`,
 * `mcpToolSettled`, …).
 */
export { mcpCatalog, MCP_CATALOG_ID, MCP_CATALOG_JSON, decodeHtmlContent, DEFAULT_JMESPATH_LIMITS } from './index';
export type { McpCatalog, McpCatalogOptions, JmespathLimits } from './index';
export type { McpComponentProps } from './componentTypes';
export { mcpAppRequest, mcpToolSettled, mcpReplyEffect, MCP_ERROR_CODES, MCP_USER_ACTIVATION_WINDOW_MS } from '../requests';
export type { McpAppRequestResult, McpAppRequestOptions, McpToolSettlement, McpToolSettledResult } from '../requests';
