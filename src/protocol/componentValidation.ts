/**
 * Checking components (and function calls) against a catalog's JSON Schemas.
 *
 * Decision:
 * - Catalog component properties are JSON Schema draft 2020-12. We validate them with
 *   `@cfworker/json-schema`, an interpreting validator: it generates no code, so no `new Function`
 *   ever runs over catalog text (inline catalogs included), it works under a strict CSP in
 *   browsers, and it supports 2020-12 with `unevaluatedProperties` and `$ref` into registered
 *   documents. `ajv` (which compiles schemas to code) is used only in tests, as an independent
 *   reference validator.
 * - A component is checked as the spec's `Component` definition checks it, narrowed to its type:
 *   `allOf: [ComponentCommon, <catalog component>, {component: not "Surface"}]` with
 *   `unevaluatedProperties: false` (the third branch evaluates `component` for catalog schemas
 *   that do not list it).
 * - The catalog is registered as `https://a2ui.org/specification/v1_0/catalog.json`, the name
 *   common_types.json refers to, so FunctionCalls inside components are checked against this
 *   catalog's functions, and the catalog's `common_types.json` refs resolve to the embedded copy.
 * - Functions the catalog does not declare: with `unknownFunctions: 'agent'` (the default, per the
 *   API contract) they are agent functions and only need a well-formed call; with `'reject'` they
 *   fail, as in the JSON schemas (used by the tests against the spec's schema cases). Names in the
 *   `@` namespace are never agent functions: `@index` is checked as IndexSystemFunction, any other
 *   is refused.
 * - With `'agent'` (the processor's mode), a call whose `catalogId` names another catalog is
 *   checked only as a well-formed FunctionCall: it runs in that catalog, which the processor
 *   checks it against. `'reject'` keeps the JSON schemas' reading, where catalog.json is the only
 *   catalog and a call's `catalogId` is not consulted.
 * - A standard `anyFunction` (a oneOf over the catalog's functions) is validated as a switch on
 *   `call`: the same answer, but linear in the nesting depth of calls instead of exponential.
 * - Input is first copied as plain JSON under depth and size limits, and the validator runs inside
 *   try/catch, so hostile input (or a broken catalog) produces errors, never a throw.
 * - The validator's error list is turned into a few actionable violations by schemaErrors.ts.
 * - Fast path: each schema is also compiled once into closures (schemaCompiler.ts; no code
 *   generation either), which give the interpreting validator's valid / invalid answer exactly,
 *   20–40× faster. A valid answer is final; an invalid one (or a schema the compiler declines)
 *   runs the interpreting validator, so rejected input gets the same violations as before. Most
 *   input is valid, so most checks never reach the interpreter.
 */
import { dereference, encodePointer, validate, type Schema } from '@cfworker/json-schema';
import { COMMON_TYPES_RULES } from './json/commonTypesRules';
import { describeType, errorText, isPlainObject, toJsonValue, type JsonObject, type JsonValue } from './json';
import { createSchemaCompiler, type SchemaCompiler, type SchemaPredicate } from './schemaCompiler';
import { selectViolations, type SchemaViolation } from './schemaErrors';

export type { SchemaViolation } from './schemaErrors';

const SPEC_BASE = 'https://a2ui.org/specification/v1_0/';
/** The `$id` of the protocol's common_types.json. */
export const COMMON_TYPES_ID = `${SPEC_BASE}common_types.json`;
const CATALOG_ALIAS_ID = `${SPEC_BASE}catalog.json`;
const LOCAL_BASE = 'https://a2ui-redux.invalid/validators/';

/** The outcome of checking one value against a catalog. */
export type SchemaCheckResult = { ok: true } | { ok: false; errors: SchemaViolation[] };

/** Options of {@link createComponentValidator}. */
export interface ComponentValidatorOptions {
  /** The common_types.json schema to resolve refs against; default: the embedded v1.0 copy (without its annotations, which no validator reads). */
  commonTypes?: object;
  /**
   * `agent` (default): undeclared functions fall back to the agent, and calls naming another
   * catalog are only checked as well-formed calls; `reject`: the spec JSON schemas' reading,
   * undeclared functions are errors and every call is checked against this catalog.
   */
  unknownFunctions?: 'agent' | 'reject';
  /** Deepest nesting accepted in a checked value (default 64). */
  maxDepth?: number;
  /** Most values accepted in a checked value (default 10 000). */
  maxNodes?: number;
  /** Most violations reported per check (default 5). */
  maxErrors?: number;
}

