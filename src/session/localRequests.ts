/**
 * What a function implementation asked for (catalog `LocalRequest`s), carried out in order: data
 * writes, A2UI messages that never recreate a surface, URLs to open, and MCP tool calls (handed
 * to MCP Apps at its `mcpToolCallRequested` seam). Shared by `invoke` and MCP Apps' function calls.
 */
import type { LocalRequest } from '../catalog/types';
import { mcpToolCallRequested } from '../mcp/toolCalls';
import type { Effect } from '../model/effects';
import { applyMessage } from '../processor/processor';
import type { A2uiError } from '../protocol/errors';
import { completeOperation, handleMessageUnguarded, type Session } from './session';
import { A2UI_VERSION } from '../protocol/common';

/**
 * Carries out what a function asked for, in order (data writes, A2UI messages that never recreate
 * a surface, URLs to open, MCP tool calls); then resolves the surface. Shared by `invoke`.
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
      const call = mcpToolCallRequested(current, surfaceId, ref, request);
      effects.push(...call.effects);
      current = call.session;
    }
  }
  if (current === session) return { ok: true, session, effects };
  const done = completeOperation(session.runtime, session.state, current.state, effects, new Set([surfaceId]), null);
  return { ok: true, session: done.session, effects: done.effects };
}
