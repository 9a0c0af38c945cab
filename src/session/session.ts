/**
 * The public, pure session API: every operation takes a session and returns a new one with the
 * effects the host must carry out. Nothing here throws; nothing here performs I/O.
 */
import type { Catalog, LocalRequest } from '../catalog/types';
import { a2uiError, type A2uiError } from '../protocol/errors';
import { splitAgentPayload, parseAgentMessage } from '../protocol';
import { jsonLengthWithin } from '../protocol/json';
import { DEFAULT_SESSION_LIMITS, type ProcessorConfig, type SessionLimits } from '../processor/config';
import { applyMessage, failed, limitDiagnostic, settleRow, settleWhere, type MessageOptions } from '../processor/processor';
import {
  clearResolverCache,
  createResolverCache,
  forgetSurface,
  resolveSurface,
  type ResolutionContext,
  type ResolverCache,
} from '../resolution/resolver';
import type { ResolvedTree } from '../model/tree';
import { agentErrorEffect, diagnosticEffect, JSON_RPC_INTERNAL_ERROR, type Effect, type McpReply } from '../model/effects';
import type { RendererDataModel } from '../protocol/dataModel';
import { ownValue, tableGet, tableWith } from '../data';
import { agentCallIndexKey, initialSessionState, noteCallTableChange, type AgentCallRow, type SessionState, type SurfaceState } from '../model/state';
import type { AgentCallRequest } from '../resolution/evaluation';
import { errorText } from '../util/errors';
import { isRecord } from '../util/records';
import { SURFACE_MESSAGE_KINDS } from '../protocol/agentToRenderer';
import type { McpAppRequestOptions, McpToolSettlement } from '../mcp/types';
import { readCatalogs, readSessionOptions, type SessionOptions } from './options';
import { settlePendingActions } from './pendingActions';
import { inlineCatalogDefinition } from './capabilities';
import { A2UI_VERSION } from '../protocol/common';
import type { CallAgentFunctionBody } from '../protocol/rendererToAgent';

export type { McpToolClient } from '../mcp/types';

export type { SessionOptions } from './options';

/**
 * The session side of a feature that arrives with a catalog (MCP Apps with `mcpCatalog()`): code
 * the session, its local requests and the Redux slice call at named seams. Every seam is
 * optional; without an extension a seam does what it does for a surface without the feature.
 * The feature's state stays in the session state; an extension is code, like its catalog.
 */
export interface SessionExtension {
  /** The feature, for messages. */
  readonly name: string;
  /**
   * The effects of what an operation changed in one surface's data model (embedded apps hear
   * about their bound values), given the surface before and after and its resolved tree.
   */
  dataModelChanged?(before: SurfaceState, after: SurfaceState, tree: ResolvedTree): Effect[];
  /**
   * Carries out a local request the core does not (a `callMcpTool` action's `mcpToolCall`) made
   * by an action of node `ref`; undefined when the request is not this extension's.
   */
  localRequest?(session: Session, surfaceId: string, ref: string, request: LocalRequest): { session: Session; effects: Effect[] } | undefined;
  /** Acts on a request of the embedded app at node `ref` (the `mcpAppRequested` action). */
  appRequest?(session: Session, surfaceId: string, ref: string, method: string, params: unknown, options: McpAppRequestOptions): AppRequestResult;
  /** Applies the outcome of a tool call the host ran (the `mcpToolReplied` action). */
  toolSettled?(session: Session, settlement: McpToolSettlement): ToolSettledResult;
}

/**
 * What an app request comes to: `reply` is the answer now, or null with `deferred` when a tool
 * call answers later; `ok: false` when there is no app at that node to answer.
 */
export type AppRequestResult =
  | { ok: true; session: Session; effects: Effect[]; reply: McpReply; deferred: boolean }
  | { ok: false; error: A2uiError };

/** What a settled tool call comes to: the reply for an app's call, null for an action's. */
export interface ToolSettledResult {
  session: Session;
  effects: Effect[];
  reply: McpReply;
}

/** The seams a {@link SessionExtension} may fill, each a function when given. */
const EXTENSION_SEAMS = ['dataModelChanged', 'localRequest', 'appRequest', 'toolSettled'] as const;

/** What a session closes over: code and caches, never part of serializable state. */
export interface SessionRuntime {
  readonly catalogs: readonly Catalog[];
  /** The session extensions the catalogs carry, in catalog order. */
  readonly extensions: readonly SessionExtension[];
  readonly options: Readonly<SessionOptions>;
  readonly processor: ProcessorConfig;
  readonly resolution: ResolutionContext;
  readonly cache: ResolverCache;
  readonly clock: () => Date;
}

/** A session: serializable `state` plus the `runtime` (catalogs, options, resolver cache). */
export interface Session {
  readonly state: SessionState;
  readonly runtime: SessionRuntime;
}

/** A successful operation: the new session and its effects. */
export type Result = { ok: true; session: Session; effects: Effect[] };
/** A failed operation: the error, and the session with what did apply. */
export type Failure = { ok: false; error: A2uiError; session: Session; effects: Effect[] };

