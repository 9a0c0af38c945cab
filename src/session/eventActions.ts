/**
 * Event actions: `invoke` of a component whose action is an `event`. Its context is evaluated when
 * the user acts. When the context holds agent functions, their calls are sent first and the action
 * waits in state until each answered (pendingActions.ts).
 */
import type { Effect } from '../model/effects';
import type { PendingAction } from '../model/state';
import type { ActionScope } from '../resolution/evaluation';
import type { ResolvedNode } from '../model/tree';
import { a2uiError, type A2uiError } from '../protocol/errors';
import { isRecord } from '../util/records';
import { actionMessage, evaluateEvent, type EventBody } from './pendingActions';
import { recordAgentCall, type Result, type Session, type SessionRuntime } from './session';

/** What running a node's action (an event or a function call) needs: the evaluator's scope, the session runtime and the node. */
export interface InvokeScope extends ActionScope {
  runtime: SessionRuntime;
  node: ResolvedNode;
}

/** Runs an event action: sends it now, or sends its context's agent calls and waits for them. */
export function invokeEvent(session: Session, scope: InvokeScope, event: unknown): Result | { ok: false; error: A2uiError } {
  const { surface, node } = scope;
  const body: EventBody = isRecord(event) ? event : {};
  if (typeof body.name !== 'string') {
    return { ok: false, error: a2uiError('PROPERTY_NOT_ACTION', `The event of node '${node.ref}' has no name.`, { surfaceId: surface.surfaceId }) };
  }
  const timestamp = scope.runtime.clock().toISOString();
  const evaluated = evaluateEvent(body, scope);
  if (evaluated.agentRequests.length === 0) {
    return { ok: true, session, effects: [actionMessage(body.name, surface.surfaceId, node.componentId, timestamp, evaluated.context, evaluated.userMessage)] };
  }
  const effects: Effect[] = [];
  let state = session.state;
  const calls: Record<string, string> = {};
  for (const request of evaluated.agentRequests) {
    const callId = `call-${state.nextCallNumber}`;
    state = recordAgentCall(session.runtime, state, surface.surfaceId, { ...request, componentId: node.componentId, ref: node.ref }, 'action', effects);
    calls[request.key] = callId;
  }
  const id = `action-${Object.values(calls)[0] as string}`;
  const pending: PendingAction = {
    id,
    surfaceId: surface.surfaceId,
    componentId: node.componentId,
    ref: node.ref,
    scope: scope.place.scope,
    index: scope.place.index ?? null,
    name: body.name,
    timestamp,
    context: isRecord(body.context) ? body.context : {},
    calls,
    outcomes: {},
  };
  if (body.userMessage !== undefined) pending.userMessage = body.userMessage;
  state = { ...state, pendingActions: { ...(state.pendingActions ?? {}), [id]: pending } };
  return { ok: true, session: { state, runtime: session.runtime }, effects };
}

