/**
 * Case-mapping helpers shared by the conformance harnesses: how a case's catalogs, draft
 * spellings, error categories and messages map onto this package. Each rule is documented where
 * it is defined; the harness files say which ones they use.
 */
import { BASIC_CATALOG_ID, basicCatalog, catalogFromJson, defineCatalog, type Catalog } from '../../src/catalog';
import type { A2uiError, A2uiErrorCode } from '../../src/protocol/errors';
import { readFixtureJson, fixturePathOfCasePath, type ConformanceCase } from './suite';

// ---------------------------------------------------------------------------------------------
// Draft spellings
// ---------------------------------------------------------------------------------------------

/**
 * A newer draft writes v1.0's `call` and `path` keys as `@call` and `@path`. Inputs of cases are
 * read with those two keys renamed, recursively; nothing else changes (so `@@path`, `@index`
 * and unknown `@` keys reach the package as the case wrote them).
 */
export function translateDraftKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(translateDraftKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [DRAFT_KEYS[key] ?? key, translateDraftKeys(item)]),
  );
}

const DRAFT_KEYS: Record<string, string> = { '@call': 'call', '@path': 'path' };

// ---------------------------------------------------------------------------------------------
// Catalogs
// ---------------------------------------------------------------------------------------------

/** Upstream paths of the v1.0 basic catalog: our basicCatalog(). */
export const BASIC_CATALOG_PATHS = new Set(['catalogs/basic/v1/catalog.json', 'specification/v1_0/catalogs/basic/catalog.json']);

/**
 * Catalog ids that name the v1.0 basic catalog in these suites (besides its own id). A case whose
 * catalogs include the basic catalog also gets it under each of these ids (harness only).
 */
export const BASIC_ALIAS_IDS: readonly string[] = ['basic', 'standard', 'test-catalog-v10', 'https://a2ui.org/catalogs/basic/v1/catalog.json'];

/** The basic catalog's components and functions under another id (and protocol version). */
export function basicCatalogAs(catalogId: string, protocolVersion?: string): Catalog {
  const basic = basicCatalog();
  return defineCatalog({
    catalogId,
    components: { ...basic.components },
    functions: Object.fromEntries(
      Object.entries(basic.functions).map(([name, fn]) => [name, { definition: fn.definition, implementation: fn.implementation }]),
    ),
    ...(basic.defs === undefined ? {} : { defs: { ...basic.defs } }),
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
  });
}

/**
 * The catalog at a path named in a case: the basic catalog's upstream paths are basicCatalog();
 * `test_data/…` files load with catalogFromJson, leniently (they are written in a newer draft's
 * `@call` spelling, which validateCatalog refuses for v1.0); other paths (catalogs of v0.9 and older drafts)
 * are null, since this package speaks v1.0 only.
 */
export function catalogOfPath(path: string): Catalog | null {
  if (BASIC_CATALOG_PATHS.has(path)) return basicCatalog();
  const shared = fixturePathOfCasePath(path);
  if (shared === null) return null;
  const loaded = catalogFromJson(readFixtureJson(shared), { lenient: true });
  if (!loaded.ok) throw new Error(`cannot load ${path}: ${loaded.error.message}`);
  return loaded.catalog;
}

/**
 * An inline catalog of a case, loaded with catalogFromJson, leniently: the suites write catalogs
 * in several drafts' spellings (`v1.0` versions, components without a `component` const,
 * functions without a FunctionCall schema), which validateCatalog refuses but a lenient load
 * reads; what no load reads past (bad names, reserved names) is still refused. catalog_definition.json defaults a
 * missing `protocolVersion` to 0.9, but these suites write v1.0 catalogs without one: such a
 * catalog takes the case's protocolVersion, else v1.0.
 */
