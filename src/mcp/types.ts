/**
 * The MCP Apps vocabulary the rest of the package speaks: the effects an embedded app's bridge
 * produces, the reply to an app's request, and the port that runs MCP tools. It sits with the
 * shared model (src/model/effects.ts adds these effects to its union), so the core names them
 * without importing the feature.
 */

/**
 * The reply to an embedded MCP App's request: a JSON-RPC result, a JSON-RPC error, or null when
 * there is nothing to answer (a notification).
 */
export type McpReply = { result: unknown } | { error: { code: number; message: string } } | null;

/** Runs the tools an embedded MCP App calls; the MCP SDK's `Client` fits. */
export interface McpToolClient {
  callTool(request: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

/** Options of an embedded app's request (`mcpAppRequest`, the `mcpAppRequested` action). */
export interface McpAppRequestOptions {
  /**
   * The JSON-RPC id of the app's request: it names a deferred tool call in its `mcpToolCall`
   * effect, so the reply built later can be matched to the request.
   */
  requestId?: string | number;
  /**
   * When the host last saw a user activation (a click or key press) inside this app's frame, as
   * epoch milliseconds on the session's clock. Only the host can know it; an app's own messages
   * never count. `ui/open-link` needs one within {@link MCP_USER_ACTIVATION_WINDOW_MS}.
   */
  userActivationAt?: number;
}

/** How a tool call the host ran ended (the payload of `mcpToolReplied`). */
export interface McpToolSettlement {
  requestId: string | number;
  surfaceId: string;
  ref: string;
  outcome: { status: 'ok'; result: unknown } | { status: 'error' | 'timeout'; message: string };
  /** Who asked: an app's tools/call (default) or a callMcpTool action. */
  origin?: 'app' | 'action';
  /** The tool, and the arguments it was called with (for the MCP App resource's `toolInput`). */
  name?: string;
  arguments?: Record<string, unknown>;
  /** Where a callMcpTool action wants the MCP App resource written. */
  targetDataPath?: string;
  /**
   * The outbox entry that asked for the call (the saga sets it). The slice applies the outcome only
   * to that call, and ignores quietly one the state no longer waits for (reset, restored).
   */
  entryId?: string;
}

/** The effects of MCP Apps. */
export type McpEffect =
  /**
   * Run an MCP tool through the host's MCP client and report the outcome (`mcpToolSettled`).
   * `origin` 'app': an McpApp's tools/call, answered with the result; 'action': a `callMcpTool`
   * action, whose MCP App resource goes to `targetDataPath`. `timeoutMs` null: no timeout.
   */
  | {
      type: 'mcpToolCall';
      requestId: string | number;
      surfaceId: string;
      ref: string;
      name: string;
      arguments: Record<string, unknown>;
      timeoutMs: number | null;
      origin: 'app' | 'action';
      targetDataPath?: string;
    }
  /** Send a notification (data-model-update, tool-input, tool-result) to the McpApp at `ref`. */
  | { type: 'mcpNotify'; surfaceId: string; ref: string; method: string; params: unknown }
  /** Answer the McpApp request `requestId` (added by the Redux slice). */
  /**
   * The answer to an app's request. `surfaceId` and `ref` name the app, so several apps that
   * number their requests alike are answered apart (optional only while older producers omit them).
   */
  | { type: 'mcpReply'; requestId: string | number; surfaceId?: string; ref?: string; reply: McpReply };

/**
 * How long after a user activation in an app its `ui/open-link` may still open a URL (here, with
 * the types, so the React host reads it without the session's code).
 */
export const MCP_USER_ACTIVATION_WINDOW_MS = 5_000;