/**
 * Builds the runtime (catalogs, options, caches) a session or a Redux slice works with.
 * Throws a TypeError naming the option for a configuration mistake (see {@link createSession}).
 */
export function createSessionRuntime(catalogs: readonly Catalog[], rawOptions?: SessionOptions, who = 'createSessionRuntime'): SessionRuntime {
  const list = readCatalogs(catalogs, who);
  const options = readSessionOptions(rawOptions, who);
  const limits: SessionLimits = { ...DEFAULT_SESSION_LIMITS, ...options.limits };
  const implicitDefaultCatalogId = options.implicitDefaultCatalog === false ? null : (list[0]?.catalogId ?? null);
  const processor: ProcessorConfig = {
    catalogs: list,
    validation: options.validation === 'lenient' ? 'lenient' : 'strict',
    implicitDefaultCatalogId,
    defaultTimeoutMs: options.defaultTimeoutMs === undefined ? 10_000 : options.defaultTimeoutMs,
    limits,
    unknownFunctions: options.unknownFunctions ?? 'agent',
  };
  return {
    catalogs: list,
    extensions: sessionExtensionsOf(list, who),
    options,
    processor,
    resolution: {
      catalogs: list,
      implicitDefaultCatalogId,
      limits: resolutionLimitsOf(limits),
    },
    cache: createResolverCache(),
    clock: typeof options.clock === 'function' ? options.clock : () => new Date(),
  };
}

/**
 * The session extensions of `catalogs` (their `sessionExtension`), checked: a catalog a host
 * built with a malformed one is a configuration mistake, thrown here naming it. Each is kept as
 * what was checked (its seams read once, so a getter or a Proxy cannot swap one later), a seam
 * an earlier extension already brings is left out (a catalog reusing `mcpCatalog()`'s extension
 * next to the MCP catalog does not notify twice), and each seam is guarded: one that throws at
 * run time costs its own contribution, never the operation (see {@link guardedExtension}).
 */
function sessionExtensionsOf(catalogs: readonly Catalog[], who: string): SessionExtension[] {
  const out: SessionExtension[] = [];
  const seen = new Set<unknown>();
  catalogs.forEach((catalog, index) => {
    const name = `catalogs[${index}].sessionExtension`;
    let problem: string | null;
    let snapshot: Record<string, unknown> | undefined;
    try {
      snapshot = extensionSnapshot(catalog.sessionExtension);
      problem = snapshot === undefined ? null : extensionProblem(snapshot, name);
    } catch (caught) {
      problem = `${name} could not be read (${errorText(caught)})`;
    }
    if (problem !== null) throw new TypeError(`${who}: ${problem}`);
    if (snapshot === undefined) return;
    for (const seam of EXTENSION_SEAMS) {
      if (snapshot[seam] === undefined) continue;
      if (seen.has(snapshot[seam])) delete snapshot[seam];
      else seen.add(snapshot[seam]);
    }
    out.push(guardedExtension(snapshot as unknown as SessionExtension, catalog.sessionExtension));
  });
  return out;
}

/** The extension's name and seams, each read once; undefined when there is none; as given when it is no object. */
function extensionSnapshot(extension: unknown): Record<string, unknown> | undefined {
  if (extension === undefined) return undefined;
  if (!isRecord(extension)) return { name: extension, notAnObject: true };
  const snapshot: Record<string, unknown> = { name: extension.name };
  for (const seam of EXTENSION_SEAMS) {
    const value = extension[seam];
    if (value !== undefined) snapshot[seam] = value;
  }
  return snapshot;
}

/** What is wrong with the extension (as read) called `name`, or null. */
function extensionProblem(extension: Record<string, unknown>, name: string): string | null {
  if (extension.notAnObject === true || typeof extension.name !== 'string') return `${name} must be an object with a string name`;
  const seam = EXTENSION_SEAMS.find((key) => extension[key] !== undefined && typeof extension[key] !== 'function');
  return seam === undefined ? null : `${name}.${seam} must be a function when given`;
}

/**
 * The extension with each seam guarded: agent and app input never throws, so a seam that does
 * costs only what it would have added. A failed data-model notification or local request becomes
 * an error diagnostic naming the extension; a failed app request an error the app is answered
 * with; a failed tool outcome an error reply to the app (or a diagnostic, for an action's call).
 */
