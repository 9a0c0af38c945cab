/**
 * Finding a rendered node for user input (write, invoke) and for MCP App requests: the surface,
 * the node at `ref` in its resolved tree, and the scope the node was resolved in.
 */
import { a2uiError, type A2uiError } from '../protocol/errors';
import { lookupNode, nodeContext, resolveSurface } from '../resolution/resolver';
import type { ResolvedNode } from '../model/tree';
import { disposedError, isDisposed, type Session } from './session';
import type { SurfaceState } from '../model/state';

/** A rendered node, its surface, and the scope and template index it was resolved in. */
export interface LocatedNode {
  surface: SurfaceState;
  node: ResolvedNode;
  place: { scope: string; index: number | undefined };
}

/** The rendered node `ref` of surface `surfaceId`; SURFACE_NOT_FOUND or NODE_NOT_FOUND (placeholders count as absent). */
export function locateNode(session: Session, surfaceId: unknown, ref: unknown): ({ ok: true } & LocatedNode) | { ok: false; error: A2uiError } {
  if (isDisposed(session)) return { ok: false, error: disposedError('the operation') };
  if (typeof surfaceId !== 'string' || !Object.prototype.hasOwnProperty.call(session.state.surfaces, surfaceId)) {
    return { ok: false, error: a2uiError('SURFACE_NOT_FOUND', `Surface '${String(surfaceId)}' does not exist.`) };
  }
  const surface = session.state.surfaces[surfaceId] as SurfaceState;
  const tree = resolveSurface(session.runtime.cache, session.runtime.resolution, surface, session.state).tree;
  const node = typeof ref === 'string' ? lookupNode(tree, ref) : undefined;
  if (!node || node.placeholder) {
    return { ok: false, error: a2uiError('NODE_NOT_FOUND', `Surface '${surfaceId}' has no rendered node '${String(ref)}'.`, { surfaceId }) };
  }
  const place = nodeContext(tree, node.ref) ?? { scope: '/', index: undefined };
  return { ok: true, surface, node, place };
}
