/**
 * Applying one parsed agent message to the session state, with the error rules of the protocol
 * and the session contract: a message either applies whole or fails whole; a failure that names
 * a surface or a call is also an `error` message for the agent.
 */
import { findCatalog } from '../catalog/resolve';
import { a2uiError, type A2uiError } from '../protocol/errors';
import { toAgentErrorBody } from '../protocol/build';
import type {
  AgentFunctionResponseBody,
  AgentToRendererMessage,
  CreateSurfaceBody,
  DeleteSurfaceBody,
  UpdateComponentsBody,
  UpdateDataModelBody,
} from '../protocol/agentToRenderer';
import { A2UI_VERSION } from '../protocol/common';
import { VALIDATION_ERROR_CODES } from '../protocol/rendererToAgent';
import { applyDataUpdate, emptyTable, ownValue, setOwn, splitPointer, tableGet, tableValues, tableWith } from '../data';
import { diagnosticEffect, type DiagnosticPayload, type Effect, type OutboundMessage } from '../model/effects';
import {
  agentCallIndexPrefix,
  noteCallTableChange,
  noteComponentChange,
  withSurfaceDiagnostic,
  type AgentCallRow,
  type PendingCallOutcome,
  type SessionState,
  type SurfaceState,
} from '../model/state';
import type { Diagnostic } from '../model/tree';
import { checkComponents } from './components';
import { FORBIDDEN_ID, type ProcessorConfig } from './config';
import { dataModelSizeError, rememberModelSize, rootKeyWriteSize } from './dataModelSize';
import { recordInPlaceWrite } from '../data/writeOrigin';
import { runRendererFunction } from './rendererFunctions';
import { withoutNegativeZero } from './negativeZero';
import type { MessageOptions, StepResult } from './step';

export type { MessageOptions, StepResult } from './step';

/** Applies one message (already checked against its schema). */
export function applyMessage(
  config: ProcessorConfig,
  state: SessionState,
  message: AgentToRendererMessage,
  path: string,
  options: MessageOptions = {},
): StepResult {
  if ('createSurface' in message) return createSurface(config, state, message.createSurface, `${path}/createSurface`, options);
  if ('updateComponents' in message) return updateComponents(config, state, message.updateComponents, `${path}/updateComponents`, options);
  if ('updateDataModel' in message) return updateDataModel(config, state, message.updateDataModel, `${path}/updateDataModel`, options);
  if ('deleteSurface' in message) return deleteSurface(state, message.deleteSurface);
  if ('callRendererFunction' in message) return runRendererFunction(config, state, message.callRendererFunction, options);
  if ('agentFunctionResponse' in message) return agentFunctionResponse(state, message.agentFunctionResponse, options);
  // Unreachable for a parsed message; a caller that skipped the schema still gets an error, not a throw.
  return failed(state, a2uiError('INVALID_MESSAGE', `${path}: the message has no known body`, { path }));
}

/** A failed step: state unchanged, and the error goes to the agent when it names a surface or call. */
export function failed(state: SessionState, error: A2uiError, effects: Effect[] = []): StepResult {
  const send = errorMessageFor(error);
  const out: Effect[] = send ? [...effects, { type: 'send', message: send }] : [...effects];
  // A limit met is also a diagnostic of the surface, as the limits met while resolving are.
  if (error.code === 'LIMIT_EXCEEDED' && error.surfaceId !== undefined) out.push(limitDiagnostic(error.surfaceId, error.message, error.path));
  return { ok: false, state, effects: out, error };
}

/** The host's diagnostic for a limit met on `surfaceId`. */
export function limitDiagnostic(surfaceId: string, message: string, path?: string): Effect {
  const payload: DiagnosticPayload = { code: 'LIMIT_EXCEEDED', message };
  if (path !== undefined) payload.path = path;
  return { type: 'diagnostic', surfaceId, severity: 'error', payload };
}

