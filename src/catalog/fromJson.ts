/**
 * Loading a catalog.json document (the catalog_definition.json shape). Functions arrive without
 * code, so each is an agent function unless the caller supplies an implementation for it.
 */
import { a2uiError, type A2uiError } from '../protocol/errors';
import { assembleCatalog } from './assemble';
import { definitionProblem } from './define';
import { CATALOG_PROBLEM_BLOCKS_LOADING, type CatalogProblem } from './problems';
import { validateCatalog } from './validate';
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

/**
 * Result of {@link catalogFromJson}: the catalog (with the problems a `lenient` load read past,
 * as `warnings`), or why the document is not a catalog (`error`, and every problem found).
 */
export type CatalogFromJsonResult =
  | { ok: true; catalog: Catalog; warnings: CatalogProblem[] }
  | { ok: false; error: A2uiError; problems: CatalogProblem[] };

/** Options of {@link catalogFromJson}. */
export interface CatalogFromJsonOptions {
  /** Implementations for functions the document declares; the others run on the agent. */
  implementations?: Record<string, FunctionImplementation>;
  /**
   * Load a document `validateCatalog` refuses when every problem can be read past (see
   * CATALOG_PROBLEM_BLOCKS_LOADING), returning them as `warnings`: unknown keys are dropped, a
   * missing returnType is `any`, a missing protocolVersion is '0.9', another draft's `@call`
   * and `parameters` are read as `call` and the args' properties. Names, reserved names, field
   * types and user-activation rules are never relaxed. Default false.
   */
  lenient?: boolean;
}

/**
 * Loads a catalog.json document. It must pass {@link validateCatalog} (or, with `lenient`, have
 * no problem that blocks loading); `title` and `description` are kept. A function schema is read
 * as the JSON Schema of its FunctionCall (`properties.call` and `properties.args`). Never throws.
 */
export function catalogFromJson(json: unknown, options: CatalogFromJsonOptions = {}): CatalogFromJsonResult {
  const { problems } = validateCatalog(json);
  const refused = options.lenient === true ? problems.filter((p) => CATALOG_PROBLEM_BLOCKS_LOADING[p.code]) : problems;
  if (refused.length > 0 || !isRecord(json)) return failure(json, problems);
  const read = readCatalogJson(json, options.implementations);
  if ('problem' in read) return failure(json, [read.problem]);
  const problem = definitionProblem(read.input);
  if (problem !== null) return failure(json, [{ code: 'INVALID_FIELD', path: '', message: problem }]);
  return { ok: true, catalog: assembleCatalog(read.input), warnings: problems };
}

/**
 * Loads a catalog.json document that is known to pass {@link validateCatalog}: one embedded in
 * the package (the basic catalog), which a test holds to that. The catalog is the one
 * `catalogFromJson` makes; the document is just not checked again on every load (neither the
 * document's validation nor the definition's checks), so an app that only uses the embedded
 * catalogs does not ship the catalog checker. Never throws.
 */
export function catalogFromCheckedJson(
  json: Record<string, unknown>,
  implementations?: Record<string, FunctionImplementation>,
): CatalogFromJsonResult {
  const read = readCatalogJson(json, implementations);
  if ('problem' in read) return failure(json, [read.problem]);
  return { ok: true, catalog: assembleCatalog(read.input), warnings: [] };
}

/** The definition a catalog.json document describes (its functions read as definitions), or the first function that cannot be read. */
function readCatalogJson(
  json: Record<string, unknown>,
  implementations: Record<string, FunctionImplementation> | undefined,
): { input: CatalogDefinitionInput } | { problem: CatalogProblem } {
  const functions: NonNullable<CatalogDefinitionInput['functions']> = {};
  for (const [name, schema] of Object.entries((json.functions as Record<string, unknown> | undefined) ?? {})) {
    const read = readFunction(name, schema);
    if (typeof read === 'string') return { problem: { code: 'INVALID_SCHEMA', path: `/functions/${escapePointer(name)}`, message: read } };
    const implementation = ownValue(implementations, name);
    functions[name] = typeof implementation === 'function' ? { definition: read, implementation } : { definition: read };
  }
  const components = (json.components as Record<string, JsonSchema> | undefined) ?? {};
  const input: CatalogDefinitionInput = {
    catalogId: json.catalogId as string,
    components,
    functions,
    protocolVersion: (json.protocolVersion as string | undefined) ?? CATALOG_JSON_DEFAULT_PROTOCOL_VERSION,
    ...(typeof json.title === 'string' ? { title: json.title } : {}),
    ...(typeof json.description === 'string' ? { description: json.description } : {}),
    ...(typeof json.instructions === 'string' ? { instructions: json.instructions } : {}),
    ...(isRecord(json.$defs) ? { defs: json.$defs as Record<string, JsonSchema> } : {}),
  };
  return { input };
}

function readFunction(name: string, schema: unknown): FunctionDefinition | string {
  if (!isRecord(schema)) return `Function '${name}' must be a JSON Schema object.`;
  const returnType = schema.returnType ?? 'any';
  if (typeof returnType !== 'string') return `Function '${name}': returnType must be a string.`;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const describesCall = 'call' in properties || '@call' in properties;
  // Another draft's `parameters` (a map of argument schemas), read in a lenient load.
  const args = describesCall
    ? properties.args
    : isRecord(schema.parameters)
      ? { type: 'object', properties: schema.parameters }
      : undefined;
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

/** One error for the whole document, its message listing every problem (a CLI or a log shows it whole). */
function failure(json: unknown, problems: CatalogProblem[]): CatalogFromJsonResult {
  const id = isRecord(json) && typeof json.catalogId === 'string' ? ` '${json.catalogId}'` : '';
  const listed = problems.map((p) => `${p.path === '' ? '' : `${p.path}: `}${p.message}`).join('; ');
  const first = problems[0]?.path ?? '';
  const message = `Invalid catalog${id} (${problems.length} problem${problems.length === 1 ? '' : 's'}): ${listed}`;
  return { ok: false, error: a2uiError('VALIDATION_FAILED', message, first === '' ? {} : { path: first }), problems };
}


function ownValue<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
