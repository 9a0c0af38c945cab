/**
 * Node refs: what a node is, not where it sits. A ref is the component id, plus `@` and the
 * absolute data path of the template item for nodes inside templates (`email`, `row@/items/3`).
 * `@` and `\` in a component id are escaped with `\`, so the first unescaped `@` always starts
 * the data path and two different (component, item) pairs never share a ref.
 */
import type { NodeRef } from '../model/tree';

/** A component id as it is spelled inside a ref. */
export function escapeComponentId(componentId: string): string {
  return /[@\\]/.test(componentId) ? componentId.replace(/[@\\]/g, (c) => `\\${c}`) : componentId;
}

/** The ref of component `componentId` rendered over template item `itemPath` (null outside templates). */
export function nodeRefOf(componentId: string, itemPath: string | null): NodeRef {
  const id = escapeComponentId(componentId);
  return itemPath === null ? id : `${id}@${itemPath}`;
}

/**
 * The ref of the placeholder that cuts a cycle: component `componentId` referenced again below
 * itself, by node `holderRef`. After the `@` comes no data path (those start with `/`), so it
 * cannot collide with the ref of a rendered component.
 */
export function cycleCutRef(componentId: string, holderRef: NodeRef): NodeRef {
  return `${escapeComponentId(componentId)}@cycle:${holderRef}`;
}

/** The component id and template item path a ref names; null for a cut or an unreadable ref. */
export function parseNodeRef(ref: string): { componentId: string; itemPath: string | null } | null {
  let id = '';
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref[i] as string;
    if (c === '\\') {
      const next = ref[i + 1];
      if (next !== '\\' && next !== '@') return null;
      id += next;
      i += 1;
    } else if (c === '@') {
      const rest = ref.slice(i + 1);
      return rest.startsWith('/') ? { componentId: id, itemPath: rest } : null;
    } else {
      id += c;
    }
  }
  return { componentId: id, itemPath: null };
}
