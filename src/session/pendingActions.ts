/**
 * Pending event actions: an event whose context holds agent functions waits, as plain data in
 * state (`pendingActions`), until each call answered; then it is sent with the values. A call
 * that fails, times out or is cancelled drops the action with a diagnostic naming the call.
 */
import { diagnosticEffect, type AgentCallOutcome, type Effect } from '../model/effects';
import { withSurfaceDiagnostic, type PendingAction, type SessionState } from '../model/state';
import type { SurfaceState } from '../model/state';
import { evaluateForAction, type ActionScope, type AgentCallRequest } from '../resolution/evaluation';
import { ownValue } from '../data';
import { A2UI_VERSION } from '../protocol/common';
import type { ActionBody } from '../protocol/rendererToAgent';

/** What evaluating an event needs from the runtime. */
type EventRuntime = ActionScope['runtime'];

export type EventBody = { name?: unknown; context?: unknown; userMessage?: unknown };

/** Evaluates the context and userMessage; `agentRequests` are the agent calls they still need. */
export function evaluateEvent(
  body: EventBody,
  scope: { surface: SurfaceState; state: SessionState; runtime: EventRuntime; place: { scope: string; index: number | undefined } },
  agentResult?: (key: string) => AgentCallOutcome | undefined,
): { context: Record<string, unknown>; userMessage: unknown; agentRequests: AgentCallRequest[] } {
  const context: Record<string, unknown> = {};
  const requests = new Map<string, AgentCallRequest>();
  const evaluate = (raw: unknown): unknown => {
    const result = evaluateForAction(raw, scope, false, agentResult);
    for (const request of result.agentRequests) if (!requests.has(request.key)) requests.set(request.key, request);
    return result.value;
  };
  if (typeof body.context === 'object' && body.context !== null && !Array.isArray(body.context)) {
    for (const [key, raw] of Object.entries(body.context)) {
      const value = evaluate(raw);
      context[key] = value === undefined ? null : value;
    }
  }
  const userMessage = body.userMessage === undefined ? undefined : evaluate(body.userMessage);
  return { context, userMessage, agentRequests: [...requests.values()] };
}

export function actionMessage(
  name: string,
  surfaceId: string,
  componentId: string,
  timestamp: string,
  context: Record<string, unknown>,
  userMessage: unknown,
): Effect {
  const action: ActionBody = { name, surfaceId, sourceComponentId: componentId, timestamp, context };
  if (userMessage !== undefined && userMessage !== null) action.userMessage = String(userMessage);
  return { type: 'send', message: { version: A2UI_VERSION, action } };
}

/**
 * Sends the pending actions whose calls all answered, and drops (with a diagnostic) those one of
 * whose calls failed, timed out or was cancelled. Runs after every operation.
 */
export function settlePendingActions(runtime: EventRuntime, state: SessionState, effects: Effect[]): SessionState {
  const pending = state.pendingActions;
  if (pending === undefined || Object.keys(pending).length === 0) return state;
  let next = state;
  const remaining: Record<string, PendingAction> = {};
  let changed = false;
  for (const action of Object.values(pending)) {
    const callIds = Object.values(action.calls);
    const failed = callIds.map((id) => ({ id, outcome: action.outcomes[id] })).find((c) => c.outcome?.status === 'error');
    const surface = ownValue(next.surfaces, action.surfaceId);
    if (failed !== undefined || surface === undefined) {
      changed = true;
      if (surface !== undefined && failed?.outcome?.status === 'error') {
        const diagnostic = {
          severity: 'error' as const,
          code: failed.outcome.code === 'TIMEOUT' ? ('AGENT_CALL_TIMEOUT' as const) : ('AGENT_CALL_FAILED' as const),
          message: `Action '${action.name}' of '${action.componentId}' was not sent: its agent call ${failed.id} ended with ${failed.outcome.code}: ${failed.outcome.message}`,
          componentId: action.componentId,
          ref: action.ref,
        };
        effects.push(diagnosticEffect(action.surfaceId, diagnostic));
        next = withSurfaceDiagnostic(next, action.surfaceId, diagnostic);
      }
      continue;
    }
    if (!callIds.every((id) => action.outcomes[id]?.status === 'ok')) {
      remaining[action.id] = action;
      continue;
    }
    changed = true;
    const byKey = (key: string): AgentCallOutcome | undefined => {
      const callId = ownValue(action.calls, key);
      const outcome = callId === undefined ? undefined : action.outcomes[callId];
      return outcome?.status === 'ok' ? { status: 'ok', value: outcome.value } : undefined;
    };
    const place = { scope: action.scope, index: action.index ?? undefined };
    const body: EventBody = { name: action.name, context: action.context, userMessage: action.userMessage };
    const evaluated = evaluateEvent(body, { surface, state: next, runtime, place }, byKey);
    if (evaluated.agentRequests.length > 0) {
      // The data the calls were made from changed before they answered: their answers no longer fit.
      const diagnostic = {
        severity: 'error' as const,
        code: 'AGENT_CALL_FAILED' as const,
        message: `Action '${action.name}' of '${action.componentId}' was not sent: the data its agent calls read changed before they answered.`,
        componentId: action.componentId,
        ref: action.ref,
      };
      effects.push(diagnosticEffect(action.surfaceId, diagnostic));
      next = withSurfaceDiagnostic(next, action.surfaceId, diagnostic);
      continue;
    }
    effects.push(actionMessage(action.name, action.surfaceId, action.componentId, action.timestamp, evaluated.context, evaluated.userMessage));
  }
  return changed ? { ...next, pendingActions: remaining } : next;
}
