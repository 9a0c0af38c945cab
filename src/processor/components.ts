/**
 * Checking an updateComponents (or createSurface) component list before anything is applied:
 * shape, duplicate ids, catalogs, catalog schemas, function calls, and in strict mode the
 * candidate topology (cycles, composition constraints). Within one message, validate fully
 * before applying.
 */
import { resolveComponentCatalog, resolveFunctionCatalog, type CatalogResolution } from '../catalog/resolve';
import { isSystemFunctionName, SYSTEM_FUNCTIONS } from '../catalog/system';
import type { Catalog } from '../catalog/types';
import { a2uiError, type A2uiError } from '../protocol/errors';
import { tableEntries, tableGet, tableHas, tableSize, type Table } from '../data';
import { componentConstraints, componentShape } from '../catalog/componentShape';
import type { ComponentRecord, SurfaceState } from '../model/state';
import type { Component } from '../protocol/agentToRenderer';
import { FORBIDDEN_ID, type ProcessorConfig } from './config';
import { checkComponentSchema, checkFunctionArgs } from './schemaChecks';
import { isRecord } from '../util/records';

/** A problem that does not stop the message: reported to the agent and as a diagnostic. */
export interface ComponentWarning {
  code: 'VALIDATION_FAILED' | 'UNKNOWN_COMPONENT';
  componentId: string;
  path: string;
  message: string;
}

export type ComponentCheck =
  | { ok: true; components: ComponentRecord[]; warnings: ComponentWarning[] }
  | { ok: false; error: A2uiError };

/**
 * Checks `list` (the components of one parsed message) for `surface`. `basePath` points at the list
 * inside the message, e.g. '/updateComponents/components'.
 */
export function checkComponents(
  config: ProcessorConfig,
  surface: Pick<SurfaceState, 'surfaceId' | 'catalogId' | 'components'>,
  list: readonly Component[],
  basePath: string,
): ComponentCheck {
  const surfaceId = surface.surfaceId;
  const fail = (code: A2uiError['code'], message: string, path: string): ComponentCheck => ({
    ok: false,
    error: a2uiError(code, message, { surfaceId, path }),
  });
  const warnings: ComponentWarning[] = [];
  const seen = new Set<string>();
  const components: ComponentRecord[] = [];
  const existing = tableSize(surface.components);
  for (let i = 0; i < list.length; i += 1) {
    const path = `${basePath}/${i}`;
    const raw = list[i];
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('VALIDATION_FAILED', `${path}: a component must be an object`, path);
    const component: ComponentRecord = raw;
    if (typeof component.id !== 'string' || component.id === '') return fail('VALIDATION_FAILED', `${path}/id: a component needs a non-empty string id`, `${path}/id`);
    if (component.id === FORBIDDEN_ID) return fail('VALIDATION_FAILED', `${path}/id: the component id '__proto__' is not allowed`, `${path}/id`);
    if (typeof component.component !== 'string') return fail('VALIDATION_FAILED', `${path}/component: component '${component.id}' needs a string component type`, `${path}/component`);
    if (component.component === 'Surface') return fail('VALIDATION_FAILED', `${path}/component: 'Surface' is the surface's own container and cannot be sent`, `${path}/component`);
    if ('catalogId' in component && typeof component.catalogId !== 'string') {
      return fail('VALIDATION_FAILED', `${path}/catalogId: catalogId must be a string`, `${path}/catalogId`);
    }
    if (seen.has(component.id)) return fail('VALIDATION_FAILED', `${path}/id: duplicate component id '${component.id}' in one message`, `${path}/id`);
    seen.add(component.id);

    const resolved = resolveAt(config, surface, 'component', component.catalogId, component.id, component.catalogId === undefined ? path : `${path}/catalogId`);
    if (!resolved.ok) return resolved;
    const catalog = resolved.catalog;

    if (!Object.prototype.hasOwnProperty.call(catalog.components, component.component)) {
      warnings.push({
        code: 'UNKNOWN_COMPONENT',
        componentId: component.id,
        path: `${path}/component`,
        message: `${path}/component: catalog '${catalog.catalogId}' has no component type '${component.component}'`,
      });
    } else {
      for (const issue of checkComponentSchema(catalog, component)) {
        const issuePath = `${path}${issue.path}`;
        const message = `${issuePath}: ${issue.message} (component '${component.id}', ${component.component})`;
        if (config.validation === 'strict') return fail('VALIDATION_FAILED', message, issuePath);
        warnings.push({ code: 'VALIDATION_FAILED', componentId: component.id, path: issuePath, message });
      }
    }
    const callProblem = checkCalls(config, surface, component, path);
    if (callProblem) {
      if (callProblem.code !== 'VALIDATION_FAILED' || config.validation === 'strict') return { ok: false, error: callProblem };
      warnings.push({ code: 'VALIDATION_FAILED', componentId: component.id, path: callProblem.path ?? path, message: callProblem.message });
    }
    components.push(component);
  }
  const total = existing + components.filter((c) => !tableHas(surface.components, c.id)).length;
  if (total > config.limits.maxComponentsPerSurface) {
    return fail('LIMIT_EXCEEDED', `${basePath}: surface '${surfaceId}' would hold ${total} components; the limit is ${config.limits.maxComponentsPerSurface}`, basePath);
  }
  if (config.validation === 'strict') {
    // A view of the surface with the update applied; copying every component per message cost O(surface).
    const changed = new Map(components.map((c) => [c.id, c]));
    const merged = (id: string): ComponentRecord | undefined => changed.get(id) ?? tableGet(surface.components, id);
    const topology = checkTopology(config, surface, merged, components, basePath);
    if (topology) return { ok: false, error: topology };
  }
  return { ok: true, components, warnings };
}