/** The renderer→agent `error` message for `error`, when the protocol lets one be sent. */
export function errorMessageFor(error: A2uiError): OutboundMessage | null {
  // One mapping (toAgentErrorBody), in the session's wire form: a validation error without a path
  // points at the message ('/'), and a generic error carries no path.
  const { path, ...rest } = error;
  const validation = (VALIDATION_ERROR_CODES as readonly string[]).includes(error.code);
  const body = toAgentErrorBody(validation ? { ...rest, path: path ?? '/' } : rest);
  return body === null ? null : { version: A2UI_VERSION, error: body };
}

/**
 * `state` with `surface` in place. The surfaces record is copied once per operation, not once per
 * message: a record this operation already copied (in `owned`) is not visible outside it yet, so
 * it is written in place. Without this, ingesting N surfaces copied records of up to N entries
 * for every message.
 */
function withSurface(state: SessionState, surface: SurfaceState, owned: WeakSet<object> | undefined): SessionState {
  const count = surfaceCount(state) + (Object.prototype.hasOwnProperty.call(state.surfaces, surface.surfaceId) ? 0 : 1);
  if (owned?.has(state.surfaces)) {
    setOwn(state.surfaces, surface.surfaceId, surface);
    surfaceCounts.set(state.surfaces, count);
    return { ...state };
  }
  const surfaces = { ...state.surfaces };
  setOwn(surfaces, surface.surfaceId, surface);
  surfaceCounts.set(surfaces, count);
  owned?.add(surfaces);
  return { ...state, surfaces };
}

/** Surfaces per table, by identity: counting a record of N surfaces is O(N), once per record. */
const surfaceCounts = new WeakMap<object, number>();

/** How many surfaces `state` holds (a table changed in place keeps its count up to date, see withSurface). */
function surfaceCount(state: SessionState): number {
  const table = state.surfaces;
  let count = surfaceCounts.get(table);
  if (count === undefined) {
    count = Object.keys(table).length;
    surfaceCounts.set(table, count);
  }
  return count;
}

function createSurface(config: ProcessorConfig, state: SessionState, body: CreateSurfaceBody, path: string, options: MessageOptions): StepResult {
  const surfaceId = body.surfaceId;
  const where = { surfaceId, path };
  if (surfaceId === FORBIDDEN_ID) {
    return failed(state, a2uiError('INVALID_MESSAGE', `${path}/surfaceId: the surface id '__proto__' is not allowed`, { ...where, path: `${path}/surfaceId` }));
  }
  if (Object.prototype.hasOwnProperty.call(state.surfaces, surfaceId)) {
    if (options.keepExistingSurfaces) return { ok: true, state, effects: [] };
    return failed(state, a2uiError('SURFACE_EXISTS', `${path}/surfaceId: surface '${surfaceId}' already exists; delete it before creating it again`, { ...where, path: `${path}/surfaceId` }));
  }
  if (surfaceCount(state) >= config.limits.maxSurfaces) {
    return failed(state, a2uiError('LIMIT_EXCEEDED', `${path}/surfaceId: the session already holds ${config.limits.maxSurfaces} surfaces; delete one before creating '${surfaceId}'`, { ...where, path: `${path}/surfaceId` }));
  }
  const catalogId = body.catalogId ?? null;
  if (catalogId !== null) {
    // A catalog of another protocol version is refused like a missing one: a v1.0 surface mixes only v1.0 catalogs.
    const found = findCatalog(config.catalogs, catalogId, { surfaceId });
    if (!found.ok) {
      const supported = config.catalogs.map((c) => c.catalogId).join(', ') || 'no catalogs';
      return failed(state, a2uiError('CATALOG_NOT_FOUND', `${path}/catalogId: ${found.error.message} (this renderer supports ${supported})`, { ...where, path: `${path}/catalogId` }));
    }
  }
  let surface: SurfaceState = {
    surfaceId,
    catalogId,
    sendDataModel: body.sendDataModel === true,
    components: emptyTable(),
    dataModel: {},
  };
  if (body.metadata !== undefined) surface.metadata = body.metadata;
  const effects: Effect[] = [{ type: 'surfaceCreated', surfaceId }];
  if (body.dataModel !== undefined) {
    const data = applyDataUpdate({}, '/', withoutNegativeZero(body.dataModel), { maxDepth: config.limits.maxDataDepth });
    if (!data.ok) return failed(state, { ...data.error, surfaceId, path: `${path}/dataModel` });
    const tooLarge = dataModelSizeError(config.limits, surfaceId, { before: {}, path: '/', value: body.dataModel, after: data.value, deletes: true }, `${path}/dataModel`);
    if (tooLarge) return failed(state, tooLarge);
    surface = { ...surface, dataModel: data.value };
    effects.push({ type: 'dataModelUpdated', surfaceId, path: '/' });
  }
  if (body.components !== undefined) {
    const check = checkComponents(config, surface, body.components, `${path}/components`);
    if (!check.ok) return failed(state, check.error);
    surface = { ...surface, components: tableWith(emptyTable(), check.components.map((c) => [c.id, c] as const)) };
    effects.push({ type: 'componentsUpdated', surfaceId, componentIds: check.components.map((c) => c.id) });
    effects.push(...warningEffects(surfaceId, check.warnings));
  }
  return { ok: true, state: withSurface(state, surface, options.owned), effects };
}

