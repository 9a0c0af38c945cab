/**
 * core/catalog.yaml (actions from_json, catalog_schema): the parts a renderer has. Much of the
 * suite describes an agent SDK's Catalog object (a `theme`, function `parameters`, catalogs
 * filtered and inlined into a self-contained schema for prompts); those cases are out of scope or
 * known differences, each with its reason.
 *
 * Mapping:
 * - from_json is catalogFromJson(document, { lenient: true }), as an SDK's from_json reads drafts'
 *   spellings (`v1.0`, `parameters`, components without a `component` const); the strict reading
 *   is validateCatalog's, tested in test/catalog/validateCatalog.test.ts. The document is `catalog` (the case's `catalogId`,
 *   when given, replaces the document's, as the case's from_json argument does; the case's
 *   protocolVersion fills in a document that names none, else catalog_definition.json's default
 *   0.9 applies), or the catalog at `catalogPath` (the basic catalog's paths are basicCatalog(),
 *   or, where the case compares it with the published file, basicCatalog({ catalogJson }) with
 *   that file's prose).
 * - A loaded catalog is compared through catalog.toJSON(), the catalog_definition.json document
 *   it advertises in renderer capabilities: `expect` is a subset of it, with protocolVersion
 *   compared without its leading "v".
 * - `validComponents` / `invalidComponents`: a component is valid when the catalog's component
 *   validation (the processor's checkComponentSchema) finds no problem; inputs are read with
 *   `@call` as `call`. This is the catalog alone, without resolving catalogs named by calls.
 * - catalog_schema is catalog.toJSON(), compared as a subset; with `expectCatalog` (a published
 *   catalog "with the common types it references inlined") it is bundleCatalog(catalog) with the
 *   published common_types.json (prose included, `commonTypes: COMMON_TYPES_SCHEMA`): the
 *   bundle is self-contained, each bundled common type is common_types.json's (its refs pointing
 *   into the bundle), and with its refs pointed back at common_types.json and the bundled types
 *   removed it is the published catalog.
 * - `expect.selfContained` (from_json): bundleCatalog(catalog) is self-contained, every `$ref` a
 *   JSON Pointer that resolves inside it.
 * - Error categories per the table in mapping.ts, row CATALOG_DOCUMENT_CATEGORY_CODES: CatalogError is
 *   VALIDATION_FAILED, what catalogFromJson answers for a document that is not a valid catalog;
 *   messages per messageMatches.
 */
import { BASIC_CATALOG_JSON, basicCatalog, bundleCatalog, catalogFromJson, type Catalog } from '../../src/catalog';
import { COMMON_TYPES_SCHEMA } from '../../src/protocol/json/commonTypes';
import { checkComponentSchema } from '../../src/processor/schemaChecks';
import {
  AGENT_FUNCTION_RULE,
  BASIC_CATALOG_PATHS,
  CATALOG_DOCUMENT_CATEGORY_CODES,
  codesOfCategory,
  expectedErrorOf,
  isRecord,
  messageMatches,
  subsetMismatches,
  translateDraftKeys,
} from './mapping';
import { loadSuite, readFixtureJson, runSuite, fixturePathOfCasePath, type ConformanceCase } from './suite';

const cases = loadSuite('core/catalog.yaml');

function load(c: ConformanceCase): { ok: true; catalog: Catalog } | { ok: false; error: { code: string; message: string } } {
  const path = c.catalogPath as string | undefined;
  if (path !== undefined) {
    if (!BASIC_CATALOG_PATHS.has(path)) throw new Error(`catalog ${path} is not available to this package`);
    // A case that compares the catalog with the published file reads its prose too.
    return { ok: true, catalog: isRecord(c.expectCatalog) ? basicCatalog({ catalogJson: BASIC_CATALOG_JSON }) : basicCatalog() };
  }
  const document: Record<string, unknown> = { ...(c.catalog as Record<string, unknown>) };
  if (typeof c.catalogId === 'string') document.catalogId = c.catalogId;
  if (document.protocolVersion === undefined && typeof c.protocolVersion === 'string') document.protocolVersion = c.protocolVersion;
  return catalogFromJson(document, { lenient: true });
}