/** Every FunctionCall inside a component: its catalog must exist; a declared function's args must fit. */
function checkCalls(
  config: ProcessorConfig,
  surface: Pick<SurfaceState, 'surfaceId' | 'catalogId'>,
  component: ComponentRecord,
  path: string,
): A2uiError | null {
  const stack: Array<[unknown, string, number]> = [[component, path, 0]];
  while (stack.length > 0) {
    const [value, at, depth] = stack.pop() as [unknown, string, number];
    if (typeof value !== 'object' || value === null) continue;
    if (depth > config.limits.maxValueDepth) {
      return a2uiError('RECURSION_LIMIT', `${at}: Global recursion limit exceeded (nesting deeper than ${config.limits.maxValueDepth})`, { surfaceId: surface.surfaceId, path: at });
    }
    if (isRecord(value) && typeof value.call === 'string') {
      const problem = checkCall(config, surface, value, value.call, at);
      if (problem) return problem;
    }
    for (const [key, child] of Object.entries(value)) stack.push([child, `${at}/${key}`, depth + 1]);
  }
  return null;
}

function checkCall(
  config: ProcessorConfig,
  surface: Pick<SurfaceState, 'surfaceId' | 'catalogId'>,
  call: Record<string, unknown>,
  name: string,
  at: string,
): A2uiError | null {
  const where = { surfaceId: surface.surfaceId, path: at };
  if ('catalogId' in call && typeof call.catalogId !== 'string') {
    return a2uiError('VALIDATION_FAILED', `${at}/catalogId: catalogId must be a string`, { ...where, path: `${at}/catalogId` });
  }
  if (isSystemFunctionName(name)) {
    // The '@' namespace belongs to the protocol: a system function v1.0 does not define is an error, never an agent function.
    if (name in SYSTEM_FUNCTIONS) return null;
    const defined = Object.keys(SYSTEM_FUNCTIONS).join(', ');
    return a2uiError('VALIDATION_FAILED', `${at}/call: unknown system function '${name}': the '@' namespace is reserved for system functions, and v1.0 defines only ${defined}`, { ...where, path: `${at}/call` });
  }
  const resolved = resolveAt(config, surface, 'call', call.catalogId, name, at);
  if (!resolved.ok) return resolved.error;
  const catalog = resolved.catalog;
  const fn = Object.prototype.hasOwnProperty.call(catalog.functions, name) ? catalog.functions[name] : undefined;
  // Undeclared functions are agent functions ("Fallback to Agent RPC"), unless the host chose the strict rule.
  if (!fn) {
    if (config.unknownFunctions !== 'reject') return null;
    return a2uiError('VALIDATION_FAILED', `${at}/call: Unrecognized function '${name}': catalog '${catalog.catalogId}' does not declare it`, { ...where, path: `${at}/call` });
  }
  if (fn.definition.allowedCallers === 'agentOnly') {
    return a2uiError('VALIDATION_FAILED', `${at}: function '${name}' is agentOnly and cannot be bound in UI content`, where);
  }
  const args = call.args === undefined ? {} : call.args;
  for (const issue of checkFunctionArgs(catalog, name, args)) {
    return a2uiError('VALIDATION_FAILED', `${at}/args${issue.path}: ${issue.message} (function '${name}')`, { ...where, path: `${at}/args${issue.path}` });
  }
  return null;
}

