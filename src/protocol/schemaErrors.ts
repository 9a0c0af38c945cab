/**
 * Turns the flat error list of @cfworker/json-schema into a few actionable violations in the style
 * of issues.ts (`/text/args/currency: missing required key "currency"`).
 *
 * The validator reports every failing keyword, wrappers included, and every branch of a failed
 * oneOf/anyOf. We keep the leaves, keep only the best-matching branch of each failed union, drop
 * "unknown key" echoes (a failed subschema loses its annotations, so the surrounding
 * `unevaluatedProperties` flags every key), and rewrite the messages.
 */
import type { OutputUnit } from '@cfworker/json-schema';
import { describeType, isPlainObject, type JsonValue } from './json';
import { appendPointer } from './pointer';

/** One schema violation: a JSON Pointer into the checked value and an explanation. */
export interface SchemaViolation {
  path: string;
  message: string;
}

// Keywords whose errors only say "a subschema failed"; the useful errors are the ones below them.
const WRAPPER_KEYWORDS = new Set([
  '$ref',
  '$recursiveRef',
  'allOf',
  'if',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'dependentSchemas',
  'dependencies',
]);

/** One validator error with a decoded instance pointer; `unknownKey` is synthesized below. */
interface Leaf {
  keyword: string;
  keywordLocation: string;
  path: string;
  error: string;
}

