/**
 * Tool calls asked for by an action (the MCP catalog's `callMcpTool`): the seam through which the
 * session's local requests reach MCP Apps. The outcome comes back through `mcpToolSettled`.
 */
import type { LocalRequest } from '../catalog/types';
import type { DiagnosticPayload, Effect } from '../model/effects';
import type { DiagnosticCode } from '../model/tree';
import type { SessionState } from '../model/state';
import { toJsonValue } from '../protocol/json';
import type { Session } from '../session/session';
import { isRecord } from '../util/records';

/**
 * The effects of a `callMcpTool` request made by an action of node `ref`: an `mcpToolCall` effect
 * (origin 'action', request id `mcp-call-<n>` from the session's call counter, so replaying the
 * same actions gives the same ids), or a warning diagnostic when no MCP client is configured.
 */
export function mcpToolCallRequested(
  session: Session,
  surfaceId: string,
  ref: string,
  request: Extract<LocalRequest, { type: 'mcpToolCall' }>,
): { session: Session; effects: Effect[] } {
  if (session.runtime.options.mcpClient === undefined) {
    return { session, effects: [mcpDiagnostic(surfaceId, 'warning', 'MCP_TOOL_UNAVAILABLE', `callMcpTool '${request.name}': no MCP client is configured.`, ref)] };
  }
  const args = toJsonValue(request.arguments, { maxDepth: 64 });
  if (!args.ok || !isRecord(args.value)) {
    return { session, effects: [mcpDiagnostic(surfaceId, 'error', 'MCP_TOOL_FAILED', `callMcpTool '${request.name}': the arguments are not JSON.`, ref)] };
  }
  const state: SessionState = { ...session.state, nextCallNumber: session.state.nextCallNumber + 1 };
  const effect: Effect = {
    type: 'mcpToolCall',
    requestId: `mcp-call-${session.state.nextCallNumber}`,
    surfaceId,
    ref,
    name: request.name,
    arguments: args.value,
    timeoutMs: session.runtime.processor.defaultTimeoutMs,
    origin: 'action',
  };
  if (request.targetDataPath !== undefined) effect.targetDataPath = request.targetDataPath;
  return { session: { state, runtime: session.runtime }, effects: [effect] };
}

/** A diagnostic of MCP Apps about surface `surfaceId`, naming the node `ref` when there is one. */
export function mcpDiagnostic(surfaceId: string, severity: 'error' | 'warning', code: DiagnosticCode & `MCP_${string}`, message: string, ref?: string): Effect {
  const payload: DiagnosticPayload = { code, message };
  if (ref !== undefined) payload.ref = ref;
  return { type: 'diagnostic', surfaceId, severity, payload };
}