function guardedExtension(extension: SessionExtension, self: unknown): SessionExtension {
  const failure = (seam: string, caught: unknown) => `Session extension '${extension.name}' failed in ${seam}: ${errorText(caught)}`;
  const diagnostic = (surfaceId: string, message: string, ref?: string): Effect => ({
    type: 'diagnostic',
    surfaceId,
    severity: 'error',
    payload: ref === undefined ? { code: 'EXTENSION_FAILED', message } : { code: 'EXTENSION_FAILED', message, ref },
  });
  const guarded: { -readonly [K in keyof SessionExtension]: SessionExtension[K] } = { name: extension.name };
  const { dataModelChanged, localRequest, appRequest, toolSettled } = extension;
  if (dataModelChanged !== undefined) {
    guarded.dataModelChanged = (before, after, tree) => {
      try {
        const effects: unknown = dataModelChanged.call(self, before, after, tree);
        if (Array.isArray(effects) && effects.every(isRecord)) return [...(effects as Effect[])];
        throw new TypeError('it returned no list of effects');
      } catch (caught) {
        return [diagnostic(after.surfaceId, failure('dataModelChanged', caught))];
      }
    };
  }
  if (localRequest !== undefined) {
    guarded.localRequest = (session, surfaceId, ref, request) => {
      try {
        const done = localRequest.call(self, session, surfaceId, ref, request);
        if (done === undefined || (isRecord(done) && Array.isArray(done.effects) && isRecord(done.session))) return done;
        throw new TypeError('it returned neither undefined nor { session, effects }');
      } catch (caught) {
        return { session, effects: [diagnostic(surfaceId, failure('localRequest', caught), ref)] };
      }
    };
  }
  if (appRequest !== undefined) {
    guarded.appRequest = (session, surfaceId, ref, method, params, options) => {
      try {
        const done = appRequest.call(self, session, surfaceId, ref, method, params, options);
        if (isRecord(done) && (done.ok === false ? isRecord(done.error) : Array.isArray(done.effects) && isRecord(done.session))) return done;
        throw new TypeError('it returned no AppRequestResult');
      } catch (caught) {
        return { ok: false, error: a2uiError('EXECUTION_FAILED', failure('appRequest', caught), { surfaceId }) };
      }
    };
  }
  if (toolSettled !== undefined) {
    guarded.toolSettled = (session, settlement) => {
      try {
        const done = toolSettled.call(self, session, settlement);
        if (isRecord(done) && Array.isArray(done.effects) && isRecord(done.session)) return done;
        throw new TypeError('it returned no ToolSettledResult');
      } catch (caught) {
        const message = failure('toolSettled', caught);
        if (settlement?.origin !== 'action') return { session, effects: [], reply: { error: { code: JSON_RPC_INTERNAL_ERROR, message } } };
        return { session, effects: [diagnostic(settlement.surfaceId, message, settlement.ref)], reply: null };
      }
    };
  }
  return Object.freeze(guarded);
}

/** The resolver's share of the session limits: tree shape, tree budgets, per-evaluation bounds. */
function resolutionLimitsOf(limits: SessionLimits): ResolutionContext['limits'] {
  return {
    maxDepth: limits.maxTreeDepth,
    maxTemplateItems: limits.maxTemplateItems,
    maxNodes: limits.maxNodes,
    maxWork: limits.maxWorkPerSurface,
    maxChars: limits.maxCharsPerSurface,
    maxRegexSteps: limits.maxRegexStepsPerSurface,
    expressions: {
      maxCalls: limits.maxCallsPerEvaluation,
      maxReads: limits.maxReadsPerEvaluation,
      maxStringLength: limits.maxStringLength,
      maxOutputChars: 10 * limits.maxStringLength,
      maxRegexSteps: limits.maxRegexStepsPerEvaluation,
    },
  };
}

/** Whether `value` is a session this package made (guards the read-only functions). */
function isSession(value: unknown): value is Session {
  try {
    if (typeof value !== 'object' || value === null) return false;
    const { state, runtime } = value as Session;
    return typeof state === 'object' && state !== null && typeof state.surfaces === 'object' && state.surfaces !== null
      && typeof state.agentCalls === 'object' && state.agentCalls !== null
      && typeof runtime === 'object' && runtime !== null && Array.isArray(runtime.catalogs);
  } catch {
    return false;
  }
}

/**
 * Creates a session over `catalogs`; the first is the default for surfaces that name none.
 * Configuration mistakes throw a TypeError naming the option: catalogs that are not catalogs (a
 * factory passed uncalled: `basicCatalog` for `basicCatalog()`), an unknown or misspelled option,
 * an unsupported `version`, a `validation` other than 'strict' or 'lenient', and so on.
 * @example const session = createSession([basicCatalog()], { defaultTimeoutMs: 5_000 });
 */
export function createSession(catalogs: Catalog[], options?: SessionOptions): Session {
  return { state: initialSessionState(), runtime: createSessionRuntime(catalogs, options, 'createSession') };
}

/** Wraps existing state (from a Redux store, say) with a runtime. */
export function sessionFrom(runtime: SessionRuntime, state: SessionState): Session {
  return { state, runtime };
}

/**
 * Applies an agent payload: one message, an array, a `{messages}` wrapper, or JSON text of any.
 * Messages apply in order; on failure the ones before stay applied and the effects include the
 * `error` message for the agent when the error names a surface or a call.
 */
export function handleMessage(
  session: Session,
  payload: unknown,
  options: { userActivated?: boolean; surfaceId?: string } = {},
): Result | Failure {
  try {
    if (isDisposed(session)) return { ok: false, error: disposedError('handleMessage'), session, effects: [] };
    const result = handleMessageUnguarded(session, payload, sanitizeMessageOptions(options));
    return { ...result, effects: withDataModelMetadata(result.session.state, result.effects) };
  } catch (caught) {
    return internalFailure(session, caught);
  }
}

