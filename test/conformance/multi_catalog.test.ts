/**
 * core/multi_catalog.yaml (action select_catalog): which catalog a component or call resolves to.
 *
 * Harness mapping:
 * - The surface's catalogs are those of `supportedCatalogIds`. The ids of BASIC_ALIAS_IDS (mapping.ts:
 *   `basic`, `standard`, `test-catalog-v10`, …) name the basic catalog in these suites, so they get
 *   the basic catalog's components and functions under that id (harness only); other ids get an
 *   empty catalog; `catalogs.<id>.protocolVersion` sets a catalog's version (default 1.0).
 * - Making a catalog available to the v1.0 surface goes through findCatalog, which refuses a
 *   catalog of another protocol version (the "cannot mix" case).
 * - Every component (in order), then the function call, is resolved; "selected" is the catalog of
 *   the last one resolved.
 * - Error categories per CATEGORY_CODES (mapping.ts: CatalogError is CATALOG_NOT_FOUND); the case's
 *   message must be a substring of ours.
 */
import {
  defineCatalog,
  findCatalog,
  resolveComponentCatalog,
  resolveFunctionCatalog,
  type Catalog,
  type CatalogResolution,
} from '../../src/catalog';
import { BASIC_ALIAS_IDS, basicCatalogAs, codesOfCategory } from './mapping';
import { loadSuite, runSuite, type ConformanceCase } from './suite';

const cases = loadSuite('core/multi_catalog.yaml');

interface SelectArgs {
  surface: { id: string; defaultCatalogId?: string; supportedCatalogIds: string[] };
  catalogs?: Record<string, { protocolVersion?: string }>;
  components?: Record<string, { catalogId?: unknown }>;
  function_call?: { call: string; catalogId?: unknown };
}

function catalogNamed(id: string, protocolVersion: string | undefined): Catalog {
  if (BASIC_ALIAS_IDS.includes(id)) return basicCatalogAs(id, protocolVersion);
  return defineCatalog({ catalogId: id, ...(protocolVersion === undefined ? {} : { protocolVersion }) });
}

function select(args: SelectArgs): CatalogResolution {
  const { surface } = args;
  const site = { surfaceId: surface.id };
  const declared = surface.supportedCatalogIds.map((id) => catalogNamed(id, args.catalogs?.[id]?.protocolVersion));
  for (const catalog of declared) {
    const available = findCatalog(declared, catalog.catalogId, site);
    if (!available.ok) return available;
  }
  const surfaceCatalogId = surface.defaultCatalogId ?? null;
  let selected: CatalogResolution | null = null;
  for (const [id, component] of Object.entries(args.components ?? {})) {
    selected = resolveComponentCatalog(declared, surfaceCatalogId, component.catalogId, { ...site, name: id });
    if (!selected.ok) return selected;
  }
  if (args.function_call !== undefined) {
    const call = args.function_call;
    selected = resolveFunctionCatalog(declared, surfaceCatalogId, call.catalogId, { ...site, name: call.call });
  }
  // Nothing to resolve: the surface default is the selection.
  return selected ?? resolveComponentCatalog(declared, surfaceCatalogId, undefined, site);
}

function run(c: ConformanceCase): void {
  expect(c.action).toBe('select_catalog');
  const result = select(c.args as SelectArgs);
  const expectedError = c.expect_error as { category: string; message?: string } | undefined;
  if (expectedError !== undefined) {
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(codesOfCategory(expectedError.category)).toContain(result.error.code);
      if (expectedError.message !== undefined) expect(result.error.message).toContain(expectedError.message);
    }
    return;
  }
  expect(result.ok).toBe(true);
  if (result.ok) expect(result.catalog.catalogId).toBe(c.expect_selected);
}

runSuite('multi_catalog', cases, run);