const withoutV = (version: unknown): unknown => (typeof version === 'string' ? version.replace(/^v/, '') : version);

function componentProblems(catalog: Catalog, component: unknown): string[] {
  return checkComponentSchema(catalog, translateDraftKeys(component) as object).map((issue) => `${issue.path}: ${issue.message}`);
}

function checkLoaded(catalog: Catalog, expected: Record<string, unknown>): void {
  const { validComponents, invalidComponents, ...document } = expected;
  const json = catalog.toJSON();
  const wanted = 'protocolVersion' in document ? { ...document, protocolVersion: withoutV(document.protocolVersion) } : document;
  const actual = { ...json, protocolVersion: withoutV(json.protocolVersion) };
  expect(subsetMismatches(actual, wanted)).toEqual([]);
  for (const component of (validComponents as unknown[] | undefined) ?? []) {
    expect({ component, problems: componentProblems(catalog, component) }).toEqual({ component, problems: [] });
  }
  for (const component of (invalidComponents as unknown[] | undefined) ?? []) {
    expect({ component, rejected: componentProblems(catalog, component).length > 0 }).toEqual({ component, rejected: true });
  }
}

const BUNDLED = '#/$defs/anyComponent/$defs/';

function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) key === '$ref' && typeof item === 'string' ? found.push(item) : refsOf(item, found);
  return found;
}

/** Where a local `$ref` points, or undefined. */
function target(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const segment of ref.slice(2).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    node = isRecord(node) && Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined;
  }
  return node;
}

function expectSelfContained(bundle: Record<string, unknown>): void {
  const unresolved = refsOf(bundle).filter((ref) => target(bundle, ref) === undefined);
  expect(unresolved).toEqual([]);
}

/** A copy with `$ref`s rewritten. */
function mapRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, rewrite));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? rewrite(v) : mapRefs(v, rewrite)]));
}

/** The vendored copy of a published v1.0 file a case names. */
function publishedFixture(path: string): string {
  if (BASIC_CATALOG_PATHS.has(path)) return 'spec/v1_0/catalogs/basic/catalog.json';
  if (path === 'specification/v1_0/json/common_types.json') return 'spec/v1_0/json/common_types.json';
  const shared = fixturePathOfCasePath(path);
  if (shared === null) throw new Error(`${path} is not vendored`);
  return shared;
}

function checkBundleOfPublished(catalog: Catalog, expected: { catalogPath: string; commonTypesPath: string }): void {
  const published = readFixtureJson(publishedFixture(expected.catalogPath)) as Record<string, unknown>;
  const commonTypes = readFixtureJson(publishedFixture(expected.commonTypesPath)) as { $defs: Record<string, unknown> };
  const bundle = bundleCatalog(catalog, { commonTypes: COMMON_TYPES_SCHEMA });
  expectSelfContained(bundle);
  const defs = bundle.$defs as { anyComponent: { $defs: Record<string, unknown> } };
  for (const [name, schema] of Object.entries(defs.anyComponent.$defs)) {
    const back = mapRefs(schema, (ref) => (ref.startsWith(BUNDLED) ? `#/$defs/${ref.slice(BUNDLED.length)}` : ref === '#/$defs/anyFunction' ? 'catalog.json#/$defs/anyFunction' : ref));
    expect({ name, schema: back }).toEqual({ name, schema: commonTypes.$defs[name] });
  }
  const { $defs: anyDefs, ...anyComponent } = defs.anyComponent as Record<string, unknown>;
  expect(anyDefs).toBeDefined();
  const unbundled = mapRefs({ ...bundle, $defs: { ...(bundle.$defs as object), anyComponent } }, (ref) =>
    ref.startsWith(BUNDLED) ? `common_types.json#/$defs/${ref.slice(BUNDLED.length)}` : ref,
  );
  expect(unbundled).toEqual(published);
}

