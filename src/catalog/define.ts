/**
 * Building catalogs from code. A catalog is a plain frozen object: schemas are data, function
 * implementations are code, and neither ever enters Redux state (state keeps catalog ids).
 */
import type { JsonSchema, CatalogDefinitionInput, FunctionDefinition } from './types';
import type { InferCatalogProps, TypedCatalog } from './inferProps';
import { assembleCatalog } from './assemble';
import { CATALOG_PROBLEM_BLOCKS_LOADING } from './problems';
import { CALLERS, isEntityName, RETURN_TYPES, validateCatalog } from './validate';

export { isEntityName };

/**
 * Builds a frozen {@link Catalog}. A function without `implementation` is declared for the agent:
 * calls to it are sent as `callAgentFunction`.
 *
 * Throws a TypeError for a malformed definition (a programming error, not agent input): a
 * missing catalogId, a component, function, property or argument name that is not a UAX #31
 * identifier (properties: the keys of a component schema's `properties`, also in its inline
 * allOf/anyOf/oneOf branches; arguments: the same of a function's `args`), the reserved component name
 * `Surface`, an `@`-prefixed (system) function name, or an unknown returnType/allowedCallers;
 * then for whatever else `validateCatalog` finds in its document that would keep even a lenient
 * `catalogFromJson` from loading it (e.g. a malformed `allowedParents`), the message naming the
 * entry by its JSON Pointer.
 *
 * Component schemas written inline (or `as const`) also type the catalog: `isComponent(node,
 * name, catalog)` narrows a node's props to what the schema says they resolve to (the rules of
 * `InferComponentProps`); a schema the type checker cannot read gives `Record<string, unknown>`.
 */
export function defineCatalog<
  const Components extends Record<string, JsonSchema> = {},
  const Defs extends Record<string, JsonSchema> = {},
>(input: CatalogDefinitionInput & { components?: Components; defs?: Defs }): TypedCatalog<InferCatalogProps<Components, Defs>> {
  const problem = definitionProblem(input);
  if (problem !== null) throw new TypeError(`defineCatalog: ${problem}`);
  const catalog = assembleCatalog(input, wireArgs);
  // The document it advertises is checked as an agent's catalog would be; what even a lenient
  // load refuses is a programming error here (format departures are left to lintCatalog).
  const refused = validateCatalog(catalog.toJSON()).problems.filter((p) => CATALOG_PROBLEM_BLOCKS_LOADING[p.code]);
  if (refused.length > 0) {
    throw new TypeError(`defineCatalog: ${refused.map((p) => `${p.path === '' ? '' : `${p.path}: `}${p.message}`).join('; ')}`);
  }
  return catalog;
}

/** The first problem of a definition, or null; shared with `catalogFromJson`, which must not throw. */
export function definitionProblem(input: CatalogDefinitionInput): string | null {
  if (typeof input !== 'object' || input === null) return 'the definition must be an object';
  if (typeof input.catalogId !== 'string' || input.catalogId === '') return 'catalogId must be a non-empty string';
  if (input.protocolVersion !== undefined && typeof input.protocolVersion !== 'string') {
    return 'protocolVersion must be a string';
  }
  for (const [name, schema] of Object.entries(input.components ?? {})) {
    if (!isEntityName(name)) return invalidIdentifier('component', name);
    if (name === 'Surface') return "the component name 'Surface' is reserved by the protocol";
    const property = propertyNames(schema).find((key) => !isEntityName(key));
    if (property !== undefined) return `${invalidIdentifier('property', property)} (component '${name}')`;
  }
  for (const [name, fn] of Object.entries(input.functions ?? {})) {
    if (name.startsWith('@')) return `function name '${name}': the '@' prefix is reserved for system functions`;
    if (!isEntityName(name)) return invalidIdentifier('function', name);
    const problem = functionProblem(name, fn);
    if (problem !== null) return problem;
    const argument = propertyNames(fn.definition.args).find((key) => !isEntityName(key));
    if (argument !== undefined) return `${invalidIdentifier('argument', argument)} (function '${name}')`;
  }
  return null;
}

