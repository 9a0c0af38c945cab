/**
 * A closure compiler for JSON Schema draft 2020-12: turns a schema into a tree of plain closures
 * once, which then answer valid / invalid exactly as `@cfworker/json-schema` does with
 * `validate(instance, schema, '2020-12', lookup, false).valid`.
 *
 * Why: cfworker interprets the schema on every call (it destructures ~45 keywords per subschema,
 * builds location strings and error objects), which made catalog checks the largest cost of
 * ingest. ajv is fast but generates code with `new Function`, which we forbid (no code from text,
 * CSP-safe; inline catalogs are not ours). Closures need neither.
 *
 * Exactness is the contract: a wrong "valid" would let hostile input through. So:
 * - Semantics follow cfworker's source (4.1.6), quirks included: `integer` (Infinity passes a lone
 *   `type: "integer"` but not a type list), `const` / `enum` / `uniqueItems` with its
 *   `deepCompareStrict`, lengths in code points with its `ucs2length`, `pattern` as
 *   `new RegExp(pattern, 'u')`, its `format` table, `multipleOf` in decimal arithmetic,
 *   `unevaluatedProperties` ignored beside `additionalProperties`, `unevaluatedItems` starting
 *   after `prefixItems` / `items`, and its bookkeeping of evaluated properties (see Evaluated).
 * - Whatever this module does not implement compiles to `null`, never to a guess: keywords
 *   cfworker evaluates but we do not ($recursiveRef, $recursiveAnchor, dependencies,
 *   additionalItems, array-form items), malformed keyword values (where cfworker would throw or
 *   coerce), unresolved `$ref`s, patterns the `u` flag rejects, unknown `type` names, and loops of
 *   `$ref` / applicators that never move into the instance (cfworker would recurse forever).
 *   The caller then runs cfworker itself.
 * - Keys cfworker never reads (title, description, default, $comment, discriminator, returnType,
 *   $dynamicRef, …) are ignored, as cfworker ignores them; a test pins the keyword list to
 *   cfworker's source.
 * Unlike cfworker, checks stop at the first failure: validity is a conjunction, and evaluated
 * keys recorded by a failing subschema never reach a passing check (cfworker discards them too).
 */
import { deepCompareStrict, format as FORMATS, ucs2length, type Schema } from '@cfworker/json-schema';
import type { JsonObject, JsonValue } from './json';

/** The registry `$ref`s resolve in: cfworker's `dereference` output (absolute URI → schema). */
export type SchemaLookup = Record<string, Schema | boolean>;

/** A compiled schema: whether `instance` is valid. */
export type SchemaPredicate = (instance: JsonValue) => boolean;

/** Compiles schemas of one registry; compiled subschemas are shared between the schemas compiled. */
export interface SchemaCompiler {
  /**
   * The predicate of `schema` (resolving `$ref`s in the registry), or null when the schema uses
   * something this compiler does not implement exactly; then validate with cfworker instead.
   */
  compile(schema: Schema | boolean): SchemaPredicate | null;
}

type SchemaValue = Schema | boolean;
type Check = (value: JsonValue) => boolean;
type Track = (value: JsonValue, evaluated: Evaluated) => boolean;

/**
 * Every keyword cfworker's `validate` reads (its destructuring list, minus its private
 * `__absolute_*` keys). Keys outside this list are ignored by cfworker, and by us.
 */
export const CFWORKER_KEYWORDS: readonly string[] = [
  '$ref', '$recursiveRef', '$recursiveAnchor', 'type', 'const', 'enum', 'required', 'not', 'anyOf', 'allOf', 'oneOf',
  'if', 'then', 'else', 'format', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties',
  'minProperties', 'maxProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'dependencies',
  'prefixItems', 'items', 'additionalItems', 'unevaluatedItems', 'contains', 'minContains', 'maxContains', 'minItems',
  'maxItems', 'uniqueItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength',
  'maxLength', 'pattern',
];

/** Keywords cfworker evaluates that this compiler leaves to cfworker. */
const UNSUPPORTED_KEYWORDS = ['$recursiveRef', '$recursiveAnchor', 'dependencies', 'additionalItems'];

const TYPE_NAMES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);

const hasOwn = Object.prototype.hasOwnProperty;

/** Thrown while reading a schema this compiler does not implement; caught by `compile`. */
class Unsupported extends Error {}

function unsupported(why: string): never {
  throw new Unsupported(why);
}

// ---------------------------------------------------------------------------------------------
// Evaluated properties / items.

/**
 * The properties (or item indices) of one instance that keywords have evaluated successfully,
 * kept as cfworker keeps its `evaluated` object: `$ref`, `then`, `else` and `dependentSchemas`
 * write into the caller's set; each `allOf` / `anyOf` / `oneOf` branch gets a child set that sees
 * the parent's entries (cfworker's `Object.create(evaluated)`) and is merged into it only when the
 * branch is valid, after all three keywords ran; `if` gets a fresh set, merged when it passes.
 * `unevaluatedProperties` / `unevaluatedItems` read the set, parents included.
 */
class Evaluated {
  private keys: Set<string | number> | undefined = undefined;

  constructor(private readonly parent: Evaluated | undefined) {}

  has(key: string | number): boolean {
    for (let at: Evaluated | undefined = this; at !== undefined; at = at.parent) {
      if (at.keys !== undefined && at.keys.has(key)) return true;
    }
    return false;
  }

  add(key: string | number): void {
    (this.keys ??= new Set()).add(key);
  }

