/**
 * rendererCapabilities({ includeInlineCatalogs: true }) is valid against the spec's
 * renderer_capabilities.json (with catalog_definition.json), checked by ajv over the vendored
 * schemas: the basic catalog, the MCP catalog, and defineCatalog catalogs.
 */
import { BASIC_CATALOG_JSON, basicCatalog, defineCatalog } from '../../src/catalog';
import { mcpCatalog } from '../../src/mcp/catalog';
import { createSession, rendererCapabilities } from '../../src/session/session';
import { OPEN_CATALOG, specAjv, specValidator } from '../protocol/spec';

const ajv = specAjv(OPEN_CATALOG);
const validate = specValidator(ajv, 'renderer_capabilities.json');

const custom = defineCatalog({
  catalogId: 'https://example.com/travel',
  components: {
    Fare: {
      type: 'object',
      properties: { component: { const: 'Fare' }, amount: { $ref: 'common_types.json#/$defs/DynamicNumber' }, floor: { $ref: '#/$defs/Money' } },
      required: ['component'],
    },
  },
  functions: {
    double: { definition: { returnType: 'number', args: { type: 'object', properties: { n: { type: 'integer' } } } }, implementation: (a) => (a.n as number) * 2 },
    lookup: { definition: { returnType: 'string', allowedCallers: 'rendererOrAgent' } },
    push: { definition: { returnType: 'void', allowedCallers: 'agentOnly' }, implementation: () => undefined },
    confirm: { definition: { returnType: 'boolean', requiresUserActivation: true }, implementation: () => true },
  },
  defs: { Money: { type: 'number', minimum: 0 } },
});

test.each([
  ['the basic catalog', [basicCatalog()]],
  ['the basic catalog with its prose', [basicCatalog({ catalogJson: BASIC_CATALOG_JSON })]],
  ['the MCP catalog', [mcpCatalog()]],
  ['a defineCatalog catalog (callers other than rendererOnly, its own $defs)', [custom]],
  ['all three together', [basicCatalog(), mcpCatalog(), custom]],
])('%s: inline capabilities pass renderer_capabilities.json', (_name, catalogs) => {
  const caps = rendererCapabilities(createSession(catalogs), { includeInlineCatalogs: true });
  const valid = validate(caps);
  expect({ valid, errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
  expect(caps['v1.0'].inlineCatalogs?.map((c) => c.catalogId)).toEqual(catalogs.map((c) => c.catalogId));
});

test("the basic catalog's prose is advertised only when the host passes the document", () => {
  const inline = (catalogs: ReturnType<typeof basicCatalog>[]) =>
    rendererCapabilities(createSession(catalogs), { includeInlineCatalogs: true })['v1.0'].inlineCatalogs?.[0] ?? {};
  const plain = inline([basicCatalog()]);
  const documented = inline([basicCatalog({ catalogJson: BASIC_CATALOG_JSON })]);
  expect(plain).not.toHaveProperty('instructions');
  expect(JSON.stringify(plain)).not.toMatch(/"description":"/);
  expect(documented.instructions).toBe(BASIC_CATALOG_JSON.instructions);
  // Row is one of the components the spec describes.
  const row = (documented.components as Record<string, { description?: string }>).Row;
  expect(row?.description).toBe((BASIC_CATALOG_JSON.components as Record<string, { description?: string }>).Row?.description);
  expect(typeof row?.description).toBe('string');
});

test('what the capabilities change is only what the schema requires', () => {
  const [inline] = rendererCapabilities(createSession([custom]), { includeInlineCatalogs: true })['v1.0'].inlineCatalogs ?? [];
  const functions = inline?.functions as Record<string, Record<string, unknown>>;
  expect(functions.lookup?.requiresUserActivation).toBe(false);
  expect(functions.push?.requiresUserActivation).toBe(false);
  expect(functions.confirm?.requiresUserActivation).toBe(true);
  expect(functions.double?.requiresUserActivation).toBeUndefined();
  expect(Object.keys(inline?.$defs as object).sort()).toEqual(['anyComponent', 'anyFunction']);
});

test("a catalog's own definitions are written in place of their references", () => {
  const [inline] = rendererCapabilities(createSession([custom]), { includeInlineCatalogs: true })['v1.0'].inlineCatalogs ?? [];
  const text = JSON.stringify(inline);
  expect(text).not.toMatch(/"#\/\$defs\/(?!anyComponent|anyFunction)/);
  const fare = (inline?.components as Record<string, { properties: Record<string, unknown> }>).Fare;
  expect(fare?.properties.floor).toEqual({ type: 'number', minimum: 0 });
});

test('the catalog JSON as is would not pass (what the capabilities fix is real)', () => {
  const raw = { 'v1.0': { supportedCatalogIds: [custom.catalogId], inlineCatalogs: [custom.toJSON()] } };
  expect(validate(raw)).toBe(false);
});
