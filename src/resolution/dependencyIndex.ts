/**
 * Which nodes read which data paths: a trie over pointer segments. A change at a path concerns
 * the nodes that read it, an ancestor of it (a template reading the list) or a descendant of it
 * (the whole list was replaced). Internal to the resolver cache; never part of state.
 */

interface TrieNode {
  refs: Set<string> | undefined;
  children: Map<string, TrieNode> | undefined;
}

const newNode = (): TrieNode => ({ refs: undefined, children: undefined });

export class DependencyIndex {
  private readonly root: TrieNode = newNode();

  add(ref: string, segmentsList: readonly (readonly string[])[]): void {
    for (const segments of segmentsList) {
      let node = this.root;
      for (const segment of segments) {
        node.children ??= new Map();
        let next = node.children.get(segment);
        if (!next) {
          next = newNode();
          node.children.set(segment, next);
        }
        node = next;
      }
      (node.refs ??= new Set()).add(ref);
    }
  }

  remove(ref: string, segmentsList: readonly (readonly string[])[]): void {
    for (const segments of segmentsList) {
      const trail: Array<[TrieNode, string]> = [];
      let node: TrieNode | undefined = this.root;
      for (const segment of segments) {
        const next: TrieNode | undefined = node.children?.get(segment);
        if (!next) {
          node = undefined;
          break;
        }
        trail.push([node, segment]);
        node = next;
      }
      if (!node?.refs) continue;
      node.refs.delete(ref);
      // Prune empty branches so the trie does not grow with every list that ever existed.
      for (let i = trail.length - 1; i >= 0; i -= 1) {
        const [parent, segment] = trail[i] as [TrieNode, string];
        const child = parent.children?.get(segment);
        if (!child || child.refs?.size || child.children?.size) break;
        parent.children?.delete(segment);
      }
    }
  }

  /**
   * Adds to `out` every ref reading `segments`, one of its ancestors, or (unless `shallow`: only
   * the container changed, not its contents) one of its descendants.
   */
  collect(segments: readonly string[], out: Set<string>, shallow = false): void {
    let node: TrieNode | undefined = this.root;
    for (const segment of segments) {
      if (node.refs) for (const ref of node.refs) out.add(ref);
      node = node.children?.get(segment);
      if (!node) return;
    }
    if (shallow) {
      if (node.refs) for (const ref of node.refs) out.add(ref);
      return;
    }
    const stack: TrieNode[] = [node];
    while (stack.length > 0) {
      const current = stack.pop() as TrieNode;
      if (current.refs) for (const ref of current.refs) out.add(ref);
      if (current.children) for (const child of current.children.values()) stack.push(child);
    }
  }
}