function updateComponents(config: ProcessorConfig, state: SessionState, body: UpdateComponentsBody, path: string, options: MessageOptions): StepResult {
  const surfaceId = body.surfaceId;
  const surface = ownValue(state.surfaces, surfaceId);
  if (!surface) return failed(state, surfaceNotFound(surfaceId, `${path}/surfaceId`));
  const check = checkComponents(config, surface, body.components, `${path}/components`);
  if (!check.ok) return failed(state, check.error);
  // One bucket of the table copied per component, not the whole table.
  const components = tableWith(surface.components, check.components.map((c) => [c.id, c] as const));
  noteComponentChange(components, surface.components, check.components.map((c) => c.id));
  const effects: Effect[] = [
    { type: 'componentsUpdated', surfaceId, componentIds: check.components.map((c) => c.id) },
    ...warningEffects(surfaceId, check.warnings),
  ];
  return { ok: true, state: withSurface(state, { ...surface, components }, options.owned), effects };
}

function updateDataModel(config: ProcessorConfig, state: SessionState, body: UpdateDataModelBody, path: string, options: MessageOptions): StepResult {
  const surfaceId = body.surfaceId;
  const target = body.path ?? '/';
  // The protocol's `path` is a JSON Pointer (RFC 6901: empty or starting with '/'); relative paths exist only in template scopes.
  if (target !== '' && !target.startsWith('/')) {
    const at = `${path}/path`;
    return failed(state, a2uiError('INVALID_MESSAGE', `${at}: ${JSON.stringify(target)} is not a JSON Pointer; updateDataModel.path must be empty or start with '/'`, { surfaceId, path: at }));
  }
  const surface = ownValue(state.surfaces, surfaceId);
  if (!surface) return failed(state, surfaceNotFound(surfaceId, `${path}/surfaceId`));
  const value = withoutNegativeZero(body.value);
  const inPlace = writeRootKeyInPlace(config, state, surface, target, value, path, options.owned);
  if (inPlace !== null) return inPlace;
  const result = applyDataUpdate(surface.dataModel, target, value, { maxDepth: config.limits.maxDataDepth });
  if (!result.ok) return failed(state, { ...result.error, surfaceId, path: `${path}/value`, message: `${path}: ${result.error.message}` });
  if (result.value === surface.dataModel) return { ok: true, state, effects: [] };
  const tooLarge = dataModelSizeError(config.limits, surfaceId, { before: surface.dataModel, path: target, value, after: result.value, deletes: true }, path);
  if (tooLarge) return failed(state, tooLarge);
  // The new root is this operation's own: later root-key writes of the same payload change it in place.
  options.owned?.add(result.value);
  return {
    ok: true,
    state: withSurface(state, { ...surface, dataModel: result.value }, options.owned),
    effects: [{ type: 'dataModelUpdated', surfaceId, path: target }],
  };
}