  /** Adds the keys recorded in `other` itself (not its parents), as `Object.assign` does. */
  absorb(other: Evaluated): void {
    if (other.keys !== undefined) for (const key of other.keys) this.add(key);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a schema object into checked, typed keyword values.

/** One schema object's keywords, checked for the shapes cfworker handles without throwing. */
interface Keywords {
  readonly ref: SchemaValue | undefined;
  readonly type: Check | undefined;
  readonly constant: Check | undefined;
  readonly enumeration: Check | undefined;
  readonly not: SchemaValue | undefined;
  readonly anyOf: readonly SchemaValue[] | undefined;
  readonly allOf: readonly SchemaValue[] | undefined;
  readonly oneOf: readonly SchemaValue[] | undefined;
  readonly if: SchemaValue | undefined;
  readonly then: SchemaValue | undefined;
  readonly else: SchemaValue | undefined;
  readonly required: readonly string[] | undefined;
  readonly minProperties: number | undefined;
  readonly maxProperties: number | undefined;
  readonly propertyNames: SchemaValue | undefined;
  readonly dependentRequired: ReadonlyArray<readonly [string, readonly string[]]> | undefined;
  readonly dependentSchemas: ReadonlyArray<readonly [string, SchemaValue]> | undefined;
  readonly properties: ReadonlyArray<readonly [string, SchemaValue]> | undefined;
  readonly patternProperties: ReadonlyArray<readonly [RegExp, SchemaValue]> | undefined;
  readonly additionalProperties: SchemaValue | undefined;
  /** Only when `additionalProperties` is absent: cfworker skips it otherwise. */
  readonly unevaluatedProperties: SchemaValue | undefined;
  readonly prefixItems: readonly SchemaValue[] | undefined;
  readonly items: SchemaValue | undefined;
  readonly contains: SchemaValue | undefined;
  readonly minContains: number | undefined;
  readonly maxContains: number | undefined;
  readonly unevaluatedItems: SchemaValue | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly uniqueItems: boolean;
  readonly number: ((value: number) => boolean) | undefined;
  readonly string: ((value: string) => boolean) | undefined;
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchemaValue(value: unknown): value is SchemaValue {
  return typeof value === 'boolean' || isJsonObject(value);
}

function schemaAt(schema: Schema, key: string): SchemaValue | undefined {
  const value: unknown = schema[key];
  if (value === undefined) return undefined;
  return isSchemaValue(value) ? value : unsupported(`${key} is not a schema`);
}

function schemaListAt(schema: Schema, key: string): SchemaValue[] | undefined {
  const value: unknown = schema[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isSchemaValue)) return unsupported(`${key} is not a list of schemas`);
  return value;
}

function schemaMapAt(schema: Schema, key: string): Array<[string, SchemaValue]> | undefined {
  const value: unknown = schema[key];
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) return unsupported(`${key} is not an object`);
  const entries = Object.entries(value);
  return entries.every((entry): entry is [string, SchemaValue] => isSchemaValue(entry[1]))
    ? entries
    : unsupported(`${key} holds a non-schema`);
}

function numberAt(schema: Schema, key: string): number | undefined {
  const value: unknown = schema[key];
  if (value === undefined) return undefined;
  return typeof value === 'number' ? value : unsupported(`${key} is not a number`);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function stringListAt(schema: Schema, key: string): string[] | undefined {
  const value: unknown = schema[key];
  if (value === undefined) return undefined;
  return isStringList(value) ? value : unsupported(`${key} is not a list of strings`);
}

/** cfworker compiles patterns as `new RegExp(pattern, 'u')`; one that throws there is left to it. */
function unicodeRegex(pattern: unknown): RegExp {
  if (typeof pattern !== 'string') return unsupported('pattern is not a string');
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return unsupported('pattern is not a valid unicode regular expression');
  }
}

function resolveRef(schema: Schema, lookup: SchemaLookup): SchemaValue | undefined {
  const ref: unknown = schema['$ref'];
  if (ref === undefined) return undefined;
  if (typeof ref !== 'string') return unsupported('$ref is not a string');
  // As cfworker: the absolute URI that `dereference` attached, else the ref as written.
  const absolute: unknown = (schema as Record<string, unknown>)['__absolute_ref__'];
  const target: unknown = lookup[typeof absolute === 'string' && absolute !== '' ? absolute : ref];
  return isSchemaValue(target) ? target : unsupported(`unresolved $ref ${ref}`);
}

function kindOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** `type`, as cfworker tests it: a lone "integer" and "integer" in a list differ on Infinity. */
function typeCheck(type: unknown): Check {
  if (typeof type === 'string') {
    if (!TYPE_NAMES.has(type)) return unsupported(`unknown type ${type}`);
    switch (type) {
      case 'null':
        return (value) => value === null;
      case 'object':
        return isJsonObject;
      case 'array':
        return (value) => Array.isArray(value);
      case 'boolean':
        return (value) => typeof value === 'boolean';
      case 'number':
        return (value) => typeof value === 'number';
      case 'string':
        return (value) => typeof value === 'string';
      default:
        return (value) => typeof value === 'number' && !(value % 1) && value === value;
    }
  }
  if (!isStringList(type) || !type.every((name) => TYPE_NAMES.has(name))) return unsupported('type is not a list of type names');
  const kinds = new Set<string>(type);
  const integer = kinds.has('integer');
  return (value) => kinds.has(kindOf(value)) || (integer && typeof value === 'number' && value % 1 === 0 && value === value);
}

/** `const`: deep equality for an object or array instance, `===` otherwise (as cfworker). */
function constCheck(expected: unknown): Check {
  return (value) => (typeof value === 'object' && value !== null ? deepCompareStrict(value, expected) : value === expected);
}

function enumCheck(values: unknown): Check {
  if (!Array.isArray(values)) return unsupported('enum is not an array');
  const options: readonly unknown[] = values;
  // `===` on primitives is Set membership, except that NaN never equals itself.
  const primitives = new Set(options.filter((v) => (typeof v !== 'object' || v === null) && v === v));
  return (value) => {
    if (typeof value !== 'object' || value === null) return primitives.has(value);
    for (const option of options) if (deepCompareStrict(value, option)) return true;
    return false;
  };
}

function decimalInteger(value: number): [bigint, number] {
  const [coefficient = '', exponent = '0'] = Math.abs(value).toString().split('e');
  const point = coefficient.indexOf('.');
  const fractionLength = point === -1 ? 0 : coefficient.length - point - 1;
  return [BigInt(coefficient.replace('.', '')), Number(exponent) - fractionLength];
}

/** cfworker's `multipleOf`: exact in decimal, so 0.3 is a multiple of 0.1. */
function isMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  const [valueCoefficient, valueExponent] = decimalInteger(value);
  const [divisorCoefficient, divisorExponent] = decimalInteger(divisor);
  const difference = valueExponent - divisorExponent;
  if (difference >= 0) return (valueCoefficient * 10n ** BigInt(difference)) % divisorCoefficient === 0n;
  return valueCoefficient % (divisorCoefficient * 10n ** BigInt(-difference)) === 0n;
}

