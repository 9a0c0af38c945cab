/**
 * The session side of the Redux slice's two MCP App actions, `mcpAppRequested` and
 * `mcpToolReplied`: each goes to the session extension that answers apps (MCP Apps, which the MCP
 * catalog brings). A session without one answers as for a node that is no app: an app request
 * gets the error that names what the node is, a tool outcome a JSON-RPC error (an app's call) or
 * a diagnostic (an action's). Never throws.
 */
import { JSON_RPC_INTERNAL_ERROR, type DiagnosticPayload } from '../model/effects';
import type { McpAppRequestOptions, McpToolSettlement } from '../mcp/types';
import { a2uiError, type A2uiError } from '../protocol/errors';
import { errorText } from '../util/errors';
import { locateNode } from './locate';
import { disposedError, isDisposed, outcomeAfterDispose, type AppRequestResult, type Session, type ToolSettledResult } from './session';

/** Acts on a request of the embedded app at node `ref` of `surfaceId`, through the session's extension. */
export function appRequest(
  session: Session,
  surfaceId: string,
  ref: string,
  method: string,
  params: unknown,
  options: McpAppRequestOptions,
): AppRequestResult {
  // dispose is terminal: nothing an app sends changes the session; the app is told so.
  if (isDisposed(session)) return { ok: false, error: disposedError('mcpAppRequested') };
  for (const extension of session.runtime.extensions) {
    if (extension.appRequest !== undefined) return extension.appRequest(session, surfaceId, ref, method, params, options);
  }
  return { ok: false, error: noAppAt(session, surfaceId, ref) };
}

/** Applies the outcome of a tool call the host ran, through the session's extension. */
export function toolSettled(session: Session, settlement: McpToolSettlement): ToolSettledResult {
  if (isDisposed(session)) return outcomeAfterDispose(session, settlement, 'mcpToolReplied');
  for (const extension of session.runtime.extensions) {
    if (extension.toolSettled !== undefined) return extension.toolSettled(session, settlement);
  }
  const message = `Tool '${settlement.name ?? '?'}': no catalog of this session applies MCP tool results (the MCP catalog does).`;
  if (settlement.origin !== 'action') return { session, effects: [], reply: { error: { code: JSON_RPC_INTERNAL_ERROR, message } } };
  const payload: DiagnosticPayload = { code: 'MCP_TOOL_FAILED', message, ref: settlement.ref };
  return { session, effects: [{ type: 'diagnostic', surfaceId: settlement.surfaceId, severity: 'error', payload }], reply: null };
}

/** Why a session without an app extension cannot act for node `ref`: the node is missing, or no app. */
function noAppAt(session: Session, surfaceId: string, ref: string): A2uiError {
  try {
    const found = locateNode(session, surfaceId, ref);
    if (!found.ok) return found.error;
    const { node, surface } = found;
    const what = node.component === 'McpApp' ? 'an McpApp, but no catalog of this session handles app requests (the MCP catalog does)' : `a ${node.component}, not an McpApp`;
    return a2uiError('INVALID_ARGUMENT', `Node '${node.ref}' of surface '${surface.surfaceId}' is ${what}.`, { surfaceId: surface.surfaceId });
  } catch (caught) {
    return a2uiError('EXECUTION_FAILED', `mcpAppRequest failed: ${errorText(caught)}`);
  }
}