/**
 * A write of one root key into a data model this operation already copied (nothing outside the
 * operation has seen it yet) changes that model in place: a payload of N root-key writes costs
 * O(N) instead of copying a growing root N times. Everything is checked before the write, so the
 * message still applies whole or not at all. Null when the write is not of that kind.
 */
function writeRootKeyInPlace(
  config: ProcessorConfig,
  state: SessionState,
  surface: SurfaceState,
  target: string,
  value: unknown,
  path: string,
  owned: WeakSet<object> | undefined,
): StepResult | null {
  const model = surface.dataModel;
  if (owned === undefined || !owned.has(model)) return null;
  const segments = splitPointer(target);
  if (segments === null || segments.length !== 1) return null;
  const key = segments[0] as string;
  const surfaceId = surface.surfaceId;
  let written: unknown;
  if (value !== null) {
    // The same checks and copy as any write, made against an empty root (a root key's checks do not depend on the rest).
    const probe = applyDataUpdate({}, target, value, { maxDepth: config.limits.maxDataDepth });
    if (!probe.ok) return failed(state, { ...probe.error, surfaceId, path: `${path}/value`, message: `${path}: ${probe.error.message}` });
    written = ownValue(probe.value, key);
  } else if (!Object.prototype.hasOwnProperty.call(model, key)) {
    return { ok: true, state, effects: [] };
  }
  const size = rootKeyWriteSize(model, key, written);
  if (size > config.limits.maxDataModelBytes) {
    return failed(state, a2uiError('LIMIT_EXCEEDED', `${path}: the data model of surface '${surfaceId}' would be ${size} bytes; the limit is ${config.limits.maxDataModelBytes}`, { surfaceId, path }));
  }
  if (written === undefined) delete model[key];
  else setOwn(model, key, written);
  rememberModelSize(model, size);
  recordInPlaceWrite(model, [{ segments: [key], shallow: false }]);
  return {
    ok: true,
    state: withSurface(state, { ...surface, dataModel: model }, owned),
    effects: [{ type: 'dataModelUpdated', surfaceId, path: target }],
  };
}

function deleteSurface(state: SessionState, body: DeleteSurfaceBody): StepResult {
  const surfaceId = body.surfaceId;
  // Deleting a surface that does not exist is a no-op (conformance: safe no-op).
  if (!Object.prototype.hasOwnProperty.call(state.surfaces, surfaceId)) return { ok: true, state, effects: [] };
  const surfaces = { ...state.surfaces };
  delete surfaces[surfaceId];
  // A surface created again under the same id starts with no remembered agent calls.
  const prefix = agentCallIndexPrefix(surfaceId);
  const agentCallsByKey = Object.fromEntries(Object.entries(state.agentCallsByKey).filter(([key]) => !key.startsWith(prefix)));
  const effects: Effect[] = [{ type: 'surfaceDeleted', surfaceId }];
  const surfaceDiagnostics = state.surfaceDiagnostics === undefined
    ? undefined
    : Object.fromEntries(Object.entries(state.surfaceDiagnostics).filter(([id]) => id !== surfaceId));
  // Its calls are settled (the pending ones cancelled) and released: nothing reads them any more.
  const cancelled = settleWhere(
    { ...state, surfaces, agentCallsByKey, ...(surfaceDiagnostics === undefined ? {} : { surfaceDiagnostics }) },
    (row) => row.surfaceId === surfaceId,
    { status: 'cancelled', error: { code: 'SURFACE_DELETED', message: `Surface '${surfaceId}' was deleted before the agent answered.` } },
    effects,
    true,
  );
  return { ok: true, state: cancelled, effects };
}

