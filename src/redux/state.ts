/**
 * The shape of one instance's state, `{ session, log }`, and the log's bounded append. Plain,
 * serializable data only; every object in it is frozen (see freeze.ts).
 */
import type { A2uiError } from '../protocol/errors';
import type { JsonValue } from '../protocol/json';
import type { Effect } from '../model/effects';
import type { RendererDataModel } from '../protocol/dataModel';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import { initialSessionState, type SessionState } from '../model/state';
import { emptyTable, type Table } from '../data/table';
import type { TransportStatus } from './actions';

/** An MCP tool call waiting for its outcome: the tool, who asked (an app or an action), and its outbox entry's id. */
export interface McpToolCallWaiting {
  name: string;
  origin: 'app' | 'action';
  /** The id of the outbox entry that asked for it: it names the store lifetime the call was made in. */
  id: string;
}

/**
 * How a send stands when it is not simply waiting its turn: `retrying` after a failed attempt,
 * `failed` once the retry budget is spent, `unknown` when it came from another store lifetime
 * (it may or may not have reached the agent). Failed and unknown records wait for the host's
 * `deliveryRetried` or `deliveryAbandoned` and no longer hold back later sends.
 */
export interface DeliveryStatus {
  status: 'retrying' | 'failed' | 'unknown';
  attempts: number;
  lastError?: string;
}

/** One effect waiting in the outbox. `id` is `${action id}:${index}`: it names the same effect in every replay. */
export interface OutboxEntry {
  id: string;
  effect: Effect;
  delivery?: DeliveryStatus;
}

/** The last operation that failed (plain data), for display. */
export type A2uiLastError = A2uiError & { operation: string };

/** The `session` part: the pure session state, the outbox, agent-call deadlines, the last failure. */
export interface A2uiSessionSlice {
  core: SessionState;
  outbox: OutboxEntry[];
  /**
   * callId → deadline (ms since the epoch) of each pending agent call with a timeout, in a
   * persistent table (src/data/table.ts), so a call settling copies one bucket, not every deadline.
   */
  deadlines: Table<number>;
  /**
   * callId → when (ms since the epoch) each debounced binding call is due to be sent
   * (`agentCallDebounceMs`); absent until the first one.
   */
  debounces?: Record<string, number>;
  /**
   * The MCP tool calls the outbox asked the host to run whose outcome has not come back, by
   * `mcpToolCallKey` (surface, node, request id): an `mcpToolReplied` for no such call (forged, or
   * a second outcome of one call) is refused, so each call is applied and answered once. Each names
   * the tool and who asked, so a call whose outcome can never come (its saga stopped, or it was made
   * in another store lifetime) is answered with an error instead. Absent until the first one.
   */
  mcpToolCalls?: Record<string, McpToolCallWaiting>;
  /** The last operation that failed; null after a success. */
  lastError: A2uiLastError | null;
  transport: { status: 'idle' | TransportStatus; detail?: string };
}

/** What the log keeps instead of a payload it will not hold: its size and why. */
export interface LogStub {
  /** Its size as JSON text in UTF-16 code units (a lower bound when `reason` says "over"). */
  bytes: number;
  reason: string;
}

/**
 * A log record before it is numbered. An inbound payload is kept as JSON (text as received, a
 * parsed payload as a JSON copy); one JSON cannot carry is logged as null with `notJson`. One
 * refused for size, or bigger than the log's own budget, is never kept whole: `payload` is null
 * (an outbound `message` only its version) and `stub` gives its size and the reason.
 */
export type LogRecord =
  | { direction: 'in'; at: string; payload: JsonValue; notJson?: { path: string; reason: string }; stub?: LogStub }
  | { direction: 'out'; id: string; message: RendererToAgentMessage | { version: RendererToAgentMessage['version'] }; metadata?: { a2uiRendererDataModel?: RendererDataModel }; stub?: LogStub };

/** One numbered record of the conversation log, with its size. */
export type LogEntry = LogRecord & { seq: number; bytes: number };

/** The `log` part: the newest entries within `limit` entries and `maxBytes`, oldest first. */
export interface A2uiLogSlice {
  entries: LogEntry[];
  limit: number;
  maxBytes: number;
  /** Sum of the entries' `bytes`. */
  bytes: number;
  /** How many entries were dropped to stay within the bounds. */
  dropped: number;
  nextSeq: number;
}

/** One instance's whole state, as mounted at its `reducerPath`. */
export interface A2uiState {
  session: A2uiSessionSlice;
  log: A2uiLogSlice;
}

/** Default bounds of the log. */
export const DEFAULT_LOG_LIMIT = 500;
export const DEFAULT_LOG_MAX_BYTES = 2 * 1024 * 1024;

export function initialA2uiState(logLimit: number, logMaxBytes: number): A2uiState {
  return {
    session: { core: initialSessionState(), outbox: [], deadlines: emptyTable(), lastError: null, transport: { status: 'idle' } },
    log: { entries: [], limit: logLimit, maxBytes: logMaxBytes, bytes: 0, dropped: 0, nextSeq: 1 },
  };
}

/** A record with its size, as the log appends it. */
export type SizedRecord = { record: LogRecord; bytes: number };

/** Appends records, then drops the oldest until both bounds hold. */
export function appendToLog(log: A2uiLogSlice, records: readonly SizedRecord[]): A2uiLogSlice {
  if (records.length === 0) return log;
  if (log.limit === 0) return { ...log, dropped: log.dropped + records.length };
  let seq = log.nextSeq;
  let bytes = log.bytes;
  const all: LogEntry[] = log.entries.slice();
  for (const { record, bytes: size } of records) {
    all.push({ ...record, seq, bytes: size } as LogEntry);
    seq += 1;
    bytes += size;
  }
  let drop = 0;
  while (all.length - drop > 0 && (all.length - drop > log.limit || bytes > log.maxBytes)) {
    bytes -= (all[drop] as LogEntry).bytes;
    drop += 1;
  }
  return { ...log, entries: drop > 0 ? all.slice(drop) : all, bytes, dropped: log.dropped + drop, nextSeq: seq };
}