function run(c: ConformanceCase): void {
  if (c.action === 'catalog_schema') {
    const loaded = load(c);
    if (!loaded.ok) throw new Error(loaded.error.message);
    if (isRecord(c.expectCatalog)) {
      checkBundleOfPublished(loaded.catalog, c.expectCatalog as { catalogPath: string; commonTypesPath: string });
      return;
    }
    expect(subsetMismatches(loaded.catalog.toJSON(), c.expect)).toEqual([]);
    return;
  }
  expect(c.action).toBe('from_json');
  const loaded = load(c);
  const expectedError = expectedErrorOf(c);
  if (expectedError !== undefined) {
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    if (expectedError.category !== undefined) expect(codesOfCategory(expectedError.category, CATALOG_DOCUMENT_CATEGORY_CODES)).toContain(loaded.error.code);
    if (expectedError.message !== undefined) expect({ message: loaded.error.message, matches: messageMatches(loaded.error.message, expectedError.message) }).toMatchObject({ matches: true });
    return;
  }
  if (!loaded.ok) throw new Error(`not loaded: ${loaded.error.message}`);
  if (isRecord(c.expect) && c.expect.selfContained === true) {
    expectSelfContained(bundleCatalog(loaded.catalog));
    return;
  }
  if (isRecord(c.expect)) checkLoaded(loaded.catalog, c.expect);
}

const AGENT_SDK_SCHEMA =
  "an agent SDK's catalog schema for prompting and output validation (ids injected into every component, allOf envelopes flattened, common types bundled or inlined); a renderer advertises the catalog document itself (catalog_definition.json), which Catalog.toJSON() produces";
const AGENT_SDK_FILTER =
  "an agent SDK's Catalog.from_json, which filters components and functions by $defs.anyComponent / anyFunction and inlines $refs to build prompt schemas; a renderer keeps the catalog document as it is and resolves refs when validating";
const SELF_CONTAINED =
  "checks the agent SDK's localised, self-contained catalog schema; the renderer validates against the catalog plus its embedded common_types.json and never builds one";
const V09_CATALOG =
  'a v0.9 / v0.9.1 published catalog (specification/v0_9…), which is not in the vendored fixtures and which this v1.0-only package does not load';
const OTHER_DRAFT_FUNCTIONS =
  'function definitions in another draft\'s shape (`parameters`); in v1.0 catalog_definition.json a FunctionDefinition is the JSON Schema of the FunctionCall ("properties": {"call": {"const": …}, "args": {…}}), which is what Catalog.toJSON() writes';
const THEME = 'a catalog `theme`, which v1.0 catalog_definition.json does not have (its keys: $schema, $id, protocolVersion, $defs, title, description, catalogId, instructions, components, functions)';

const outOfScope: Record<string, string> = {
  test_v09_catalog_from_json_any_component_filter: AGENT_SDK_FILTER,
  test_v09_catalog_from_json_any_function_filter: AGENT_SDK_FILTER,
  test_v09_catalog_from_json_inlines_local_pointer_defs: AGENT_SDK_FILTER,
  test_v09_catalog_from_json_inlines_nested_defs: AGENT_SDK_FILTER,
  test_v09_catalog_from_json_resolves_common_types_refs: AGENT_SDK_FILTER,
  test_v09_catalog_from_json_resolves_common_types_child_list: AGENT_SDK_FILTER,
  test_v08_catalog_schema_basic: AGENT_SDK_SCHEMA,
  test_v09_catalog_schema_with_defs: AGENT_SDK_SCHEMA,
  test_v09_catalog_schema_no_theme: AGENT_SDK_SCHEMA,
  test_v09_catalog_allof_envelope_flattening: AGENT_SDK_SCHEMA,
  test_v09_catalog_inlined_fixed_point_round_trip: AGENT_SDK_SCHEMA,
  test_v09_catalog_schema_bundles_common_types: AGENT_SDK_SCHEMA,
  test_v09_catalog_schema_preserves_protocol_version: AGENT_SDK_SCHEMA,
  test_v09_catalog_schema_ref_node_hygiene: AGENT_SDK_SCHEMA,
  test_v09_basic_catalog_schema: AGENT_SDK_SCHEMA,
  test_v09_published_basic_catalog_is_self_contained: SELF_CONTAINED,
  test_v09_published_minimal_catalog_is_self_contained: SELF_CONTAINED,
  test_v091_published_basic_catalog_is_self_contained: SELF_CONTAINED,
};

