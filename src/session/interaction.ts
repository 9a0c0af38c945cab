/**
 * User input: `write` (a two-way binding receives a value) and `invoke` (an action runs).
 */
import { setIn, splitPointer } from '../data';
import { dataModelSizeError } from '../processor/dataModelSize';
import { withoutNegativeZero } from '../processor/negativeZero';
import { describeType, isPlainObject, toJsonValue } from '../protocol/json';
import { a2uiError, type A2uiError } from '../protocol/errors';
import { locateNode } from './locate';
import { evaluateForAction } from '../resolution/evaluation';
import type { Effect } from '../model/effects';
import type { ActionBody } from '../protocol/rendererToAgent';
import { applyLocalRequests } from './localRequests';
import { invokeEvent, type InvokeScope } from './eventActions';
import {
  completeOperation,
  recordAgentCall,
  withDataModelMetadata,
  type Result,
  type Session,
} from './session';
import type { SessionState, SurfaceState } from '../model/state';
import { errorText } from '../util/errors';

type OperationError = { ok: false; error: A2uiError };

/**
 * Writes `value` through `property` of node `ref`: the two-way binding of an input component.
 * Errors when the node is gone or the property is not bound to a data path.
 */
export function write(session: Session, surfaceId: string, ref: string, property: string, value: unknown): Result | OperationError {
  return withMetadata(writeUnsafe(session, surfaceId, ref, property, value));
}

/** {@link withDataModelMetadata} on a successful operation's effects. */
function withMetadata<R extends Result | OperationError>(result: R): R {
  return result.ok ? { ...result, effects: withDataModelMetadata(result.session.state, result.effects) } : result;
}

function writeUnsafe(session: Session, surfaceId: string, ref: string, property: string, value: unknown): Result | OperationError {
  try {
    const found = locateNode(session, surfaceId, ref);
    if (!found.ok) return found;
    const path = typeof property === 'string' && Object.prototype.hasOwnProperty.call(found.node.bindings, property) ? found.node.bindings[property] : undefined;
    if (path === undefined) {
      return { ok: false, error: a2uiError('PROPERTY_NOT_BOUND', `Property '${String(property)}' of node '${ref}' is not bound to a data path.`, { surfaceId }) };
    }
    // State is plain data: user input is copied as JSON, and what JSON cannot carry is refused.
    const copied = toJsonValue(value === undefined ? null : value, { maxDepth: session.runtime.processor.limits.maxDataDepth });
    // JSON has no -0: store 0, as a JSON round trip of state would.
    const json = copied.ok ? { ...copied, value: withoutNegativeZero(copied.value) } : copied;
    if (!json.ok) {
      // Too deep is a limit (as setIn reports it); anything else is not JSON data.
      const code = json.kind === 'tooDeep' || json.kind === 'tooLarge' ? 'LIMIT_EXCEEDED' : 'DATA_ERROR';
      const what = code === 'LIMIT_EXCEEDED' ? 'the value is over a limit' : 'the value is not JSON data';
      return { ok: false, error: a2uiError(code, `write: ${what}${json.path ? ` at ${json.path}` : ''}: ${json.reason}`, { surfaceId }) };
    }
    // A binding to the scope root ('' or '.') at the top level names the whole model, which stays an object.
    if (splitPointer(path)?.length === 0 && !isPlainObject(json.value)) {
      return { ok: false, error: a2uiError('DATA_ERROR', `write: the whole data model can only be replaced by an object, not ${describeType(json.value)}`, { surfaceId }) };
    }
    const written = setIn(found.surface.dataModel, path, json.value, { maxDepth: session.runtime.processor.limits.maxDataDepth });
    if (!written.ok) return { ok: false, error: { ...written.error, surfaceId } };
    if (written.value === found.surface.dataModel) return { ok: true, session, effects: [] };
    const change = { before: found.surface.dataModel, path, value: json.value, after: written.value as object, deletes: false };
    const tooLarge = dataModelSizeError(session.runtime.processor.limits, surfaceId, change, '');
    if (tooLarge) return { ok: false, error: { ...tooLarge, message: `write: ${tooLarge.message}` } };
    // A user's null is a value, not a delete (only the agent deletes with null).
    const surfaceNext: SurfaceState = { ...found.surface, dataModel: written.value as Record<string, unknown> };
    const state: SessionState = { ...session.state, surfaces: { ...session.state.surfaces, [surfaceId]: surfaceNext } };
    return settle(session, state, [{ type: 'dataModelUpdated', surfaceId, path }], surfaceId);
  } catch (caught) {
    return { ok: false, error: a2uiError('INVALID_ARGUMENT', `write failed: ${errorText(caught)}`) };
  }
}

/**
 * Runs the action in `property` (usually 'action') of node `ref`. An event becomes an `action`
 * message; `openUrl` an openUrl effect; other local functions apply what they ask for in order;
 * agent functions are sent each time. A node whose checks fail does not act.
 */
export function invoke(session: Session, surfaceId: string, ref: string, property = 'action'): Result | OperationError {
  return withMetadata(invokeUnsafe(session, surfaceId, ref, property));
}

function invokeUnsafe(session: Session, surfaceId: string, ref: string, property: string): Result | OperationError {
  try {
    const found = locateNode(session, surfaceId, ref);
    if (!found.ok) return found;
    const { node, surface, place } = found;
    const action = typeof property === 'string' && Object.prototype.hasOwnProperty.call(node.props, property) ? node.props[property] : undefined;
    if (typeof action !== 'object' || action === null || (!('event' in action) && !('functionCall' in action))) {
      return { ok: false, error: a2uiError('PROPERTY_NOT_ACTION', `Property '${String(property)}' of node '${ref}' is not an action.`, { surfaceId }) };
    }
    if (!node.isValid) {
      return { ok: false, error: a2uiError('CHECKS_FAILED', `Node '${ref}' has failing checks; its action does not run.`, { surfaceId }) };
    }
    const scope: InvokeScope = { surface, state: session.state, runtime: session.runtime, node, place };
    if ('event' in action) return invokeEvent(session, scope, action.event);
    return invokeFunction(session, scope, 'functionCall' in action ? action.functionCall : undefined);
  } catch (caught) {
    return { ok: false, error: a2uiError('INVALID_ARGUMENT', `invoke failed: ${errorText(caught)}`) };
  }
}

function invokeFunction(session: Session, scope: InvokeScope, call: unknown): Result | OperationError {
  const { surface } = scope;
  const surfaceId = surface.surfaceId;
  const outcome = evaluateForAction(call, scope, true);
  if (outcome.errors.length > 0) {
    return { ok: false, error: a2uiError(outcome.errors[0]?.code ?? 'EXECUTION_FAILED', outcome.errors.map((e) => e.message).join('; '), { surfaceId }) };
  }
  let state = session.state;
  const effects: Effect[] = [];
  const source = { componentId: scope.node.componentId, ref: scope.node.ref };
  for (const request of outcome.agentRequests) state = recordAgentCall(session.runtime, state, surfaceId, { ...request, ...source }, 'action', effects);
  const applied = applyLocalRequests({ state, runtime: session.runtime }, surfaceId, scope.node.ref, outcome.requests);
  if (!applied.ok) return applied;
  return settle(session, applied.session.state, [...effects, ...applied.effects], surfaceId);
}


/** Resolves the surface after a local change, recording the agent calls it now needs. */
function settle(session: Session, state: SessionState, effects: Effect[], surfaceId: string): Result {
  return completeOperation(session.runtime, session.state, state, effects, new Set([surfaceId]), null) as Result;
}