function sanitizeMessageOptions(options: unknown): MessageOptions {
  if (typeof options !== 'object' || options === null) return {};
  const o = options as Record<string, unknown>;
  const out: MessageOptions = {};
  if (o.userActivated === true) out.userActivated = true;
  if (typeof o.surfaceId === 'string') out.surfaceId = o.surfaceId;
  if (o.keepExistingSurfaces === true) out.keepExistingSurfaces = true;
  return out;
}

/**
 * handleMessage without its guard against a throw (the callers hold one): the internal entry of
 * invoke and MCP tool results, which may keep existing surfaces.
 */
export function handleMessageUnguarded(session: Session, payload: unknown, options: MessageOptions): Result | Failure {
  const runtime = session.runtime;
  const limits = runtime.processor.limits;
  const tooLarge = payloadTooLarge(payload, limits);
  if (tooLarge) return refusedPayload(session, tooLarge, payload, limits);
  const split = splitAgentPayload(payload);
  if (!split.ok) return { ok: false, error: split.error, session, effects: [] };
  if (split.raw.length > limits.maxMessagesPerPayload) {
    const error = a2uiError('LIMIT_EXCEEDED', `The payload holds ${split.raw.length} messages; the limit is ${limits.maxMessagesPerPayload}.`, { path: split.basePath || '/' });
    return refusedPayload(session, error, split.raw, limits);
  }
  let state = session.state;
  const effects: Effect[] = [];
  const touched = new Set<string>();
  const stepOptions: MessageOptions = { ...options, owned: new WeakSet() };
  for (let index = 0; index < split.raw.length; index += 1) {
    const messagePath = split.paths[index] ?? '';
    const parsed = parseAgentMessage(split.raw[index], index, messagePath, { maxDepth: limits.maxValueDepth + 4 });
    if (!parsed.ok) {
      // The agent is told the path inside its message; the host gets the path into the payload.
      const step = failed(state, withinMessage(parsed.error, messagePath));
      effects.push(...step.effects, ...answerSkippedCalls(split.raw, index + 1));
      return completeOperation(runtime, session.state, state, effects, touched, parsed.error);
    }
    const step = applyMessage(runtime.processor, state, parsed.message, '', stepOptions);
    for (const effect of step.effects) {
      if ('surfaceId' in effect && typeof effect.surfaceId === 'string') touched.add(effect.surfaceId);
    }
    effects.push(...step.effects);
    if (!step.ok) {
      effects.push(...answerSkippedCalls(split.raw, index + 1));
      const error = intoPayload(step.error, messagePath, split.raw.length > 1 ? index : undefined);
      return completeOperation(runtime, session.state, step.state, effects, touched, error);
    }
    state = step.state;
  }
  return completeOperation(runtime, session.state, state, effects, touched, null);
}

/**
 * After an operation: resolve the surfaces it touched, record the agent calls their trees need
 * (each sent once, with its timeout effect), and report new diagnostics.
 */
export function completeOperation(
  runtime: SessionRuntime,
  before: SessionState,
  state: SessionState,
  effects: Effect[],
  touched: Set<string>,
  error: A2uiError | null,
): Result | Failure {
  let next = state;
  for (const surfaceId of touched) {
    // Diff against the state this operation started from (cheap when it is the latest resolved).
    const start = ownValue(before.surfaces, surfaceId);
    if (start) resolveSurface(runtime.cache, runtime.resolution, start, before);
    if (!ownValue(next.surfaces, surfaceId)) {
      forgetSurface(runtime.cache, surfaceId);
      continue;
    }
    next = settleSurface(runtime, next, surfaceId, effects);
  }
  // Event actions waiting for agent calls go out (or are dropped) once their calls answered.
  if (next.agentCalls !== before.agentCalls || next.surfaces !== before.surfaces) next = settlePendingActions(runtime, next, effects);
  // Rows that settled change what bindings show; refresh those surfaces too. The settled rows
  // are the operation's rpcSettled effects, so this costs the rows changed, not the table.
  if (next.agentCalls !== before.agentCalls) {
    for (const effect of [...effects]) {
      if (effect.type !== 'rpcSettled') continue;
      const row = tableGet(before.agentCalls, effect.callId) ?? tableGet(next.agentCalls, effect.callId);
      if (row && !touched.has(row.surfaceId) && ownValue(next.surfaces, row.surfaceId)) {
        touched.add(row.surfaceId);
        next = settleSurface(runtime, next, row.surfaceId, effects);
      }
    }
  }
  // Extensions hear about the data this operation changed (MCP Apps: embedded apps are notified).
  const listeners = runtime.extensions.filter((extension) => extension.dataModelChanged !== undefined);
  for (const surfaceId of listeners.length === 0 ? [] : touched) {
    const was = ownValue(before.surfaces, surfaceId);
    const now = ownValue(next.surfaces, surfaceId);
    if (was === undefined || now === undefined || was.dataModel === now.dataModel) continue;
    const tree = resolveSurface(runtime.cache, runtime.resolution, now, next).tree;
    for (const extension of listeners) effects.push(...(extension.dataModelChanged?.(was, now, tree) ?? []));
  }
  const session = { state: next, runtime };
  return error ? { ok: false, error, session, effects } : { ok: true, session, effects };
}

