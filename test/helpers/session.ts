/**
 * Shared fixtures for the session and resolution tests: message builders, a surface opener that
 * fails loudly, and small readers over effects and trees. Fixtures are frozen, so code under test
 * that mutates its input throws.
 */
import { basicCatalog } from '../../src/catalog';
import type { Catalog } from '../../src/catalog';
import type { A2uiError } from '../../src/protocol/errors';
import type { Effect } from '../../src/model/effects';
import {
  createSession,
  handleMessage,
  resolvedTree,
  type Failure,
  type Result,
  type Session,
  type SessionOptions,
} from '../../src/session/session';
import type { ResolvedNode, ResolvedTree } from '../../src/model/tree';
import { deepFreeze } from '../data/helpers';
import { BASIC_CATALOG_ID } from '../../src/catalog';

/** Freezes a fixture all the way down (one helper for every suite). */
export { deepFreeze };

export const BASIC = BASIC_CATALOG_ID;


type Json = Record<string, unknown>;

/** Agent→renderer message builders (frozen). */
export const msg = {
  create: (surfaceId: string, extra: Json = {}): Json =>
    deepFreeze({ version: 'v1.0', createSurface: { surfaceId, catalogId: BASIC, ...extra } }),
  components: (surfaceId: string, components: Json[]): Json =>
    deepFreeze({ version: 'v1.0', updateComponents: { surfaceId, components } }),
  data: (surfaceId: string, path: string, value: unknown): Json =>
    deepFreeze({ version: 'v1.0', updateDataModel: { surfaceId, path, value } }),
  /** The agent deletes with an explicit null value. */
  deleteData: (surfaceId: string, path: string): Json =>
    deepFreeze({ version: 'v1.0', updateDataModel: { surfaceId, path, value: null } }),
  remove: (surfaceId: string): Json => deepFreeze({ version: 'v1.0', deleteSurface: { surfaceId } }),
  response: (functionCallId: string, value: unknown): Json =>
    deepFreeze({ version: 'v1.0', agentFunctionResponse: { functionCallId, value } }),
  responseError: (functionCallId: string, code: string, message: string): Json =>
    deepFreeze({ version: 'v1.0', agentFunctionResponse: { functionCallId, error: { code, message } } }),
  callRenderer: (functionCallId: string, callFunction: Json): Json =>
    deepFreeze({ version: 'v1.0', callRendererFunction: { functionCallId, callFunction } }),
};

/** The success branch of a result, or a test failure that shows the error. */
export function ok<R extends { ok: boolean }>(result: R): Extract<R, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify((result as unknown as { error: A2uiError }).error)}`);
  return result as Extract<R, { ok: true }>;
}

/** The failure branch of a result, or a test failure. */
export function notOk<R extends { ok: boolean }>(result: R): Extract<R, { ok: false }> {
  if (result.ok) throw new Error('expected a failure, got ok');
  return result as Extract<R, { ok: false }>;
}

export interface Opened {
  session: Session;
  effects: Effect[];
}

/**
 * A session with surface `surfaceId` holding `components` and `dataModel` (created in one
 * createSurface message, then updated), failing the test if anything is refused.
 */
export function open(
  components: Json[],
  dataModel: Json | undefined = undefined,
  options: { session?: SessionOptions; catalogs?: Catalog[]; surfaceId?: string; sendDataModel?: boolean; catalogId?: string } = {},
): Opened {
  const surfaceId = options.surfaceId ?? 's';
  const session = createSession(options.catalogs ?? [basicCatalog()], options.session ?? {});
  const extra: Json = {};
  if (options.sendDataModel) extra.sendDataModel = true;
  if (options.catalogId !== undefined) extra.catalogId = options.catalogId;
  const messages: Json[] = [msg.create(surfaceId, extra)];
  if (dataModel !== undefined) messages.push(msg.data(surfaceId, '/', dataModel));
  messages.push(msg.components(surfaceId, components));
  const result = ok(handleMessage(session, deepFreeze(messages)));
  return { session: result.session, effects: result.effects };
}

/** Applies a payload that must succeed. */
export function apply(session: Session, payload: unknown, options?: { userActivated?: boolean; surfaceId?: string }): Result {
  return ok(handleMessage(session, payload, options) as Result | Failure) as Result;
}

export function tree(session: Session, surfaceId = 's'): ResolvedTree {
  const found = resolvedTree(session, surfaceId);
  if (!found) throw new Error(`no resolved tree for surface '${surfaceId}'`);
  return found;
}

export function node(session: Session, ref: string, surfaceId = 's'): ResolvedNode {
  const found = tree(session, surfaceId).nodes[ref];
  if (!found) throw new Error(`no node '${ref}' in surface '${surfaceId}'`);
  return found;
}

/** The messages of the `send` effects, in order. */
export function sent(effects: readonly Effect[]): Array<Record<string, unknown>> {
  return effects.flatMap((e) => (e.type === 'send' ? [e.message as Record<string, unknown>] : []));
}

/** The bodies of sent messages of one kind (`action`, `error`, `callAgentFunction`, …). */
export function sentBodies(effects: readonly Effect[], kind: string): Array<Record<string, unknown>> {
  return sent(effects).flatMap((m) => (kind in m ? [m[kind] as Record<string, unknown>] : []));
}

export type DiagnosticEffect = Extract<Effect, { type: 'diagnostic' }>;

export function diagnosticEffects(effects: readonly Effect[], code?: string): DiagnosticEffect[] {
  return effects.filter((e): e is DiagnosticEffect => e.type === 'diagnostic' && (code === undefined || e.payload.code === code));
}

export function effectsOfType<T extends Effect['type']>(effects: readonly Effect[], type: T): Array<Extract<Effect, { type: T }>> {
  return effects.filter((e): e is Extract<Effect, { type: T }> => e.type === type);
}

/** A session's diagnostics for one surface's tree, by code. */
export function treeDiagnostics(session: Session, code?: string, surfaceId = 's'): ResolvedTree['diagnostics'] {
  return tree(session, surfaceId).diagnostics.filter((d) => code === undefined || d.code === code);
}
