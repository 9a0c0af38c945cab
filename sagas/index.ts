/**
 * The a2ui sagas: they carry out the outbox and feed the store, reaching the outside world only
 * through injected ports (transport, openUrl, MCP client, clock), so tests swap them freely.
 *
 * Each outbox entry is carried out once: the runs of one instance's saga remember (a bounded set
 * of) the ids they carried out, and ids come from the action that made the effect, so a state that
 * time travel, `replaceReducer` or a reducer restore brings back never re-sends, re-opens or
 * re-arms anything, even in a run started after the one that carried it out (hot reload).
 * Sends go out one at a time in the order they were made, each with its delivery id and an
 * AbortSignal, retried with capped exponential backoff; a stuck send holds back only later sends,
 * never timers, openUrl or MCP replies, which a second worker carries out at once. Agent-call
 * timers (timeouts and debounces) run to the deadline recorded in state, so a restarted saga
 * re-arms them with the time left.
 */
import { buffers, eventChannel, multicastChannel, type EventChannel, type MulticastChannel, type SagaIterator } from 'redux-saga';
import { call, cancelled, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { a2uiActions, madeInThisRealm, type A2uiActions } from '../src/redux/actions';
import { surfaceOf } from '../src/redux/operations';
import type { A2uiState, OutboxEntry } from '../src/redux/state';
import type { Effect, McpReply } from '../src/model/effects';
import type { McpToolClient } from '../src/session/session';
import { interruptedToolCalls, runMcpToolCall } from './mcpToolCall';
import type { A2uiTransport, TransportMetadata } from '../src/transports/types';
import { errorText } from '../src/util/errors';
import { tableGet, tableKeys, type Table } from '../src/data/table';

export type { A2uiTransport } from '../src/transports/types';

/** The ports the root saga talks to, and how it retries sends. */
export interface A2uiSagaPorts {
  transport: A2uiTransport;
  /** Opens a URL the user asked for (the scheme was already checked). */
  openUrl?: (url: string) => void | Promise<void>;
  /** Called with each diagnostic effect (logging, telemetry), and for each failed send attempt. */
  onDiagnostic?: (diagnostic: Extract<Effect, { type: 'diagnostic' }>) => void;
  /** A send that has not settled after this long is aborted and retried. Default 15,000 ms. */
  sendTimeoutMs?: number;
  /** Attempts per message before it becomes a `failed` record. Default 5. */
  maxSendAttempts?: number;
  /** Wait before the first retry, doubled per attempt up to `maxRetryDelayMs`. Defaults 500 and 30,000 ms. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** The clock agent-call deadlines are read against (ms since the epoch). Default `Date.now`. */
  now?: () => number;
  // --- MCP Apps
  /** Runs the tools of `mcpToolCall` effects; the MCP SDK's `Client` fits. */
  mcpClient?: McpToolClient;
  /** Answers the embedded app whose request had `requestId` (`mcpReply` effects). */
  mcpAppReply?: (requestId: string | number, reply: McpReply, app: { surfaceId?: string; ref?: string }) => void | Promise<void>;
  /** Sends a notification to the embedded app of McpApp node `ref` (`mcpNotify` effects). */
  mcpAppNotify?: (surfaceId: string, ref: string, method: string, params: unknown) => void | Promise<void>;
}

/** The root saga: run it with `sagaMiddleware.run(saga, ports)`. */
export type A2uiRootSaga = (ports: A2uiSagaPorts) => SagaIterator;

/** Most ids the saga remembers as carried out (oldest forgotten first). */
const CARRIED_CAPACITY = 10_000;

/** A set that forgets its oldest members past `capacity`. */
interface BoundedSet {
  has(id: string): boolean;
  add(id: string): void;
  delete(id: string): void;
}

function boundedSet(capacity: number): BoundedSet {
  const members = new Set<string>();
  return {
    has: (id) => members.has(id),
    add(id) {
      if (members.has(id)) return;
      members.add(id);
      if (members.size > capacity) members.delete(members.values().next().value as string);
    },
    delete: (id) => void members.delete(id),
  };
}

/**
 * What every run of one instance's saga shares, so a run started while another still runs (a host
 * mistake) or after it stopped (hot reload, then a DevTools jump to a state from before) never
 * carries out an entry again, never answers a tool call another run is running, and never sends
 * a message another run is sending. Entry ids are unique in the realm, so sharing them is safe.
 */
interface Shared {
  /** Entries carried out (sends: delivered) by any run. */
  carried: BoundedSet;
  /**
   * MCP tool calls a live run is running, or a run answered as interrupted, by the id of the outbox
   * entry that asked (unique in the realm: two stores of one instance never clash on it).
   */
  toolCalls: BoundedSet;
  /** Sends a run is delivering (attempting or waiting to retry) right now. */
  sending: Set<string>;
  /** Says a run stopped delivering one (a run that stopped mid-send wakes the one waiting its turn). */
  sendFreed: MulticastChannel<true>;
  /** Agent calls (and `debounce:` + id, debounced ones) whose wait a run ever started. */
  armedEver: BoundedSet;
  /** Says a run stopped while waits ran: the runs still going take them over. */
  waitsFreed: MulticastChannel<true>;
}

/** The shared memory of the runs of each instance, by its action creators. */
const sharedByInstance = new WeakMap<A2uiActions, Shared>();

function sharedOf(actions: A2uiActions): Shared {
  let shared = sharedByInstance.get(actions);
  if (shared === undefined) {
    shared = { carried: boundedSet(CARRIED_CAPACITY), toolCalls: boundedSet(CARRIED_CAPACITY), sending: new Set(), sendFreed: multicastChannel(), armedEver: boundedSet(CARRIED_CAPACITY), waitsFreed: multicastChannel() };
    sharedByInstance.set(actions, shared);
  }
  return shared;
}

/** Everything one run of the root saga works with. */
interface Run {
  ports: A2uiSagaPorts;
  actions: A2uiActions;
  selectSlice: (state: unknown) => A2uiState;
  /** Whether an action is one of this instance's (the workers act on these; on others they only look whether the state was replaced). */
  ownAction: (action: Action) => boolean;
  /** Entries carried out (sends: delivered) by any run of this instance (shared). */
  carried: BoundedSet;
  /** Carried entries a restored state brought back, acknowledged once more (never twice). */
  reacknowledged: BoundedSet;
  /** Entries of another store lifetime reported as `unknown` by this run. */
  reportedUnknown: BoundedSet;
  /** Entries of another store lifetime seen marked `unknown`: sent only once the host retries them. */
  markedUnknown: BoundedSet;
  /** Agent calls whose timer runs. */
  armed: Set<string>;
  /** Debounced agent calls whose wait runs. */
  armedDebounces: Set<string>;
  /** MCP tool calls a live run started, or a run answered as interrupted, by entry id (shared). */
  toolCalls: BoundedSet;
  /** Sends a run of this instance is delivering, and word that one was let go (shared). */
  sending: Set<string>;
  sendFreed: MulticastChannel<true>;
  /** Agent-call and debounce waits any run of this instance ever started, and word that a stopped run let some go (shared). */
  armedEver: BoundedSet;
  waitsFreed: MulticastChannel<true>;
  sendTimeoutMs: number;
  maxSendAttempts: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  now: () => number;
}

const outboxOf = (run: Run) => (state: unknown): OutboxEntry[] => run.selectSlice(state).session.outbox;

/** Runs `worker`, turning a throw into a `workerFailed` action so the caller keeps going. */
function* guarded(run: Run, name: string, worker: () => SagaIterator): SagaIterator {
  try {
    yield call(worker);
  } catch (caught) {
    yield put(run.actions.workerFailed({ worker: name, message: errorText(caught) }));
  }
}

// ------------------------------------------------------------------ effects other than sends

type Runner<T extends Effect['type']> = (run: Run, effect: Extract<Effect, { type: T }>, entryId: string) => SagaIterator;

function* openUrlRunner(run: Run, effect: Extract<Effect, { type: 'openUrl' }>): SagaIterator {
  if (run.ports.openUrl) yield call(run.ports.openUrl, effect.url);
}

function* agentCallSentRunner(run: Run, effect: Extract<Effect, { type: 'agentCallSent' }>): SagaIterator {
  if (effect.timeoutMs !== null) yield call(armAgentCall, run, effect.callId);
}

function* agentCallDebouncedRunner(run: Run, effect: Extract<Effect, { type: 'agentCallDebounced' }>): SagaIterator {
  yield call(armDebounce, run, effect.callId);
}

function* rpcSettledRunner(run: Run, effect: Extract<Effect, { type: 'rpcSettled' }>): SagaIterator {
  yield put(run.actions.agentCallSettled({ callId: effect.callId, status: effect.outcome.status }));
}

function* diagnosticRunner(run: Run, effect: Extract<Effect, { type: 'diagnostic' }>): SagaIterator {
  if (run.ports.onDiagnostic) yield call(run.ports.onDiagnostic, effect);
}

// --- MCP Apps
function* mcpReplyRunner(run: Run, effect: Extract<Effect, { type: 'mcpReply' }>): SagaIterator {
  if (run.ports.mcpAppReply) yield call(run.ports.mcpAppReply, effect.requestId, effect.reply, { surfaceId: effect.surfaceId, ref: effect.ref });
}

function* mcpNotifyRunner(run: Run, effect: Extract<Effect, { type: 'mcpNotify' }>): SagaIterator {
  if (run.ports.mcpAppNotify) yield call(run.ports.mcpAppNotify, effect.surfaceId, effect.ref, effect.method, effect.params);
}

function* mcpToolCallRunner(run: Run, effect: Extract<Effect, { type: 'mcpToolCall' }>, entryId: string): SagaIterator {
  try {
    yield call(runMcpToolCall, run.ports.mcpClient, run.actions, effect, entryId);
  } finally {
    // Stopped before its outcome came: the next drain (of a run still going, or the next one) answers it as interrupted.
    if (yield cancelled()) run.toolCalls.delete(entryId);
  }
}
// --- end MCP Apps

/**
 * Effect type → worker, as redux-saga's own `effectRunnerMap`. Sends are the sender's; the
 * surface and component notices need nothing from the saga.
 */
const effectRunners: { [T in Exclude<Effect['type'], 'send'>]?: Runner<T> } = {
  openUrl: openUrlRunner,
  agentCallSent: agentCallSentRunner,
  agentCallDebounced: agentCallDebouncedRunner,
  rpcSettled: rpcSettledRunner,
  diagnostic: diagnosticRunner,
  mcpReply: mcpReplyRunner,
  mcpNotify: mcpNotifyRunner,
  mcpToolCall: mcpToolCallRunner,
};

/**
 * Carries out every new entry that is not a send, at once and each in its own task (a hanging
 * port blocks nothing), and acknowledges them. Entries of another store lifetime are not carried
 * out: sends become `unknown` records, the rest are acknowledged unrun (their timers are re-armed
 * from state, a URL is not reopened, a tool call waiting for its outcome is answered as interrupted).
 */
function* drainEffects(run: Run): SagaIterator {
  let deadlinesSeen: unknown = null;
  let debouncesSeen: unknown = null;
  for (;;) {
    const slice: A2uiState = yield select(run.selectSlice);
    const outbox = slice.session.outbox;
    const done: string[] = [];
    const unknown: string[] = [];
    for (const entry of outbox) {
      if (run.carried.has(entry.id)) {
        // Brought back by a restore: acknowledged once more, so the restored outbox empties.
        if (!run.reacknowledged.has(entry.id)) {
          run.reacknowledged.add(entry.id);
          done.push(entry.id);
        }
        continue;
      }
      const effect = entry.effect;
      if (!madeInThisRealm(entry.id)) {
        if (effect.type !== 'send') {
          run.carried.add(entry.id);
          done.push(entry.id);
        } else if (entry.delivery?.status === 'unknown') {
          // Marked: from now on it is the host's to retry (which clears the mark) or abandon.
          run.markedUnknown.add(entry.id);
        } else if (!run.reportedUnknown.has(entry.id) && !run.markedUnknown.has(entry.id)) {
          run.reportedUnknown.add(entry.id);
          unknown.push(entry.id);
        }
        continue;
      }
      if (effect.type === 'send') continue;
      run.carried.add(entry.id);
      done.push(entry.id);
      if (effect.type === 'mcpToolCall') run.toolCalls.add(entry.id);
      const runner = effectRunners[effect.type] as Runner<typeof effect.type> | undefined;
      if (runner) yield fork(guarded, run, `outbox:${effect.type}`, () => runner(run, effect as never, entry.id));
    }
    const interrupted = interruptedToolCalls(slice.session.mcpToolCalls, run.toolCalls);
    for (const settlement of interrupted.settle) yield put(run.actions.mcpToolReplied(settlement));
    if (interrupted.orphaned.length > 0) yield put(run.actions.mcpToolCallsOrphaned({ keys: interrupted.orphaned }));
    if (unknown.length > 0) yield put(run.actions.deliveryUnknown({ ids: unknown }));
    if (done.length > 0) yield put(run.actions.effectsDelivered({ ids: done }));
    if (unknown.length + done.length + interrupted.settle.length + interrupted.orphaned.length === 0) {
      // A state put in place whole (redux-persist's REHYDRATE while the saga runs, a DevTools
      // import) brings pending calls and debounces no agentCallSent armed: armed as a starting
      // saga arms them. Only those never armed: a state DevTools jumped to brings back calls
      // already timed out or answered.
      if (slice.session.deadlines !== deadlinesSeen) yield fork(rearmPendingCalls, run, true);
      if (slice.session.debounces !== debouncesSeen) yield fork(rearmDebounces, run, true);
      deadlinesSeen = slice.session.deadlines;
      debouncesSeen = slice.session.debounces;
      yield call(nextChange, run, slice);
    }
  }
}

/**
 * Waits for the next own action, or for an action of the host's that replaced this instance's
 * state (a rehydrate, a reset). Other actions are let pass, a look at the state each.
 */
function* nextChange(run: Run, seen: A2uiState): SagaIterator {
  for (;;) {
    const action: Action = yield take('*');
    if (run.ownAction(action)) return;
    const now: A2uiState = yield select(run.selectSlice);
    if (now !== seen) return;
  }
}

// ------------------------------------------------------------------ agent-call timers

/** The longest wait one timer holds (setTimeout's signed 32-bit limit, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Waits `ms`, in timers of at most MAX_TIMER_MS: a longer `delay` is cut to that limit (or throws
 * in redux-saga's development build), so a debounce or timeout that long would end early.
 */
function* delayFor(ms: number): SagaIterator {
  let left = ms;
  do {
    const step = Math.min(left, MAX_TIMER_MS);
    yield delay(step);
    left -= step;
  } while (left > 0);
  return true;
}

/** Starts the timer of `callId` unless it runs already. */
function* armAgentCall(run: Run, callId: string): SagaIterator {
  if (run.armed.has(callId)) return;
  run.armed.add(callId);
  run.armedEver.add(callId);
  yield fork(guarded, run, `agentCall:${callId}`, () => watchAgentCall(run, callId));
}

/** The deadline of a call, if the (possibly absent: a store from before) table records one. */
function readDeadline(deadlines: Table<number> | undefined, callId: string): number | undefined {
  return deadlines === undefined ? undefined : tableGet(deadlines, callId);
}

/** Races one agent call against its recorded deadline; the loser is cleaned up. */
function* watchAgentCall(run: Run, callId: string): SagaIterator {
  try {
    const deadline: number | undefined = yield select((state: unknown) => readDeadline(run.selectSlice(state).session.deadlines, callId));
    if (deadline === undefined) return;
    const { timedOut } = yield race({
      settled: take((action: Action) => run.actions.agentCallSettled.match(action) && action.payload.callId === callId),
      timedOut: call(delayFor, Math.max(0, deadline - run.now())),
    });
    if (timedOut) yield put(run.actions.agentCallTimedOut({ callId }));
  } finally {
    run.armed.delete(callId);
    if (yield cancelled()) letWaitGo(run, callId);
  }
}

/** A wait stopped with its run: another run still going (two at once) arms it again. */
function letWaitGo(run: Run, id: string): void {
  run.armedEver.delete(id);
  run.waitsFreed.put(true);
}

/** Arms the waits a stopped run let go, for as long as this run goes. */
function* adoptFreedWaits(run: Run): SagaIterator {
  for (;;) {
    yield take(run.waitsFreed, '*');
    yield fork(rearmPendingCalls, run, true);
    yield fork(rearmDebounces, run, true);
  }
}

/** Arms every pending call that has a deadline in state (a restarted saga picks them up); `onlyNew`: those no run armed before. */
function* rearmPendingCalls(run: Run, onlyNew = false): SagaIterator {
  const slice: A2uiState = yield select(run.selectSlice);
  for (const callId of slice.session.deadlines === undefined ? [] : tableKeys(slice.session.deadlines)) {
    if (onlyNew && run.armedEver.has(callId)) continue;
    const calls = slice.session.core?.agentCalls;
    if (calls !== undefined && tableGet(calls, callId)?.status === 'pending') yield call(armAgentCall, run, callId);
  }
}

// ------------------------------------------------------------------ debounced agent calls

/** Starts the wait of debounced call `callId` unless it runs already. */
function* armDebounce(run: Run, callId: string): SagaIterator {
  if (run.armedDebounces.has(callId)) return;
  run.armedDebounces.add(callId);
  run.armedEver.add(`debounce:${callId}`);
  yield fork(guarded, run, `agentCallDebounce:${callId}`, () => watchDebounce(run, callId));
}

/**
 * Waits until a debounced call is due (the time recorded in state) and asks for it to be sent;
 * a call settled meanwhile (superseded, its surface deleted) ends the wait with nothing sent.
 */
function* watchDebounce(run: Run, callId: string): SagaIterator {
  try {
    const due: number | undefined = yield select((state: unknown) => run.selectSlice(state).session.debounces?.[callId]);
    if (due === undefined) return;
    const { elapsed } = yield race({
      settled: take((action: Action) => run.actions.agentCallSettled.match(action) && action.payload.callId === callId),
      elapsed: call(delayFor, Math.max(0, due - run.now())),
    });
    if (elapsed) yield put(run.actions.agentCallDue({ callId }));
  } finally {
    run.armedDebounces.delete(callId);
    if (yield cancelled()) letWaitGo(run, `debounce:${callId}`);
  }
}

/** Arms every debounced call still waiting in state (a restarted saga picks them up); `onlyNew`: those no run armed before. */
function* rearmDebounces(run: Run, onlyNew = false): SagaIterator {
  const slice: A2uiState = yield select(run.selectSlice);
  for (const callId of Object.keys(slice.session.debounces ?? {})) {
    if (onlyNew && run.armedEver.has(`debounce:${callId}`)) continue;
    const calls = slice.session.core?.agentCalls;
    const row = calls === undefined ? undefined : tableGet(calls, callId);
    if (row?.status === 'pending' && row.debounced === true) yield call(armDebounce, run, callId);
  }
}

// ------------------------------------------------------------------ sends

/** The first send due: made here (or of another lifetime and retried by the host), waiting or retrying, not yet delivered. */
function nextSend(run: Run, outbox: readonly OutboxEntry[]): OutboxEntry | undefined {
  return outbox.find(
    (entry) =>
      entry.effect.type === 'send' &&
      !run.carried.has(entry.id) &&
      (entry.delivery === undefined || entry.delivery.status === 'retrying') &&
      (madeInThisRealm(entry.id) || (run.markedUnknown.has(entry.id) && entry.delivery === undefined)),
  );
}

/** Capped exponential backoff before retry number `attempts`. */
function backoff(run: Run, attempts: number): number {
  return Math.min(run.maxRetryDelayMs, run.retryDelayMs * 2 ** Math.min(attempts - 1, 30));
}

type Attempt = { ok: true } | { ok: false; error: string };

/** One send attempt with its delivery id and an AbortSignal, aborted after the send timeout. */
function* attemptSend(run: Run, entry: OutboxEntry): SagaIterator {
  const effect = entry.effect as Extract<Effect, { type: 'send' }>;
  const metadata: TransportMetadata = { ...effect.metadata, a2uiDeliveryId: entry.id };
  const controller = new AbortController();
  const transport = run.ports.transport;
  let settled = false;
  try {
    const { timedOut } = yield race({
      sent: call([transport, transport.send], effect.message, metadata, { signal: controller.signal }),
      timedOut: delay(run.sendTimeoutMs),
    });
    settled = true;
    if (!timedOut) return { ok: true } satisfies Attempt;
    controller.abort();
    return { ok: false, error: `not settled within ${run.sendTimeoutMs} ms (aborted)` } satisfies Attempt;
  } catch (caught) {
    settled = true;
    return { ok: false, error: errorText(caught) } satisfies Attempt;
  } finally {
    // Cancelled mid-send (the saga stopped, or the host abandoned it): the transport may stop too.
    if (!settled && (yield cancelled())) controller.abort();
  }
}

function deliveryDiagnostic(entry: OutboxEntry, severity: 'warning' | 'error', message: string): Extract<Effect, { type: 'diagnostic' }> {
  const effect = entry.effect as Extract<Effect, { type: 'send' }>;
  return { type: 'diagnostic', surfaceId: surfaceOf(effect.message) ?? '', severity, payload: { code: 'DELIVERY_FAILED', message } };
}

/** Sends one entry until it is delivered, used up its retry budget, or left the outbox. */
function* deliver(run: Run, entry: OutboxEntry): SagaIterator {
  let attempts = entry.delivery?.attempts ?? 0;
  for (;;) {
    attempts += 1;
    const attempt: Attempt = yield call(attemptSend, run, entry);
    if (attempt.ok) {
      run.carried.add(entry.id);
      yield put(run.actions.effectsDelivered({ ids: [entry.id] }));
      return;
    }
    const exhausted = attempts >= run.maxSendAttempts;
    const text = `Sending outbox entry ${entry.id} failed (attempt ${attempts} of ${run.maxSendAttempts}): ${attempt.error}`;
    if (run.ports.onDiagnostic) {
      try {
        run.ports.onDiagnostic(deliveryDiagnostic(entry, exhausted ? 'error' : 'warning', exhausted ? `${text}; kept as a failed delivery` : text));
      } catch {
        // a broken logging port does not stop delivery
      }
    }
    if (exhausted) {
      yield put(run.actions.deliveryFailed({ id: entry.id, attempts, error: attempt.error }));
      return;
    }
    yield put(run.actions.deliveryAttemptFailed({ id: entry.id, attempts, error: attempt.error }));
    yield delay(backoff(run, attempts));
    // Still ours to send? A reset, an abandon or a restore may have taken it away.
    const outbox: OutboxEntry[] = yield select(outboxOf(run));
    const now = outbox.find((e) => e.id === entry.id);
    if (now === undefined || (now.delivery !== undefined && now.delivery.status !== 'retrying')) return;
  }
}

/** Sends the outbox's messages one at a time, in the order they were made. */
function* sendInOrder(run: Run): SagaIterator {
  for (;;) {
    const slice: A2uiState = yield select(run.selectSlice);
    const entry = nextSend(run, slice.session.outbox);
    if (entry === undefined) {
      yield call(nextChange, run, slice);
      continue;
    }
    if (run.sending.has(entry.id)) {
      // Another run delivers it (two runs at once): its report, or its stopping, wakes this one.
      yield race({ changed: call(nextChange, run, slice), freed: take(run.sendFreed, '*') });
      continue;
    }
    run.sending.add(entry.id);
    try {
      yield call(deliver, run, entry);
    } finally {
      run.sending.delete(entry.id);
      run.sendFreed.put(true);
    }
  }
}

// ------------------------------------------------------------------ inbound

function transportChannel(transport: A2uiTransport): EventChannel<{ payload: unknown }> {
  // Buffered: an agent may answer synchronously from inside transport.send, while the receiver
  // is still busy putting the previous payload; nothing it sends may be dropped.
  return eventChannel((emit) => {
    const unsubscribe = transport.subscribe?.((payload) => emit({ payload }));
    return () => unsubscribe?.();
  }, buffers.expanding<{ payload: unknown }>(16));
}

/** Dispatches `messageReceived` for every payload the transport brings. */
function* receive(run: Run): SagaIterator {
  const transport = run.ports.transport;
  if (!transport.subscribe) return;
  const channel: EventChannel<{ payload: unknown }> = yield call(transportChannel, transport);
  try {
    for (;;) {
      const { payload } = yield take(channel);
      yield put(run.actions.messageReceived(payload));
    }
  } finally {
    channel.close();
  }
}

/** Restarts `worker` after a failure, backing off so an effect that fails every time cannot spin. */
function* supervised(run: Run, name: string, worker: (run: Run) => SagaIterator): SagaIterator {
  for (let failures = 0; ; failures += 1) {
    yield call(guarded, run, name, () => worker(run));
    yield delay(Math.min(5_000, 10 * 2 ** Math.min(failures, 9)));
  }
}

// ------------------------------------------------------------------ the root saga

/** Whether `slice` looks like an instance's state. */
function isA2uiState(slice: unknown): boolean {
  const session = (slice as A2uiState | undefined)?.session;
  return typeof session === 'object' && session !== null && Array.isArray(session.outbox);
}

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Options of {@link createA2uiSaga}. */
export interface A2uiSagaOptions {
  /** The instance's action creators (createA2ui passes its own; default: those of reducerPath 'a2ui'). */
  actions?: A2uiActions;
  /** Ports used when the caller of `run` leaves them out (createA2ui passes the session's MCP client). */
  defaultPorts?: Partial<A2uiSagaPorts>;
  /** Where the saga looks, for the error when it finds nothing there. */
  where?: string;
}

/**
 * Builds the root saga for an a2ui state found by `selectSlice`.
 * @example sagaMiddleware.run(createA2uiSaga((s) => s.a2ui, { actions: a2ui.actions }), { transport, openUrl })
 */
export function createA2uiSaga<RootState>(selectSlice: (state: RootState) => A2uiState, options: A2uiSagaOptions = {}): A2uiRootSaga {
  const { actions = a2uiActions, defaultPorts = {}, where = 'the given selectSlice' } = options;
  const prefix = actions.messageReceived.type.slice(0, -'messageReceived'.length);
  const shared = sharedOf(actions);
  return function* a2uiRootSaga(given: A2uiSagaPorts): SagaIterator {
    const ports: A2uiSagaPorts = { ...defaultPorts, ...given };
    // A saga pointed at the wrong place fails at once and loudly, instead of idling or spinning.
    let found: unknown;
    try {
      found = yield select(selectSlice as (state: unknown) => A2uiState);
    } catch (caught) {
      found = caught;
    }
    if (!isA2uiState(found)) {
      throw new Error(
        `a2ui saga: no a2ui state at ${where}. Mount the instance's reducer at its reducerPath, or run a2ui.getSaga(selectSlice) for another mount point.`,
      );
    }
    const run: Run = {
      ports,
      actions,
      selectSlice: selectSlice as (state: unknown) => A2uiState,
      ownAction: (action) => typeof action.type === 'string' && action.type.startsWith(prefix),
      carried: shared.carried,
      reacknowledged: boundedSet(CARRIED_CAPACITY),
      reportedUnknown: boundedSet(CARRIED_CAPACITY),
      markedUnknown: boundedSet(CARRIED_CAPACITY),
      armed: new Set(),
      armedDebounces: new Set(),
      toolCalls: shared.toolCalls,
      sending: shared.sending,
      sendFreed: shared.sendFreed,
      armedEver: shared.armedEver,
      waitsFreed: shared.waitsFreed,
      sendTimeoutMs: positive(ports.sendTimeoutMs, 15_000),
      maxSendAttempts: Math.floor(positive(ports.maxSendAttempts, 5)),
      retryDelayMs: positive(ports.retryDelayMs, 500),
      maxRetryDelayMs: positive(ports.maxRetryDelayMs, 30_000),
      now: typeof ports.now === 'function' ? ports.now : Date.now,
    };
    // First, so that it is the first cancelled when the run stops: the run adopts none of the waits it lets go.
    yield fork(guarded, run, 'waits', () => adoptFreedWaits(run));
    yield fork(guarded, run, 'transport', () => receive(run));
    // Forked: a task ends only once the timers it forked end, so a call would hold the root
    // saga (and so every send and effect) until the last re-armed call timed out.
    yield fork(rearmPendingCalls, run);
    yield fork(rearmDebounces, run);
    yield fork(supervised, run, 'outbox', drainEffects);
    yield fork(supervised, run, 'sender', sendInOrder);
  };
}
