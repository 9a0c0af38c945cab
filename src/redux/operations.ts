/**
 * What every case reducer shares: checking an action's shape (the reducer is total: a malformed
 * action changes nothing but `lastError`), running a pure session operation at the action's
 * time, and queueing its effects with ids taken from the action.
 */
import { a2uiError, type A2uiError } from '../protocol/errors';
import { jsonLengthWithin, toJsonValue, type JsonValue } from '../protocol/json';
import type { Effect } from '../model/effects';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import { changedCallIds, type SessionState } from '../model/state';
import { rendererDataModelOf, sessionFrom, type Session, type SessionRuntime } from '../session/session';
import { isRecord } from '../util/records';
import type { A2uiActionMeta } from './actions';
import { appendToLog, type A2uiLastError, type A2uiState, type LogRecord, type McpToolCallWaiting, type SizedRecord } from './state';
import { A2UI_VERSION } from '../protocol/common';
import { tableGet, tableHas, tableKeys, tableWith, type Table } from '../data/table';

/** What the case reducers of one instance close over. */
export interface SliceContext {
  runtime: SessionRuntime;
}

/** A malformed action: the reason, in words a developer dispatching it by hand can act on. */
export class Malformed {
  constructor(readonly reason: string) {}
}

/** The action's meta as made by `prepare`, or a {@link Malformed} saying what is wrong. */
export function metaOf(action: { meta?: unknown }): A2uiActionMeta | Malformed {
  const meta = action.meta;
  if (!isRecord(meta) || typeof meta.id !== 'string' || meta.id === '' || typeof meta.at !== 'string' || Number.isNaN(Date.parse(meta.at))) {
    return new Malformed('meta.id and meta.at are missing or not strings; dispatch the action made by its action creator');
  }
  return { id: meta.id, at: meta.at };
}

/** The payload as a record, or a {@link Malformed}. */
export function recordPayload(payload: unknown): Record<string, unknown> | Malformed {
  return isRecord(payload) ? payload : new Malformed(`the payload must be an object, got ${payload === null ? 'null' : Array.isArray(payload) ? 'an array' : typeof payload}`);
}

