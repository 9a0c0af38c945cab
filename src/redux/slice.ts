/**
 * One RTK slice per instance, named and mounted at its `reducerPath`, whose state is
 * `{ session, log }`. Each case reducer is total: an action of the slice's types whose payload
 * (or meta) is malformed leaves the session, outbox and log as they are and sets `lastError`; no
 * dispatch throws. Case reducers read the previous state with `original` and return a new state
 * built by the pure session and frozen where new (freeze.ts), so immer's finalize stops at once and
 * a keystroke costs what it changed.
 */
import { createSlice, isDraft, original, type PayloadAction } from '@reduxjs/toolkit';
import { a2uiError } from '../protocol/errors';
import type { Effect } from '../model/effects';
import { invoke, write } from '../session/interaction';
import { dispose, handleMessage, sendDebouncedAgentCall, timeoutAgentCall } from '../session/session';
import type { McpToolSettlement } from '../mcp/types';
import { errorText } from '../util/errors';
import { a2uiPrepare, type A2uiActionMeta, type A2uiReportPayloads } from './actions';
import { freezeNew } from './freeze';
import { checkMcpAppRequest, checkMcpToolReplied, mcpAppRequestedCase, mcpToolCallsOrphanedCase, mcpToolRepliedCase, type McpAppRequestInput } from './mcpCases';
import {
  enqueue,
  fieldsMalformed,
  logInbound,
  Malformed,
  metaOf,
  outboundRecords,
  recordPayload,
  rejectMalformed,
  sessionAt,
  withLastError,
  type SliceContext,
} from './operations';
import { appendToLog, initialA2uiState, type A2uiState, type DeliveryStatus, type OutboxEntry } from './state';

export type { A2uiState, A2uiSessionSlice, A2uiLogSlice, LogEntry, LogRecord, LogStub, OutboxEntry, DeliveryStatus, A2uiLastError } from './state';
export { loggedPayload } from './operations';

/** Options of {@link createA2uiSlice}. */
export interface A2uiSliceOptions {
  reducerPath: string;
  runtime: SliceContext['runtime'];
  logLimit: number;
  logMaxBytes: number;
}

type AnyPayloadAction = PayloadAction<unknown, string, unknown>;
type Operation = (state: A2uiState, payload: Record<string, unknown>, meta: A2uiActionMeta) => A2uiState;

/** Wraps a checked operation into a total case reducer that returns a frozen state. */
function caseReducer(name: string, needsMeta: boolean, check: (payload: Record<string, unknown>) => Malformed | null, run: Operation) {
  return (draft: unknown, action: AnyPayloadAction): A2uiState => {
    const state = (isDraft(draft) ? original(draft) : draft) as A2uiState;
    let next: A2uiState;
    try {
      const meta = needsMeta ? metaOf(action as { meta?: unknown }) : { id: '', at: '' };
      const payload = meta instanceof Malformed ? meta : recordPayload(name === 'disposed' ? {} : action.payload);
      const malformed = payload instanceof Malformed ? payload : check(payload);
      next = malformed ? rejectMalformed(state, name, malformed) : run(state, payload as Record<string, unknown>, meta as A2uiActionMeta);
    } catch (caught) {
      next = withLastError(state, name, a2uiError('EXECUTION_FAILED', `${name}: ${errorText(caught)}`));
    }
    return freezeNew(next, state);
  };
}

const noCheck = () => null;

/** Replaces the delivery status of outbox entry `id` (no change when it is gone). */
function withDelivery(state: A2uiState, id: string, delivery: (entry: OutboxEntry) => DeliveryStatus | undefined): A2uiState {
  const index = state.session.outbox.findIndex((entry) => entry.id === id);
  if (index < 0) return state;
  const outbox = state.session.outbox.slice();
  const entry = outbox[index] as OutboxEntry;
  const status = delivery(entry);
  outbox[index] = status === undefined ? { id: entry.id, effect: entry.effect } : { id: entry.id, effect: entry.effect, delivery: status };
  return { ...state, session: { ...state.session, outbox } };
}

function stringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

const idList = (payload: Record<string, unknown>) => (stringList(payload.ids) ? null : new Malformed('payload.ids must be an array of strings'));
const attemptReport = (payload: Record<string, unknown>) =>
  fieldsMalformed(payload, { id: 'string', error: 'string' }) ??
  (typeof payload.attempts === 'number' && Number.isInteger(payload.attempts) && payload.attempts >= 0 ? null : new Malformed('payload.attempts must be a whole number'));

const TRANSPORT_STATUSES: ReadonlySet<unknown> = new Set(['connecting', 'open', 'closed', 'error']);

