/**
 * Effects: what an operation asks the host to do, as plain data. The pure session returns them;
 * the Redux slice appends them to its outbox; sagas carry them out.
 */
import type { Diagnostic } from './tree';

/** A renderer→agent message as sent on the wire (validated when built). */
export type OutboundMessage = { version: 'v1.0'; [body: string]: unknown };

/** The renderer data model attached to outbound messages for `sendDataModel` surfaces. */
export interface RendererDataModelMetadata {
  version: 'v1.0';
  surfaces: Record<string, Record<string, unknown>>;
}

/**
 * The reply to an embedded MCP App's request: a JSON-RPC result, a JSON-RPC error, or null when
 * there is nothing to answer (a notification).
 */
export type McpReply = { result: unknown } | { error: { code: number; message: string } } | null;

/** How an agent call settled. */
export type AgentCallOutcome =
  | { status: 'ok'; value: unknown }
  | { status: 'error'; error: { code: string; message: string } };

export type Effect =
  | { type: 'send'; message: OutboundMessage; metadata?: { a2uiRendererDataModel?: RendererDataModelMetadata } }
  | { type: 'openUrl'; url: string }
  | { type: 'surfaceCreated'; surfaceId: string }
  | { type: 'surfaceDeleted'; surfaceId: string }
  | { type: 'componentsUpdated'; surfaceId: string; componentIds: string[] }
  | { type: 'dataModelUpdated'; surfaceId: string; path: string }
  | { type: 'rpcSettled'; callId: string; outcome: AgentCallOutcome }
  | { type: 'agentCallSent'; callId: string; timeoutMs: number | null }
  // --- MCP Apps (see mcpApps.ts) ---
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
  | { type: 'mcpReply'; requestId: string | number; reply: McpReply }
  | {
      type: 'diagnostic';
      surfaceId: string;
      severity: 'error' | 'warning';
      payload: { code: string; message: string; componentId?: string; path?: string; ref?: string };
    };

/** The diagnostic effect for a resolver diagnostic. */
export function diagnosticEffect(surfaceId: string, diagnostic: Diagnostic): Effect {
  const payload: { code: string; message: string; componentId?: string; path?: string; ref?: string } = {
    code: diagnostic.code,
    message: diagnostic.message,
  };
  if (diagnostic.componentId !== undefined) payload.componentId = diagnostic.componentId;
  if (diagnostic.path !== undefined) payload.path = diagnostic.path;
  if (diagnostic.ref !== undefined) payload.ref = diagnostic.ref;
  return { type: 'diagnostic', surfaceId, severity: diagnostic.severity, payload };
}

/**
 * The generic renderer→agent `error` message. The schema wants exactly one of `surfaceId` and
 * `functionCallId`, so `about` names one.
 */
export function agentErrorMessage(code: string, message: string, about: { surfaceId: string } | { functionCallId: string }): OutboundMessage {
  return { version: 'v1.0', error: { code, message, ...about } };
}

/** {@link agentErrorMessage} as a `send` effect. */
export function agentErrorEffect(code: string, message: string, about: { surfaceId: string } | { functionCallId: string }): Effect {
  return { type: 'send', message: agentErrorMessage(code, message, about) };
}