function pointerOf(instanceLocation: string): string {
  const raw = instanceLocation.startsWith('#') ? instanceLocation.slice(1) : instanceLocation;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function depthOf(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

/**
 * Decodes pointers and turns "property x does not match the unevaluated/additional properties
 * schema" followed by a `false` schema into one `unknownKey` error. (A `false` schema reports its
 * instance location as its keyword location, so it borrows the location of the unit before it:
 * the validator always emits a wrapper before the errors under it.)
 */
function normalize(units: readonly OutputUnit[]): Leaf[] {
  const leaves: Leaf[] = [];
  for (let i = 0; i < units.length; i += 1) {
    const unit = units[i] as OutputUnit;
    const next = units[i + 1];
    const isKeyWrapper = unit.keyword === 'unevaluatedProperties' || unit.keyword === 'additionalProperties';
    if (isKeyWrapper && next?.keyword === 'false') {
      leaves.push({ keyword: 'unknownKey', keywordLocation: unit.keywordLocation, path: pointerOf(next.instanceLocation), error: '' });
      i += 1;
      continue;
    }
    const keywordLocation = unit.keyword === 'false' ? (units[i - 1]?.keywordLocation ?? '') : unit.keywordLocation;
    leaves.push({ keyword: unit.keyword, keywordLocation, path: pointerOf(unit.instanceLocation), error: unit.error });
  }
  return leaves;
}

/** How far into the value an error shows its branch got (as in issues.ts); higher is better. */
function progress(leaf: Leaf): number {
  const depth = depthOf(leaf.path);
  switch (leaf.keyword) {
    case 'type':
      return depth - 0.5;
    case 'required':
      return depth;
    case 'unknownKey':
    case 'const':
    case 'enum':
    case 'not':
    case 'false':
      return depth - 1;
    default:
      return depth + 1;
  }
}

function bestScore(leaves: readonly Leaf[]): number {
  return leaves.reduce((best, leaf) => Math.max(best, progress(leaf)), -Infinity);
}

function typeNames(leaf: Leaf): string[] {
  const match = /Expected "(.*)"\.$/.exec(leaf.error);
  return match ? (match[1] ?? '').split('", "') : [];
}

/** Keeps, for each failed oneOf/anyOf, only the errors of the branch that matched best. */
function reduce(leaves: readonly Leaf[]): Leaf[] {
  const unions = leaves.filter((leaf) => leaf.keyword === 'oneOf' || leaf.keyword === 'anyOf');
  const outer = unions.filter(
    (union) => !unions.some((other) => other !== union && union.keywordLocation.startsWith(`${other.keywordLocation}/`)),
  );
  const claimed = new Set<Leaf>();
  const result: Leaf[] = [];
  for (const union of outer) {
    const prefix = `${union.keywordLocation}/`;
    const branches = new Map<string, Leaf[]>();
    claimed.add(union);
    for (const leaf of leaves) {
      if (leaf === union || !leaf.keywordLocation.startsWith(prefix)) continue;
      claimed.add(leaf);
      const index = leaf.keywordLocation.slice(prefix.length).split('/')[0] ?? '';
      branches.set(index, [...(branches.get(index) ?? []), leaf]);
    }
    result.push(...chooseBranch(union, [...branches.values()]));
  }
  for (const leaf of leaves) if (!claimed.has(leaf) && !WRAPPER_KEYWORDS.has(leaf.keyword)) result.push(leaf);
  return result;
}

function parentOf(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}

/**
 * How many signs say a union branch is the wrong one: a literal (`const`, `enum`, `not`) or a type
 * that fails on the value or a direct key (`call`, `component`), a key the branch requires but
 * the value lacks, a direct key the branch does not know at all.
 */
function missCount(branch: readonly Leaf[], unionPath: string): number {
  const direct = (leaf: Leaf) => leaf.path === unionPath || parentOf(leaf.path) === unionPath;
  return branch.filter((leaf) => {
    switch (leaf.keyword) {
      case 'const':
      case 'enum':
      case 'not':
        return direct(leaf);
      case 'type':
      case 'required':
        return leaf.path === unionPath;
      case 'unknownKey':
        return parentOf(leaf.path) === unionPath && leaf.keywordLocation.endsWith('/additionalProperties');
      default:
        return false;
    }
  }).length;
}

function hasLiteralMiss(branch: readonly Leaf[], unionPath: string): boolean {
  return branch.some(
    (leaf) => (leaf.keyword === 'const' || leaf.keyword === 'enum') && (leaf.path === unionPath || parentOf(leaf.path) === unionPath),
  );
}

/** The values the literal at one key may take, when every branch failed only on that literal. */
function literalChoices(branches: readonly Leaf[][], union: Leaf): Leaf | null {
  const unionPath = union.path;
  const values: unknown[] = [];
  let path: string | undefined;
  for (const branch of branches) {
    const literal = branch.find(
      (leaf) => (leaf.keyword === 'const' || leaf.keyword === 'enum') && (leaf.path === unionPath || parentOf(leaf.path) === unionPath),
    );
    if (!literal || (path !== undefined && literal.path !== path)) return null;
    path = literal.path;
    const text = /^Instance does not match (?:any of )?(.*)\.$/.exec(literal.error)?.[1] ?? 'null';
    try {
      const parsed: unknown = JSON.parse(text);
      values.push(...(literal.keyword === 'enum' && Array.isArray(parsed) ? parsed : [parsed]));
    } catch {
      return null;
    }
  }
  if (path === undefined) return null;
  const error = `Instance does not match any of ${JSON.stringify([...new Set(values)])}.`;
  return { keyword: 'enum', keywordLocation: union.keywordLocation, path, error };
}

function chooseBranch(union: Leaf, branches: readonly Leaf[][]): Leaf[] {
  if (!/\(0 matches\)|any subschemas/.test(union.error) || branches.length === 0) {
    return [{ ...union, keyword: 'ambiguous' }];
  }
  const reduced = branches.map((branch) => reduce(branch));
  const onlyTypes = reduced.every((branch) => branch.length > 0 && branch.every((l) => l.keyword === 'type' && l.path === union.path));
  if (onlyTypes) {
    const names = [...new Set(reduced.flatMap((branch) => branch.flatMap(typeNames)))];
    return [{ keyword: 'type', keywordLocation: union.keywordLocation, path: union.path, error: `Expected "${names.join('", "')}".` }];
  }
  if (reduced.every((branch) => hasLiteralMiss(branch, union.path))) {
    const literals = literalChoices(reduced, union);
    if (literals) return [literals];
  }
  const ranked = reduced.map((leaves) => ({ leaves, misses: missCount(leaves, union.path), score: bestScore(leaves) }));
  let best = ranked[0] as (typeof ranked)[number];
  for (const branch of ranked.slice(1)) {
    const better = best.misses - branch.misses || branch.score - best.score || best.leaves.length - branch.leaves.length;
    if (better > 0) best = branch;
  }
  return best.leaves;
}

/**
 * When a subschema fails, its annotations are dropped, so the `unevaluatedProperties` of the
 * schema around it reports every key as unknown. Such echoes are noise next to the real error.
 */
function dropEchoes(leaves: readonly Leaf[]): Leaf[] {
  const suffix = '/unevaluatedProperties';
  return leaves.filter((leaf) => {
    if (leaf.keyword !== 'unknownKey' || !leaf.keywordLocation.endsWith(suffix)) return true;
    const owner = `${leaf.keywordLocation.slice(0, -suffix.length)}/`;
    return !leaves.some((other) => other.keywordLocation !== leaf.keywordLocation && other.keywordLocation.startsWith(owner));
  });
}

function valueAtPointer(root: JsonValue, pointer: string): JsonValue | undefined {
  if (pointer === '') return root;
  let value: JsonValue | undefined = root;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isPlainObject(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

function shown(value: JsonValue | undefined): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return describeType(value);
}

function lastKey(pointer: string): string {
  return pointer.slice(pointer.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
}

function listOf(json: string): string {
  try {
    const values = JSON.parse(json) as unknown;
    if (Array.isArray(values)) {
      const shownValues = values.map((v) => JSON.stringify(v));
      return shownValues.length > 2 ? `one of ${shownValues.join(', ')}` : shownValues.join(' or ');
    }
  } catch {
    // fall through to the raw text
  }
  return json;
}

/**
 * A FunctionCall naming a function in the `@` namespace that v1.0 does not define: it is refused
 * by a literal at its `call` key (never an agent function; see componentValidation.ts), and the
 * list of names the call could have had says less than this.
 */
function isUnknownSystemCall(leaf: Leaf, value: JsonValue | undefined): boolean {
  const literal = leaf.keyword === 'const' || leaf.keyword === 'enum' || leaf.keyword === 'not';
  return literal && lastKey(leaf.path) === 'call' && typeof value === 'string' && value.startsWith('@') && value !== '@index';
}

/** Says what is wrong in the `expected ..., got ...` style of issues.ts. */
function explainLeaf(leaf: Leaf, root: JsonValue): SchemaViolation {
  const { path } = leaf;
  const value = valueAtPointer(root, path);
  const got = shown(value);
  const required = /required property "(.*)"\.$/.exec(leaf.error);
  const constant = /^Instance does not match (.*)\.$/.exec(leaf.error);
  const anyOf = /^Instance does not match any of (.*)\.$/.exec(leaf.error);
  const items = /^Array has too (few|many) items \((\d+) [<>] (\d+)\)\.$/.exec(leaf.error);
  const format = /^String does not match format "(.*)"\.$/.exec(leaf.error);
  if (isUnknownSystemCall(leaf, value)) {
    return { path, message: `unknown system function '${String(value)}': the '@' namespace is reserved for system functions, and v1.0 defines only @index` };
  }
  switch (leaf.keyword) {
    case 'required':
      return { path: appendPointer(path, required?.[1] ?? ''), message: `missing required key ${JSON.stringify(required?.[1] ?? '')}` };
    case 'type':
      return { path, message: `expected ${typeNames(leaf).join(' or ')}, got ${describeType(value)}` };
    case 'unknownKey':
      return { path, message: `unknown key ${JSON.stringify(lastKey(path))} is not allowed here` };
    case 'false':
      return { path, message: `${JSON.stringify(lastKey(path))} is not allowed here` };
    case 'const':
      return { path, message: `expected ${constant?.[1] ?? 'a fixed value'}, got ${got}` };
    case 'enum':
      return { path, message: `expected ${listOf(anyOf?.[1] ?? '[]')}, got ${got}` };
    case 'minItems':
    case 'maxItems': {
      const limit = items?.[3] ?? '?';
      const bound = items?.[1] === 'few' ? 'at least' : 'at most';
      return { path, message: `expected ${bound} ${limit} item${limit === '1' ? '' : 's'}, got ${items?.[2] ?? '?'}` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const bound = /(less|greater) than (or equal to )?\s*(.*)\.$/.exec(leaf.error);
      if (!bound) return { path, message: leaf.error.replace(/\.$/, '') };
      const strict = leaf.keyword.startsWith('exclusive') || bound[2] !== undefined;
      const op = bound[1] === 'less' ? (strict ? '>' : '>=') : strict ? '<' : '<=';
      return { path, message: `expected a number ${op} ${bound[3] ?? ''}, got ${got}` };
    }
    case 'format':
      return { path, message: `expected a ${format?.[1] ?? 'formatted'} string, got ${got}` };
    case 'ambiguous':
      return { path, message: 'matches more than one of the allowed forms' };
    default:
      return { path, message: leaf.error.replace(/\.$/, '') };
  }
}

/** The most helpful violations first, deduplicated and capped. */
export function selectViolations(units: readonly OutputUnit[], root: JsonValue, maxErrors: number): SchemaViolation[] {
  const leaves = dropEchoes(reduce(normalize(units)));
  const ordered = leaves
    .map((leaf, order) => ({ leaf, order }))
    .sort((a, b) => progress(b.leaf) - progress(a.leaf) || a.order - b.order);
  const seen = new Set<string>();
  const violations: SchemaViolation[] = [];
  for (const { leaf } of ordered) {
    const explained = explainLeaf(leaf, root);
    const key = `${explained.path}\u0000${explained.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(explained);
  }
  if (violations.length === 0) return [{ path: '', message: 'does not match the catalog schema' }];
  return violations.slice(0, maxErrors);
}