/** Checks components and function calls against one catalog. */
export interface ComponentValidator {
  /** The catalog's `catalogId`, if it has one. */
  readonly catalogId: string | undefined;
  /** Component types the catalog defines. */
  readonly componentNames: readonly string[];
  /** Functions the catalog declares. */
  readonly functionNames: readonly string[];
  /** Whether the catalog defines this component type. */
  hasComponent(name: string): boolean;
  /** Checks one component object (`{ id, component, ... }`) against its type's schema. */
  validateComponent(component: unknown): SchemaCheckResult;
  /** Checks one FunctionCall (`{ call, args?, catalogId? }`) against the catalog's functions. */
  validateFunctionCall(call: unknown): SchemaCheckResult;
}

interface Compiled {
  readonly lookup: Record<string, Schema | boolean>;
  readonly schemas: Map<string, Schema>;
  readonly compiler: SchemaCompiler;
  /** Compiled predicates by schema key; null where the compiler declined the schema. */
  readonly predicates: Map<string, SchemaPredicate | null>;
}

function violation(path: string, message: string): SchemaCheckResult {
  return { ok: false, errors: [{ path, message }] };
}

function refTo(documentId: string, ...tokens: string[]): { $ref: string } {
  // Encoded the way the validator registers subschemas, so the lookup keys match.
  const pointer = tokens.map((token) => encodePointer(token)).join('/');
  return { $ref: `${documentId}#/${pointer}` };
}

function objectKeys(value: JsonValue | undefined): string[] {
  return isPlainObject(value) ? Object.keys(value) : [];
}

/** An object with a `call` key; spread into a fresh object each time (the validator annotates schemas). */
const callKeys = (): JsonObject => ({ type: 'object', required: ['call'] });

/** A name in the protocol's `@` namespace: a system function (v1.0 defines only `@index`), never a catalog or agent function. */
const systemName = (): JsonObject => ({ pattern: '^@' });

/** Args this catalog cannot type: an object whose values are DynamicValues (or null). */
const dynamicArgs = (): JsonObject => ({
  type: 'object',
  additionalProperties: { oneOf: [refTo(COMMON_TYPES_ID, '$defs', 'DynamicValue'), { type: 'null' }] },
});

/**
 * A call to a function the catalog does not declare: any name but those and the `@` namespace
 * (system functions are IndexSystemFunction's, or errors). Its args are only looked at when the
 * name is not declared (`if`/`then`), so a declared call is not validated twice on each nesting
 * level.
 */
function agentFunctionSchema(declared: readonly string[]): JsonObject {
  const taken = (): JsonObject => (declared.length === 0 ? systemName() : { anyOf: [{ enum: [...declared] }, systemName()] });
  return {
    ...callKeys(),
    properties: { call: { type: 'string', not: taken() }, catalogId: { type: 'string' } },
    if: { properties: { call: { not: taken() } } },
    then: { properties: { args: dynamicArgs() } },
  };
}

/**
 * A call that names another catalog: that catalog runs it, so this one cannot judge its function
 * or args and only checks that it is a well-formed FunctionCall (FunctionCommon, a name outside
 * the `@` namespace, args of DynamicValues, whose nested calls are checked as usual). The
 * processor checks the call against the catalog it resolves to (processor/components.ts checkCall).
 */
function foreignCallSchema(): JsonObject {
  return {
    ...callKeys(),
    properties: { call: { type: 'string', not: systemName() }, catalogId: { type: 'string' }, args: dynamicArgs() },
  };
}

/** Whether a call names a catalog other than `catalogId`. */
function namesOtherCatalog(catalogId: string): JsonObject {
  return { required: ['catalogId'], properties: { catalogId: { not: { const: catalogId } } } };
}

