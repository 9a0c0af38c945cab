/**
 * What each property of a component type is, read once from its catalog JSON Schema: a child
 * reference, a child list, an action, checks, a dynamic value, or plain data. The resolver walks
 * properties by these shapes, so custom catalogs get the same treatment as the basic one.
 */
import type { Catalog, JsonSchema } from './types';

export type PropShape =
  | { kind: 'child' }
  | { kind: 'childList' }
  | { kind: 'action' }
  | { kind: 'checks' }
  | { kind: 'dynamic' }
  | { kind: 'static' }
  | { kind: 'array'; items: PropShape }
  | { kind: 'object'; properties: Record<string, PropShape>; additional: PropShape }
  /** Unknown schema: evaluate bindings and calls found anywhere inside. */
  | { kind: 'any' };

export type ComponentShape = Record<string, PropShape>;

const ANY: PropShape = { kind: 'any' };
const STATIC: PropShape = { kind: 'static' };
const MAX_SCHEMA_DEPTH = 24;

/** Names of common_types definitions that fix a property's role, whatever catalog uses them. */
function shapeOfCommonRef(ref: string): PropShape | undefined {
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  switch (name) {
    case 'Child':
    case 'ComponentId':
      return { kind: 'child' };
    case 'ChildList':
      return { kind: 'childList' };
    case 'Action':
      return { kind: 'action' };
    case 'DynamicValue':
    case 'DynamicString':
    case 'DynamicNumber':
    case 'DynamicBoolean':
    case 'DynamicStringList':
    case 'DataBinding':
    case 'FunctionCall':
      return { kind: 'dynamic' };
    case 'Checkable':
      return { kind: 'object', properties: { checks: { kind: 'checks' } }, additional: ANY };
    case 'AccessibilityAttributes':
      return ANY;
    default:
      return undefined;
  }
}

function schemaOfLocalRef(catalog: Catalog, ref: string): JsonSchema | undefined {
  const defsMatch = /^#\/\$defs\/(.+)$/.exec(ref);
  if (defsMatch?.[1] !== undefined) return catalog.defs?.[defsMatch[1]];
  const componentMatch = /^#\/components\/(.+)$/.exec(ref);
  if (componentMatch?.[1] !== undefined) return catalog.components[componentMatch[1]];
  return undefined;
}

function shapeOf(catalog: Catalog, schema: unknown, depth: number): PropShape {
  if (depth > MAX_SCHEMA_DEPTH || typeof schema !== 'object' || schema === null) return ANY;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') {
    const common = shapeOfCommonRef(s.$ref);
    if (common) return common;
    const local = schemaOfLocalRef(catalog, s.$ref);
    return local === undefined ? ANY : shapeOf(catalog, local, depth + 1);
  }
  const parts = [s, ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []))];
  const properties: Record<string, PropShape> = {};
  let sawObject = false;
  for (const part of parts) {
    if (part !== s) {
      const inner = shapeOf(catalog, part, depth + 1);
      if (inner.kind === 'object') {
        sawObject = true;
        Object.assign(properties, inner.properties);
      } else if (inner.kind !== 'any' && inner.kind !== 'static') {
        return inner;
      }
      continue;
    }
    const props = s.properties;
    if (typeof props === 'object' && props !== null) {
      sawObject = true;
      for (const [key, value] of Object.entries(props)) properties[key] = shapeOf(catalog, value, depth + 1);
    }
  }
  if (sawObject) return { kind: 'object', properties, additional: ANY };
  if (s.type === 'array' && s.items !== undefined) return { kind: 'array', items: shapeOf(catalog, s.items, depth + 1) };
  if (typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array') return STATIC;
  if (s.const !== undefined || Array.isArray(s.enum)) return STATIC;
  return ANY;
}

const shapeCache = new WeakMap<Catalog, Map<string, ComponentShape | null>>();

/** The property shapes of `component` in `catalog`, or null when the catalog does not define it. */
export function componentShape(catalog: Catalog, component: string): ComponentShape | null {
  let perCatalog = shapeCache.get(catalog);
  if (!perCatalog) {
    perCatalog = new Map();
    shapeCache.set(catalog, perCatalog);
  }
  const cached = perCatalog.get(component);
  if (cached !== undefined) return cached;
  const schema = Object.prototype.hasOwnProperty.call(catalog.components, component)
    ? catalog.components[component]
    : undefined;
  let shape: ComponentShape | null = null;
  if (schema !== undefined) {
    const root = shapeOf(catalog, schema, 0);
    shape = root.kind === 'object' ? { ...root.properties } : {};
    // Schemas that say nothing about `child`/`children` still use the protocol's conventional names.
    if ((shape.child ?? ANY).kind === 'any') shape.child = { kind: 'child' };
    if ((shape.children ?? ANY).kind === 'any') shape.children = { kind: 'childList' };
  }
  perCatalog.set(component, shape);
  return shape;
}

/** Composition constraints declared on a component type's schema (protocol "Composition validation rules"). */
export function componentConstraints(
  catalog: Catalog,
  component: string,
): { allowedParents?: string[]; allowedChildren?: string[] } {
  const schema = Object.prototype.hasOwnProperty.call(catalog.components, component)
    ? catalog.components[component]
    : undefined;
  if (typeof schema !== 'object' || schema === null) return {};
  const names = (value: unknown): string[] | undefined =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
  const out: { allowedParents?: string[]; allowedChildren?: string[] } = {};
  const parents = names(schema.allowedParents);
  const children = names(schema.allowedChildren);
  if (parents) out.allowedParents = parents;
  if (children) out.allowedChildren = children;
  return out;
}