const known: Record<string, string> = {
  test_v08_catalog_from_json_basic: 'a v0.8 catalog (`styles` mapped onto a theme); this package loads v1.0 catalog documents, which have neither',
  test_v09_catalog_from_json_basic: `a v0.9 catalog: ${THEME}; and ${OTHER_DRAFT_FUNCTIONS}`,
  test_v10_catalog_from_json_no_theme: `${THEME} (the case expects an empty one); and ${OTHER_DRAFT_FUNCTIONS}`,
  test_v10_catalog_from_json_functions_metadata: OTHER_DRAFT_FUNCTIONS,
  test_catalog_from_json_missing_catalog_id_error:
    'the expected message names the Python SDK\'s from_json parameters ("catalog_id must be provided or exist in catalog_schema"); catalogFromJson takes one document and refuses it with "A catalog document needs a non-empty string catalogId."',
  test_v10_catalog_from_json_uax31_validation:
    'the case declares a function named `@index` in a catalog; the protocol\'s System Namespace Rule says "Custom catalogs MUST NOT define functions prefixed with `@`", and catalogFromJson refuses it',
  test_v09_catalog_from_json_allows_hyphen_identifiers:
    'a v0.9 catalog: v0.9 allowed hyphens in names; this package loads catalogs for v1.0 sessions, where names MUST be UAX #31 identifiers',
  test_v09_published_basic_catalog_validates_function_calls: V09_CATALOG,
  test_v09_published_basic_catalog_rejects_function_call_extra_key: V09_CATALOG,
  test_v09_published_minimal_catalog_validates_function_calls: V09_CATALOG,
  test_v09_published_minimal_catalog_rejects_function_call_extra_key: V09_CATALOG,
  test_v091_published_basic_catalog_validates_function_calls: V09_CATALOG,
  test_v091_published_basic_catalog_rejects_function_call_extra_key: V09_CATALOG,
  test_v10_published_basic_catalog_validates_function_calls: `its invalid component calls notAFunction; ${AGENT_FUNCTION_RULE}`,
  test_v10_published_basic_catalog_validates_nested_calls:
    `the valid components (calls naming other-catalog) pass, and t6 (formatString with an extra arg, naming this catalog) is refused; t2, t3, t4, t5 and t7 are invalid only because they call notAFunction in this catalog (directly, naming it, or nested in the args of formatString, @index or another catalog's call), which the case reads as an error: ${AGENT_FUNCTION_RULE}`,
  test_v10_published_basic_catalog_rejects_nested_call_bad_identifiers:
    "t3 (`@foo`, a name in the reserved `@` namespace) is refused, but t1 (`not-a-function`) and t2 (argument `bad-arg`) are accepted: v1.0's schemas do not constrain names at the call site (common_types.json FunctionCommon: `call` is any string; args keys are free), the UAX #31 rule is stated for catalog definitions, and a call naming another catalog is only checked as a well-formed FunctionCall (this catalog cannot judge it; the processor checks it against the catalog it resolves to)",
};

runSuite('catalog', cases, run, { known, outOfScope });
