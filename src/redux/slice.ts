/**
 * The a2ui reducer: two plain reducers over the pure session. `session` holds the session state and
 * the outbox of effects waiting for the sagas; `log` keeps a bounded record of what the agent
 * sent and what was delivered to it. Reducers call the pure session functions and nothing else.
 */
import { combineReducers, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { A2uiError } from '../protocol/errors';
import { toJsonValue, type JsonValue } from '../protocol/json';
import type { Effect, OutboundMessage, RendererDataModelMetadata } from '../model/effects';
import { invoke, write } from '../session/interaction';
import { MCP_ERROR_CODES, mcpAppRequest, mcpToolSettled } from '../mcp/requests';
import { dispose, handleMessage, sessionFrom, timeoutAgentCall, type SessionRuntime } from '../session/session';
import { initialSessionState, type SessionState } from '../model/state';
import {
  actionInvoked,
  agentCallTimedOut,
  disposed,
  effectsDelivered,
  messageReceived,
  valueWritten,
  workerFailed,
  transportStatusChanged,
  mcpAppRequested,
  mcpToolReplied,
} from './actions';

/** One effect waiting in the outbox, numbered so the sagas can acknowledge a prefix. */
export interface OutboxEntry {
  id: number;
  effect: Effect;
}

/** The `session` slice: the pure session state, the outbox and the last failure. */
export interface A2uiSessionSlice {
  core: SessionState;
  outbox: OutboxEntry[];
  nextEffectId: number;
  /** The last operation that failed (plain data), for display; null after a success. */
  lastError: (A2uiError & { operation: string }) | null;
  transport: { status: 'idle' | 'connecting' | 'open' | 'closed' | 'error'; detail?: string };
}

/**
 * A log record before it is numbered. An inbound payload is kept as JSON (text as received, a
 * parsed payload as a JSON copy); one JSON cannot carry is logged as null with `notJson` saying
 * where and why, so the log survives a JSON round trip as the rest of the state does.
 */
export type LogRecord =
  | { direction: 'in'; at: string; payload: JsonValue; notJson?: { path: string; reason: string } }
  | { direction: 'out'; message: OutboundMessage; metadata?: { a2uiRendererDataModel?: RendererDataModelMetadata } };

/** One numbered record of the conversation log. */
export type LogEntry = LogRecord & { seq: number };

/** The `log` slice: the last `limit` entries, oldest first, with a count of the ones dropped. */
export interface A2uiLogSlice {
  entries: LogEntry[];
  limit: number;
  dropped: number;
  nextSeq: number;
}

/** The whole a2ui state, as mounted under one key of the host store. */
export interface A2uiState {
  session: A2uiSessionSlice;
  log: A2uiLogSlice;
}

type AnyEffect = Effect;

function enqueue(slice: A2uiSessionSlice, core: SessionState, effects: readonly AnyEffect[], error: (A2uiError & { operation: string }) | null): A2uiSessionSlice {
  let nextEffectId = slice.nextEffectId;
  const added = effects.map((effect) => ({ id: nextEffectId++, effect: effect as Effect }));
  return {
    ...slice,
    core,
    outbox: added.length > 0 ? [...slice.outbox, ...added] : slice.outbox,
    nextEffectId,
    lastError: error,
  };
}

/**
 * Both slices are plain reducers, not `createSlice`: every case returns a new state built by the
 * pure session (which never mutates), and immer's finalize pass would walk and freeze each new
 * state again, which made a keystroke in a 10,000-row surface cost ten times the session's own
 * work. The states stay plain, serializable data; RTK's development checks still apply.
 */
function initialSessionSlice(): A2uiSessionSlice {
  return { core: initialSessionState(), outbox: [], nextEffectId: 1, lastError: null, transport: { status: 'idle' } };
}

export function createSessionReducer(runtime: SessionRuntime): Reducer<A2uiSessionSlice, UnknownAction> {
  const at = (slice: A2uiSessionSlice) => sessionFrom(runtime, slice.core);
  const failedWith = (operation: string, error: A2uiError) => ({ ...error, operation });
  // The time comes from the action, so replaying it gives the same message.
  const timedAt = (slice: A2uiSessionSlice, timestamp: string) => sessionFrom({ ...runtime, clock: () => new Date(timestamp) }, slice.core);
  return (state, action) => {
    const slice = state ?? initialSessionSlice();
    if (messageReceived.match(action)) {
      const { payload, userActivated, surfaceId } = action.payload;
      const options: { userActivated?: boolean; surfaceId?: string } = {};
      if (userActivated !== undefined) options.userActivated = userActivated;
      if (surfaceId !== undefined) options.surfaceId = surfaceId;
      const result = handleMessage(at(slice), payload, options);
      return enqueue(slice, result.session.state, result.effects, result.ok ? null : failedWith('messageReceived', result.error));
    }
    if (valueWritten.match(action)) {
      const { surfaceId, ref, property, value } = action.payload;
      const result = write(at(slice), surfaceId, ref, property, value);
      if (!result.ok) return { ...slice, lastError: failedWith('valueWritten', result.error) };
      return enqueue(slice, result.session.state, result.effects, null);
    }
    if (actionInvoked.match(action)) {
      const { surfaceId, ref, property, timestamp } = action.payload;
      const result = invoke(timedAt(slice, timestamp), surfaceId, ref, property);
      if (!result.ok) return { ...slice, lastError: failedWith('actionInvoked', result.error) };
      return enqueue(slice, result.session.state, result.effects, null);
    }
    if (agentCallTimedOut.match(action)) {
      const result = timeoutAgentCall(at(slice), action.payload.callId);
      return enqueue(slice, result.session.state, result.effects, slice.lastError);
    }
    if (disposed.match(action)) {
      const result = dispose(at(slice));
      return enqueue(slice, result.session.state, result.effects, slice.lastError);
    }
    if (effectsDelivered.match(action)) {
      const throughId = action.payload.throughId;
      const outbox = slice.outbox.filter((entry) => entry.id > throughId);
      return outbox.length === slice.outbox.length ? slice : { ...slice, outbox };
    }
    if (workerFailed.match(action)) {
      return { ...slice, lastError: { code: 'EXECUTION_FAILED', message: `${action.payload.worker}: ${action.payload.message}`, operation: 'saga' } };
    }
    if (transportStatusChanged.match(action)) {
      const transport: A2uiSessionSlice['transport'] = { status: action.payload.status };
      if (action.payload.detail !== undefined) transport.detail = action.payload.detail;
      return { ...slice, transport };
    }
    // --- MCP Apps: an embedded app's request, and the tool calls the saga ran (mcpApps.ts).
    // Replies go to the outbox as `mcpReply` effects; a deferred tools/call is answered when its
    // `mcpToolReplied` arrives.
    if (mcpAppRequested.match(action)) {
      const { requestId, surfaceId, ref, method, params, at: timestamp } = action.payload;
      const result = mcpAppRequest(timedAt(slice, timestamp), surfaceId, ref, method, params, { requestId });
      if (!result.ok) {
        // No McpApp to act for; the app still gets an answer instead of waiting forever.
        const reply: Effect = { type: 'mcpReply', requestId, reply: { error: { code: MCP_ERROR_CODES.internalError, message: result.error.message } } };
        return enqueue(slice, slice.core, [reply], failedWith('mcpAppRequested', result.error));
      }
      const reply: Effect[] = result.reply === null ? [] : [{ type: 'mcpReply', requestId, reply: result.reply }];
      return enqueue(slice, result.session.state, [...result.effects, ...reply], null);
    }
    if (mcpToolReplied.match(action)) {
      const result = mcpToolSettled(at(slice), action.payload);
      const reply: Effect[] = result.reply === null ? [] : [{ type: 'mcpReply', requestId: action.payload.requestId, reply: result.reply }];
      return enqueue(slice, result.session.state, [...result.effects, ...reply], slice.lastError);
    }
    // --- end MCP Apps
    return slice;
  };
}

/** The inbound payload as the log keeps it: JSON text or a JSON copy, never values JSON cannot carry. */
export function loggedPayload(payload: unknown): { payload: JsonValue; notJson?: { path: string; reason: string } } {
  if (typeof payload === 'string') return { payload };
  const copy = toJsonValue(payload, { maxDepth: LOG_MAX_DEPTH });
  return copy.ok ? { payload: copy.value } : { payload: null, notJson: { path: copy.path, reason: copy.reason } };
}

/** Deeper than any payload the session accepts (its maxValueDepth is far lower by default). */
const LOG_MAX_DEPTH = 256;

export function createLogReducer(limit: number): Reducer<A2uiLogSlice, UnknownAction> {
  const bounded = Math.max(0, Math.floor(limit));
  const append = (slice: A2uiLogSlice, entries: LogRecord[]): A2uiLogSlice => {
    if (entries.length === 0 || bounded === 0) return { ...slice, dropped: slice.dropped + (bounded === 0 ? entries.length : 0) };
    let seq = slice.nextSeq;
    const all: LogEntry[] = [...slice.entries, ...entries.map((e) => ({ ...e, seq: seq++ }))];
    const overflow = Math.max(0, all.length - bounded);
    return { ...slice, entries: overflow > 0 ? all.slice(overflow) : all, dropped: slice.dropped + overflow, nextSeq: seq };
  };
  return (state, action) => {
    const slice = state ?? { entries: [], limit: bounded, dropped: 0, nextSeq: 1 };
    if (messageReceived.match(action)) {
      return append(slice, [{ direction: 'in', at: action.payload.receivedAt, ...loggedPayload(action.payload.payload) }]);
    }
    if (effectsDelivered.match(action)) {
      const delivered = action.payload.delivered ?? [];
      return append(
        slice,
        delivered.map((d): LogRecord => (d.metadata ? { direction: 'out', message: d.message, metadata: d.metadata } : { direction: 'out', message: d.message })),
      );
    }
    return slice;
  };
}

/** The combined reducer: `{ session, log }`. */
export function createA2uiReducer(runtime: SessionRuntime, logLimit: number): Reducer<A2uiState, UnknownAction> {
  return combineReducers({
    session: createSessionReducer(runtime),
    log: createLogReducer(logLimit),
  }) as unknown as Reducer<A2uiState, UnknownAction>;
}
