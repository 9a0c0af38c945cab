/**
 * The `a2ui-redux/mcp` entry: the MCP catalog (`mcpCatalog()`, the `McpApp` component and its
 * functions). It is an entry of its own so that an app without MCP Apps does not ship it and
 * its JMESPath engine; the root entry re-exports it. The session's side of MCP Apps
 * (`mcpAppRequest`, `mcpToolSettled`, …) is in `a2ui-redux/core`.
 */
export { mcpCatalog, MCP_CATALOG_ID, MCP_CATALOG_JSON, decodeHtmlContent, DEFAULT_JMESPATH_LIMITS } from './index';
export type { McpCatalogOptions, JmespathLimits } from './index';
export type { McpComponentProps } from './componentTypes';
