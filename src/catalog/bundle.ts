/**
 * A catalog as one self-contained catalog.json: the common types it refers to are copied into
 * the document, so an agent without the spec's common_types.json can read it (an inline catalog
 * in renderer capabilities goes to such agents).
 *
 * Where they go: catalog_definition.json allows only `anyComponent` and `anyFunction` in the
 * catalog's `$defs`, and the common types are recursive (FunctionCall → DynamicNumber →
 * FunctionCall), so they cannot be inlined in place. They go in `$defs.anyComponent.$defs` (a
 * schema's own `$defs`, which any JSON Schema may have), and refs point there by JSON Pointer.
 * The document stays valid against catalog_definition.json and every `$ref` resolves inside it.
 */
import { COMMON_TYPES_RULES } from '../protocol/json/commonTypesRules';
import type { Catalog } from './types';
import { commonTypeName } from './validate';

/** Where a bundled common type lives in the document. */
export const BUNDLED_COMMON_TYPES_POINTER = '#/$defs/anyComponent/$defs';
// common_types.json refers to the catalog it is used with as `catalog.json`.
const CATALOG_PLACEHOLDER = /^catalog\.json#/;

/** Options of {@link bundleCatalog}. */
export interface BundleCatalogOptions {
  /**
   * The common_types.json whose definitions are copied in. Default: the embedded v1.0 copy
   * without its prose (`title`, `description`, `$comment`), as the component validator reads
   * it. Pass `COMMON_TYPES_SCHEMA` (`a2ui-redux/protocol`) for a bundle an agent's LLM reads,
   * with the common types' descriptions; the rules are the same.
   */
  commonTypes?: { readonly [key: string]: unknown };
}

/**
 * The catalog's catalog.json with the common types it uses bundled in (see the module comment);
 * what `inlineCatalogs` carry. A bundle loads back with `catalogFromJson` and bundles to the same
 * JSON. Pure: the catalog is not changed. The catalog's own prose is whatever its `toJSON()` has
 * (`basicCatalog()` has none unless given `catalogJson`); the common types' prose is there only
 * when `options.commonTypes` has it.
 *
 * @example
 * const capabilities = { supportedCatalogIds: [], inlineCatalogs: [bundleCatalog(myCatalog)] };
 * // With the common types' descriptions, for an agent that reads them:
 * import { COMMON_TYPES_SCHEMA } from 'a2ui-redux/protocol';
 * bundleCatalog(myCatalog, { commonTypes: COMMON_TYPES_SCHEMA });
 */
export function bundleCatalog(catalog: Catalog, options: BundleCatalogOptions = {}): Record<string, unknown> {
  const common = options.commonTypes ?? COMMON_TYPES_RULES;
  const commonDefs = (typeof common['$defs'] === 'object' && common['$defs'] !== null ? common['$defs'] : {}) as Record<string, unknown>;
  const document = JSON.parse(JSON.stringify(catalog.toJSON())) as Record<string, unknown>;
  const needed = new Set<string>();
  const toLocal = (ref: string): string => {
    const name = commonTypeName(ref);
    if (name === undefined || !Object.prototype.hasOwnProperty.call(commonDefs, name)) return ref;
    needed.add(name);
    return `${BUNDLED_COMMON_TYPES_POINTER}/${name}`;
  };
  for (const key of ['components', 'functions', '$defs']) rewriteRefs(document[key], toLocal);
  if (needed.size === 0) return document;
  const defs = (document.$defs ?? {}) as Record<string, Record<string, unknown>>;
  const anyComponent = { ...(defs.anyComponent ?? { oneOf: [] }) };
  const bundled = { ...((anyComponent.$defs as Record<string, unknown> | undefined) ?? {}) };
  const queue = [...needed];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (name in bundled) continue;
    const copy = JSON.parse(JSON.stringify(commonDefs[name])) as unknown;
    rewriteRefs(copy, (ref) => {
      if (CATALOG_PLACEHOLDER.test(ref)) return ref.replace(CATALOG_PLACEHOLDER, '#');
      const inner = /^#\/\$defs\/([^/]+)$/.exec(ref);
      if (inner === null) return ref;
      queue.push(inner[1] as string);
      return `${BUNDLED_COMMON_TYPES_POINTER}/${inner[1] as string}`;
    });
    bundled[name] = copy;
  }
  anyComponent.$defs = Object.fromEntries(Object.keys(bundled).sort().map((name) => [name, bundled[name]]));
  document.$defs = { ...defs, anyComponent };
  return document;
}

/** Replaces every `$ref` string in a JSON value, in place. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string, depth = 0): void {
  if (typeof value !== 'object' || value === null || depth > 256) return;
  if (Array.isArray(value)) {
    for (const item of value) rewriteRefs(item, rewrite, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(record)) {
    if (key === '$ref' && typeof item === 'string') record[key] = rewrite(item);
    else rewriteRefs(item, rewrite, depth + 1);
  }
}