function agentFunctionResponse(state: SessionState, body: AgentFunctionResponseBody, options: MessageOptions): StepResult {
  const callId = body.functionCallId;
  const row = tableGet(state.agentCalls, callId);
  // A debounced call was never sent: no answer to it can be genuine.
  if (!row || row.status !== 'pending' || row.debounced === true) {
    const why = !row || row.debounced === true ? 'no pending call has this id (never sent, or settled and released)' : `the call already ended (${row.status})`;
    return {
      ok: true,
      state,
      effects: [{
        type: 'diagnostic',
        surfaceId: row?.surfaceId ?? options.surfaceId ?? '',
        severity: 'warning',
        payload: { code: 'AGENT_RESPONSE_IGNORED', message: `agentFunctionResponse for '${callId}' ignored: ${why}.` },
      }],
    };
  }
  const effects: Effect[] = [];
  const next = 'error' in body
    ? settleRow(state, row, { status: 'error', error: { code: body.error.code, message: body.error.message } }, effects)
    : settleRow(state, row, { status: 'ok', value: body.value }, effects);
  return { ok: true, state: next, effects };
}

type Outcome = { status: 'ok'; value: unknown } | { status: 'error' | 'timeout' | 'cancelled'; error: { code: string; message: string } };

/**
 * Settles one pending row exactly once, with its rpcSettled effect. A binding's row stays while
 * its node shows the outcome (the session releases it when no node reads it any more); an
 * action's row is released at once, since nothing reads it after the rpcSettled effect.
 */
export function settleRow(state: SessionState, row: AgentCallRow, outcome: Outcome, effects: Effect[]): SessionState {
  if (row.status !== 'pending') return state;
  const settled = settleInto(row, outcome, effects, row.origin === 'action');
  // One bucket of the table copied, not the table.
  const agentCalls = settled === null ? tableWith(state.agentCalls, [], [row.callId]) : tableWith(state.agentCalls, [[row.callId, settled]]);
  noteCallTableChange(agentCalls, state.agentCalls, [row.callId]);
  return afterSettled({ ...state, agentCalls }, row, outcome, effects);
}

/** The settled row (null: released), with its rpcSettled effect. */
function settleInto(row: AgentCallRow, outcome: Outcome, effects: Effect[], release: boolean): AgentCallRow | null {
  effects.push({
    type: 'rpcSettled',
    callId: row.callId,
    outcome: outcome.status === 'ok' ? { status: 'ok', value: outcome.value } : { status: 'error', error: outcome.error },
  });
  if (release) return null;
  return outcome.status === 'ok' ? { ...row, status: 'ok', value: outcome.value } : { ...row, status: outcome.status, error: outcome.error };
}

/**
 * What a settlement means beyond the table: a waiting event action hears the outcome, and an
 * action's call that failed or timed out (no node shows it) is reported with its surface and component.
 */
function afterSettled(state: SessionState, row: AgentCallRow, outcome: Outcome, effects: Effect[]): SessionState {
  let next = recordPendingActionOutcome(state, row.callId, outcome);
  // A property's or a check's failed call shows in the tree of the node that reads it.
  if (row.origin === 'action' && (outcome.status === 'error' || outcome.status === 'timeout')) {
    const diagnostic = agentCallDiagnostic(row, outcome.status, outcome.error);
    effects.push(diagnosticEffect(row.surfaceId, diagnostic));
    if (ownValue(next.surfaces, row.surfaceId)) next = withSurfaceDiagnostic(next, row.surfaceId, diagnostic);
  }
  return next;
}

