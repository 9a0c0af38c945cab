/**
 * Loading a catalog.json document (the catalog_definition.json shape). Functions arrive without
 * code, so each is an agent function unless the caller supplies an implementation for it.
 */
import { a2uiError, type A2uiError } from '../protocol/errors';
import { definitionProblem, defineCatalog } from './define';
import type {
  AllowedCallers,
  Catalog,
  CatalogDefinitionInput,
  FunctionDefinition,
  FunctionImplementation,
  FunctionReturnType,
  JsonSchema,
} from './types';
import { isRecord } from '../util/records';

/** The version catalog_definition.json assumes for a catalog.json without `protocolVersion`. */
export const CATALOG_JSON_DEFAULT_PROTOCOL_VERSION = '0.9';

/** Result of {@link catalogFromJson}: the catalog, or why the document is not a catalog. */
export type CatalogFromJsonResult = { ok: true; catalog: Catalog } | { ok: false; error: A2uiError };

/** Options of {@link catalogFromJson}. */
export interface CatalogFromJsonOptions {
  /** Implementations for functions the document declares; the others run on the agent. */
  implementations?: Record<string, FunctionImplementation>;
}

/**
 * Loads a catalog.json document. A function schema is read as the JSON Schema of its FunctionCall
 * (`properties.call`, or the draft spelling `properties['@call']`, and `properties.args`); a schema
 * without a `call` property is taken as the args schema itself. Never throws.
 */
export function catalogFromJson(json: unknown, options: CatalogFromJsonOptions = {}): CatalogFromJsonResult {
  if (!isRecord(json)) return failure('A catalog document must be a JSON object.', '');
  if (typeof json.catalogId !== 'string' || json.catalogId === '') {
    return failure('A catalog document needs a non-empty string catalogId.', '/catalogId');
  }
  for (const key of ['components', 'functions', '$defs'] as const) {
    if (json[key] !== undefined && !isRecord(json[key])) return failure(`'${key}' must be an object.`, `/${key}`);
  }
  for (const key of ['protocolVersion', 'instructions'] as const) {
    if (json[key] !== undefined && typeof json[key] !== 'string') return failure(`'${key}' must be a string.`, `/${key}`);
  }
  const functions: NonNullable<CatalogDefinitionInput['functions']> = {};
  for (const [name, schema] of Object.entries((json.functions as Record<string, unknown> | undefined) ?? {})) {
    const read = readFunction(name, schema);
    if (typeof read === 'string') return failure(read, `/functions/${escapePointer(name)}`);
    const implementation = ownValue(options.implementations, name);
    functions[name] = typeof implementation === 'function' ? { definition: read, implementation } : { definition: read };
  }
  const components = (json.components as Record<string, JsonSchema> | undefined) ?? {};
  for (const [name, schema] of Object.entries(components)) {
    if (!isRecord(schema) && typeof schema !== 'boolean') {
      return failure(`Component '${name}' must be a JSON Schema.`, `/components/${escapePointer(name)}`);
    }
  }
  const input: CatalogDefinitionInput = {
    catalogId: json.catalogId,
    components,
    functions,
    protocolVersion: (json.protocolVersion as string | undefined) ?? CATALOG_JSON_DEFAULT_PROTOCOL_VERSION,
    ...(typeof json.instructions === 'string' ? { instructions: json.instructions } : {}),
    ...(isRecord(json.$defs) ? { defs: json.$defs as Record<string, JsonSchema> } : {}),
  };
  const problem = definitionProblem(input);
  if (problem !== null) return failure(`Invalid catalog '${json.catalogId}': ${problem}.`, '');
  return { ok: true, catalog: defineCatalog(input) };
}

function readFunction(name: string, schema: unknown): FunctionDefinition | string {
  if (!isRecord(schema)) return `Function '${name}' must be a JSON Schema object.`;
  const returnType = schema.returnType ?? 'any';
  if (typeof returnType !== 'string') return `Function '${name}': returnType must be a string.`;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const describesCall = 'call' in properties || '@call' in properties;
  const args = describesCall ? properties.args : schema;
  if (args !== undefined && !isRecord(args) && typeof args !== 'boolean') return `Function '${name}': args must be a JSON Schema.`;
  const definition: FunctionDefinition = { returnType: returnType as FunctionReturnType };
  if (schema.allowedCallers !== undefined) definition.allowedCallers = schema.allowedCallers as AllowedCallers;
  if (schema.requiresUserActivation !== undefined) {
    if (typeof schema.requiresUserActivation !== 'boolean') return `Function '${name}': requiresUserActivation must be a boolean.`;
    definition.requiresUserActivation = schema.requiresUserActivation;
  }
  if (typeof schema.description === 'string') definition.description = schema.description;
  if (args !== undefined) definition.args = args as JsonSchema;
  return definition;
}

function failure(message: string, path: string): CatalogFromJsonResult {
  return { ok: false, error: a2uiError('VALIDATION_FAILED', message, path === '' ? {} : { path }) };
}


function ownValue<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