/** The `call` value a function schema accepts: its `properties.call.const`, else its key. */
function callNameOf(name: string, schema: JsonValue | undefined): string {
  const properties = isPlainObject(schema) ? schema['properties'] : undefined;
  const call = isPlainObject(properties) ? properties['call'] : undefined;
  const constant = isPlainObject(call) ? call['const'] : undefined;
  return typeof constant === 'string' ? constant : name;
}

/** The function names of a standard `anyFunction` (a oneOf of `#/functions/<name>` refs), else null. */
function standardFunctionRefs(anyFunction: JsonValue | undefined, functions: readonly string[]): string[] | null {
  if (anyFunction === undefined) return [...functions];
  const oneOf = isPlainObject(anyFunction) && Object.keys(anyFunction).length === 1 ? anyFunction['oneOf'] : undefined;
  if (!Array.isArray(oneOf)) return null;
  const names: string[] = [];
  for (const branch of oneOf) {
    const ref = isPlainObject(branch) ? branch['$ref'] : undefined;
    const match = typeof ref === 'string' ? /^#\/functions\/([^/]+)$/.exec(ref) : null;
    const name = match ? decodeURIComponent(match[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
    if (name === undefined || !functions.includes(name)) return null;
    names.push(name);
  }
  return names;
}

/**
 * `anyFunction` as a switch on `call` instead of a oneOf: same answer, but only the named
 * function's schema looks at the arguments. (With a oneOf, every function schema validates the
 * arguments of every nested call, which is exponential in the nesting depth.)
 */
function discriminatedFunctions(names: readonly string[], functions: JsonObject): JsonObject {
  const cases = names.map((name) => ({ name, call: callNameOf(name, functions[name]) }));
  return {
    allOf: [
      { ...callKeys(), properties: { call: { enum: cases.map((c) => c.call) } } },
      ...cases.map((c) => ({
        if: { ...callKeys(), properties: { call: { const: c.call } } },
        then: refTo(CATALOG_ALIAS_ID, 'functions', c.name),
      })),
    ],
  };
}

/** The catalog as validated: aliased `$id`, `anyComponent`/`anyFunction` present, agent fallback. */
function prepareCatalog(catalog: JsonObject, unknownFunctions: 'agent' | 'reject'): JsonObject {
  const components = objectKeys(catalog['components']);
  const functions = objectKeys(catalog['functions']);
  const functionSchemas: JsonObject = isPlainObject(catalog['functions']) ? catalog['functions'] : {};
  const defs: JsonObject = isPlainObject(catalog['$defs']) ? { ...catalog['$defs'] } : {};
  defs['anyComponent'] ??= { oneOf: components.map((name) => refTo(CATALOG_ALIAS_ID, 'components', name)) };
  const standard = standardFunctionRefs(defs['anyFunction'], functions);
  if (standard) defs['anyFunction'] = discriminatedFunctions(standard, functionSchemas);
  const catalogId = catalog['catalogId'];
  if (unknownFunctions === 'agent') {
    defs['anyFunction'] = { oneOf: [defs['anyFunction'] ?? false, agentFunctionSchema(functions)] };
    if (typeof catalogId === 'string') {
      defs['anyFunction'] = { if: namesOtherCatalog(catalogId), then: foreignCallSchema(), else: defs['anyFunction'] };
    }
  }
  return { ...catalog, $id: CATALOG_ALIAS_ID, $defs: defs };
}

function compile(catalog: JsonObject, commonTypes: JsonObject, unknownFunctions: 'agent' | 'reject'): Compiled {
  const lookup: Record<string, Schema | boolean> = Object.create(null) as Record<string, Schema | boolean>;
  dereference({ ...commonTypes, $id: COMMON_TYPES_ID } as Schema, lookup);
  const prepared = prepareCatalog(catalog, unknownFunctions);
  dereference(prepared as Schema, lookup);
  // The validator's walk skips map keys that look like keywords (a function named "required"),
  // so every component and function schema is registered at its pointer explicitly.
  const base = new URL(CATALOG_ALIAS_ID);
  for (const group of ['components', 'functions'] as const) {
    const entries = prepared[group];
    if (!isPlainObject(entries)) continue;
    for (const [name, schema] of Object.entries(entries)) {
      if (isPlainObject(schema) || typeof schema === 'boolean') {
        dereference(schema as Schema | boolean, lookup, base, `/${group}/${encodePointer(name)}`);
      }
    }
  }
  return { lookup, schemas: new Map(), compiler: createSchemaCompiler(lookup), predicates: new Map() };
}

/**
 * agent_to_renderer.json's Component narrowed to one type: its third branch is what evaluates the
 * `component` key, so a catalog schema that does not list `component` still accepts it.
 */
function componentSchema(name: string): Schema {
  return {
    $id: `${LOCAL_BASE}component/${encodeURIComponent(name)}`,
    allOf: [
      refTo(COMMON_TYPES_ID, '$defs', 'ComponentCommon'),
      refTo(CATALOG_ALIAS_ID, 'components', name),
      { type: 'object', properties: { component: { not: { const: 'Surface' } } } },
    ],
    unevaluatedProperties: false,
  };
}

function functionCallSchema(): Schema {
  return { $id: `${LOCAL_BASE}function-call`, ...refTo(COMMON_TYPES_ID, '$defs', 'FunctionCall') };
}

function schemaFor(compiled: Compiled, key: string, make: () => Schema): Schema {
  let schema = compiled.schemas.get(key);
  if (!schema) {
    schema = make();
    dereference(schema, compiled.lookup);
    compiled.schemas.set(key, schema);
  }
  return schema;
}

function predicateFor(compiled: Compiled, key: string, make: () => Schema): SchemaPredicate | null {
  let predicate = compiled.predicates.get(key);
  if (predicate === undefined) {
    predicate = compiled.compiler.compile(schemaFor(compiled, key, make));
    compiled.predicates.set(key, predicate);
  }
  return predicate;
}

/**
 * The compiled predicate's answer, or null when there is none (schema declined, or it threw, as a
 * stack overflow would): then only the interpreting validator may answer.
 */
function compiledVerdict(compiled: Compiled, json: JsonValue, key: string, make: () => Schema): boolean | null {
  try {
    const predicate = predicateFor(compiled, key, make);
    return predicate === null ? null : predicate(json);
  } catch {
    return null;
  }
}

/** A value ready for the schema check: its JSON copy and which schema checks it. */
interface Prepared {
  readonly json: JsonValue;
  readonly key: string;
  readonly make: () => Schema;
}

/** Both answers on one value, for tests and diagnostics (see {@link compareSchemaVerdicts}). */
type VerdictProbe = (kind: 'component' | 'functionCall', value: unknown) => { compiled: boolean | null; interpreted: boolean | null };

const verdictProbes = new WeakMap<ComponentValidator, VerdictProbe>();

/**
 * For tests and diagnostics (not part of the public API): the compiled fast path's answer and the
 * interpreting validator's answer on one component or function call, each null when it did not
 * run (value refused before the schema, schema declined by the compiler, validator threw).
 */
export function compareSchemaVerdicts(
  validator: ComponentValidator,
  kind: 'component' | 'functionCall',
  value: unknown,
): { compiled: boolean | null; interpreted: boolean | null } {
  const probe = verdictProbes.get(validator);
  if (!probe) throw new Error('not a validator made by createComponentValidator');
  return probe(kind, value);
}

/**
 * Builds a validator for one catalog definition (catalog.json shape: `components`, `functions`,
 * `$defs.anyComponent` / `$defs.anyFunction`; the last two are derived when absent). Never throws:
 * a catalog that cannot be compiled yields a validator whose every check reports why.
 */
export function createComponentValidator(catalogJson: object, options: ComponentValidatorOptions = {}): ComponentValidator {
  const limits = { maxDepth: options.maxDepth ?? 64, maxNodes: options.maxNodes ?? 10_000 };
  const maxErrors = options.maxErrors ?? 5;
  const catalogCopy = toJsonValue(catalogJson, { maxDepth: 256 });
  const commonCopy = toJsonValue(options.commonTypes ?? COMMON_TYPES_RULES, { maxDepth: 256 });
  const catalog: JsonObject = catalogCopy.ok && isPlainObject(catalogCopy.value) ? catalogCopy.value : {};
  const componentNames = objectKeys(catalog['components']);
  const functionNames = objectKeys(catalog['functions']);
  const catalogId = typeof catalog['catalogId'] === 'string' ? catalog['catalogId'] : undefined;

  let compiled: Compiled | undefined;
  let broken: string | undefined;
  if (!catalogCopy.ok || !isPlainObject(catalogCopy.value)) broken = 'the catalog is not a JSON object';
  else if (!commonCopy.ok || !isPlainObject(commonCopy.value)) broken = 'the common types schema is not a JSON object';
  else {
    try {
      compiled = compile(catalog, commonCopy.value, options.unknownFunctions ?? 'agent');
    } catch (thrown) {
      broken = `the catalog schemas could not be loaded: ${errorText(thrown)}`;
    }
  }

  function run({ json, key, make }: Prepared): SchemaCheckResult {
    if (!compiled) return violation('', broken ?? 'the catalog could not be loaded');
    if (compiledVerdict(compiled, json, key, make) === true) return { ok: true };
    try {
      const result = validate(json, schemaFor(compiled, key, make), '2020-12', compiled.lookup, false);
      return result.valid ? { ok: true } : { ok: false, errors: selectViolations(result.errors, json, maxErrors) };
    } catch (thrown) {
      return violation('', `could not be validated: ${errorText(thrown)}`);
    }
  }

  function componentPrecheck(json: JsonValue): SchemaCheckResult | null {
    if (!isPlainObject(json)) return violation('', `expected a component object, got ${describeType(json)}`);
    const name = json['component'];
    if (name === undefined) return violation('/component', 'missing required key "component"');
    if (typeof name !== 'string') return violation('/component', `expected string, got ${describeType(name)}`);
    if (name === 'Surface') return violation('/component', '"Surface" is reserved: createSurface creates it, and agents cannot send or change it');
    if (!componentNames.includes(name)) {
      const where = catalogId ? `catalog ${JSON.stringify(catalogId)}` : 'the catalog';
      return violation('/component', `unknown component ${JSON.stringify(name)}: ${where} defines ${componentNames.join(', ') || 'no components'}`);
    }
    return null;
  }

  function prepareComponent(component: unknown): Prepared | SchemaCheckResult {
    const copy = toJsonValue(component, limits);
    if (!copy.ok) return violation(copy.path, copy.reason);
    const early = componentPrecheck(copy.value);
    if (early) return early;
    const name = String((copy.value as JsonObject)['component']);
    return { json: copy.value, key: `component:${name}`, make: () => componentSchema(name) };
  }

  function prepareFunctionCall(call: unknown): Prepared | SchemaCheckResult {
    const copy = toJsonValue(call, limits);
    if (!copy.ok) return violation(copy.path, copy.reason);
    return { json: copy.value, key: 'functionCall', make: functionCallSchema };
  }

  const isPrepared = (value: Prepared | SchemaCheckResult): value is Prepared => 'key' in value;

  const validator: ComponentValidator = {
    catalogId,
    componentNames,
    functionNames,
    hasComponent: (name) => componentNames.includes(name),
    validateComponent(component) {
      const prepared = prepareComponent(component);
      return isPrepared(prepared) ? run(prepared) : prepared;
    },
    validateFunctionCall(call) {
      const prepared = prepareFunctionCall(call);
      return isPrepared(prepared) ? run(prepared) : prepared;
    },
  };

  verdictProbes.set(validator, (kind, value) => {
    const prepared = kind === 'component' ? prepareComponent(value) : prepareFunctionCall(value);
    if (!compiled || !isPrepared(prepared)) return { compiled: null, interpreted: null };
    const { json, key, make } = prepared;
    let interpreted: boolean | null;
    try {
      interpreted = validate(json, schemaFor(compiled, key, make), '2020-12', compiled.lookup, false).valid;
    } catch {
      interpreted = null;
    }
    return { compiled: compiledVerdict(compiled, json, key, make), interpreted };
  });
  return validator;
}
