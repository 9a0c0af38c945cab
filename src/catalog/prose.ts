/**
 * The prose of JSON Schemas and catalog documents: what they say to a reader (an agent's LLM, a
 * developer), which no validator and no resolver reads. The embedded documents come in two forms
 * (scripts/generate-basic-catalog.ts, scripts/generate-common-types.ts): the spec's file as
 * written, and its rules without the prose, which is what the runtime needs and ships.
 */

/** The annotation keywords a schema's prose is written in (JSON Schema 2020-12, meta-data). */
const TEXT_ANNOTATIONS = new Set(['title', 'description', '$comment']);
// Keywords whose value maps names to subschemas, lists subschemas, or is one subschema: where
// the walk goes. Other values (`const`, `enum`, `default`, …) are data and kept whole.
const SCHEMA_MAPS = new Set(['$defs', 'definitions', 'properties', 'patternProperties', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_ONE = new Set([
  'not', 'if', 'then', 'else', 'items', 'additionalProperties', 'unevaluatedProperties', 'contains', 'propertyNames',
  'unevaluatedItems', 'additionalItems',
]);
/** A catalog document's own prose, besides its schemas' (catalog_definition.json). */
const CATALOG_PROSE = new Set(['title', 'description', 'instructions']);
/** The members of a catalog document that hold schemas by name. */
const CATALOG_SCHEMA_MAPS = new Set(['components', 'functions', '$defs']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A schema without its prose: string `title`, `description` and `$comment`, and `examples`,
 * wherever a subschema can be. Property names (a component's `description` prop) and data
 * (`const`, `enum`, `default`) are kept. Returns a new value; the input is not changed.
 */
export function schemaWithoutProse(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 256) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((TEXT_ANNOTATIONS.has(key) && typeof value === 'string') || (key === 'examples' && Array.isArray(value))) continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) out[key] = schemaMapWithoutProse(value, depth);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((item) => schemaWithoutProse(item, depth + 1));
    else if (SCHEMA_ONE.has(key)) out[key] = schemaWithoutProse(value, depth + 1);
    else out[key] = value;
  }
  return out;
}

function schemaMapWithoutProse(map: Record<string, unknown>, depth: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, schemaWithoutProse(schema, depth + 1)]));
}

/**
 * A catalog.json document without its prose: its own `title`, `description` and `instructions`,
 * and the prose of every component, function and `$defs` schema. What is left is all that
 * validation and resolution read, so both forms check every component the same way.
 */
export function catalogWithoutProse(document: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    if (CATALOG_PROSE.has(key) && typeof value === 'string') continue;
    out[key] = CATALOG_SCHEMA_MAPS.has(key) && isObject(value) ? schemaMapWithoutProse(value, 0) : value;
  }
  return out;
}
