/**
 * What a function implementation asked for (catalog `LocalRequest`s), carried out in order: data
 * writes, A2UI messages that never recreate a surface, URLs to open; any other request (an MCP
 * tool call) goes to the session extensions' `localRequest` seam (MCP Apps, with the MCP catalog).
 * Shared by `invoke` and MCP Apps' function calls.
 */
import type { LocalRequest } from '../catalog/types';
import type { DiagnosticPayload, Effect } from '../model/effects';
import { applyMessage } from '../processor/processor';
import type { A2uiError } from '../protocol/errors';
import { completeOperation, handleMessageUnguarded, type Session } from './session';
import { A2UI_VERSION } from '../protocol/common';

/**
 * Carries out what a function asked for, in order (data writes, A2UI messages that never recreate
 * a surface, URLs to open, extensions' requests); then resolves the surface. Shared by `invoke`.
 */
export function applyLocalRequests(
  session: Session,
  surfaceId: string,
  ref: string,
  requests: readonly LocalRequest[],
): { ok: true; session: Session; effects: Effect[] } | { ok: false; error: A2uiError } {
  let current = session;
  const effects: Effect[] = [];
  for (const request of requests) {
    if (request.type === 'openUrl') {
      effects.push({ type: 'openUrl', url: request.url });
    } else if (request.type === 'setData') {
      const message = { version: A2UI_VERSION, updateDataModel: { surfaceId, path: request.path, value: request.value } };
      const step = applyMessage(current.runtime.processor, current.state, message, '', {});
      effects.push(...step.effects);
      if (!step.ok) return { ok: false, error: step.error };
      current = { state: step.state, runtime: current.runtime };
    } else if (request.type === 'messages') {
      const applied = handleMessageUnguarded(current, request.messages, { keepExistingSurfaces: true });
      effects.push(...applied.effects);
      if (!applied.ok) return { ok: false, error: applied.error };
      current = applied.session;
    } else {
      const call = extensionRequest(current, surfaceId, ref, request);
      effects.push(...call.effects);
      current = call.session;
    }
  }
  if (current === session) return { ok: true, session, effects };
  const done = completeOperation(session.runtime, session.state, current.state, effects, new Set([surfaceId]), null);
  return { ok: true, session: done.session, effects: done.effects };
}

/**
 * A request the core does not carry out, by the first session extension that takes it; with none
 * (a `callMcpTool` made by a custom catalog's function in a session without the MCP catalog), a
 * warning diagnostic.
 */
function extensionRequest(session: Session, surfaceId: string, ref: string, request: LocalRequest): { session: Session; effects: Effect[] } {
  for (const extension of session.runtime.extensions) {
    const done = extension.localRequest?.(session, surfaceId, ref, request);
    if (done !== undefined) return done;
  }
  const name = 'name' in request ? ` '${request.name}'` : '';
  const payload: DiagnosticPayload = { code: 'MCP_TOOL_UNAVAILABLE', message: `A ${request.type} request${name} has no catalog in this session to carry it out (the MCP catalog does).`, ref };
  return { session, effects: [{ type: 'diagnostic', surfaceId, severity: 'warning', payload }] };
}
