/// <reference types="vite/client" />

/** The URL of the MCP Apps sandbox page the dev server serves from a second origin (null in a build). */
declare module 'virtual:mcp-sandbox' {
  export const SANDBOX_URL: string | null;
}