function numberCheck(schema: Schema): ((value: number) => boolean) | undefined {
  const minimum = numberAt(schema, 'minimum');
  const maximum = numberAt(schema, 'maximum');
  const exclusiveMinimum = numberAt(schema, 'exclusiveMinimum');
  const exclusiveMaximum = numberAt(schema, 'exclusiveMaximum');
  const multipleOf = numberAt(schema, 'multipleOf');
  const checks: Array<(value: number) => boolean> = [];
  if (minimum !== undefined) checks.push((value) => !(value < minimum));
  if (maximum !== undefined) checks.push((value) => !(value > maximum));
  if (exclusiveMinimum !== undefined) checks.push((value) => !(value <= exclusiveMinimum));
  if (exclusiveMaximum !== undefined) checks.push((value) => !(value >= exclusiveMaximum));
  if (multipleOf !== undefined) checks.push((value) => isMultipleOf(value, multipleOf));
  return checks.length === 0 ? undefined : every(checks);
}

/**
 * cfworker's `format[name]`: a name it knows asserts, an unknown name is ignored; a name found only
 * on Object.prototype (`toString`, `constructor`, …) does something odd there, so it is left to it.
 */
function formatCheck(name: unknown): ((value: string) => boolean) | undefined {
  if (name === undefined) return undefined;
  if (typeof name !== 'string') return unsupported('format is not a string');
  const formats = FORMATS as Record<string, ((value: string) => boolean) | undefined>;
  if (hasOwn.call(formats, name)) {
    const test = formats[name];
    return typeof test === 'function' ? test : unsupported(`format ${name} is not a function`);
  }
  return name in formats ? unsupported(`format ${name} is inherited`) : undefined;
}

function stringCheck(schema: Schema): ((value: string) => boolean) | undefined {
  const minLength = numberAt(schema, 'minLength');
  const maxLength = numberAt(schema, 'maxLength');
  const pattern = schema['pattern'] === undefined ? undefined : unicodeRegex(schema['pattern']);
  const format = formatCheck(schema['format']);
  const checks: Array<(value: string) => boolean> = [];
  if (minLength !== undefined || maxLength !== undefined) {
    checks.push((value) => {
      const length = ucs2length(value);
      return !(minLength !== undefined && length < minLength) && !(maxLength !== undefined && length > maxLength);
    });
  }
  // Length and format first: cheaper than a pattern, and a hostile pattern then runs less often.
  if (format !== undefined) checks.push(format);
  if (pattern !== undefined) checks.push((value) => pattern.test(value));
  return checks.length === 0 ? undefined : every(checks);
}

function dependentRequiredAt(schema: Schema): Array<[string, string[]]> | undefined {
  const value: unknown = schema['dependentRequired'];
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) return unsupported('dependentRequired is not an object');
  const entries = Object.entries(value);
  return entries.every((entry): entry is [string, string[]] => isStringList(entry[1]))
    ? entries
    : unsupported('dependentRequired holds a non-list');
}

function patternPropertiesAt(schema: Schema): Array<[RegExp, SchemaValue]> | undefined {
  return schemaMapAt(schema, 'patternProperties')?.map(([pattern, subschema]) => [unicodeRegex(pattern), subschema]);
}

function itemsAt(schema: Schema): SchemaValue | undefined {
  if (Array.isArray(schema['items'])) return unsupported('array-form items (draft 2019-09) is left to cfworker');
  return schemaAt(schema, 'items');
}

/** Reads one schema object, or throws {@link Unsupported}. */
function readKeywords(schema: Schema, lookup: SchemaLookup): Keywords {
  for (const keyword of UNSUPPORTED_KEYWORDS) if (schema[keyword] !== undefined) unsupported(`${keyword} is left to cfworker`);
  const conditional = schemaAt(schema, 'if');
  const contains = schemaAt(schema, 'contains');
  const additionalProperties = schemaAt(schema, 'additionalProperties');
  return {
    ref: resolveRef(schema, lookup),
    type: schema['type'] === undefined ? undefined : typeCheck(schema['type']),
    constant: schema['const'] === undefined ? undefined : constCheck(schema['const']),
    enumeration: schema['enum'] === undefined ? undefined : enumCheck(schema['enum']),
    not: schemaAt(schema, 'not'),
    anyOf: schemaListAt(schema, 'anyOf'),
    allOf: schemaListAt(schema, 'allOf'),
    oneOf: schemaListAt(schema, 'oneOf'),
    // cfworker reads then / else, and minContains / maxContains, only beside if / contains.
    if: conditional,
    then: conditional === undefined ? undefined : schemaAt(schema, 'then'),
    else: conditional === undefined ? undefined : schemaAt(schema, 'else'),
    required: stringListAt(schema, 'required'),
    minProperties: numberAt(schema, 'minProperties'),
    maxProperties: numberAt(schema, 'maxProperties'),
    propertyNames: schemaAt(schema, 'propertyNames'),
    dependentRequired: dependentRequiredAt(schema),
    dependentSchemas: schemaMapAt(schema, 'dependentSchemas'),
    properties: schemaMapAt(schema, 'properties'),
    patternProperties: patternPropertiesAt(schema),
    additionalProperties,
    unevaluatedProperties: additionalProperties === undefined ? schemaAt(schema, 'unevaluatedProperties') : undefined,
    prefixItems: schemaListAt(schema, 'prefixItems'),
    items: itemsAt(schema),
    contains,
    minContains: contains === undefined ? undefined : numberAt(schema, 'minContains'),
    maxContains: contains === undefined ? undefined : numberAt(schema, 'maxContains'),
    unevaluatedItems: schemaAt(schema, 'unevaluatedItems'),
    minItems: numberAt(schema, 'minItems'),
    maxItems: numberAt(schema, 'maxItems'),
    uniqueItems: schema['uniqueItems'] === undefined ? false : typeof schema['uniqueItems'] === 'boolean' ? schema['uniqueItems'] : unsupported('uniqueItems is not a boolean'),
    number: numberCheck(schema),
    string: stringCheck(schema),
  };
}

