/**
 * A catalog as `rendererCapabilities` advertises it inline: a document that renderer_capabilities.json
 * (through catalog_definition.json) accepts. catalog_definition.json allows only `anyComponent`
 * and `anyFunction` in `$defs`, so any other definition a catalog keeps there (the MCP catalog's
 * JsonSchema, DataPaths, …) is written in place of its `#/$defs/…` references; and its
 * FunctionDefinition reads a missing `requiresUserActivation` as possibly true, which only
 * `rendererOnly` functions may be, so other callers get an explicit `false`.
 */
import type { Catalog } from '../catalog/types';
import { isRecord } from '../util/records';

const KEPT_DEFS = new Set(['anyComponent', 'anyFunction']);
const MAX_INLINE_DEPTH = 32;

type Json = unknown;

function localDef(ref: string): string | null {
  const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
  return match ? decodeURIComponent(match[1] as string).replace(/~1/g, '/').replace(/~0/g, '~') : null;
}

/** `value` with references to dropped `$defs` replaced by the definitions (siblings of `$ref` kept). */
function inlineDefs(value: Json, defs: Record<string, Json>, depth: number): Json {
  if (Array.isArray(value)) return value.map((item) => inlineDefs(item, defs, depth));
  if (!isRecord(value)) return value;
  const ref = typeof value.$ref === 'string' ? localDef(value.$ref) : null;
  if (ref !== null && !KEPT_DEFS.has(ref) && Object.prototype.hasOwnProperty.call(defs, ref)) {
    // A recursive definition cannot be written out whole; past the depth it accepts anything.
    const target = depth >= MAX_INLINE_DEPTH ? {} : inlineDefs(defs[ref], defs, depth + 1);
    const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$ref'));
    if (Object.keys(rest).length === 0) return target;
    return { allOf: [target], ...inlineDefs(rest, defs, depth) as Record<string, Json> };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineDefs(item, defs, depth)]));
}

function withExplicitActivation(fn: Json): Json {
  if (!isRecord(fn)) return fn;
  const callers = fn.allowedCallers;
  if (callers !== undefined && callers !== 'rendererOnly' && fn.requiresUserActivation === undefined) {
    return { ...fn, requiresUserActivation: false };
  }
  return fn;
}

/** The catalog's JSON definition, made valid as an inline catalog of renderer capabilities. */
export function inlineCatalogDefinition(catalog: Catalog): Record<string, unknown> {
  const json = catalog.toJSON();
  const defs = isRecord(json.$defs) ? json.$defs : {};
  const dropped = Object.keys(defs).filter((name) => !KEPT_DEFS.has(name));
  let out: Record<string, Json> = { ...json };
  if (dropped.length > 0) {
    const kept = Object.fromEntries(Object.entries(defs).filter(([name]) => KEPT_DEFS.has(name)));
    out = inlineDefs({ ...json, $defs: kept }, defs, 0) as Record<string, Json>;
  }
  if (isRecord(out.functions)) {
    out.functions = Object.fromEntries(Object.entries(out.functions).map(([name, fn]) => [name, withExplicitActivation(fn)]));
  }
  return out;
}