/** Resolver diagnostics that mean a resource limit was met (tree depth, template items, nodes, expression limits). */
const RESOLUTION_LIMIT_CODES: ReadonlySet<string> = new Set(['DEPTH_LIMIT', 'LIMIT_EXCEEDED']);

function settleSurface(runtime: SessionRuntime, state: SessionState, surfaceId: string, effects: Effect[]): SessionState {
  const surface = state.surfaces[surfaceId] as SurfaceState;
  const { pass } = resolveSurface(runtime.cache, runtime.resolution, surface, state);
  let limitMet: string | undefined;
  for (const diagnostic of pass.diagnostics) {
    effects.push(diagnosticEffect(surfaceId, diagnostic));
    if (limitMet === undefined && RESOLUTION_LIMIT_CODES.has(diagnostic.code)) limitMet = diagnostic.message;
  }
  // The agent that sent an oversized UI is told too, once per surface and operation, so it can correct it.
  if (limitMet !== undefined) effects.push(agentErrorEffect('LIMIT_EXCEEDED', `Surface '${surfaceId}' goes over a limit: ${limitMet}`, { surfaceId }));
  // Nodes whose call was released here asked again with other arguments: their new call is debounced.
  const changedRefs = new Set<string>();
  let next = releaseUnread(state, surfaceId, pass.unreadAgentKeys, effects, changedRefs);
  // So do nodes that moved off a call another node still reads (it was not released).
  for (const ref of pass.leftAgentCalls) changedRefs.add(ref);
  const debounceMs = runtime.options.agentCallDebounceMs ?? 0;
  const debounce = debounceMs > 0 && changedRefs.size > 0 ? { ms: debounceMs, refs: changedRefs } : null;
  next = recordAgentCalls(runtime, next, surfaceId, pass.agentRequests, 'binding', effects, debounce);
  if (next !== state) resolveSurface(runtime.cache, runtime.resolution, next.surfaces[surfaceId] as SurfaceState, next);
  return next;
}

/**
 * Releases the binding rows no node reads any more. A settled one just leaves the table; a
 * pending one was superseded (its arguments changed, or its node left the tree), so it is
 * cancelled with SUPERSEDED, without a diagnostic, and its late answer is ignored.
 */
function releaseUnread(state: SessionState, surfaceId: string, keys: readonly string[], effects: Effect[], releasedRefs: Set<string>): SessionState {
  if (keys.length === 0) return state;
  let byKey: Record<string, string> | null = null;
  const released: string[] = [];
  for (const key of keys) {
    const slot = agentCallIndexKey(surfaceId, key);
    const callId = ownValue(state.agentCallsByKey, slot);
    if (callId === undefined) continue;
    const row = tableGet(state.agentCalls, callId);
    byKey ??= { ...state.agentCallsByKey };
    delete byKey[slot];
    if (row === undefined || row.origin !== 'binding') continue;
    if (row.ref !== undefined) releasedRefs.add(row.ref);
    if (row.status === 'pending') {
      const error = { code: 'SUPERSEDED', message: `Call '${callId}' is no longer needed: the value it was for changed.` };
      effects.push({ type: 'rpcSettled', callId, outcome: { status: 'error', error } });
    }
    released.push(callId);
  }
  if (byKey === null) return state;
  const calls = tableWith(state.agentCalls, [], released);
  noteCallTableChange(calls, state.agentCalls, released);
  return { ...state, agentCalls: calls, agentCallsByKey: byKey };
}

/**
 * Adds pending rows for `requests` (the tables copied once), each with its messages and effects.
 * With `debounce`, a binding call of a node in `debounce.refs` is recorded unsent, to be sent
 * by {@link sendDebouncedAgentCall} once it has waited `debounce.ms`.
 */
function recordAgentCalls(
  runtime: SessionRuntime,
  state: SessionState,
  surfaceId: string,
  requests: readonly AgentCallRequest[],
  origin: AgentCallRow['origin'],
  effects: Effect[],
  debounce: { ms: number; refs: ReadonlySet<string> } | null = null,
): SessionState {
  if (requests.length === 0) return state;
  const rows: Array<[string, AgentCallRow]> = [];
  const byKey = { ...state.agentCallsByKey };
  const added: string[] = [];
  let number = state.nextCallNumber;
  for (const request of requests) {
    const slot = agentCallIndexKey(surfaceId, request.key);
    if (origin === 'binding' && ownValue(byKey, slot) !== undefined) continue;
    const callId = state.nonce === undefined ? `call-${number}` : `call-${state.nonce}-${number}`;
    number += 1;
    const row = agentCallRow(runtime, surfaceId, request, origin, callId);
    if (debounce !== null && origin === 'binding' && request.ref !== undefined && debounce.refs.has(request.ref)) {
      row.debounced = true;
      effects.push({ type: 'agentCallDebounced', callId, delayMs: debounce.ms });
    } else {
      pushAgentCallSent(row, effects);
    }
    rows.push([callId, row]);
    if (origin === 'binding') byKey[slot] = callId;
    added.push(callId);
  }
  if (added.length === 0) return state;
  const calls = tableWith(state.agentCalls, rows);
  noteCallTableChange(calls, state.agentCalls, added);
  return { ...state, nextCallNumber: number, agentCalls: calls, agentCallsByKey: byKey };
}