/** The child component ids a component places, by its catalog shape. */
export function childIdsOf(config: ProcessorConfig, surface: Pick<SurfaceState, 'catalogId'>, component: ComponentRecord): string[] {
  const catalog = catalogOf(config, surface, component);
  const shape = catalog ? componentShape(catalog, component.component) : null;
  const ids: string[] = [];
  const visit = (value: unknown, kind: string | undefined): void => {
    if (kind === 'child' && typeof value === 'string') ids.push(value);
    else if (kind === 'childList') {
      if (Array.isArray(value)) {
        for (const id of value) if (typeof id === 'string') ids.push(id);
      } else if (isRecord(value) && typeof value.componentId === 'string') {
        ids.push(value.componentId);
      }
    }
  };
  for (const [key, value] of Object.entries(component)) {
    const propShape = shape?.[key] ?? (key === 'child' ? { kind: 'child' } : key === 'children' ? { kind: 'childList' } : undefined);
    if (!propShape) continue;
    if (propShape.kind === 'array' && Array.isArray(value)) {
      // Nested slots such as Tabs' `tabs[].child`.
      const items = propShape.items;
      if (items.kind === 'object') {
        for (const item of value) {
          if (typeof item !== 'object' || item === null) continue;
          for (const [k, v] of Object.entries(item)) visit(v, items.properties[k]?.kind);
        }
      }
    } else {
      visit(value, propShape.kind);
    }
  }
  return ids;
}

function catalogOf(config: ProcessorConfig, surface: Pick<SurfaceState, 'catalogId'>, component: ComponentRecord): Catalog | undefined {
  const resolved = resolveComponentCatalog(config.catalogs, surface.catalogId ?? config.implicitDefaultCatalogId, component.catalogId);
  return resolved.ok ? resolved.catalog : undefined;
}

/**
 * The catalog of a component or call in the protocol's order (its own catalogId, else the surface
 * default, else an error), refusing catalogs of another protocol version; errors located at `at`.
 */
function resolveAt(
  config: ProcessorConfig,
  surface: Pick<SurfaceState, 'surfaceId' | 'catalogId'>,
  kind: 'component' | 'call',
  ownCatalogId: unknown,
  name: string,
  at: string,
): CatalogResolution {
  const resolve = kind === 'component' ? resolveComponentCatalog : resolveFunctionCatalog;
  const site = { surfaceId: surface.surfaceId, name };
  const resolved = resolve(config.catalogs, surface.catalogId ?? config.implicitDefaultCatalogId, ownCatalogId, site);
  if (resolved.ok) return resolved;
  return { ok: false, error: a2uiError(resolved.error.code, `${at}: ${resolved.error.message}`, { surfaceId: surface.surfaceId, path: at }) };
}

/** Every component of the surface with the update applied, as [id, component] pairs. */
function mergedEntries(existing: Table<ComponentRecord>, updated: readonly ComponentRecord[]): Array<[string, ComponentRecord]> {
  const changed = new Map(updated.map((c) => [c.id, c]));
  const entries: Array<[string, ComponentRecord]> = tableEntries(existing).filter(([id]) => !changed.has(id));
  return [...entries, ...changed];
}

/** Whether any component of `catalog` states allowedParents or allowedChildren (cached per catalog). */
const compositionRules = new WeakMap<Catalog, boolean>();
export function hasCompositionRules(catalog: Catalog): boolean {
  let found = compositionRules.get(catalog);
  if (found === undefined) {
    found = Object.keys(catalog.components).some((type) => {
      const rules = componentConstraints(catalog, type);
      return rules.allowedParents !== undefined || rules.allowedChildren !== undefined;
    });
    compositionRules.set(catalog, found);
  }
  return found;
}

