/**
 * The a2ui actions: events, named `a2ui/<event>` in the past tense. Anything non-deterministic
 * (the time an action happened) is made in `prepare`, so reducers stay pure and a recorded action
 * list replays to the same state.
 */
import { createAction } from '@reduxjs/toolkit';
import type { OutboundMessage, RendererDataModelMetadata } from '../model/effects';
import type { McpToolSettlement } from '../mcp/requests';

const now = (): string => new Date().toISOString();

/** An agent payload arrived (one message, an array, a `{messages}` wrapper, or JSON text). */
export const messageReceived = createAction(
  'a2ui/messageReceived',
  (payload: unknown, options: { userActivated?: boolean; surfaceId?: string } = {}) => ({
    payload: { payload, ...options, receivedAt: now() },
  }),
);

/** The user changed a bound input: writes `value` through `property` of node `ref`. */
export const valueWritten = createAction(
  'a2ui/valueWritten',
  (input: { surfaceId: string; ref: string; property: string; value: unknown }) => ({ payload: { ...input, at: now() } }),
);

/** The user triggered the action in `property` (default 'action') of node `ref`. */
export const actionInvoked = createAction(
  'a2ui/actionInvoked',
  (input: { surfaceId: string; ref: string; property?: string }) => ({
    payload: { surfaceId: input.surfaceId, ref: input.ref, property: input.property ?? 'action', timestamp: now() },
  }),
);

/** The timer of an agent call fired before the agent answered. */
export const agentCallTimedOut = createAction<{ callId: string }>('a2ui/agentCallTimedOut');

/** An agent call settled (reported by the outbox worker; what timeout races listen for). */
export const agentCallSettled = createAction<{ callId: string; status: 'ok' | 'error' }>('a2ui/agentCallSettled');

/** The session was disposed: pending agent calls are cancelled, resolved trees dropped. */
export const disposed = createAction('a2ui/disposed');

/** The outbox was carried out up to and including entry `throughId`; `delivered` lists what was sent. */
export const effectsDelivered = createAction<{
  throughId: number;
  delivered?: Array<{ message: OutboundMessage; metadata?: { a2uiRendererDataModel?: RendererDataModelMetadata } }>;
}>('a2ui/effectsDelivered');

/** An embedded MCP App sent a request or notification from node `ref`. */
export const mcpAppRequested = createAction(
  'a2ui/mcpAppRequested',
  (input: { requestId: string | number; surfaceId: string; ref: string; method: string; params?: unknown }) => ({
    payload: { ...input, at: now() },
  }),
);

/**
 * An MCP tool call run by the saga finished (or failed, or timed out). The optional fields come
 * from the `mcpToolCall` effect: who asked (an app's tools/call, or a callMcpTool action), the
 * tool and its arguments, and where an action wants the MCP App resource written.
 */
export const mcpToolReplied = createAction<McpToolSettlement>('a2ui/mcpToolReplied');

/** A saga worker failed; the root saga keeps running. */
export const workerFailed = createAction<{ worker: string; message: string }>('a2ui/workerFailed');

/** The transport's connection changed state (for transports that connect). */
export const transportStatusChanged = createAction<{ status: 'connecting' | 'open' | 'closed' | 'error'; detail?: string }>(
  'a2ui/transportStatusChanged',
);

/** Every a2ui action creator. */
export const a2uiActions = {
  messageReceived,
  valueWritten,
  actionInvoked,
  agentCallTimedOut,
  agentCallSettled,
  disposed,
  effectsDelivered,
  mcpAppRequested,
  mcpToolReplied,
  workerFailed,
  transportStatusChanged,
};