/** Checks that each named field of `record` has the wanted type (`?` suffix: may be absent). */
export function fieldsMalformed(record: Record<string, unknown>, fields: Record<string, 'string' | 'string?' | 'boolean?' | 'id' | 'record' | 'record?'>): Malformed | null {
  // A loop over the keys, not Object.entries: this runs on every action (no array per call).
  for (const name in fields) {
    const kind = fields[name] as (typeof fields)[string];
    const value = record[name];
    const optional = kind.endsWith('?');
    if (optional && value === undefined) continue;
    const ok =
      kind.startsWith('string') ? typeof value === 'string'
      : kind.startsWith('boolean') ? typeof value === 'boolean'
      : kind === 'id' ? typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
      : isRecord(value);
    if (!ok) {
      const want = kind.startsWith('string') ? 'a string' : kind.startsWith('boolean') ? 'a boolean' : kind === 'id' ? 'a string or a number' : 'an object';
      return new Malformed(`payload.${name} must be ${want}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
    }
  }
  return null;
}

/** The state with `lastError` naming the operation; nothing else changes. */
export function withLastError(state: A2uiState, operation: string, error: A2uiError): A2uiState {
  const lastError: A2uiLastError = { ...error, operation };
  return { ...state, session: { ...state.session, lastError } };
}

/** A malformed action leaves the session, outbox and log as they are and says why in `lastError`. */
export function rejectMalformed(state: A2uiState, operation: string, malformed: Malformed): A2uiState {
  return withLastError(state, operation, a2uiError('INVALID_ARGUMENT', `${operation}: ${malformed.reason}.`));
}

/**
 * The session an operation runs on: a fresh session takes the action's id as the nonce of its
 * call ids; `at` (the action's time) becomes the clock, so a replay makes the same messages.
 */
export function sessionAt(ctx: SliceContext, state: A2uiState, meta: A2uiActionMeta, at?: string): Session {
  const before = state.session.core;
  const core = before.nonce === undefined ? { ...before, nonce: meta.id } : before;
  const runtime = at === undefined ? ctx.runtime : { ...ctx.runtime, clock: () => new Date(at) };
  return sessionFrom(runtime, core);
}

/** The surface a renderer→agent message concerns, if any. */
export function surfaceOf(message: RendererToAgentMessage): string | undefined {
  for (const body of Object.values(message)) {
    if (isRecord(body) && typeof body.surfaceId === 'string') return body.surfaceId;
  }
  return undefined;
}

/** A send to a `sendDataModel` surface carries that surface's data model as of when it was made. */
function withDataModel(core: SessionState, effect: Effect): Effect {
  if (effect.type !== 'send' || effect.metadata?.a2uiRendererDataModel) return effect;
  const surfaceId = surfaceOf(effect.message);
  const model = surfaceId === undefined ? null : rendererDataModelOf(core, surfaceId);
  return model ? { ...effect, metadata: { ...effect.metadata, a2uiRendererDataModel: model } } : effect;
}

/**
 * Notices the saga has nothing to carry out for: not queued, so an update that only changes data
 * needs no acknowledgement (no second dispatch per keystroke). The pure session still returns them.
 */
const NOT_QUEUED: ReadonlySet<Effect['type']> = new Set(['surfaceCreated', 'surfaceDeleted', 'componentsUpdated', 'dataModelUpdated']);

/**
 * The state after an operation: its session `core`, its effects (but the notices) appended to the
 * outbox with ids `${meta.id}:${index}` (the index among all the operation's effects), deadlines for the agent calls it recorded (from the action's time, so a
 * restarted saga re-arms them with the time left), and `lastError`.
 */
export function enqueue(state: A2uiState, meta: A2uiActionMeta, core: SessionState, effects: readonly Effect[], lastError: A2uiLastError | null): A2uiState {
  const session = state.session;
  let outbox = session.outbox;
  let deadlines = session.deadlines;
  let debounces = session.debounces;
  let mcpToolCalls = session.mcpToolCalls;
  const armed: Array<[string, number]> = [];
  if (effects.some((effect) => !NOT_QUEUED.has(effect.type))) {
    const atMs = Date.parse(meta.at);
    outbox = outbox.slice();
    for (let index = 0; index < effects.length; index += 1) {
      const effect = effects[index] as Effect;
      if (NOT_QUEUED.has(effect.type)) continue;
      outbox.push({ id: `${meta.id}:${index}`, effect: withDataModel(core, effect) });
      if (effect.type === 'agentCallSent' && effect.timeoutMs !== null) {
        armed.push([effect.callId, atMs + effect.timeoutMs]);
      }
      if (effect.type === 'mcpToolCall') {
        if (mcpToolCalls === session.mcpToolCalls) mcpToolCalls = { ...mcpToolCalls };
        (mcpToolCalls as Record<string, McpToolCallWaiting>)[mcpToolCallKey(effect.surfaceId, effect.ref, effect.requestId)] = { name: effect.name, origin: effect.origin, id: `${meta.id}:${index}` };
      }
      if (effect.type === 'agentCallDebounced') {
        if (debounces === session.debounces) debounces = { ...debounces };
        (debounces as Record<string, number>)[effect.callId] = atMs + effect.delayMs;
      }
    }
  }
  if (armed.length > 0) deadlines = tableWith(deadlines, armed);
  if (core.agentCalls !== session.core.agentCalls) {
    deadlines = pendingOnly(deadlines, core, changedCallIds(session.core.agentCalls, core.agentCalls));
    if (debounces !== undefined) debounces = stillDebounced(debounces, core);
  }
  const next = { ...session, core, outbox, deadlines, lastError };
  if (debounces !== undefined) next.debounces = debounces;
  if (mcpToolCalls !== undefined) next.mcpToolCalls = mcpToolCalls;
  return { ...state, session: next };
}

/** The key of an MCP tool call in `mcpToolCalls`: its surface, node and request id (1 and '1' apart). */
export function mcpToolCallKey(surfaceId: string, ref: string, requestId: string | number): string {
  return JSON.stringify([surfaceId, ref, requestId]);
}

/** What {@link mcpToolCallKey} made the key of; null for a key it cannot have made (a forged state). */
export function parseMcpToolCallKey(key: string): { surfaceId: string; ref: string; requestId: string | number } | null {
  let parts: unknown;
  try {
    parts = JSON.parse(key);
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 3) return null;
  const [surfaceId, ref, requestId] = parts as unknown[];
  if (typeof surfaceId !== 'string' || typeof ref !== 'string' || (typeof requestId !== 'string' && typeof requestId !== 'number')) return null;
  return { surfaceId, ref, requestId };
}

/** Due times of calls still waiting to be sent; the same object when none left. (Few: one per node at most.) */
function stillDebounced(debounces: Record<string, number>, core: SessionState): Record<string, number> {
  let out: Record<string, number> | null = null;
  for (const callId of Object.keys(debounces)) {
    const row = tableGet(core.agentCalls, callId);
    if (row?.status === 'pending' && row.debounced === true) continue;
    out ??= { ...debounces };
    delete out[callId];
  }
  return out ?? debounces;
}
/**
 * Deadlines of calls still pending; the same object when nothing settled. With the call table's
 * change notes only the rows that changed are looked at, not every deadline.
 */
function pendingOnly(deadlines: Table<number>, core: SessionState, changed: ReadonlySet<string> | undefined): Table<number> {
  const gone: string[] = [];
  for (const callId of changed ?? tableKeys(deadlines)) {
    if (!tableHas(deadlines, callId)) continue;
    const row = tableGet(core.agentCalls, callId);
    if (row?.status === 'pending') continue;
    gone.push(callId);
  }
  return gone.length === 0 ? deadlines : tableWith(deadlines, [], gone);
}

/** Deeper than any payload the session accepts (its maxValueDepth is far lower by default). */
const LOG_MAX_DEPTH = 256;

/** The inbound payload as the log keeps it: JSON text or a JSON copy, never values JSON cannot carry. */
export function loggedPayload(payload: unknown): { payload: JsonValue; notJson?: { path: string; reason: string } } {
  if (typeof payload === 'string') return { payload };
  const copy = toJsonValue(payload, { maxDepth: LOG_MAX_DEPTH });
  return copy.ok ? { payload: copy.value } : { payload: null, notJson: { path: copy.path, reason: copy.reason } };
}

/**
 * Logs an inbound payload: whole while it is within the session's payload limit and the log's
 * byte budget, otherwise a stub with its size and the reason.
 */
export function logInbound(state: A2uiState, at: string, payload: unknown, maxPayloadBytes: number): A2uiState {
  const log = state.log;
  const measureTo = Math.max(maxPayloadBytes, log.maxBytes);
  const bytes = typeof payload === 'string' ? payload.length : jsonLengthWithin(payload, measureTo);
  let sized: SizedRecord;
  if (bytes > maxPayloadBytes) {
    sized = { record: { direction: 'in', at, payload: null, stub: { bytes, reason: `refused: over the payload limit of ${maxPayloadBytes} bytes` } }, bytes: STUB_BYTES };
  } else if (bytes > log.maxBytes) {
    sized = { record: { direction: 'in', at, payload: null, stub: { bytes, reason: `over the log's budget of ${log.maxBytes} bytes` } }, bytes: STUB_BYTES };
  } else {
    sized = { record: { direction: 'in', at, ...loggedPayload(payload) }, bytes };
  }
  return { ...state, log: appendToLog(log, [sized]) };
}

/** What a stub counts against the log's budget. */
const STUB_BYTES = 128;

/** The log records of sends delivered from the outbox (a stub for one over the log's budget). */
export function outboundRecords(state: A2uiState, delivered: readonly { id: string; effect: Effect }[]): SizedRecord[] {
  const out: SizedRecord[] = [];
  for (const { id, effect } of delivered) {
    if (effect.type !== 'send') continue;
    const record: LogRecord = effect.metadata ? { direction: 'out', id, message: effect.message, metadata: effect.metadata } : { direction: 'out', id, message: effect.message };
    const bytes = jsonLengthWithin(record, state.log.maxBytes);
    out.push(bytes > state.log.maxBytes ? { record: { direction: 'out', id, message: { version: A2UI_VERSION }, stub: { bytes, reason: `over the log's budget of ${state.log.maxBytes} bytes` } }, bytes: STUB_BYTES } : { record, bytes });
  }
  return out;
}
