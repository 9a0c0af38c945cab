/**
 * Which node refs an update changed, kept beside the resolved trees (never in them or in state).
 *
 * Each tree the resolver builds from an earlier tree of the same surface gets a link: the earlier
 * tree's link and the refs whose node object differs between the two (built anew, or gone). A
 * reader holding an older tree follows the links from the newer one back to it and learns which
 * nodes to look at, instead of comparing every node. Links hold refs, not trees, and a chain is
 * cut back to MAX_LINKS steps once twice that long, so old trees are never kept alive and the
 * side table stays small.
 */
import type { NodeRef, ResolvedTree } from '../model/tree';

/** How many updates back a reader may be and still get the changed refs (else it compares all). */
export const MAX_LINKS = 32;

interface TreeLink {
  /** The link of the tree this one was built from; null for a tree built from scratch or cut off. */
  from: TreeLink | null;
  /** Refs whose node object differs from the `from` tree's (may repeat a ref). */
  refs: readonly NodeRef[];
  /** At most how many links the chain from here holds (itself included; a cut elsewhere may shorten it). */
  length: number;
}

const linkOfTree = new WeakMap<ResolvedTree, TreeLink>();

/**
 * Records that `tree` was built from `base` (undefined: from scratch), changing the nodes of
 * `refs`. Every ref whose node is new, different or removed must be listed; extra refs are fine.
 */
export function recordTreeChange(tree: ResolvedTree, base: ResolvedTree | undefined, refs: readonly NodeRef[]): void {
  const from = base === undefined ? null : (linkOfTree.get(base) ?? null);
  const link: TreeLink = { from, refs, length: from === null ? 1 : from.length + 1 };
  linkOfTree.set(tree, link);
  // Cut the chain MAX_LINKS steps back once it is twice that long, so it never grows with the
  // number of updates and one walk of MAX_LINKS links is paid per MAX_LINKS updates, not per update.
  if (link.length <= 2 * MAX_LINKS + 1) return;
  let at: TreeLink | null = link;
  for (let steps = 0; at !== null && steps < MAX_LINKS; steps += 1) at = at.from;
  if (at !== null) at.from = null;
  link.length = MAX_LINKS + 1;
}

/**
 * The refs whose node differs between `from` and `to` (two trees of one surface, `to` built after
 * `from`), or undefined when the side table cannot tell (`to` was not built from `from` by recorded
 * updates, or too many updates apart): then the caller compares every node it cares about.
 */
export function changedNodeRefs(from: ResolvedTree, to: ResolvedTree): ReadonlySet<NodeRef> | undefined {
  const changed = new Set<NodeRef>();
  if (from === to) return changed;
  const target = linkOfTree.get(from);
  if (target === undefined) return undefined;
  let at = linkOfTree.get(to) ?? null;
  for (let steps = 0; at !== null && steps <= MAX_LINKS; steps += 1) {
    if (at === target) return changed;
    for (const ref of at.refs) changed.add(ref);
    at = at.from;
  }
  return undefined;
}