// ---------------------------------------------------------------------------------------------
// The schema graph: which subschemas see the same instance, and which share evaluated keys.

/** The values given, single or in lists, without the absent ones (none of them is itself an array). */
function present<T>(...lists: Array<readonly T[] | T | undefined>): T[] {
  const out: T[] = [];
  for (const list of lists) {
    if (list === undefined) continue;
    if (Array.isArray(list)) out.push(...(list as readonly T[]));
    else out.push(list as T);
  }
  return out;
}

/** Subschemas that write into (and read) the caller's evaluated set. */
function sharingEdges(k: Keywords): SchemaValue[] {
  return present<SchemaValue>(k.ref, k.anyOf, k.allOf, k.oneOf, k.then, k.else, k.dependentSchemas?.map(([, s]) => s));
}

/** Subschemas applied to the same instance (a loop of these never ends). */
function sameInstanceEdges(k: Keywords): SchemaValue[] {
  return present<SchemaValue>(sharingEdges(k), k.not, k.if);
}

function allEdges(k: Keywords): SchemaValue[] {
  return present<SchemaValue>(
    sameInstanceEdges(k),
    k.propertyNames,
    k.properties?.map(([, s]) => s),
    k.patternProperties?.map(([, s]) => s),
    k.additionalProperties,
    k.unevaluatedProperties,
    k.prefixItems,
    k.items,
    k.contains,
    k.unevaluatedItems,
  );
}

function readsOwn(k: Keywords): boolean {
  return k.unevaluatedProperties !== undefined || k.unevaluatedItems !== undefined;
}

function writesOwn(k: Keywords): boolean {
  return (
    k.properties !== undefined ||
    k.patternProperties !== undefined ||
    k.additionalProperties !== undefined ||
    k.unevaluatedProperties !== undefined ||
    k.prefixItems !== undefined ||
    k.items !== undefined ||
    k.contains !== undefined ||
    k.unevaluatedItems !== undefined
  );
}

function assertsNothing(k: Keywords): boolean {
  return allEdges(k).length === 0 && !k.type && !k.constant && !k.enumeration && !k.required && k.minProperties === undefined &&
    k.maxProperties === undefined && !k.dependentRequired && k.minItems === undefined && k.maxItems === undefined && !k.uniqueItems &&
    !k.number && !k.string;
}

// ---------------------------------------------------------------------------------------------
// Compiled nodes.

/**
 * One compiled schema. `check` validates with a fresh evaluated set (what cfworker does for the
 * subschema of `properties`, `items`, `not`, `if`, …); `track` validates within the caller's set
 * (built only when `writes`); `plain` ignores evaluated keys (right for scalars, and for schemas
 * that do not read them). A schema that reads also writes (an unevaluated* keyword records the
 * keys it passes), so `writes` alone says whether the caller's set matters.
 */
class Node {
  plain: Check = pending;
  check: Check = pending;
  track: Track = pending;
  constructor(
    /** Some unevaluated* keyword reachable through sharing edges may see the caller's set (implies `writes`). */
    readonly reads: boolean,
    /** Validating may add keys to the caller's set. */
    readonly writes: boolean,
    /** Accepts everything and records nothing. */
    readonly trivial: boolean,
  ) {}
}

function pending(): never {
  throw new Error('schema compiler: node used before it was built');
}

const TRUE_NODE = new Node(false, false, true);
TRUE_NODE.plain = TRUE_NODE.check = () => true;
TRUE_NODE.track = () => true;
const FALSE_NODE = new Node(false, false, false);
FALSE_NODE.plain = FALSE_NODE.check = () => false;
FALSE_NODE.track = () => false;