/** The pending row of a new call. */
function agentCallRow(runtime: SessionRuntime, surfaceId: string, request: AgentCallRequest, origin: AgentCallRow['origin'], callId: string): AgentCallRow {
  const timeoutMs = typeof request.timeoutMs === 'number' ? request.timeoutMs : runtime.processor.defaultTimeoutMs;
  const row: AgentCallRow = { callId, surfaceId, key: request.key, call: request.call, origin, status: 'pending', timeoutMs };
  if (request.componentId !== undefined) row.componentId = request.componentId;
  if (request.ref !== undefined) row.ref = request.ref;
  return row;
}

/** A row's callAgentFunction message and its agentCallSent effect (which starts its timeout). */
function pushAgentCallSent(row: AgentCallRow, effects: Effect[]): void {
  const callFunction: Record<string, unknown> = { call: row.call.call, args: row.call.args };
  if (row.call.catalogId !== undefined) callFunction.catalogId = row.call.catalogId;
  effects.push({
    type: 'send',
    // The call was validated as a FunctionCall when the agent sent it.
    message: { version: A2UI_VERSION, callAgentFunction: { surfaceId: row.surfaceId, functionCallId: row.callId, callFunction: callFunction as CallAgentFunctionBody['callFunction'] } },
  });
  effects.push({ type: 'agentCallSent', callId: row.callId, timeoutMs: row.timeoutMs });
}

/**
 * Sends a debounced binding call (its `agentCallDebounced` wait is over): the callAgentFunction
 * message and its `agentCallSent` (the timeout starts now). A call that is no longer waiting
 * (superseded, its surface deleted, already sent) is left alone, with no effects.
 */
export function sendDebouncedAgentCall(session: Session, callId: string): Result {
  try {
    const row = typeof callId === 'string' && !isDisposed(session) ? tableGet(session.state.agentCalls, callId) : undefined;
    if (!row || row.status !== 'pending' || row.debounced !== true) return { ok: true, session, effects: [] };
    const sent: AgentCallRow = { ...row };
    delete sent.debounced;
    const effects: Effect[] = [];
    pushAgentCallSent(sent, effects);
    const agentCalls = tableWith(session.state.agentCalls, [[callId, sent]]);
    noteCallTableChange(agentCalls, session.state.agentCalls, [callId]);
    const state: SessionState = { ...session.state, agentCalls };
    return { ok: true, session: { state, runtime: session.runtime }, effects: withDataModelMetadata(state, effects) };
  } catch {
    return { ok: true, session, effects: [] };
  }
}

/** Adds a pending row, the callAgentFunction message and the agentCallSent effect. */
export function recordAgentCall(
  runtime: SessionRuntime,
  state: SessionState,
  surfaceId: string,
  request: AgentCallRequest,
  origin: AgentCallRow['origin'],
  effects: Effect[],
): SessionState {
  return recordAgentCalls(runtime, state, surfaceId, [request], origin, effects);
}

/**
 * Messages after a failing one are not applied; a callRendererFunction among them must still be
 * answered (exactly once), so the agent is told it did not run.
 */
function answerSkippedCalls(raw: readonly unknown[], from: number): Effect[] {
  const why = `Not run: an earlier message of the same payload failed (message ${from - 1}).`;
  return bodiesOf(raw.slice(from)).calls.map((functionCallId) => agentErrorEffect('EXECUTION_FAILED', why, { functionCallId }));
}

/** Most distinct surfaces told about one refused payload. */
const MAX_SURFACES_TOLD = 100;

/**
 * A payload refused whole (over a limit) applies nothing, but the agent must still hear about
 * it: every callRendererFunction in it gets its error (each call is answered exactly once), and
 * each surface its messages name (up to {@link MAX_SURFACES_TOLD}) gets a LIMIT_EXCEEDED error,
 * so the agent knows those updates were dropped. JSON text is parsed for this only while it is
 * at most four times the limit; beyond that nobody can be told, and only the host sees the failure.
 */