export function inlineCatalog(json: Record<string, unknown>, caseVersion: string | undefined): Catalog {
  const protocolVersion = typeof json.protocolVersion === 'string' ? json.protocolVersion : (caseVersion ?? 'v1.0');
  const loaded = catalogFromJson({ ...json, protocolVersion }, { lenient: true });
  if (!loaded.ok) throw new Error(`cannot load the inline catalog ${String(json.catalogId)}: ${loaded.error.message}`);
  return loaded.catalog;
}

/**
 * The catalogs a case makes available, in order: `catalogPaths`, then the inline `catalogs`,
 * then `catalog`. A `catalog` that is only `{protocolVersion}` or `{version}` (no id, no
 * components) names the basic catalog; `catalog.catalogSchema` is the catalog itself. A case that
 * names no catalog gets the basic catalog. When the basic catalog is among them, its aliases
 * (BASIC_ALIAS_IDS) are added after it.
 */
export function catalogsOfCase(c: ConformanceCase): Catalog[] {
  const version = typeof c.protocolVersion === 'string' ? c.protocolVersion : undefined;
  const found: Catalog[] = [];
  for (const path of (c.catalogPaths as string[] | undefined) ?? []) {
    const catalog = catalogOfPath(path);
    if (catalog !== null) found.push(catalog);
  }
  for (const json of (c.catalogs as Record<string, unknown>[] | undefined) ?? []) found.push(inlineCatalog(json, version));
  const single = c.catalog as Record<string, unknown> | undefined;
  if (single !== undefined) {
    if (isRecord(single.catalogSchema)) found.push(inlineCatalog(single.catalogSchema, version ?? stringOr(single.protocolVersion)));
    else if ('catalogId' in single || 'components' in single || 'functions' in single) found.push(inlineCatalog(single, version));
    else found.push(basicCatalog());
  }
  const named = c.catalogPaths !== undefined || c.catalogs !== undefined || c.catalog !== undefined;
  if (!named) found.push(basicCatalog());
  const withAliases: Catalog[] = [];
  for (const catalog of found) {
    withAliases.push(catalog);
    if (catalog.catalogId === BASIC_CATALOG_ID) {
      for (const alias of BASIC_ALIAS_IDS) if (!found.some((other) => other.catalogId === alias)) withAliases.push(basicCatalogAs(alias));
    }
  }
  return withAliases;
}

// ---------------------------------------------------------------------------------------------
// Error categories and messages
// ---------------------------------------------------------------------------------------------

/**
 * The suites' error categories, as our error codes. One table for every harness:
 *
 * | category        | our codes                                                                     |
 * |-----------------|-------------------------------------------------------------------------------|
 * | ParseError      | PARSE_ERROR, INVALID_MESSAGE (payloads); EXPRESSION_ERROR (formatString templates) |
 * | ValidationError | VALIDATION_FAILED, INVALID_MESSAGE, UNSUPPORTED_VERSION, UNALLOWED_PARENT, UNALLOWED_CHILD |
 * | CatalogError    | CATALOG_NOT_FOUND; when loading a catalog document (from_json): VALIDATION_FAILED |
 * | IntegrityError  | SURFACE_NOT_FOUND, SURFACE_EXISTS, VALIDATION_FAILED (duplicate ids, cycles)  |
 * | RecursionError  | RECURSION_LIMIT, LIMIT_EXCEEDED                                               |
 * | DataError       | DATA_ERROR                                                                    |
 * | StateError      | SURFACE_NOT_FOUND, SURFACE_EXISTS, NODE_NOT_FOUND                             |
 * | ExpressionError | EXPRESSION_ERROR                                                              |
 */
