/**
 * The a2ui actions: events in the past tense, typed `${reducerPath}/<event>` so two instances in
 * one store never hear each other. Anything non-deterministic is made in `prepare`: the time, and
 * the action's id (`meta.id`), from which the effects it makes take their ids and a fresh session
 * takes the nonce of its call ids. Reducers stay pure and a recorded action list replays to the
 * same state, ids included.
 */
import { createAction } from '@reduxjs/toolkit';
import type { McpToolSettlement } from '../mcp/types';

/** What `prepare` adds to every action that can make effects. */
export interface A2uiActionMeta {
  /** Unique per action: this realm's token, then a counter. */
  id: string;
  /** When the action happened (ISO 8601). */
  at: string;
}

/**
 * A token of this JavaScript realm (page load, worker, server process). Outbox entries whose ids
 * carry another realm's token came from another store lifetime (persisted, server-rendered).
 */
export const REALM_TOKEN: string = randomToken();

function randomToken(): string {
  const bytes = new Uint8Array(6);
  const crypto = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

let actionCounter = 0;

/** A fresh action meta: an id unique in this realm (and, by the token, across realms) and the time. */
export function actionMeta(): A2uiActionMeta {
  actionCounter += 1;
  return { id: `${REALM_TOKEN}.${actionCounter.toString(36)}`, at: new Date().toISOString() };
}

/** Whether an effect or action id was made in this realm. */
export function madeInThisRealm(id: string): boolean {
  return id.startsWith(`${REALM_TOKEN}.`);
}

/** Status of a connecting transport. */
export type TransportStatus = 'connecting' | 'open' | 'closed' | 'error';

/** The payloads and `prepare` callbacks of every a2ui action, shared by the slice and `createA2uiActions`. */
export const a2uiPrepare = {
  /** An agent payload arrived (one message, an array, a `{messages}` wrapper, or JSON text). */
  messageReceived: (payload: unknown, options: { userActivated?: boolean; surfaceId?: string } = {}) => {
    const meta = actionMeta();
    return { payload: { payload, ...options, receivedAt: meta.at }, meta };
  },
  /** The user changed a bound input: writes `value` through `property` of node `ref`. */
  valueWritten: (input: { surfaceId: string; ref: string; property: string; value: unknown }) => {
    const meta = actionMeta();
    return { payload: { ...input, at: meta.at }, meta };
  },
  /** The user triggered the action in `property` (default 'action') of node `ref`. */
  actionInvoked: (input: { surfaceId: string; ref: string; property?: string }) => {
    const meta = actionMeta();
    return { payload: { surfaceId: input.surfaceId, ref: input.ref, property: input.property ?? 'action', timestamp: meta.at }, meta };
  },
  /** The timer of an agent call fired before the agent answered. */
  agentCallTimedOut: (input: { callId: string }) => ({ payload: input, meta: actionMeta() }),
  /** The debounce of a binding's agent call ran out: the call is sent now (`agentCallDebounceMs`). */
  agentCallDue: (input: { callId: string }) => ({ payload: input, meta: actionMeta() }),
  /** The session was disposed: pending agent calls are cancelled, resolved trees dropped. */
  disposed: () => ({ payload: undefined, meta: actionMeta() }),
  /** An embedded MCP App sent a request or notification from node `ref`. */
  mcpAppRequested: (input: { requestId: string | number; surfaceId: string; ref: string; method: string; params?: unknown; userActivationAt?: number }) => {
    const meta = actionMeta();
    return { payload: { ...input, at: meta.at }, meta };
  },
  /**
   * An MCP tool call run by the saga finished (or failed, or timed out). The optional fields come
   * from the `mcpToolCall` effect: who asked, the tool and its arguments, and where an action
   * wants the MCP App resource written.
   */
  mcpToolReplied: (settlement: McpToolSettlement) => ({ payload: settlement, meta: actionMeta() }),
};

/** Payloads of the actions the saga reports with (no effects, so no meta). */
export interface A2uiReportPayloads {
  /** An agent call settled (what timeout races listen for). */
  agentCallSettled: { callId: string; status: 'ok' | 'error' };
  /** The saga carried out the outbox entries `ids` (sends: delivered); they leave the outbox. */
  effectsDelivered: { ids: string[] };
  /** A send attempt failed or timed out; it will be retried. */
  deliveryAttemptFailed: { id: string; attempts: number; error: string };
  /** A send used up its retry budget: kept as a `failed` record for the host to retry or abandon. */
  deliveryFailed: { id: string; attempts: number; error: string };
  /** Entries from another store lifetime (rehydrated, server state): kept as `unknown` records. */
  deliveryUnknown: { ids: string[] };
  /** The host asks to send a failed or unknown record again. */
  deliveryRetried: { id: string };
  /** The host gives up on a failed or unknown record: it leaves the outbox unsent. */
  deliveryAbandoned: { id: string };
  /**
   * MCP tool calls (`mcpToolCallKey`) an app made in another store lifetime: the app went with its
   * page and the outcome will never come, so they stop waiting, unanswered (a reply would reach the
   * reloaded app, which numbers its own requests from 1 again).
   */
  mcpToolCallsOrphaned: { keys: string[] };
  /** A saga worker failed; the root saga keeps running. */
  workerFailed: { worker: string; message: string };
  /** The transport's connection changed state (for transports that connect). */
  transportStatusChanged: { status: TransportStatus; detail?: string };
}

/** The names of the report actions, in a fixed order. */
export const REPORT_ACTIONS = [
  'agentCallSettled',
  'effectsDelivered',
  'deliveryAttemptFailed',
  'deliveryFailed',
  'deliveryUnknown',
  'deliveryRetried',
  'deliveryAbandoned',
  'mcpToolCallsOrphaned',
  'workerFailed',
  'transportStatusChanged',
] as const satisfies ReadonlyArray<keyof A2uiReportPayloads>;

/** Builds the action creators of an instance mounted at `reducerPath` (the slice makes the same ones). */
export function createA2uiActions(reducerPath: string) {
  const type = <Name extends string>(name: Name) => `${reducerPath}/${name}` as const;
  const report = <Name extends keyof A2uiReportPayloads>(name: Name) => createAction<A2uiReportPayloads[Name]>(type(name));
  return {
    messageReceived: createAction(type('messageReceived'), a2uiPrepare.messageReceived),
    valueWritten: createAction(type('valueWritten'), a2uiPrepare.valueWritten),
    actionInvoked: createAction(type('actionInvoked'), a2uiPrepare.actionInvoked),
    agentCallTimedOut: createAction(type('agentCallTimedOut'), a2uiPrepare.agentCallTimedOut),
    agentCallDue: createAction(type('agentCallDue'), a2uiPrepare.agentCallDue),
    disposed: createAction(type('disposed'), a2uiPrepare.disposed),
    mcpAppRequested: createAction(type('mcpAppRequested'), a2uiPrepare.mcpAppRequested),
    mcpToolReplied: createAction(type('mcpToolReplied'), a2uiPrepare.mcpToolReplied),
    agentCallSettled: report('agentCallSettled'),
    effectsDelivered: report('effectsDelivered'),
    deliveryAttemptFailed: report('deliveryAttemptFailed'),
    deliveryFailed: report('deliveryFailed'),
    deliveryUnknown: report('deliveryUnknown'),
    deliveryRetried: report('deliveryRetried'),
    deliveryAbandoned: report('deliveryAbandoned'),
    mcpToolCallsOrphaned: report('mcpToolCallsOrphaned'),
    workerFailed: report('workerFailed'),
    transportStatusChanged: report('transportStatusChanged'),
  };
}

/** The action creators of one instance. */
export type A2uiActions = ReturnType<typeof createA2uiActions>;

/** The action creators of an instance at the default `reducerPath`, 'a2ui'. */
export const a2uiActions: A2uiActions = createA2uiActions('a2ui');

// The action creators of the instance at the default reducerPath, one by one; an instance at
// another path has its own in `createA2ui(...).actions`.

/** An agent payload arrived (one message, an array, a `{messages}` wrapper, or JSON text). (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const messageReceived = a2uiActions.messageReceived;

/** The user changed a bound input: writes `value` through `property` of node `ref`. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const valueWritten = a2uiActions.valueWritten;

/** The user triggered the action in `property` (default 'action') of node `ref`. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const actionInvoked = a2uiActions.actionInvoked;

/** The timer of an agent call fired before the agent answered. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const agentCallTimedOut = a2uiActions.agentCallTimedOut;

/** The debounce of a binding's agent call ran out: the call is sent now (`agentCallDebounceMs`). (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const agentCallDue = a2uiActions.agentCallDue;

/** An agent call settled (what timeout races listen for). (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const agentCallSettled = a2uiActions.agentCallSettled;

/** The session was disposed: pending agent calls are cancelled, resolved trees dropped. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const disposed = a2uiActions.disposed;

/** The saga carried out the outbox entries `ids` (sends: delivered); they leave the outbox. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const effectsDelivered = a2uiActions.effectsDelivered;

/** An embedded MCP App sent a request or notification from node `ref`. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const mcpAppRequested = a2uiActions.mcpAppRequested;

/** An MCP tool call run by the saga finished (or failed, or timed out). The optional fields come from the `mcpToolCall` effect: who asked, the tool and its arguments, and where an action wants the MCP App resource written. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const mcpToolReplied = a2uiActions.mcpToolReplied;

/** A saga worker failed; the root saga keeps running. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const workerFailed = a2uiActions.workerFailed;

/** The transport's connection changed state (for transports that connect). (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const transportStatusChanged = a2uiActions.transportStatusChanged;

/** A send attempt failed or timed out; it will be retried. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const deliveryAttemptFailed = a2uiActions.deliveryAttemptFailed;

/** A send used up its retry budget: kept as a `failed` record for the host to retry or abandon. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const deliveryFailed = a2uiActions.deliveryFailed;

/** Entries from another store lifetime (rehydrated, server state): kept as `unknown` records. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const deliveryUnknown = a2uiActions.deliveryUnknown;

/** The host asks to send a failed or unknown record again. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const deliveryRetried = a2uiActions.deliveryRetried;

/** The host gives up on a failed or unknown record: it leaves the outbox unsent. (Default `reducerPath` 'a2ui'; see `A2ui.actions`.) */
export const deliveryAbandoned = a2uiActions.deliveryAbandoned;