/** Strict mode: the candidate component graph has no cycle and keeps its composition rules. */
function checkTopology(
  config: ProcessorConfig,
  surface: Pick<SurfaceState, 'surfaceId' | 'catalogId' | 'components'>,
  merged: (id: string) => ComponentRecord | undefined,
  updated: readonly ComponentRecord[],
  basePath: string,
): A2uiError | null {
  const children = new Map<string, string[]>();
  const childrenOf = (id: string): string[] => {
    let list = children.get(id);
    if (!list) {
      const component = merged(id);
      list = component ? childIdsOf(config, surface, component) : [];
      children.set(id, list);
    }
    return list;
  };
  // Iterative three-colour DFS from the updated components only. Strict mode kept the stored
  // graph acyclic, and only the updated components' edges changed, so any cycle now passes
  // through one of them: the walk costs what the update reaches, not the whole surface.
  const colour = new Map<string, 1 | 2>();
  for (const start of updated.map((c) => c.id)) {
    if (colour.has(start)) continue;
    const stack: Array<[string, number]> = [[start, 0]];
    colour.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [string, number];
      const [id, next] = top;
      const kids = childrenOf(id);
      if (next >= kids.length) {
        colour.set(id, 2);
        stack.pop();
        continue;
      }
      top[1] = next + 1;
      const kid = kids[next] as string;
      if (!merged(kid)) continue;
      const state = colour.get(kid);
      if (state === 1) {
        const where = { surfaceId: surface.surfaceId, path: basePath };
        if (kid === id) return a2uiError('VALIDATION_FAILED', `${basePath}: Self-reference detected: component '${kid}' lists itself as its own child`, where);
        const ids = stack.map(([s]) => s);
        const cycle = [...ids.slice(ids.indexOf(kid)), kid].join(' → ');
        return a2uiError('VALIDATION_FAILED', `${basePath}: Circular component reference: the components form a cycle (${cycle})`, where);
      }
      if (state === undefined) {
        colour.set(kid, 1);
        stack.push([kid, 0]);
      }
    }
  }
  const updatedIds = new Set(updated.map((c) => c.id));
  // Composition rules can fail only when a catalog states some; the scan for parents is skipped otherwise.
  const composition = config.catalogs.some(hasCompositionRules) ? mergedEntries(surface.components, updated) : [];
  for (const [parentId, parent] of composition) {
    const parentCatalog = catalogOf(config, surface, parent);
    const parentRules = parentCatalog ? componentConstraints(parentCatalog, parent.component) : {};
    for (const childId of childrenOf(parentId)) {
      const child = merged(childId);
      if (!child || (!updatedIds.has(childId) && !updatedIds.has(parentId))) continue;
      const childCatalog = catalogOf(config, surface, child);
      const childRules = childCatalog ? componentConstraints(childCatalog, child.component) : {};
      if (childRules.allowedParents && !childRules.allowedParents.includes(parent.component)) {
        return a2uiError(
          'UNALLOWED_PARENT',
          `Component '${childId}' (${child.component}) cannot be placed under parent '${parentId}' (${parent.component}). Allowed parents: [${childRules.allowedParents.map((p) => `'${p}'`).join(', ')}].`,
          { surfaceId: surface.surfaceId, path: basePath },
        );
      }
      if (parentRules.allowedChildren && !parentRules.allowedChildren.includes(child.component)) {
        return a2uiError(
          'UNALLOWED_CHILD',
          `Container '${parentId}' (${parent.component}) cannot contain child '${childId}' (${child.component}). Allowed children: [${parentRules.allowedChildren.map((p) => `'${p}'`).join(', ')}].`,
          { surfaceId: surface.surfaceId, path: basePath },
        );
      }
    }
  }
  const root = merged('root');
  if (root) {
    const rootCatalog = catalogOf(config, surface, root);
    const rules = rootCatalog ? componentConstraints(rootCatalog, root.component) : {};
    if (rules.allowedParents && !rules.allowedParents.includes('Surface')) {
      return a2uiError('UNALLOWED_PARENT', `Component 'root' (${root.component}) cannot be placed under the surface. Allowed parents: [${rules.allowedParents.map((p) => `'${p}'`).join(', ')}].`, { surfaceId: surface.surfaceId, path: basePath });
    }
  }
  return null;
}