export const CATEGORY_CODES: Readonly<Record<string, readonly A2uiErrorCode[]>> = {
  ParseError: ['PARSE_ERROR', 'INVALID_MESSAGE', 'EXPRESSION_ERROR'],
  ValidationError: ['VALIDATION_FAILED', 'INVALID_MESSAGE', 'UNSUPPORTED_VERSION', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD'],
  CatalogError: ['CATALOG_NOT_FOUND'],
  IntegrityError: ['SURFACE_NOT_FOUND', 'SURFACE_EXISTS', 'VALIDATION_FAILED'],
  RecursionError: ['RECURSION_LIMIT', 'LIMIT_EXCEEDED'],
  DataError: ['DATA_ERROR'],
  StateError: ['SURFACE_NOT_FOUND', 'SURFACE_EXISTS', 'NODE_NOT_FOUND'],
  ExpressionError: ['EXPRESSION_ERROR'],
};

/**
 * The table's row for loading a catalog document (catalog.yaml's from_json): catalogFromJson
 * refuses a document that is not a valid catalog with VALIDATION_FAILED.
 */
export const CATALOG_DOCUMENT_CATEGORY_CODES: Readonly<Record<string, readonly A2uiErrorCode[]>> = {
  CatalogError: ['VALIDATION_FAILED'],
};

/** Our codes for a category; throws for a category the table does not know (a harness gap). */
export function codesOfCategory(category: string, table: Readonly<Record<string, readonly A2uiErrorCode[]>> = CATEGORY_CODES): readonly A2uiErrorCode[] {
  const codes = table[category];
  if (codes === undefined) throw new Error(`no error codes mapped for category ${category}`);
  return codes;
}

/**
 * Whether `actual` says what the case's `expected` message says: a substring (case-insensitive,
 * since sentences start lowercase after our pointer prefix), or, when `expected` is a valid
 * regular expression, a match of it.
 */
export function messageMatches(actual: string, expected: string): boolean {
  if (actual.toLowerCase().includes(expected.toLowerCase())) return true;
  try {
    return new RegExp(expected).test(actual);
  } catch {
    return false;
  }
}

/** The error expectation of a case or step: `expectError`, `expect_error`, or a bare message string. */
export type ExpectedError = {
  category?: string;
  code?: string;
  message?: string;
  details?: Array<{ path?: string; code?: string; message?: string }>;
};

export function expectedErrorOf(holder: Record<string, unknown>): ExpectedError | undefined {
  const raw = holder.expectError ?? holder.expect_error;
  if (raw === undefined) return undefined;
  if (typeof raw === 'string') return { message: raw };
  return raw as ExpectedError;
}

/**
 * Whether one of `errors` fits `expected`: its code is one of the category's codes (and is the
 * case's `code` when it names one), and its message matches the case's message.
 */
export function errorFits(error: A2uiError, expected: ExpectedError): boolean {
  if (expected.category !== undefined && !codesOfCategory(expected.category).includes(error.code)) return false;
  if (expected.code !== undefined && error.code !== expected.code) return false;
  if (expected.message !== undefined && !messageMatches(error.message, expected.message)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Subset matching
// ---------------------------------------------------------------------------------------------

/**
 * The places where `actual` does not contain `expected` ("contains / subset match", as the
 * conformance schema says): objects by their expected keys, arrays element by element with the
 * same length, everything else by equality.
 */
export function subsetMismatches(actual: unknown, expected: unknown, at = ''): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at || '/'}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) return [`${at || '/'}: expected ${expected.length} items, got ${JSON.stringify(actual)}`];
    return expected.flatMap((item, i) => subsetMismatches(actual[i], item, `${at}/${i}`));
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return [`${at || '/'}: expected an object, got ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([key, item]) =>
      Object.prototype.hasOwnProperty.call(actual, key)
        ? subsetMismatches(actual[key], item, `${at}/${key}`)
        : [`${at}/${key}: missing (expected ${JSON.stringify(item)})`],
    );
  }
  if (actual === expected || Object.is(actual, expected)) return [];
  return [`${at || '/'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Reasons shared by several harnesses
// ---------------------------------------------------------------------------------------------

/** API.md, "Validation and error rules (decided)", on calls to functions a catalog does not declare. */
export const AGENT_FUNCTION_RULE =
  "API.md decides: \"A FunctionCall naming a function that the catalog it resolves to does not declare ... is not a validation error in either mode: it is an agent function (the protocol's 'Fallback to Agent RPC')\"; the case expects a ValidationError instead";
