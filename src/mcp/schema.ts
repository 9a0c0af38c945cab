/**
 * Checking the arguments an embedded MCP App sends with `ui/requests/function-call` against the
 * JSON Schema its McpApp component gives for that function (`allowedFunctions`).
 *
 * The schema comes from the agent and the arguments from an untrusted app, so neither may make
 * the check run away. The validator (`@cfworker/json-schema`, which interprets schemas and
 * generates no code) matches `pattern` and `patternProperties` with the native, backtracking
 * RegExp, so those keywords are taken out of its hands first: every pattern is run by the
 * linear-time matcher (compileSafeRegex, one shared step budget) against the strings and keys
 * the arguments contain, and the keyword is rewritten into an equivalent that needs no regex:
 * - `pattern: P` becomes `if: {type: string}, then: {enum: [the argument strings P matches]}`;
 * - `patternProperties: {P: S}` becomes `properties: {k: S}` for each argument key P matches
 *   (combined with an existing `properties[k]` through allOf).
 * Both are exact: the enum lists every string of the instance the pattern accepts, and a key
 * matched by a pattern is, after the rewrite, matched by name. Patterns are read as JavaScript
 * patterns without the `u` flag; ones that need it (`\p{…}`, `\u{…}`) are refused. `format` is
 * dropped: in JSON Schema 2020-12 it is an annotation unless a vocabulary asks otherwise, and
 * the validator's own format regexes are not all linear.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import { compileSafeRegex, RegexBudget, DEFAULT_REGEX_LIMITS, type RegexLimits } from '../regex';
import { errorText, toJsonValue, type JsonObject, type JsonValue } from '../protocol/json';

/** The outcome of {@link checkArgumentsAgainstSchema}. */
export type ArgumentSchemaCheck = { ok: true } | { ok: false; reason: string };

const MAX_SCHEMA_NODES = 10_000;
const MAX_PATTERNS = 64;
/** Steps all pattern checks of one request may take together. */
const PATTERN_BUDGET = 2_000_000;

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = [
  'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties', 'unevaluatedProperties',
  'unevaluatedItems', 'additionalItems', 'items', 'contentSchema',
];
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

/**
 * Whether `args` satisfy `schema` (JSON Schema 2020-12). A schema that cannot be used (not JSON,
 * an unresolvable `$ref`, a pattern that cannot be run safely) fails the check with its reason.
 * Never throws.
 */
export function checkArgumentsAgainstSchema(
  schema: unknown,
  args: unknown,
  regexLimits: RegexLimits = DEFAULT_REGEX_LIMITS,
): ArgumentSchemaCheck {
  try {
    const copy = toJsonValue(schema, { maxDepth: 64, maxNodes: MAX_SCHEMA_NODES });
    if (!copy.ok) return { ok: false, reason: `the argument schema is not usable JSON: ${copy.reason}` };
    if (typeof copy.value === 'boolean') return copy.value ? { ok: true } : { ok: false, reason: 'the argument schema accepts nothing' };
    if (!isObject(copy.value)) return { ok: false, reason: 'the argument schema must be an object or a boolean' };
    const instance = toJsonValue(args, { maxDepth: 64 });
    if (!instance.ok) return { ok: false, reason: `the arguments are not JSON: ${instance.reason}` };
    const rewritten = withoutRegexKeywords(copy.value, instance.value, regexLimits);
    if (!rewritten.ok) return rewritten;
    const result = new Validator(rewritten.schema as Schema, '2020-12', false).validate(instance.value);
    if (result.valid) return { ok: true };
    const messages = result.errors
      .filter((error) => error.keyword !== 'properties' && error.keyword !== 'allOf' && error.keyword !== '$ref')
      .slice(0, 3)
      .map((error) => `${error.instanceLocation === '#' ? 'arguments' : error.instanceLocation}: ${error.error}`);
    return { ok: false, reason: messages.length > 0 ? messages.join('; ') : 'the arguments do not match the schema' };
  } catch (thrown) {
    return { ok: false, reason: `the argument schema could not be applied: ${errorText(thrown)}` };
  }
}

/** The schema with `pattern`, `patternProperties` and `format` rewritten or dropped (see above). */
function withoutRegexKeywords(
  schema: JsonObject,
  instance: JsonValue,
  regexLimits: RegexLimits,
): { ok: true; schema: JsonObject } | { ok: false; reason: string } {
  const schemas = subschemas(schema);
  const patterns = new Set<string>();
  for (const node of schemas) {
    if (typeof node.pattern === 'string') patterns.add(node.pattern);
    if (isObject(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) patterns.add(key);
  }
  if (patterns.size > MAX_PATTERNS) return { ok: false, reason: `the argument schema has more than ${MAX_PATTERNS} patterns` };
  const matches = new Map<string, Set<string>>();
  if (patterns.size > 0) {
    const { strings, keys } = instanceTexts(instance);
    const candidates = [...new Set([...strings, ...keys])];
    const budget = new RegexBudget(PATTERN_BUDGET);
    for (const pattern of patterns) {
      if (/\\[pP]\{|\\u\{/.test(pattern)) return { ok: false, reason: `the pattern /${pattern}/ needs Unicode mode, which is not supported here` };
      try {
        new RegExp(pattern, 'u'); // a pattern JSON Schema itself would reject is a schema error
        const regex = compileSafeRegex(pattern, regexLimits);
        matches.set(pattern, new Set(candidates.filter((text) => regex.test(text, budget))));
      } catch (thrown) {
        return { ok: false, reason: `the pattern /${pattern}/ cannot be checked: ${errorText(thrown)}` };
      }
    }
  }
  for (const node of schemas) {
    delete node.format;
    if (typeof node.pattern === 'string') {
      const accepted = [...(matches.get(node.pattern) ?? [])];
      delete node.pattern;
      node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { if: { type: 'string' }, then: { enum: accepted } }];
    }
    if (isObject(node.patternProperties)) {
      const properties: JsonObject = isObject(node.properties) ? node.properties : {};
      for (const [pattern, subschema] of Object.entries(node.patternProperties)) {
        for (const key of matches.get(pattern) ?? []) {
          const existing = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
          const combined: JsonValue = existing === undefined ? subschema : { allOf: [existing, subschema] };
          Object.defineProperty(properties, key, { value: combined, enumerable: true, writable: true, configurable: true });
        }
      }
      delete node.patternProperties;
      node.properties = properties;
    }
  }
  return { ok: true, schema };
}

/** Every schema object in `root` (itself included), found through the subschema keywords only. */
function subschemas(root: JsonObject): JsonObject[] {
  const found: JsonObject[] = [];
  const pending: JsonValue[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as JsonValue;
    if (!isObject(node)) continue;
    found.push(node);
    for (const keyword of SCHEMA_KEYWORDS) if (isObject(node[keyword])) pending.push(node[keyword] as JsonValue);
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = node[keyword];
      if (Array.isArray(list)) pending.push(...list);
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = node[keyword];
      if (isObject(map)) pending.push(...Object.values(map));
    }
  }
  return found;
}

/** The strings and the object keys anywhere in a JSON value. */
function instanceTexts(value: JsonValue): { strings: string[]; keys: string[] } {
  const strings: string[] = [];
  const keys: string[] = [];
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const node = pending.pop() as JsonValue;
    if (typeof node === 'string') strings.push(node);
    else if (Array.isArray(node)) pending.push(...node);
    else if (isObject(node)) {
      keys.push(...Object.keys(node));
      pending.push(...Object.values(node));
    }
  }
  return { strings, keys };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