function refusedPayload(session: Session, error: A2uiError, payload: unknown, limits: SessionLimits): Failure {
  let messages: readonly unknown[] = [];
  if (Array.isArray(payload)) messages = payload;
  else if (typeof payload !== 'string' || payload.length <= 4 * limits.maxPayloadBytes) {
    const split = splitAgentPayload(payload);
    if (split.ok) messages = split.raw;
  }
  const { calls, surfaces } = bodiesOf(messages);
  const notRun = `Not run: the payload was refused. ${error.message}`;
  const notApplied = `Not applied: the payload was refused. ${error.message}`;
  const effects: Effect[] = [
    ...calls.map((functionCallId) => agentErrorEffect('EXECUTION_FAILED', notRun, { functionCallId })),
    ...surfaces.slice(0, MAX_SURFACES_TOLD).flatMap((surfaceId) => [agentErrorEffect('LIMIT_EXCEEDED', notApplied, { surfaceId }), limitDiagnostic(surfaceId, notApplied)]),
  ];
  return { ok: false, error, session, effects };
}

/** The renderer-function call ids and the distinct surface ids named by raw messages; reads defensively. */
function bodiesOf(raw: readonly unknown[]): { calls: string[]; surfaces: string[] } {
  const calls: string[] = [];
  const surfaces = new Set<string>();
  for (const message of raw) {
    try {
      if (!isRecord(message)) continue;
      const call = ownValue(message, 'callRendererFunction');
      if (isRecord(call) && typeof call.functionCallId === 'string') calls.push(call.functionCallId);
      for (const key of SURFACE_MESSAGE_KINDS) {
        const body = ownValue(message, key);
        if (isRecord(body) && typeof body.surfaceId === 'string') surfaces.add(body.surfaceId);
      }
    } catch {
      // an unreadable message names nobody
    }
  }
  return { calls, surfaces: [...surfaces] };
}

/** An error located in the payload, re-located in its message (for the agent). */
function withinMessage(error: A2uiError, messagePath: string): A2uiError {
  if (messagePath === '' || error.path === undefined || !error.path.startsWith(messagePath)) return error;
  const path = error.path.slice(messagePath.length) || '/';
  const message = error.message.startsWith(error.path) ? `${path}${error.message.slice(error.path.length)}` : error.message;
  return { ...error, path, message };
}

/** An error located in its message, re-located in the payload (for the host), with its index. */
function intoPayload(error: A2uiError, messagePath: string, index: number | undefined): A2uiError {
  const located: A2uiError = { ...error };
  if (messagePath !== '' && error.path !== undefined) {
    located.path = `${messagePath}${error.path === '/' ? '' : error.path}`;
    if (error.message.startsWith(error.path)) located.message = `${located.path}${error.message.slice(error.path.length)}`;
  }
  if (index !== undefined && located.index === undefined) located.index = index;
  return located;
}

/**
 * A payload over the byte limit is refused before it is parsed or validated. JSON text is
 * measured by its length; an already-parsed payload (what transports usually hand over) by the
 * length its JSON text would have, counted only up to the limit.
 */
function payloadTooLarge(payload: unknown, limits: SessionLimits): A2uiError | null {
  const max = limits.maxPayloadBytes;
  const size = typeof payload === 'string' ? payload.length : jsonLengthWithin(payload, max);
  if (size <= max) return null;
  const measured = typeof payload === 'string' ? `${size} bytes` : `over ${max} bytes as JSON text`;
  return a2uiError('LIMIT_EXCEEDED', `The payload is ${measured}; the limit is ${max}.`);
}

function internalFailure(session: Session, caught: unknown): Failure {
  const message = errorText(caught);
  return {
    ok: false,
    error: a2uiError('INVALID_MESSAGE', `The payload could not be processed: ${message}`),
    session,
    effects: [],
  };
}

/** Rejects a pending agent call with a timeout; a call that already settled is left alone. */
export function timeoutAgentCall(session: Session, callId: string): Result {
  try {
    const row = typeof callId === 'string' && !isDisposed(session) ? tableGet(session.state.agentCalls, callId) : undefined;
    // A debounced call was never sent, so it has no timeout running.
    if (!row || row.status !== 'pending' || row.debounced === true) return { ok: true, session, effects: [] };
    const effects: Effect[] = [];
    const state = settleRow(session.state, row, { status: 'timeout', error: { code: 'TIMEOUT', message: `The agent did not answer call '${callId}' in ${row.timeoutMs ?? 0} ms.` } }, effects);
    const done = completeOperation(session.runtime, session.state, state, effects, new Set([row.surfaceId]), null) as Result;
    return { ...done, effects: withDataModelMetadata(done.session.state, done.effects) };
  } catch {
    return { ok: true, session, effects: [] };
  }
}

/**
 * Ends the session: rejects every pending agent call, drops pending actions and every resolved
 * tree, and sends nothing. It is terminal: later operations are refused with SESSION_DISPOSED
 * (timeouts that fire late are no-ops); the surfaces stay readable.
 */
export function dispose(session: Session): { session: Session; effects: Effect[] } {
  if (!isSession(session) || isDisposed(session)) return { session, effects: [] };
  const effects: Effect[] = [];
  const settled = settleWhere(session.state, () => true, { status: 'cancelled', error: { code: 'DISPOSED', message: 'The session was disposed before the agent answered.' } }, effects);
  clearResolverCache(session.runtime.cache);
  const state: SessionState = { ...settled, pendingActions: {}, disposed: true };
  return { session: { state, runtime: session.runtime }, effects: effects.filter((e) => e.type !== 'send') };
}