/** All of `checks`, stopping at the first that fails; short lists unrolled. */
function every<T>(checks: Array<(value: T) => boolean>): (value: T) => boolean {
  const [a, b, c] = checks;
  if (checks.length === 0) return () => true;
  if (checks.length === 1 && a) return a;
  if (checks.length === 2 && a && b) return (value) => a(value) && b(value);
  if (checks.length === 3 && a && b && c) return (value) => a(value) && b(value) && c(value);
  return (value) => {
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

/** All of `steps` within one evaluated set, stopping at the first that fails. */
function everyStep<T>(steps: Array<(value: T, evaluated: Evaluated) => boolean>): (value: T, evaluated: Evaluated) => boolean {
  const [a, b] = steps;
  if (steps.length === 1 && a) return a;
  if (steps.length === 2 && a && b) return (value, evaluated) => a(value, evaluated) && b(value, evaluated);
  return (value, evaluated) => {
    for (const step of steps) if (!step(value, evaluated)) return false;
    return true;
  };
}

function isContainer(value: JsonValue): value is JsonObject | JsonValue[] {
  return typeof value === 'object' && value !== null;
}

function hasDuplicates(items: readonly JsonValue[]): boolean {
  const scalars = new Set<JsonValue>();
  const containers: JsonValue[] = [];
  for (const item of items) {
    if (isContainer(item)) {
      for (const other of containers) if (deepCompareStrict(item, other)) return true;
      containers.push(item);
    } else if (item === item) {
      // NaN is never a duplicate under cfworker's `===`.
      if (scalars.has(item)) return true;
      scalars.add(item);
    }
  }
  return false;
}

/** Builds the closures of a set of schema objects whose keywords were read and whose graph was analysed. */
class Builder {
  constructor(
    private readonly keywordsOf: (schema: Schema) => Keywords,
    private readonly nodeOf: (schema: SchemaValue) => Node,
  ) {}

  fill(schema: Schema, node: Node): void {
    const k = this.keywordsOf(schema);
    node.plain = this.plain(k);
    if (node.writes) {
      const tracked = this.tracked(k);
      const scalar = node.plain;
      node.track = (value, evaluated) => (isContainer(value) ? tracked(value, evaluated) : scalar(value));
    }
    const plain = node.plain;
    node.check = node.reads ? (value) => (isContainer(value) ? node.track(value, new Evaluated(undefined)) : plain(value)) : plain;
  }

  // -- Validation that ignores evaluated keys ----------------------------------------------------

  private plain(k: Keywords): Check {
    const checks: Check[] = [];
    if (k.type) checks.push(k.type);
    if (k.constant) checks.push(k.constant);
    if (k.enumeration) checks.push(k.enumeration);
    const object = this.objectPlain(k);
    if (object) checks.push((value) => !isJsonObject(value) || object(value));
    const array = this.arrayPlain(k);
    if (array) checks.push((value) => !Array.isArray(value) || array(value));
    const number = k.number;
    if (number) checks.push((value) => typeof value !== 'number' || number(value));
    const string = k.string;
    if (string) checks.push((value) => typeof value !== 'string' || string(value));
    if (k.ref !== undefined) checks.push(this.checkOf(k.ref));
    if (k.allOf) checks.push(this.allOfPlain(k.allOf));
    if (k.anyOf) checks.push(this.anyOfPlain(k.anyOf));
    if (k.oneOf) checks.push(this.oneOfPlain(k.oneOf));
    if (k.if !== undefined && (k.then !== undefined || k.else !== undefined)) checks.push(this.conditionPlain(k.if, k.then, k.else));
    if (k.not !== undefined) {
      const not = this.nodeOf(k.not);
      checks.push((value) => !not.check(value));
    }
    return every(checks);
  }

  /** A subschema's `check`, called through its node (it may not be built yet: recursion). */
  private checkOf(schema: SchemaValue): Check {
    const node = this.nodeOf(schema);
    return (value) => node.check(value);
  }

  private allOfPlain(schemas: readonly SchemaValue[]): Check {
    return every(schemas.map((schema) => this.checkOf(schema)));
  }

  private anyOfPlain(schemas: readonly SchemaValue[]): Check {
    const nodes = schemas.map(this.nodeOf);
    return (value) => {
      for (const node of nodes) if (node.check(value)) return true;
      return false;
    };
  }

  private oneOfPlain(schemas: readonly SchemaValue[]): Check {
    const nodes = schemas.map(this.nodeOf);
    return (value) => {
      let matches = 0;
      for (const node of nodes) if (node.check(value) && ++matches > 1) return false;
      return matches === 1;
    };
  }

  private conditionPlain(condition: SchemaValue, then: SchemaValue | undefined, otherwise: SchemaValue | undefined): Check {
    const test = this.nodeOf(condition);
    const yes = this.nodeOf(then ?? true);
    const no = this.nodeOf(otherwise ?? true);
    return (value) => (test.check(value) ? yes.check(value) : no.check(value));
  }

  /** Object keywords that neither read nor write evaluated keys. */
  private objectBasics(k: Keywords): Array<(value: JsonObject) => boolean> {
    const checks: Array<(value: JsonObject) => boolean> = [];
    const { required, minProperties, maxProperties, dependentRequired } = k;
    if (required) {
      checks.push((value) => {
        for (const key of required) if (!hasOwn.call(value, key)) return false;
        return true;
      });
    }
    if (minProperties !== undefined || maxProperties !== undefined) {
      checks.push((value) => {
        const count = Object.keys(value).length;
        return !(minProperties !== undefined && count < minProperties) && !(maxProperties !== undefined && count > maxProperties);
      });
    }
    if (k.propertyNames !== undefined) {
      const names = this.nodeOf(k.propertyNames);
      checks.push((value) => {
        for (const key in value) if (!names.check(key)) return false;
        return true;
      });
    }
    if (dependentRequired) {
      checks.push((value) => {
        for (const [key, needed] of dependentRequired) {
          if (!hasOwn.call(value, key)) continue;
          for (const other of needed) if (!hasOwn.call(value, other)) return false;
        }
        return true;
      });
    }
    return checks;
  }

  private objectPlain(k: Keywords): ((value: JsonObject) => boolean) | undefined {
    const checks = this.objectBasics(k);
    if (k.dependentSchemas) {
      const dependents = k.dependentSchemas.map(([key, schema]) => [key, this.nodeOf(schema)] as const);
      checks.push((value) => {
        for (const [key, node] of dependents) if (hasOwn.call(value, key) && !node.check(value)) return false;
        return true;
      });
    }
    const members = this.membersCheck(k, false);
    if (members) checks.push((value) => members(value, undefined));
    return checks.length === 0 ? undefined : every(checks);
  }

  /**
   * `properties`, `patternProperties` and `additionalProperties` in one pass; with `record`, each
   * valid member is added to the evaluated set (cfworker: only when its subschema passes).
   */
  private membersCheck(k: Keywords, record: boolean): ((value: JsonObject, evaluated: Evaluated | undefined) => boolean) | undefined {
    if (!k.properties && !k.patternProperties && k.additionalProperties === undefined) return undefined;
    const names = (k.properties ?? []).map(([name]) => name);
    const nodes = (k.properties ?? []).map(([, schema]) => this.nodeOf(schema));
    const named = new Set(names);
    const patterns = (k.patternProperties ?? []).map(([regex, schema]) => [regex, this.nodeOf(schema)] as const);
    const additional = k.additionalProperties === undefined ? undefined : this.nodeOf(k.additionalProperties);
    const scanKeys = patterns.length > 0 || (additional !== undefined && (record || !additional.trivial));
    return (value, evaluated) => {
      for (let i = 0; i < names.length; i += 1) {
        const name = names[i] as string;
        if (!hasOwn.call(value, name)) continue;
        if (!(nodes[i] as Node).check(value[name] as JsonValue)) return false;
        evaluated?.add(name);
      }
      if (!scanKeys) return true;
      for (const key in value) {
        let matched = false;
        for (const [regex, node] of patterns) {
          if (!regex.test(key)) continue;
          matched = true;
          if (!node.check(value[key] as JsonValue)) return false;
          evaluated?.add(key);
        }
        if (additional === undefined || matched || (named.has(key) && hasOwn.call(value, key))) continue;
        if (!additional.check(value[key] as JsonValue)) return false;
        evaluated?.add(key);
      }
      return true;
    };
  }

  private arrayPlain(k: Keywords): ((value: JsonValue[]) => boolean) | undefined {
    const checks: Array<(value: JsonValue[]) => boolean> = [];
    const { minItems, maxItems } = k;
    if (minItems !== undefined || maxItems !== undefined) {
      checks.push((value) => !(maxItems !== undefined && value.length > maxItems) && !(minItems !== undefined && value.length < minItems));
    }
    const items = this.itemsCheck(k);
    if (items) checks.push((value) => items(value, undefined));
    const contains = this.containsCheck(k);
    if (contains) checks.push((value) => contains(value, undefined));
    if (k.uniqueItems) checks.push((value) => !hasDuplicates(value));
    return checks.length === 0 ? undefined : every(checks);
  }

  /** `prefixItems` then `items`; every index they cover is evaluated (cfworker: valid or not). */
  private itemsCheck(k: Keywords): ((value: JsonValue[], evaluated: Evaluated | undefined) => boolean) | undefined {
    if (!k.prefixItems && k.items === undefined) return undefined;
    const prefix = (k.prefixItems ?? []).map(this.nodeOf);
    const rest = k.items === undefined ? undefined : this.nodeOf(k.items);
    return (value, evaluated) => {
      const length = value.length;
      const head = Math.min(prefix.length, length);
      let i = 0;
      for (; i < head; i += 1) {
        if (!(prefix[i] as Node).check(value[i] as JsonValue)) return false;
        evaluated?.add(i);
      }
      if (rest === undefined) return true;
      for (; i < length; i += 1) {
        if (!rest.check(value[i] as JsonValue)) return false;
        evaluated?.add(i);
      }
      return true;
    };
  }

  /** cfworker's `contains` / `minContains` / `maxContains`, its `else if` chain included. */
  private containsCheck(k: Keywords): ((value: JsonValue[], evaluated: Evaluated | undefined) => boolean) | undefined {
    if (k.contains === undefined) return undefined;
    const node = this.nodeOf(k.contains);
    const { minContains, maxContains } = k;
    return (value, evaluated) => {
      const length = value.length;
      if (length === 0 && minContains === undefined) return false;
      if (minContains !== undefined && length < minContains) return false;
      let contained = 0;
      for (let i = 0; i < length; i += 1) {
        if (!node.check(value[i] as JsonValue)) continue;
        contained += 1;
        evaluated?.add(i);
      }
      if (minContains === undefined) return contained !== 0 && !(maxContains !== undefined && contained > maxContains);
      return !(contained < minContains) && !(maxContains !== undefined && contained > maxContains);
    };
  }

  // -- Validation within the caller's evaluated set, in cfworker's order -------------------------

  /** A step for a subschema that shares the caller's set: tracked only when it writes to it. */
  private shared(schema: SchemaValue): Track {
    const node = this.nodeOf(schema);
    if (node.writes) return (value, evaluated) => node.track(value, evaluated);
    return (value) => node.check(value);
  }

  /** For object and array instances only (scalars take `plain`). */
  private tracked(k: Keywords): Track {
    const steps: Track[] = [];
    if (k.ref !== undefined) steps.push(this.shared(k.ref));
    const basics = present<Check>(k.type, k.constant, k.enumeration);
    if (k.not !== undefined) {
      const not = this.nodeOf(k.not);
      basics.push((value) => !not.check(value));
    }
    if (basics.length > 0) {
      const check = every(basics);
      steps.push((value) => check(value));
    }
    const applicators = this.applicatorsTracked(k);
    if (applicators) steps.push(applicators);
    const condition = k.if === undefined ? undefined : this.conditionTracked(k.if, k.then, k.else);
    if (condition) steps.push(condition);
    const object = this.objectTracked(k);
    if (object) steps.push((value, evaluated) => !isJsonObject(value) || object(value, evaluated));
    const array = this.arrayTracked(k);
    if (array) steps.push((value, evaluated) => !Array.isArray(value) || array(value, evaluated));
    return steps.length === 0 ? () => true : everyStep(steps);
  }

  /**
   * `anyOf`, `allOf`, `oneOf`: each branch that writes gets a child set seeing the caller's;
   * valid branches' sets are merged after all three ran. An `allOf` branch writes straight into
   * the caller's set when no branch that runs after it reads (a failing one fails the schema).
   */
  private applicatorsTracked(k: Keywords): Track | undefined {
    if (!k.anyOf && !k.allOf && !k.oneOf) return undefined;
    const anyOf = (k.anyOf ?? []).map(this.nodeOf);
    const allOf = (k.allOf ?? []).map(this.nodeOf);
    const oneOf = (k.oneOf ?? []).map(this.nodeOf);
    const hasAnyOf = k.anyOf !== undefined;
    const hasOneOf = k.oneOf !== undefined;
    // allOfDirect[i]: no allOf branch after i and no oneOf branch reads.
    const allOfDirect = allOf.map(() => false);
    let readLater = oneOf.some((node) => node.reads);
    for (let i = allOf.length - 1; i >= 0; i -= 1) {
      allOfDirect[i] = !readLater;
      readLater ||= (allOf[i] as Node).reads;
    }
    const anyOfCollects = anyOf.some((node) => node.writes);
    return (value, evaluated) => {
      let valid: Evaluated[] | undefined;
      if (hasAnyOf) {
        let any = false;
        for (const node of anyOf) {
          if (!node.writes) {
            if (node.check(value)) {
              any = true;
              if (!anyOfCollects) break;
            }
            continue;
          }
          const branch = new Evaluated(evaluated);
          if (node.track(value, branch)) {
            any = true;
            (valid ??= []).push(branch);
          }
        }
        if (!any) return false;
      }
      for (let i = 0; i < allOf.length; i += 1) {
        const node = allOf[i] as Node;
        if (!node.writes) {
          if (!node.check(value)) return false;
        } else if (allOfDirect[i]) {
          if (!node.track(value, evaluated)) return false;
        } else {
          const branch = new Evaluated(evaluated);
          if (!node.track(value, branch)) return false;
          (valid ??= []).push(branch);
        }
      }
      if (hasOneOf) {
        let matches = 0;
        for (const node of oneOf) {
          if (!node.writes) {
            if (node.check(value) && ++matches > 1) return false;
            continue;
          }
          const branch = new Evaluated(evaluated);
          if (!node.track(value, branch)) continue;
          if (++matches > 1) return false;
          (valid ??= []).push(branch);
        }
        if (matches !== 1) return false;
      }
      if (valid) for (const branch of valid) evaluated.absorb(branch);
      return true;
    };
  }

  /** `if` is validated with a fresh set, merged into the caller's when it passes; then / else share it. */
  private conditionTracked(condition: SchemaValue, then: SchemaValue | undefined, otherwise: SchemaValue | undefined): Track | undefined {
    const test = this.nodeOf(condition);
    if (then === undefined && otherwise === undefined && !test.writes) return undefined;
    const yes = then === undefined ? undefined : this.shared(then);
    const no = otherwise === undefined ? undefined : this.shared(otherwise);
    return (value, evaluated) => {
      let passed: boolean;
      if (test.writes) {
        const own = new Evaluated(undefined);
        passed = test.track(value, own);
        if (passed) evaluated.absorb(own);
      } else {
        passed = test.check(value);
      }
      if (passed) return yes === undefined || yes(value, evaluated);
      return no === undefined || no(value, evaluated);
    };
  }

  private objectTracked(k: Keywords): ((value: JsonObject, evaluated: Evaluated) => boolean) | undefined {
    const steps: Array<(value: JsonObject, evaluated: Evaluated) => boolean> = [];
    const basics = this.objectBasics(k);
    if (basics.length > 0) {
      const check = every(basics);
      steps.push((value) => check(value));
    }
    if (k.dependentSchemas) {
      const dependents = k.dependentSchemas.map(([key, schema]) => [key, this.shared(schema)] as const);
      steps.push((value, evaluated) => {
        for (const [key, step] of dependents) if (hasOwn.call(value, key) && !step(value, evaluated)) return false;
        return true;
      });
    }
    const members = this.membersCheck(k, true);
    if (members) steps.push(members);
    if (k.unevaluatedProperties !== undefined) steps.push(this.unevaluatedPropertiesCheck(k.unevaluatedProperties));
    return steps.length === 0 ? undefined : everyStep(steps);
  }

  private unevaluatedPropertiesCheck(schema: SchemaValue): (value: JsonObject, evaluated: Evaluated) => boolean {
    if (schema === false) {
      return (value, evaluated) => {
        for (const key in value) if (!evaluated.has(key)) return false;
        return true;
      };
    }
    const node = this.nodeOf(schema);
    return (value, evaluated) => {
      for (const key in value) {
        if (evaluated.has(key)) continue;
        if (!node.check(value[key] as JsonValue)) return false;
        evaluated.add(key);
      }
      return true;
    };
  }

  private arrayTracked(k: Keywords): ((value: JsonValue[], evaluated: Evaluated) => boolean) | undefined {
    const steps: Array<(value: JsonValue[], evaluated: Evaluated) => boolean> = [];
    const { minItems, maxItems } = k;
    if (minItems !== undefined || maxItems !== undefined) {
      steps.push((value) => !(maxItems !== undefined && value.length > maxItems) && !(minItems !== undefined && value.length < minItems));
    }
    const items = this.itemsCheck(k);
    if (items) steps.push(items);
    const contains = this.containsCheck(k);
    if (contains) steps.push(contains);
    if (k.unevaluatedItems !== undefined) steps.push(this.unevaluatedItemsCheck(k));
    if (k.uniqueItems) steps.push((value) => !hasDuplicates(value));
    return steps.length === 0 ? undefined : everyStep(steps);
  }

  /** cfworker starts `unevaluatedItems` after the indices `prefixItems` / `items` walked. */
  private unevaluatedItemsCheck(k: Keywords): (value: JsonValue[], evaluated: Evaluated) => boolean {
    const node = this.nodeOf(k.unevaluatedItems as SchemaValue);
    const prefixLength = k.prefixItems?.length ?? 0;
    const coversAll = k.items !== undefined;
    return (value, evaluated) => {
      const length = value.length;
      for (let i = coversAll ? length : Math.min(prefixLength, length); i < length; i += 1) {
        if (evaluated.has(i)) continue;
        if (!node.check(value[i] as JsonValue)) return false;
        evaluated.add(i);
      }
      return true;
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The compiler.

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * A compiler over one `$ref` registry (the lookup cfworker's `dereference` fills). Compilation
 * is memoized per schema object, so schemas sharing subschemas (common types) share closures.
 */
export function createSchemaCompiler(lookup: SchemaLookup): SchemaCompiler {
  const keywords = new Map<Schema, Keywords>();
  const refused = new Set<Schema>();
  const verified = new Set<Schema>();
  const nodes = new Map<Schema, Node>();
  const readsMemo = new Map<Schema, boolean>();
  const writesMemo = new Map<Schema, boolean>();

  function keywordsOf(schema: Schema): Keywords {
    let k = keywords.get(schema);
    if (k === undefined) {
      if (refused.has(schema)) unsupported('refused before');
      try {
        k = readKeywords(schema, lookup);
      } catch (thrown) {
        refused.add(schema);
        throw thrown;
      }
      keywords.set(schema, k);
    }
    return k;
  }

  const objectsOf = (values: SchemaValue[]): Schema[] => values.filter((v): v is Schema => typeof v !== 'boolean');

  /** Reads every schema reachable from `root` (throws {@link Unsupported}); verified ones are not walked again. */
  function reach(root: Schema): Schema[] {
    const reached: Schema[] = [root];
    const seen = new Set<Schema>(reached);
    for (let i = 0; i < reached.length; i += 1) {
      const schema = reached[i] as Schema;
      if (verified.has(schema)) continue;
      for (const next of objectsOf(allEdges(keywordsOf(schema)))) {
        if (seen.has(next)) continue;
        seen.add(next);
        reached.push(next);
      }
    }
    return reached.filter((schema) => !verified.has(schema));
  }

  /** Depth-first search with an explicit stack; a back edge is a loop on one instance. */
  function refuseSameInstanceLoops(schemas: Schema[]): void {
    const state = new Map<Schema, 'open' | 'done'>();
    for (const start of schemas) {
      if (state.has(start)) continue;
      const stack: Array<{ schema: Schema; next: Schema[]; at: number }> = [];
      const enter = (schema: Schema) => {
        state.set(schema, 'open');
        stack.push({ schema, next: verified.has(schema) ? [] : objectsOf(sameInstanceEdges(keywordsOf(schema))), at: 0 });
      };
      enter(start);
      while (stack.length > 0) {
        const top = stack[stack.length - 1] as { schema: Schema; next: Schema[]; at: number };
        const next = top.next[top.at];
        top.at += 1;
        if (next === undefined) {
          state.set(top.schema, 'done');
          stack.pop();
        } else if (state.get(next) === 'open') {
          unsupported('a loop of subschemas on one instance');
        } else if (!state.has(next)) {
          enter(next);
        }
      }
    }
  }

  /**
   * Marks which of `fresh` reach, through `edges`, a schema with `own`: those that have it, those
   * with an edge to an already known one, then backwards along the edges (linear, loops included).
   */
  function propagate(fresh: Schema[], edges: (k: Keywords) => SchemaValue[], own: (k: Keywords) => boolean, memo: Map<Schema, boolean>): void {
    const callers = new Map<Schema, Schema[]>();
    const marked: Schema[] = [];
    const mark = (schema: Schema) => {
      if (memo.get(schema) === true) return;
      memo.set(schema, true);
      marked.push(schema);
    };
    for (const schema of fresh) memo.set(schema, false);
    for (const schema of fresh) {
      const k = keywordsOf(schema);
      if (own(k)) mark(schema);
      for (const next of objectsOf(edges(k))) {
        if (memo.get(next) === true) mark(schema);
        else addTo(callers, next, schema);
      }
    }
    for (let i = 0; i < marked.length; i += 1) for (const caller of callers.get(marked[i] as Schema) ?? []) mark(caller);
  }

  const writeEdges = (k: Keywords): SchemaValue[] => present<SchemaValue>(sharingEdges(k), k.if);

  function nodeOf(schema: SchemaValue): Node {
    if (schema === true) return TRUE_NODE;
    if (schema === false) return FALSE_NODE;
    const node = nodes.get(schema);
    if (node === undefined) throw new Error('schema compiler: subschema not analysed');
    return node;
  }

  const builder = new Builder(keywordsOf, nodeOf);

  function build(fresh: Schema[]): void {
    propagate(fresh, sharingEdges, readsOwn, readsMemo);
    propagate(fresh, writeEdges, writesOwn, writesMemo);
    for (const schema of fresh) {
      const k = keywordsOf(schema);
      nodes.set(schema, new Node(readsMemo.get(schema) === true, writesMemo.get(schema) === true, assertsNothing(k)));
    }
    for (const schema of fresh) builder.fill(schema, nodeOf(schema));
  }

  return {
    compile(schema) {
      if (typeof schema === 'boolean') return schema ? () => true : () => false;
      if (!verified.has(schema)) {
        try {
          const fresh = reach(schema);
          refuseSameInstanceLoops(fresh);
          build(fresh);
          for (const reached of fresh) verified.add(reached);
        } catch {
          // Unsupported, or a schema graph too deep to walk: cfworker decides.
          return null;
        }
      }
      return nodeOf(schema).check;
    },
  };
}
