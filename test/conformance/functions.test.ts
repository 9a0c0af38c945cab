/**
 * core/functions.yaml: every basic-catalog function, and catalog routing of calls.
 *
 * Harness mapping (documented here and in mapping.ts, applied to case inputs only):
 * - `@call` (a newer draft's spelling) is read as v1.0's `call`, recursively in args (translateDraftKeys).
 * - A case without `surface` runs the call on a surface whose default is the basic catalog; a case
 *   with `surface` uses its catalogId (absent: no default) and the catalogs of `catalogPaths`.
 * - Catalog paths (catalogOfPath): the basic catalog's upstream paths are basicCatalog();
 *   `conformance/test_data/…` files load with catalogFromJson; other paths (v0.9 catalogs) are not
 *   available here, since this package speaks v1.0 only, which is what "a v1.0 surface only makes
 *   v1.0 catalogs available" asks.
 * - Calls run with userActivated: true, as a direct invocation from an action would (openUrl needs it).
 * - v1.0 validators return a ValidationResult; where the suite expects a boolean, its `valid` is compared.
 * - Error categories per CATEGORY_CODES (ExpressionError is EXPRESSION_ERROR, CatalogError is
 *   CATALOG_NOT_FOUND); the case's message must be a substring of one of our messages.
 * - The `validate` cases render a whole surface: they run through the session like the message
 *   processor's cases (processorCases.ts), and their expected components are the rendered ones.
 */
import { BASIC_CATALOG_ID, basicCatalog, validityOf, type Catalog } from '../../src/catalog';
import { evaluateDynamic } from '../../src/expressions';
import { catalogOfPath, codesOfCategory, translateDraftKeys } from './mapping';
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite, type ConformanceCase } from './suite';

const cases = loadSuite('core/functions.yaml');

const outOfScope: Record<string, string> = {
  test_evaluate_function_not_validation_result_operand_v0_9: 'protocol v0.9 semantics; this package implements v1.0 only',
  test_evaluate_function_v09_ignores_call_catalog_id: 'protocol v0.9 semantics; this package implements v1.0 only',
};

function run(c: ConformanceCase): void {
  if (c.action === 'validate') {
    runProcessorCase(c);
    return;
  }
  expect(c.action).toBe('evaluate_function');
  const surface = c.surface as { catalogId?: string } | undefined;
  const catalogs =
    surface === undefined
      ? [basicCatalog()]
      : ((c.catalogPaths as string[] | undefined) ?? []).map(catalogOfPath).filter((catalog): catalog is Catalog => catalog !== null);
  const call = {
    call: c.function as string,
    args: translateDraftKeys(c.args ?? {}),
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
    const codes: readonly string[] = codesOfCategory(expectedError.category);
    const matching = result.errors.filter((error) => codes.includes(error.code));
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
