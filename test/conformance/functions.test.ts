/**
 * core/functions.yaml: every basic-catalog function, and catalog routing of calls.
 *
 * Harness mapping (documented here, applied to case inputs only):
 * - `@call` (a newer draft's spelling) is read as v1.0's `call`, recursively in args.
 * - A case without `surface` runs the call on a surface whose default is the basic catalog; a case
 *   with `surface` uses its catalogId (absent: no default) and the catalogs of `catalogPaths`.
 * - Catalog paths: the basic catalog's upstream paths are basicCatalog(); `conformance/test_data/…`
 *   files load with catalogFromJson; other paths (v0.9 catalogs) are not available here, since this
 *   package speaks v1.0 only, which is what "a v1.0 surface only makes v1.0 catalogs available" asks.
 * - Calls run with userActivated: true, as a direct invocation from an action would (openUrl needs it).
 * - v1.0 validators return a ValidationResult; where the suite expects a boolean, its `valid` is compared.
 * - Error categories: ExpressionError is EXPRESSION_ERROR, CatalogError is CATALOG_NOT_FOUND; the
 *   case's message must be a substring of one of our messages.
 */
import { BASIC_CATALOG_ID, basicCatalog, catalogFromJson, validityOf, type Catalog } from '../../src/catalog';
import { evaluateDynamic, type ExpressionDiagnosticCode } from '../../src/expressions';
import { loadSuite, readSharedJson, runSuite, sharedPathOfCasePath, type ConformanceCase } from './suite';

const cases = loadSuite('core/functions.yaml');

const BASIC_CATALOG_PATHS = new Set(['catalogs/basic/v1/catalog.json', 'specification/v1_0/catalogs/basic/catalog.json']);

const CATEGORY_CODES: Record<string, ExpressionDiagnosticCode[]> = {
  ExpressionError: ['EXPRESSION_ERROR'],
  CatalogError: ['CATALOG_NOT_FOUND'],
};

/** The `validate` cases render a whole surface: they belong to the message processor's harness. */
const NEEDS_PROCESSOR = 'needs the message processor: run in message_processor harness';
const VALIDATE_CASES = cases.filter((c) => c.action === 'validate').map((c) => c.name);

const outOfScope: Record<string, string> = {
  ...Object.fromEntries(VALIDATE_CASES.map((name) => [name, NEEDS_PROCESSOR])),
  test_evaluate_function_not_validation_result_operand_v0_9: 'protocol v0.9 semantics; this package implements v1.0 only',
  test_evaluate_function_v09_ignores_call_catalog_id: 'protocol v0.9 semantics; this package implements v1.0 only',
};

/** Translates the draft spelling `@call` into v1.0's `call`, recursively. */
function translateCalls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(translateCalls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key === '@call' ? 'call' : key, translateCalls(item)]));
}

function catalogOfPath(path: string): Catalog | null {
  if (BASIC_CATALOG_PATHS.has(path)) return basicCatalog();
  const shared = sharedPathOfCasePath(path);
  if (shared === null) return null;
  const loaded = catalogFromJson(readSharedJson(shared));
  if (!loaded.ok) throw new Error(`cannot load ${path}: ${loaded.error.message}`);
  return loaded.catalog;
}

function run(c: ConformanceCase): void {
  expect(c.action).toBe('evaluate_function');
  const surface = c.surface as { catalogId?: string } | undefined;
  const catalogs =
    surface === undefined
      ? [basicCatalog()]
      : ((c.catalogPaths as string[] | undefined) ?? []).map(catalogOfPath).filter((catalog): catalog is Catalog => catalog !== null);
  const call = {
    call: c.function as string,
    args: translateCalls(c.args ?? {}),
    ...(c.catalogId === undefined ? {} : { catalogId: c.catalogId }),
  };
  const result = evaluateDynamic(call, {
    catalogs,
    surfaceCatalogId: surface === undefined ? BASIC_CATALOG_ID : (surface.catalogId ?? null),
    surfaceId: 'main',
    dataModel: {},
    userActivated: true,
  });
  const expectedError = (c.expectError ?? c.expect_error) as { category: string; message?: string } | undefined;
  if (expectedError !== undefined) {
    expect(result.status).toBe('error');
    const codes = CATEGORY_CODES[expectedError.category];
    expect(codes).toBeDefined();
    const matching = result.errors.filter((error) => (codes ?? []).includes(error.code));
    expect(matching).not.toEqual([]);
    if (expectedError.message !== undefined) {
      expect(matching.map((error) => error.message).join('\n')).toContain(expectedError.message);
    }
    return;
  }
  expect(result.errors).toEqual([]);
  expect(result.status).toBe('ok');
  const validity = validityOf(result.value);
  const actual = typeof c.expect === 'boolean' && validity !== undefined ? validity : result.value;
  expect(actual).toEqual(c.expect);
}

runSuite('functions', cases, run, { outOfScope });
