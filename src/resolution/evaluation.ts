/**
 * The resolver's and the actions' use of the expression evaluator: it connects agent calls to the
 * session's call table (a settled row gives the value, a missing row becomes a request) and
 * reports which rows an evaluation looked at, so a node is re-evaluated when one of them changes.
 */
import type { Catalog, LocalRequest } from '../catalog/types';
import { evaluateDynamic, type EvaluationWork, type ExpressionLimits } from '../expressions';
import type { AgentCallOutcome } from '../model/effects';
import type { A2uiErrorCode } from '../protocol/errors';
import type { AgentCallRow, SessionState, SurfaceState } from '../model/state';

/** Finds the call-table row for an agent call key of the surface. */
export type AgentLookup = (key: string) => AgentCallRow | undefined;

/** An agent call a surface needs and the session has not sent yet. */
export interface AgentCallRequest {
  key: string;
  call: { call: string; args: Record<string, unknown>; catalogId?: string };
  /** The call's own timeout, when it sets one. */
  timeoutMs?: number;
  /** The component (and its node) that needs the call. */
  componentId?: string;
  ref?: string;
}

export interface EvaluationScope {
  catalogs: readonly Catalog[];
  surfaceId: string;
  surfaceCatalogId: string | null;
  dataModel: unknown;
  scope: string;
  index: number | undefined;
  agentLookup: AgentLookup;
  /** Per-evaluation limits; defaults where absent. */
  limits?: Partial<ExpressionLimits> | undefined;
}

export interface ResolutionEvaluation {
  value: unknown;
  reads: string[];
  /** Every agent call the value depends on, with the row seen (undefined: not sent yet). */
  agentCalls: Array<{ key: string; row: AgentCallRow | undefined; request: AgentCallRequest }>;
  errors: Array<{ code: string; message: string }>;
  /** The work the evaluation did, counted against the tree's budgets. */
  work: EvaluationWork;
}

function outcomeOf(row: AgentCallRow | undefined): AgentCallOutcome | undefined {
  if (!row || row.status === 'pending') return undefined;
  if (row.status === 'ok') return { status: 'ok', value: row.value };
  return { status: 'error', error: row.error ?? { code: row.status.toUpperCase(), message: `The call ended: ${row.status}.` } };
}

function requestOf(pending: { callKey: string; call: string; catalogId: string; args: Record<string, unknown> }): AgentCallRequest {
  const request: AgentCallRequest = { key: pending.callKey, call: { call: pending.call, args: pending.args, catalogId: pending.catalogId } };
  return request;
}

/** Evaluates a property value for the resolved tree (caller: renderer, no user activation). */
export function evaluateForResolution(raw: unknown, scope: EvaluationScope): ResolutionEvaluation {
  const seen = new Map<string, AgentCallRow | undefined>();
  const env: Parameters<typeof evaluateDynamic>[1] = {
    catalogs: scope.catalogs,
    surfaceCatalogId: scope.surfaceCatalogId,
    surfaceId: scope.surfaceId,
    dataModel: scope.dataModel,
    scope: scope.scope,
    caller: 'renderer',
    userActivated: false,
    agentResult: (key) => {
      const row = scope.agentLookup(key);
      seen.set(key, row);
      return outcomeOf(row);
    },
  };
  if (scope.index !== undefined) env.index = scope.index;
  if (scope.limits !== undefined) env.limits = scope.limits;
  const result = evaluateDynamic(raw, env);
  const agentCalls: ResolutionEvaluation['agentCalls'] = [];
  const pendingByKey = new Map(result.pending.map((p) => [p.callKey, p]));
  for (const [key, row] of seen) {
    const pending = pendingByKey.get(key);
    const request: AgentCallRequest = pending
      ? requestOf(pending)
      : { key, call: row ? row.call : { call: '', args: {} } };
    agentCalls.push({ key, row, request });
  }
  return {
    value: result.status === 'ok' ? result.value : null,
    reads: result.reads,
    agentCalls,
    errors: result.errors.filter((e) => e.code !== 'AGENT_CALL_FAILED').map((e) => ({ code: e.code, message: e.message })),
    work: result.work,
  };
}

/** What an action needs: the surface, the node's scope, and the session's call table. */
export interface ActionScope {
  surface: SurfaceState;
  state: SessionState;
  runtime: { resolution: { catalogs: readonly Catalog[]; implicitDefaultCatalogId: string | null } };
  /** Where the node sits: its scope and template index (see `nodeContext`). */
  place: { scope: string; index: number | undefined };
}

export interface ActionEvaluation {
  value: unknown;
  errors: Array<{ code: A2uiErrorCode; message: string }>;
  requests: LocalRequest[];
  /** Agent calls the action makes (sent every time it runs). */
  agentRequests: AgentCallRequest[];
}

const ERROR_CODES = new Set<string>(['EXPRESSION_ERROR', 'CATALOG_NOT_FOUND', 'INVALID_FUNCTION_CALL', 'USER_ACTIVATION_REQUIRED', 'LIMIT_EXCEEDED']);

/**
 * Evaluates an action's parts at the time it runs: event context values (latest data), or the
 * function call itself, with user activation. Agent functions are never answered from the table:
 * an action's call is sent each time.
 */
export function evaluateForAction(
  raw: unknown,
  scope: ActionScope,
  userActivated: boolean,
  agentResult: (key: string) => AgentCallOutcome | undefined = () => undefined,
): ActionEvaluation {
  const env: Parameters<typeof evaluateDynamic>[1] = {
    catalogs: scope.runtime.resolution.catalogs,
    surfaceCatalogId: scope.surface.catalogId ?? scope.runtime.resolution.implicitDefaultCatalogId,
    surfaceId: scope.surface.surfaceId,
    dataModel: scope.surface.dataModel,
    scope: scope.place.scope,
    caller: 'renderer',
    userActivated,
    agentResult,
  };
  if (scope.place.index !== undefined) env.index = scope.place.index;
  const result = evaluateDynamic(raw, env);
  return {
    value: result.status === 'ok' ? result.value : null,
    errors: result.errors.map((e) => ({ code: (ERROR_CODES.has(e.code) ? e.code : 'EXECUTION_FAILED') as A2uiErrorCode, message: e.message })),
    requests: result.requests,
    agentRequests: result.pending.map(requestOf),
  };
}
