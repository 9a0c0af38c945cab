/**
 * Shared setup of the security tests: a session over the basic catalog and the fuzz catalog
 * (functions with every allowedCallers / requiresUserActivation combination, each recording
 * its runs), and readers over effects.
 */
import { basicCatalog } from '../../src/catalog';
import type { Catalog } from '../../src/catalog/types';
import type { Effect } from '../../src/model/effects';
import { createSession, handleMessage, resolvedTree, type Session, type SessionOptions } from '../../src/session/session';
import { fuzzCatalog, FUZZ_CATALOG_ID, RAN } from '../fuzz/catalog';
import { assertPrototypesClean } from '../fuzz/invariants';
import { BASIC_CATALOG_ID } from '../../src/catalog';

export { FUZZ_CATALOG_ID, RAN, assertPrototypesClean };
export const BASIC = BASIC_CATALOG_ID;

type Json = Record<string, unknown>;

export function catalogs(): Catalog[] {
  return [basicCatalog(), fuzzCatalog];
}

/** A session with surface `surfaceId` holding `components` over `dataModel`; fails the test if refused. */
export function openSurface(
  components: Json[],
  dataModel: Json = {},
  options: { session?: SessionOptions; surfaceId?: string; catalogs?: Catalog[] } = {},
): Session {
  const surfaceId = options.surfaceId ?? 's';
  const session = createSession(options.catalogs ?? catalogs(), options.session ?? {});
  const result = handleMessage(session, { version: 'v1.0', createSurface: { surfaceId, catalogId: BASIC, components, dataModel } });
  if (!result.ok) throw new Error(`surface refused: ${JSON.stringify(result.error)}`);
  return result.session;
}

/** The bodies of sent messages of one kind (`error`, `action`, `callAgentFunction`, …). */
export function sentBodies(effects: readonly Effect[], kind: string): Json[] {
  return effects.flatMap((e) => (e.type === 'send' && kind in e.message ? [(e.message as Record<string, unknown>)[kind] as Json] : []));
}

export function diagnostics(effects: readonly Effect[], code?: string): Array<Extract<Effect, { type: 'diagnostic' }>> {
  return effects.filter((e): e is Extract<Effect, { type: 'diagnostic' }> => e.type === 'diagnostic' && (code === undefined || e.payload.code === code));
}

export function openUrls(effects: readonly Effect[]): string[] {
  return effects.flatMap((e) => (e.type === 'openUrl' ? [e.url] : []));
}

/** A node of a surface's tree, or a test failure. */
export function nodeOf(session: Session, ref: string, surfaceId = 's') {
  const node = resolvedTree(session, surfaceId)?.nodes[ref];
  if (!node) throw new Error(`no node '${ref}' in surface '${surfaceId}'`);
  return node;
}

/** `value` nested `depth` levels: { x: { x: … } }. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = { x: value };
  return value;
}
