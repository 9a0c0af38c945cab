/**
 * A resolved tree as an indented outline for a terminal: component, key props, bound paths,
 * busy / invalid marks and placeholders, one line per node.
 */
import { lookupNode } from '../resolution/resolver';
import type { ResolvedNode, ResolvedTree } from '../model/tree';
import type { Style } from './style';

const MAX_VALUE = 48;

function short(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value);
  else if (value === null || typeof value !== 'object') text = String(value);
  else text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** The props worth a glance: scalars and short lists, not child refs or actions. */
function keyProps(node: ResolvedNode): string[] {
  const out: string[] = [];
  const childRefs = new Set(node.children);
  for (const [key, value] of Object.entries(node.props)) {
    if (key === 'action') {
      const action = value as { event?: { name?: unknown }; functionCall?: { call?: unknown } };
      out.push(action?.event ? `action=event:${String(action.event.name)}` : `action=call:${String(action?.functionCall?.call)}`);
      continue;
    }
    if (typeof value === 'string' && childRefs.has(value)) continue;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string' && childRefs.has(v))) continue;
    const bound = node.bindings[key];
    out.push(bound === undefined ? `${key}=${short(value)}` : `${key}=${short(value)} ⇄ ${bound}`);
  }
  return out;
}

function describe(node: ResolvedNode, style: Style): string {
  const marks: string[] = [];
  if (node.placeholder) marks.push(style.bad(`[${node.placeholder}]`));
  if (node.busy) marks.push(style.warn('[busy]'));
  if (!node.isValid) {
    const why = node.validation.filter((v) => !v.valid).map((v) => v.message ?? 'invalid').join('; ');
    marks.push(style.warn(`[invalid: ${why}]`));
  }
  const head = `${style.bold(node.component || '?')} ${style.dim(`#${node.componentId}`)}`;
  return [head, ...keyProps(node), ...marks].join('  ');
}

/** The outline of `tree`, one line per node in tree order, indented by depth. */
export function outlineTree(tree: ResolvedTree, style: Style): string[] {
  if (!tree.root) return [style.dim('(nothing to render: no root component yet)')];
  const lines: string[] = [];
  const stack: Array<[ResolvedNode, number]> = [[tree.root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [ResolvedNode, number];
    lines.push(`${'  '.repeat(depth)}${describe(node, style)}`);
    for (let i = node.children.length - 1; i >= 0; i -= 1) {
      const child = lookupNode(tree, node.children[i] as string);
      if (child) stack.push([child, depth + 1]);
    }
  }
  return lines;
}