/** The diagnostic of an agent call that failed or timed out. */
export function agentCallDiagnostic(row: AgentCallRow, status: 'error' | 'timeout', error: { code: string; message: string }): Diagnostic {
  const what = `Agent function '${row.call.call}' (call ${row.callId})`;
  const diagnostic: Diagnostic = status === 'timeout'
    ? { severity: 'error', code: 'AGENT_CALL_TIMEOUT', message: `${what} timed out: ${error.message}` }
    : { severity: 'error', code: 'AGENT_CALL_FAILED', message: `${what} failed: ${error.code}: ${error.message}` };
  if (row.componentId !== undefined) diagnostic.componentId = row.componentId;
  if (row.ref !== undefined) diagnostic.ref = row.ref;
  return diagnostic;
}

/** Notes how a call of a pending action ended (the session sends or drops the action afterwards). */
function recordPendingActionOutcome(
  state: SessionState,
  callId: string,
  outcome: { status: 'ok'; value: unknown } | { status: 'error' | 'timeout' | 'cancelled'; error: { code: string; message: string } },
): SessionState {
  const pending = state.pendingActions;
  if (pending === undefined) return state;
  for (const action of Object.values(pending)) {
    if (!Object.values(action.calls).includes(callId)) continue;
    const recorded: PendingCallOutcome = outcome.status === 'ok'
      ? { status: 'ok', value: outcome.value }
      : { status: 'error', code: outcome.error.code, message: outcome.error.message };
    return { ...state, pendingActions: { ...pending, [action.id]: { ...action, outcomes: { ...action.outcomes, [callId]: recorded } } } };
  }
  return state;
}

/**
 * Settles every pending row matching `which` with the same outcome, copying the table once.
 * `releaseAll`: every matching row, settled before or now, leaves the table.
 */
export function settleWhere(
  state: SessionState,
  which: (row: AgentCallRow) => boolean,
  outcome: { status: 'timeout' | 'cancelled' | 'error'; error: { code: string; message: string } },
  effects: Effect[],
  releaseAll = false,
): SessionState {
  const changed: string[] = [];
  const settled: AgentCallRow[] = [];
  const written: Array<[string, AgentCallRow]> = [];
  const released: string[] = [];
  for (const row of tableValues(state.agentCalls)) {
    if (!which(row)) continue;
    if (row.status !== 'pending' && !releaseAll) continue;
    changed.push(row.callId);
    if (row.status === 'pending') {
      const after = settleInto(row, outcome, effects, releaseAll || row.origin === 'action');
      if (after === null) released.push(row.callId);
      else written.push([row.callId, after]);
      settled.push(row);
    } else {
      released.push(row.callId);
    }
  }
  if (changed.length === 0) return state;
  const table = tableWith(state.agentCalls, written, released);
  noteCallTableChange(table, state.agentCalls, changed);
  let next: SessionState = { ...state, agentCalls: table };
  for (const row of settled) next = afterSettled(next, row, outcome, effects);
  return next;
}

function surfaceNotFound(surfaceId: string, path: string): A2uiError {
  return a2uiError('SURFACE_NOT_FOUND', `${path}: surface '${surfaceId}' does not exist (never created, or deleted)`, { surfaceId, path });
}

function warningEffects(surfaceId: string, warnings: ReturnType<typeof checkComponents> extends infer R ? R extends { warnings: infer W } ? W : never : never): Effect[] {
  const effects: Effect[] = [];
  for (const warning of warnings) {
    // API.md: an unknown type is told to the agent (and reported by the resolver as a placeholder);
    // a lenient schema problem is a warning diagnostic only.
    if (warning.code === 'UNKNOWN_COMPONENT') {
      effects.push({
        type: 'send',
        message: { version: A2UI_VERSION, error: { code: 'VALIDATION_FAILED', surfaceId, path: warning.path, message: warning.message } },
      });
      continue;
    }
    effects.push({
      type: 'diagnostic',
      surfaceId,
      severity: 'warning',
      payload: { code: warning.code, message: warning.message, componentId: warning.componentId, path: warning.path },
    });
  }
  return effects;
}