/** Builds the slice of one instance. */
export function createA2uiSlice(options: A2uiSliceOptions) {
  const ctx: SliceContext = { runtime: options.runtime };
  const maxPayloadBytes = options.runtime.processor.limits.maxPayloadBytes;
  const failed = (operation: string, error: { code: string; message: string } & object) => ({ ...(error as ReturnType<typeof a2uiError>), operation });

  const slice = createSlice({
    name: options.reducerPath,
    reducerPath: options.reducerPath,
    initialState: () => freezeNew(initialA2uiState(options.logLimit, options.logMaxBytes)),
    reducers: {
      messageReceived: {
        reducer: caseReducer(
          'messageReceived',
          true,
          (p) => fieldsMalformed(p, { receivedAt: 'string', userActivated: 'boolean?', surfaceId: 'string?' }),
          (state, p, meta) => {
            const messageOptions: { userActivated?: boolean; surfaceId?: string } = {};
            if (p.userActivated !== undefined) messageOptions.userActivated = p.userActivated as boolean;
            if (p.surfaceId !== undefined) messageOptions.surfaceId = p.surfaceId as string;
            const result = handleMessage(sessionAt(ctx, state, meta), p.payload, messageOptions);
            const next = enqueue(state, meta, result.session.state, result.effects, result.ok ? null : failed('messageReceived', result.error));
            return logInbound(next, p.receivedAt as string, p.payload, maxPayloadBytes);
          },
        ),
        prepare: a2uiPrepare.messageReceived,
      },
      valueWritten: {
        reducer: caseReducer(
          'valueWritten',
          true,
          (p) => fieldsMalformed(p, { surfaceId: 'string', ref: 'string', property: 'string', at: 'string' }),
          (state, p, meta) => {
            const result = write(sessionAt(ctx, state, meta), p.surfaceId as string, p.ref as string, p.property as string, p.value);
            if (!result.ok) return withLastError(state, 'valueWritten', result.error);
            return enqueue(state, meta, result.session.state, result.effects, null);
          },
        ),
        prepare: a2uiPrepare.valueWritten,
      },
      actionInvoked: {
        reducer: caseReducer(
          'actionInvoked',
          true,
          (p) => fieldsMalformed(p, { surfaceId: 'string', ref: 'string', property: 'string', timestamp: 'string' }),
          (state, p, meta) => {
            // The time comes from the action, so replaying it gives the same message.
            const result = invoke(sessionAt(ctx, state, meta, p.timestamp as string), p.surfaceId as string, p.ref as string, p.property as string);
            if (!result.ok) return withLastError(state, 'actionInvoked', result.error);
            return enqueue(state, meta, result.session.state, result.effects, null);
          },
        ),
        prepare: a2uiPrepare.actionInvoked,
      },
      agentCallTimedOut: {
        reducer: caseReducer(
          'agentCallTimedOut',
          true,
          (p) => fieldsMalformed(p, { callId: 'string' }),
          (state, p, meta) => {
            const result = timeoutAgentCall(sessionAt(ctx, state, meta), p.callId as string);
            return enqueue(state, meta, result.session.state, result.effects, state.session.lastError);
          },
        ),
        prepare: a2uiPrepare.agentCallTimedOut,
      },
      agentCallDue: {
        reducer: caseReducer(
          'agentCallDue',
          true,
          (p) => fieldsMalformed(p, { callId: 'string' }),
          (state, p, meta) => {
            const result = sendDebouncedAgentCall(sessionAt(ctx, state, meta), p.callId as string);
            return enqueue(state, meta, result.session.state, result.effects, state.session.lastError);
          },
        ),
        prepare: a2uiPrepare.agentCallDue,
      },
      disposed: {
        reducer: caseReducer('disposed', true, noCheck, (state, _p, meta) => {
          const result = dispose(sessionAt(ctx, state, meta));
          return enqueue(state, meta, result.session.state, result.effects, state.session.lastError);
        }),
        prepare: a2uiPrepare.disposed,
      },
      mcpAppRequested: {
        reducer: caseReducer('mcpAppRequested', true, checkMcpAppRequest, (state, p, meta) =>
          mcpAppRequestedCase(ctx, state, p as unknown as McpAppRequestInput, meta),
        ),
        prepare: a2uiPrepare.mcpAppRequested,
      },
      mcpToolReplied: {
        reducer: caseReducer('mcpToolReplied', true, checkMcpToolReplied, (state, p, meta) =>
          mcpToolRepliedCase(ctx, state, p as unknown as McpToolSettlement, meta),
        ),
        prepare: a2uiPrepare.mcpToolReplied,
      },
      // --- reports from the saga (no effects, so no meta)
      agentCallSettled: caseReducer(
        'agentCallSettled',
        false,
        (p) => fieldsMalformed(p, { callId: 'string' }) ?? (p.status === 'ok' || p.status === 'error' ? null : new Malformed("payload.status must be 'ok' or 'error'")),
        (state) => state,
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['agentCallSettled']>) => A2uiState,
      effectsDelivered: caseReducer('effectsDelivered', false, idList, (state, p) => {
        const ids = new Set(p.ids as string[]);
        const delivered: OutboxEntry[] = [];
        const outbox = state.session.outbox.filter((entry) => {
          if (!ids.has(entry.id)) return true;
          delivered.push(entry);
          return false;
        });
        if (delivered.length === 0) return state;
        const sent = outboundRecords(state, delivered as Array<{ id: string; effect: Effect }>);
        return { session: { ...state.session, outbox }, log: appendToLog(state.log, sent) };
      }) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['effectsDelivered']>) => A2uiState,
      deliveryAttemptFailed: caseReducer('deliveryAttemptFailed', false, attemptReport, (state, p) =>
        withDelivery(state, p.id as string, () => ({ status: 'retrying', attempts: p.attempts as number, lastError: p.error as string })),
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['deliveryAttemptFailed']>) => A2uiState,
      deliveryFailed: caseReducer('deliveryFailed', false, attemptReport, (state, p) =>
        withDelivery(state, p.id as string, () => ({ status: 'failed', attempts: p.attempts as number, lastError: p.error as string })),
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['deliveryFailed']>) => A2uiState,
      deliveryUnknown: caseReducer('deliveryUnknown', false, idList, (state, p) =>
        (p.ids as string[]).reduce(
          (acc, id) => withDelivery(acc, id, (entry) => ({ status: 'unknown', attempts: entry.delivery?.attempts ?? 0, lastError: 'made in another store lifetime: it may or may not have reached the agent' })),
          state,
        ),
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['deliveryUnknown']>) => A2uiState,
      deliveryRetried: caseReducer('deliveryRetried', false, (p) => fieldsMalformed(p, { id: 'string' }), (state, p) =>
        withDelivery(state, p.id as string, (entry) => (entry.delivery?.status === 'failed' || entry.delivery?.status === 'unknown' ? undefined : entry.delivery)),
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['deliveryRetried']>) => A2uiState,
      deliveryAbandoned: caseReducer('deliveryAbandoned', false, (p) => fieldsMalformed(p, { id: 'string' }), (state, p) => {
        const outbox = state.session.outbox.filter((entry) => entry.id !== p.id || (entry.delivery?.status !== 'failed' && entry.delivery?.status !== 'unknown'));
        return outbox.length === state.session.outbox.length ? state : { ...state, session: { ...state.session, outbox } };
      }) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['deliveryAbandoned']>) => A2uiState,
      mcpToolCallsOrphaned: caseReducer(
        'mcpToolCallsOrphaned',
        false,
        (p) => (stringList(p.keys) ? null : new Malformed('payload.keys must be an array of strings')),
        (state, p) => mcpToolCallsOrphanedCase(state, p.keys as string[]),
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['mcpToolCallsOrphaned']>) => A2uiState,
      workerFailed: caseReducer('workerFailed', false, (p) => fieldsMalformed(p, { worker: 'string', message: 'string' }), (state, p) =>
        withLastError(state, 'saga', a2uiError('EXECUTION_FAILED', `${p.worker as string}: ${p.message as string}`)),
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['workerFailed']>) => A2uiState,
      transportStatusChanged: caseReducer(
        'transportStatusChanged',
        false,
        (p) => (TRANSPORT_STATUSES.has(p.status) ? fieldsMalformed(p, { detail: 'string?' }) : new Malformed("payload.status must be 'connecting', 'open', 'closed' or 'error'")),
        (state, p) => {
          const transport: A2uiState['session']['transport'] = { status: p.status as A2uiReportPayloads['transportStatusChanged']['status'] };
          if (p.detail !== undefined) transport.detail = p.detail as string;
          return { ...state, session: { ...state.session, transport } };
        },
      ) as (draft: unknown, action: PayloadAction<A2uiReportPayloads['transportStatusChanged']>) => A2uiState,
    },
  });
  slice.reducer = directReducer(options.reducerPath, slice.caseReducers as unknown as Record<string, CaseReducer>, slice.getInitialState);
  return slice;
}

type CaseReducer = (state: A2uiState, action: AnyPayloadAction) => A2uiState;

/**
 * The slice's reducer without RTK's `createReducer`: every case reducer already reads the previous
 * state itself and returns a new frozen one, so the immer draft `createReducer` makes per action
 * did nothing but cost (a proxy, a scope and a finalize on each keystroke). The results are the
 * same as RTK's reducer (which `injectInto` still mounts).
 */
function directReducer(reducerPath: string, cases: Record<string, CaseReducer>, initial: () => A2uiState) {
  const byType = new Map<string, CaseReducer>();
  for (const [name, run] of Object.entries(cases)) byType.set(`${reducerPath}/${name}`, run);
  return (state: A2uiState | undefined, action: { type: string }): A2uiState => {
    const current = state === undefined ? initial() : state;
    const run = typeof action?.type === 'string' ? byType.get(action.type) : undefined;
    return run ? run(current, action as AnyPayloadAction) : current;
  };
}

/** The slice type of one instance. */
export type A2uiSlice = ReturnType<typeof createA2uiSlice>;
