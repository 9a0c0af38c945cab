/**
 * Tree places ('root', 'root/children/1', 'root/child/children/0'): where a node sits, named the
 * way the upstream conformance suite and our example walk-throughs name it. Refs name what a node
 * is, so tests that think in places map them onto refs by walking the resolved tree from the root
 * through the props that hold child refs.
 */
import type { ResolvedNode, ResolvedTree } from '../../src/model/tree';

/** Every place of the tree with the node shown there (a node shown twice has two places). */
export function placesOf(tree: ResolvedTree | undefined): Record<string, ResolvedNode> {
  const places: Record<string, ResolvedNode> = {};
  if (!tree || tree.root === null) return places;
  const nodes = tree.nodes;
  const walk = (node: ResolvedNode, place: string, depth: number): void => {
    places[place] = node;
    if (depth > 200) return;
    const children = new Set(node.children);
    const visit = (value: unknown, at: string): void => {
      if (typeof value === 'string') {
        const child = children.has(value) ? nodes[value] : undefined;
        if (child) walk(child, at, depth + 1);
      } else if (Array.isArray(value)) {
        value.forEach((item, i) => visit(item, `${at}/${i}`));
      } else if (typeof value === 'object' && value !== null && !('event' in value) && !('functionCall' in value)) {
        for (const [key, item] of Object.entries(value)) visit(item, `${at}/${key}`);
      }
    };
    for (const [key, value] of Object.entries(node.props)) visit(value, `${place}/${key}`);
  };
  walk(tree.root, 'root', 0);
  return places;
}

/** The ref of the node at `place`, or a test failure naming the place. */
export function refAt(tree: ResolvedTree | undefined, place: string): string {
  const node = placesOf(tree)[place];
  if (!node) throw new Error(`no node at place ${place}`);
  return node.ref;
}
