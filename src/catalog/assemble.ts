/**
 * Assembling the frozen catalog object of a definition already checked: by `defineCatalog` (its
 * own checks), by `catalogFromJson` (the document's validation), or known good (the embedded
 * basic catalog). No check lives here, so an app that only loads the embedded catalogs ships none.
 */
import type { Catalog, CatalogDefinitionInput, CatalogFunction, FunctionDefinition, FunctionImplementation, JsonSchema } from './types';

/** The protocol version a catalog targets when its definition names none. */
export const DEFAULT_CATALOG_PROTOCOL_VERSION = '1.0';

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The frozen catalog of a checked definition. `wireArgs` turns a function's `args` schema into
 * the wire form its catalog.json advertises; without it the schemas already are the wire form
 * (a catalog.json document's).
 */
export function assembleCatalog(input: CatalogDefinitionInput, wireArgs?: (args: JsonSchema) => JsonSchema): Catalog {
  const components = freezeRecord(
    Object.fromEntries(Object.entries(input.components ?? {}).map(([name, schema]) => [name, deepFrozenCopy(schema)])),
  );
  const functions = freezeRecord(
    Object.fromEntries(
      Object.entries(input.functions ?? {}).map(([name, fn]) => [name, catalogFunction(fn.definition, fn.implementation)]),
    ),
  );
  const protocolVersion = input.protocolVersion ?? DEFAULT_CATALOG_PROTOCOL_VERSION;
  const defs = input.defs === undefined ? undefined : deepFrozenCopy(input.defs);
  const base = {
    catalogId: input.catalogId,
    components,
    functions,
    protocolVersion,
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.instructions === undefined ? {} : { instructions: input.instructions }),
    ...(defs === undefined ? {} : { defs }),
  };
  const json = deepFrozenCopy(catalogJson(base, wireArgs));
  return Object.freeze({ ...base, toJSON: () => json });
}

function catalogFunction(definition: FunctionDefinition, implementation?: FunctionImplementation): CatalogFunction {
  const frozen = deepFrozenCopy(definition);
  return Object.freeze(implementation === undefined ? { definition: frozen } : { definition: frozen, implementation });
}

/**
 * The catalog.json document of a catalog: each function written back as the JSON Schema of its
 * wire-level FunctionCall (`call` const, `args` schema) with its interface metadata beside it.
 */
function catalogJson(catalog: Omit<Catalog, 'toJSON'>, wireArgs: ((args: JsonSchema) => JsonSchema) | undefined): Record<string, unknown> {
  const componentNames = Object.keys(catalog.components);
  const functionNames = Object.keys(catalog.functions);
  const generatedDefs = {
    anyComponent: {
      oneOf: componentNames.map((name) => ({ $ref: `#/components/${name}` })),
      discriminator: { propertyName: 'component' },
    },
    anyFunction: { oneOf: functionNames.map((name) => ({ $ref: `#/functions/${name}` })) },
  };
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: catalog.catalogId,
    catalogId: catalog.catalogId,
    protocolVersion: catalog.protocolVersion ?? DEFAULT_CATALOG_PROTOCOL_VERSION,
    ...(catalog.title === undefined ? {} : { title: catalog.title }),
    ...(catalog.description === undefined ? {} : { description: catalog.description }),
    ...(catalog.instructions === undefined ? {} : { instructions: catalog.instructions }),
    components: catalog.components,
    functions: Object.fromEntries(
      functionNames.map((name) => [name, functionJson(name, (catalog.functions[name] as CatalogFunction).definition, wireArgs)]),
    ),
    $defs: { ...generatedDefs, ...(catalog.defs ?? {}) },
  };
}

function functionJson(name: string, definition: FunctionDefinition, wireArgs: ((args: JsonSchema) => JsonSchema) | undefined): Record<string, unknown> {
  const { returnType, allowedCallers, requiresUserActivation, description } = definition;
  const args = wireArgs === undefined || definition.args === undefined ? definition.args : wireArgs(definition.args);
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    returnType,
    ...(allowedCallers === undefined ? {} : { allowedCallers }),
    ...(requiresUserActivation === undefined ? {} : { requiresUserActivation }),
    // A function declared without an args schema takes any args object.
    properties: { call: { const: name }, args: args === undefined ? { type: 'object' } : args },
    required: args === undefined ? ['call'] : ['call', 'args'],
  };
}

function freezeRecord<T>(record: Record<string, T>): Readonly<Record<string, T>> {
  // A null prototype keeps `catalog.functions['toString']` from finding Object.prototype members.
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, record));
}

/** A deep copy of JSON-like data, frozen, so a catalog never shares mutable objects with its input. */
export function deepFrozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item) => deepFrozenCopy(item))) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = deepFrozenCopy(item);
  return Object.freeze(copy) as T;
}