/**
 * The message for a catalog entity name that is not a UAX #31 identifier, e.g. "Invalid UAX #31
 * component identifier 'My-Component': …". The protocol's naming rules cover component, function,
 * and argument/property names alike.
 */
function invalidIdentifier(kind: 'component' | 'function' | 'property' | 'argument', name: string): string {
  return `Invalid UAX #31 ${kind} identifier '${name}': a name must start with a letter (XID_Start) or '_' and continue with letters, digits, marks or '_' (XID_Continue)`;
}

/**
 * The property names a component or args schema declares: the keys of its `properties`, and of
 * the `properties` of its inline `allOf` / `anyOf` / `oneOf` branches (the v1.0 basic catalog
 * writes some components as `allOf: [{$ref: …common type}, {properties: …}]`). `$ref`s are not
 * followed (common types are the protocol's own), nor are nested object schemas: those describe
 * values, not the component's properties or the function's arguments.
 */
function propertyNames(schema: unknown, depth = 0): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || depth > 32) return [];
  const record = schema as Record<string, unknown>;
  const names: string[] = [];
  const properties = record['properties'];
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) names.push(...Object.keys(properties));
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = record[keyword];
    if (Array.isArray(branches)) for (const branch of branches) names.push(...propertyNames(branch, depth + 1));
  }
  return names;
}

function functionProblem(name: string, fn: { definition: FunctionDefinition; implementation?: unknown }): string | null {
  if (typeof fn !== 'object' || fn === null || typeof fn.definition !== 'object' || fn.definition === null) {
    return `function '${name}' needs a definition object`;
  }
  const { returnType, allowedCallers } = fn.definition;
  if (!RETURN_TYPES.includes(returnType)) return `function '${name}' has an unknown returnType '${String(returnType)}'`;
  if (allowedCallers !== undefined && !CALLERS.includes(allowedCallers)) {
    return `function '${name}' has an unknown allowedCallers '${String(allowedCallers)}'`;
  }
  if (fn.implementation !== undefined && typeof fn.implementation !== 'function') {
    return `function '${name}': implementation must be a function`;
  }
  return null;
}

const COMMON_TYPES = 'https://a2ui.org/specification/v1_0/common_types.json';
/** A common type that already admits a binding or a call in place of a literal. */
const DYNAMIC_REF = /common_types\.json#\/\$defs\/(Dynamic\w*|DataBinding|FunctionCall)$/;

function admitsDynamic(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string' && DYNAMIC_REF.test(record.$ref)) return true;
  return ['oneOf', 'anyOf'].some((key) => Array.isArray(record[key]) && (record[key] as unknown[]).some(admitsDynamic));
}

/** One argument's wire schema: the evaluated value's schema, or a binding, or a call (evaluated at run time). */
function wireArgument(schema: JsonSchema): JsonSchema {
  if (schema === true || admitsDynamic(schema)) return schema;
  return { anyOf: [schema, { $ref: `${COMMON_TYPES}#/$defs/DataBinding` }, { $ref: `${COMMON_TYPES}#/$defs/FunctionCall` }] };
}

/**
 * The wire form of an evaluated-args schema: each argument (a `properties` entry, or the
 * `additionalProperties` schema) may also arrive as a binding or a call, since the schema is
 * checked against the evaluated value when the call runs.
 */
function wireArgs(args: JsonSchema): JsonSchema {
  if (typeof args !== 'object' || args === null) return args;
  const out: Record<string, unknown> = { ...args };
  const properties = (args as Record<string, unknown>).properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    out.properties = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, wireArgument(value as JsonSchema)]));
  }
  const additional = (args as Record<string, unknown>).additionalProperties;
  if (typeof additional === 'object' && additional !== null) out.additionalProperties = wireArgument(additional as JsonSchema);
  return out as JsonSchema;
}
