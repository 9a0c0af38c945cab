/**
 * Host → app notifications of the McpApp component: when data bound through `data.paths`
 * changes, the app hears about it (MCP App specification, reactive state update):
 * - a custom key: `ui/notifications/data-model-update` with `{ key, value }` (no `subpath`: the
 *   whole bound value, which the app takes as its new state for the key);
 * - `toolInput`: `ui/notifications/tool-input` with `{ arguments }`;
 * - `toolResult`: `ui/notifications/tool-result` with a CallToolResult;
 * - `modelContext` is written by the app and only read by the host: no notification.
 * Pure functions of surface state and resolved tree; the session calls them after each operation.
 */
import { getIn, jsonEqual, resolvePath } from '../data';
import type { ResolvedNode, ResolvedTree } from '../model/tree';
import type { Effect } from '../model/effects';
import { componentChangeNote, componentOf, componentsOf, type SurfaceState } from '../model/state';
import { isRecord } from '../util/records';

/** The component type whose nodes get notifications. */
export const MCP_APP_COMPONENT = 'McpApp';

/** An `mcpNotify` effect. */
export type McpNotifyEffect = Extract<Effect, { type: 'mcpNotify' }>;

/** One binding of an McpApp node: the key and the absolute data path it is bound to. */
export interface McpAppBinding {
  key: string;
  path: string;
}

// The components records that hold no McpApp, so the common case costs one WeakMap lookup.
const withoutMcpApps = new WeakSet<object>();

/**
 * The bindings of an McpApp node (`data.paths` of its component, each path resolved against the
 * node's scope), in key order; [] for any other node. Paths that are not strings are skipped.
 */
export function mcpAppBindings(surface: SurfaceState, node: ResolvedNode): McpAppBinding[] {
  if (node.component !== MCP_APP_COMPONENT || node.placeholder !== undefined) return [];
  const component = componentOf(surface, node.componentId);
  const data = component?.data;
  const paths = isRecord(data) && isRecord(data.paths) ? data.paths : {};
  const bindings: McpAppBinding[] = [];
  for (const [key, path] of Object.entries(paths)) {
    if (typeof path !== 'string') continue;
    bindings.push({ key, path: resolvePath(path, node.scope ?? '/') });
  }
  return bindings;
}

/**
 * The notifications for McpApp nodes of `tree` whose bound values differ between `before` and
 * `after` (the surface's state before and after an operation). Values are compared by identity
 * first (the data model shares what a write did not touch) and then structurally, so rewriting
 * an equal value notifies nobody.
 */
export function mcpDataModelNotifications(before: SurfaceState, after: SurfaceState, tree: ResolvedTree): McpNotifyEffect[] {
  if (before.dataModel === after.dataModel || !hasMcpApps(after)) return [];
  const effects: McpNotifyEffect[] = [];
  for (const node of Object.values(tree.nodes)) {
    for (const binding of mcpAppBindings(after, node)) {
      const previous = getIn(before.dataModel, binding.path);
      const current = getIn(after.dataModel, binding.path);
      if (previous === current || sameJson(previous, current)) continue;
      const notification = notificationFor(binding.key, current);
      if (notification) effects.push({ type: 'mcpNotify', surfaceId: after.surfaceId, ref: node.ref, ...notification });
    }
  }
  return effects;
}

/**
 * The notifications that bring a freshly initialized app up to date: one per binding whose
 * path holds a value (what `ui/notifications/initialized` answers with).
 */
export function mcpInitialNotifications(surface: SurfaceState, node: ResolvedNode): McpNotifyEffect[] {
  const effects: McpNotifyEffect[] = [];
  for (const binding of mcpAppBindings(surface, node)) {
    const value = getIn(surface.dataModel, binding.path);
    if (value === undefined) continue;
    const notification = notificationFor(binding.key, value);
    if (notification) effects.push({ type: 'mcpNotify', surfaceId: surface.surfaceId, ref: node.ref, ...notification });
  }
  return effects;
}

/** The method and params that carry `value` of binding `key` to the app; null for modelContext. */
export function notificationFor(key: string, value: unknown): { method: string; params: unknown } | null {
  const current = value === undefined ? null : value;
  switch (key) {
    case 'modelContext':
      return null;
    case 'toolInput':
      return { method: 'ui/notifications/tool-input', params: { arguments: isRecord(current) ? current : {} } };
    case 'toolResult':
      return { method: 'ui/notifications/tool-result', params: asCallToolResult(current) };
    default:
      return { method: 'ui/notifications/data-model-update', params: { key, value: current } };
  }
}

/**
 * A bound value as a CallToolResult: a value that already is one (it has a `content` array) is
 * passed on; anything else becomes a text block with its JSON, and structured content when it
 * is an object.
 */
function asCallToolResult(value: unknown): Record<string, unknown> {
  if (isRecord(value) && Array.isArray(value.content)) {
    const result: Record<string, unknown> = { content: value.content };
    if (isRecord(value.structuredContent)) result.structuredContent = value.structuredContent;
    if (typeof value.isError === 'boolean') result.isError = value.isError;
    return result;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const result: Record<string, unknown> = { content: [{ type: 'text', text }] };
  if (isRecord(value)) result.structuredContent = value;
  return result;
}

function hasMcpApps(surface: SurfaceState): boolean {
  if (withoutMcpApps.has(surface.components)) return false;
  // A table made from one without apps by a noted update has apps only among the components it replaced.
  const note = componentChangeNote(surface.components);
  const found = note !== undefined && withoutMcpApps.has(note.base)
    ? note.ids.some((id) => componentOf(surface, id)?.component === MCP_APP_COMPONENT)
    : componentsOf(surface).some((component) => component.component === MCP_APP_COMPONENT);
  if (!found) withoutMcpApps.add(surface.components);
  return found;
}

/** Structural equality of two JSON values. */
export const sameJson = jsonEqual;