/** Whether `dispose` ended the session. */
export function isDisposed(session: Session): boolean {
  try {
    return session.state.disposed === true;
  } catch {
    return false;
  }
}

/** The error of an operation on a disposed session. */
export function disposedError(operation: string): A2uiError {
  return a2uiError('SESSION_DISPOSED', `${operation}: the session was disposed; create a new one to continue.`);
}

/**
 * The outcome of a tool call that was still running when the session was disposed: it changes
 * nothing (dispose is terminal); an app's call is answered with the error, an action's is not.
 */
export function outcomeAfterDispose(session: Session, settlement: McpToolSettlement, operation: string): ToolSettledResult {
  const { message } = disposedError(operation);
  return { session, effects: [], reply: settlement.origin === 'action' ? null : { error: { code: JSON_RPC_INTERNAL_ERROR, message } } };
}

/** The surface with `id`, if any. */
export function surface(session: Session, id: string): SurfaceState | undefined {
  if (!isSession(session)) return undefined;
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(session.state.surfaces, id) ? session.state.surfaces[id] : undefined;
}

/** All surfaces, sorted by id. */
export function surfaces(session: Session): SurfaceState[] {
  if (!isSession(session)) return [];
  return Object.values(session.state.surfaces).sort((a, b) => (a.surfaceId < b.surfaceId ? -1 : a.surfaceId > b.surfaceId ? 1 : 0));
}

/** The resolved tree of surface `id` (shared, memoized with the selectors). */
export function resolvedTree(session: Session, id: string): ResolvedTree | undefined {
  const found = surface(session, id);
  if (!found || isDisposed(session)) return undefined;
  try {
    return resolveSurface(session.runtime.cache, session.runtime.resolution, found, session.state).tree;
  } catch {
    return undefined;
  }
}

/**
 * The data models of the surfaces created with `sendDataModel`, for the transport's metadata;
 * `value` is null when no surface asked for it.
 */
export function clientDataModel(
  session: Session,
  version: typeof A2UI_VERSION = A2UI_VERSION,
): { ok: true; value: RendererDataModel | null } | { ok: false; error: A2uiError } {
  if (version !== A2UI_VERSION) {
    const given: unknown = version;
    const shown = typeof given === 'string' ? `'${given.slice(0, 40)}'` : `of type ${typeof given}`;
    return { ok: false, error: a2uiError('UNSUPPORTED_VERSION', `Unsupported protocol version ${shown}; this renderer speaks v1.0`) };
  }
  if (!isSession(session)) return { ok: false, error: a2uiError('INVALID_ARGUMENT', 'clientDataModel needs a session made by createSession.') };
  return { ok: true, value: rendererDataModelOf(session.state) };
}

/**
 * The one rule for `sendDataModel`: while some surface was created with it, every message sent to
 * the agent carries the renderer data model (a2ui_protocol.md: "every … message sent to the agent
 * that created the surface"), read from the state the operation left.
 */
export function withDataModelMetadata(state: SessionState, effects: Effect[]): Effect[] {
  if (!effects.some((e) => e.type === 'send')) return effects;
  const model = rendererDataModelOf(state);
  if (model === null) return effects;
  return effects.map((effect) => (effect.type === 'send' ? { ...effect, metadata: { ...effect.metadata, a2uiRendererDataModel: model } } : effect));
}

/** The renderer data model of the `sendDataModel` surfaces in `state`, or null. */
export function rendererDataModelOf(state: SessionState, onlySurfaceId?: string): RendererDataModel | null {
  const models: Record<string, Record<string, unknown>> = {};
  for (const s of Object.values(state.surfaces)) {
    if (s.sendDataModel && (onlySurfaceId === undefined || s.surfaceId === onlySurfaceId)) models[s.surfaceId] = s.dataModel;
  }
  return Object.keys(models).length === 0 ? null : { version: A2UI_VERSION, surfaces: models };
}

/** The renderer capabilities to advertise: `{ "v1.0": { supportedCatalogIds, inlineCatalogs? } }`. */
export function rendererCapabilities(
  session: Session,
  options: { includeInlineCatalogs?: boolean } = {},
): { [A2UI_VERSION]: { supportedCatalogIds: string[]; inlineCatalogs?: Record<string, unknown>[] } } {
  const v10: { supportedCatalogIds: string[]; inlineCatalogs?: Record<string, unknown>[] } = { supportedCatalogIds: [] };
  if (!isSession(session)) return { [A2UI_VERSION]: v10 };
  v10.supportedCatalogIds = session.runtime.catalogs.map((c) => c.catalogId);
  let inline = false;
  try {
    inline = typeof options === 'object' && options !== null && options.includeInlineCatalogs === true;
  } catch {
    inline = false;
  }
  if (inline) v10.inlineCatalogs = session.runtime.catalogs.map(inlineCatalogDefinition);
  return { [A2UI_VERSION]: v10 };
}
