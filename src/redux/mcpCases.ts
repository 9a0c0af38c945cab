/**
 * The case reducers of MCP Apps' actions: an embedded app's request, and the outcome of a tool
 * call the saga ran. The session's extension (MCP Apps, with the MCP catalog) acts on them
 * (src/session/appRequests.ts); replies go to the outbox as `mcpReply` effects, a deferred
 * tools/call answered when its `mcpToolReplied` arrives. Every request gets an answer, even one
 * whose node is gone or whose session has no MCP catalog, and only one: a tool outcome is applied
 * only for a call the outbox asked for (`session.mcpToolCalls`).
 */
import { JSON_RPC_INTERNAL_ERROR, type Effect, type McpReply } from '../model/effects';
import type { McpToolSettlement } from '../mcp/types';
import { appRequest, toolSettled } from '../session/appRequests';
import type { A2uiActionMeta } from './actions';
import { enqueue, fieldsMalformed, Malformed, mcpToolCallKey, sessionAt, withLastError, type SliceContext } from './operations';
import { a2uiError } from '../protocol/errors';
import { hasOwn } from '../util/records';
import type { A2uiState } from './state';

/** `mcpAppRequested`'s payload once checked. */
export interface McpAppRequestInput {
  requestId: string | number;
  surfaceId: string;
  ref: string;
  method: string;
  params?: unknown;
  /** When the host saw a user activation inside this app (epoch ms), for `ui/open-link`. */
  userActivationAt?: number;
  at: string;
}

export function checkMcpAppRequest(payload: Record<string, unknown>): Malformed | null {
  const basic = fieldsMalformed(payload, { requestId: 'id', surfaceId: 'string', ref: 'string', method: 'string', at: 'string' });
  if (basic) return basic;
  const activation = payload.userActivationAt;
  return activation === undefined || (typeof activation === 'number' && Number.isFinite(activation))
    ? null
    : new Malformed('payload.userActivationAt must be a finite number (epoch ms) when given');
}

export function mcpAppRequestedCase(ctx: SliceContext, state: A2uiState, input: McpAppRequestInput, meta: A2uiActionMeta): A2uiState {
  const { requestId, surfaceId, ref, method, params, at, userActivationAt } = input;
  const session = sessionAt(ctx, state, meta, at);
  const result = appRequest(session, surfaceId, ref, method, params, userActivationAt === undefined ? { requestId } : { requestId, userActivationAt });
  if (!result.ok) {
    // No McpApp to act for; the app still gets an answer instead of waiting forever.
    const reply = replyEffect(requestId, surfaceId, ref, { error: { code: JSON_RPC_INTERNAL_ERROR, message: result.error.message } });
    return enqueue(state, meta, state.session.core, [reply], { ...result.error, operation: 'mcpAppRequested' });
  }
  const reply: Effect[] = result.reply === null ? [] : [replyEffect(requestId, surfaceId, ref, result.reply)];
  return enqueue(state, meta, result.session.state, [...result.effects, ...reply], null);
}

export function checkMcpToolReplied(payload: Record<string, unknown>): Malformed | null {
  const basic = fieldsMalformed(payload, { requestId: 'id', surfaceId: 'string', ref: 'string', outcome: 'record', entryId: 'string?' });
  if (basic) return basic;
  const status = (payload.outcome as Record<string, unknown>).status;
  return status === 'ok' || status === 'error' || status === 'timeout' ? null : new Malformed("payload.outcome.status must be 'ok', 'error' or 'timeout'");
}

/**
 * Applies a tool call's outcome, once: only a call the outbox asked for and whose outcome has not
 * come back is applied and answered; any other (forged, repeated, or a session where nothing asks
 * for tool calls) changes nothing but `lastError`, and the app is not answered a second time. An
 * outcome the saga reports (with `entryId`) goes only to the call of that entry; for a call the
 * state no longer waits for, it changes nothing at all (a reset, a restore: no error to show).
 */
export function mcpToolRepliedCase(ctx: SliceContext, state: A2uiState, settlement: McpToolSettlement, meta: A2uiActionMeta): A2uiState {
  const { surfaceId, ref, requestId } = settlement;
  const key = mcpToolCallKey(surfaceId, ref, requestId);
  const waiting = state.session.mcpToolCalls;
  const asked = waiting !== undefined && hasOwn(waiting, key) ? waiting[key] : undefined;
  const entryId = settlement.entryId;
  if (entryId !== undefined && (asked === undefined || (typeof asked.id === 'string' && asked.id !== entryId))) {
    // The saga's outcome of a call this state no longer waits for (reset, restored, or an earlier
    // call under the same key, the app reloaded): nothing to answer, and nothing went wrong.
    return state;
  }
  if (waiting === undefined || asked === undefined) {
    const why = `mcpToolReplied: no tool call ${JSON.stringify(requestId)} of node '${ref}' on surface '${surfaceId}' is waiting for its outcome; a forged or repeated outcome is ignored.`;
    return withLastError(state, 'mcpToolReplied', a2uiError('INVALID_ARGUMENT', why));
  }
  return settledCase(ctx, withoutToolCalls(state, [key]), settlement, meta);
}

/** Stops waiting for the listed tool calls, unanswered (`mcpToolCallsOrphaned`); keys not waiting are ignored. */
export function mcpToolCallsOrphanedCase(state: A2uiState, keys: readonly string[]): A2uiState {
  const waiting = state.session.mcpToolCalls;
  if (waiting === undefined || !keys.some((key) => hasOwn(waiting, key))) return state;
  return withoutToolCalls(state, keys);
}

/** The state no longer waiting for the tool calls `keys` (`mcpToolCalls` left out once empty). */
function withoutToolCalls(state: A2uiState, keys: readonly string[]): A2uiState {
  const rest = { ...state.session.mcpToolCalls };
  for (const key of keys) delete rest[key];
  const session: A2uiState['session'] = { ...state.session, mcpToolCalls: rest };
  if (Object.keys(rest).length === 0) delete session.mcpToolCalls;
  return { ...state, session };
}

function settledCase(ctx: SliceContext, state: A2uiState, settlement: McpToolSettlement, meta: A2uiActionMeta): A2uiState {
  const result = toolSettled(sessionAt(ctx, state, meta), settlement);
  const reply: Effect[] = result.reply === null ? [] : [replyEffect(settlement.requestId, settlement.surfaceId, settlement.ref, result.reply)];
  return enqueue(state, meta, result.session.state, [...result.effects, ...reply], state.session.lastError);
}

/** The `mcpReply` effect answering request `requestId` of the app at `ref` of `surfaceId` (as `mcpReplyEffect` builds it). */
function replyEffect(requestId: string | number, surfaceId: string, ref: string, reply: McpReply): Effect {
  return { type: 'mcpReply', requestId, surfaceId, ref, reply };
}
