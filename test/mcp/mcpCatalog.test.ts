/**
 * The MCP catalog: it loads, it agrees with the spec's draft catalog.json (our `call` for its
 * `@call`), its McpApp component is checked against its schema, and htmlContent decodes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogFromJson } from '../../src/catalog';
import { decodeHtmlContent, mcpCatalog, MCP_CATALOG_ID, MCP_CATALOG_JSON } from '../../src/mcp/catalog';
import { createComponentValidator } from '../../src/protocol/componentValidation';

const SPEC_CATALOG = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/a2ui/spec/catalogs/mcp/v1/catalog.json'), 'utf8'),
) as Record<string, Record<string, Record<string, unknown>>>;

describe('mcpCatalog', () => {
  test('is the MCP catalog: id, protocol version, one component and six implemented functions', () => {
    const catalog = mcpCatalog();
    expect(catalog.catalogId).toBe('https://a2ui.org/specification/v1_0/catalogs/mcp/catalog.json');
    expect(catalog.catalogId).toBe(MCP_CATALOG_ID);
    expect(catalog.protocolVersion).toBe('1.0');
    expect(Object.keys(catalog.components)).toEqual(['McpApp']);
    expect(Object.keys(catalog.functions).sort()).toEqual(
      ['callMcpTool', 'jmespath', 'regexCapture', 'regexReplace', 'split', 'updateDataModel'].sort(),
    );
    for (const fn of Object.values(catalog.functions)) expect(typeof fn.implementation).toBe('function');
    expect(mcpCatalog()).toBe(catalog);
    expect(mcpCatalog({ jmespathLimits: { maxExpressionLength: 10 } })).not.toBe(catalog);
  });

  test('names the same components, functions, properties and $defs as the spec draft', () => {
    expect(Object.keys(MCP_CATALOG_JSON.components as object)).toEqual(Object.keys(SPEC_CATALOG.components!));
    expect(Object.keys(MCP_CATALOG_JSON.functions as object).sort()).toEqual(Object.keys(SPEC_CATALOG.functions!).sort());
    const ours = (MCP_CATALOG_JSON.components as Record<string, { properties: object }>).McpApp!.properties;
    const spec = (SPEC_CATALOG.components!.McpApp as { allOf: Array<{ properties?: object }> }).allOf[1]!.properties!;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(spec).sort());
    for (const [name, schema] of Object.entries(SPEC_CATALOG.functions!)) {
      const specFn = schema as { properties: { args: { properties: object; required: string[] } }; required: string[] };
      const ourFn = (MCP_CATALOG_JSON.functions as Record<string, typeof specFn>)[name]!;
      // The draft's "@call" is v1.0's "call".
      expect(specFn.required).toEqual(['@call', 'args']);
      expect(ourFn.required).toEqual(['call', 'args']);
      expect(Object.keys(ourFn.properties.args.properties).sort()).toEqual(Object.keys(specFn.properties.args.properties).sort());
      expect(ourFn.properties.args.required).toEqual(specFn.properties.args.required);
    }
    const defs = MCP_CATALOG_JSON.$defs as Record<string, unknown>;
    for (const name of ['AllowedFunctions', 'DataPaths', 'McpAppCsp', 'McpAppPermissions', 'JsonSchema']) expect(defs[name]).toBeDefined();
  });

  test('loads the spec draft itself too, leniently: "@call" is read as "call"', () => {
    expect(catalogFromJson(SPEC_CATALOG).ok).toBe(false);
    const loaded = catalogFromJson(SPEC_CATALOG, { lenient: true });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(Object.keys(loaded.catalog.functions).sort()).toEqual(Object.keys(mcpCatalog().functions).sort());
    const json = loaded.catalog.toJSON() as { functions: Record<string, { properties: Record<string, unknown> }> };
    expect(json.functions.jmespath!.properties.call).toEqual({ const: 'jmespath' });
  });

  describe('the McpApp component schema', () => {
    const validator = createComponentValidator(mcpCatalog().toJSON());
    const app = (extra: Record<string, unknown> = {}) => ({ id: 'app', component: 'McpApp', htmlContent: 'url_encoded:%3Cp%3E', ...extra });

    test.each([
      ['the minimum', app()],
      ['a bound htmlContent', app({ htmlContent: { path: '/html' } })],
      ['everything', app({
        title: 'Chart',
        allowedTools: ['search'],
        allowedFunctions: { formatNumber: { type: 'object' }, split: {} },
        data: { paths: { score: '/score', toolInput: '/in', toolResult: '/out', modelContext: '/ctx' } },
        csp: { connectDomains: ['https://a.example'], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
        permissions: { camera: true, microphone: false, geolocation: {}, clipboardWrite: true },
      })],
    ])('accepts %s', (_name, component) => {
      expect(validator.validateComponent(component)).toEqual({ ok: true });
    });

    test.each([
      ['no htmlContent', { id: 'app', component: 'McpApp' }],
      ['allowedTools that are not strings', app({ allowedTools: [1] })],
      ['allowedFunctions whose schema is not an object', app({ allowedFunctions: { f: 'string' } })],
      ['data without paths', app({ data: {} })],
      ['data with another key', app({ data: { paths: {}, other: 1 } })],
      ['a non-string path', app({ data: { paths: { a: 1 } } })],
      ['an unknown csp list', app({ csp: { scriptDomains: [] } })],
      ['an unknown permission', app({ permissions: { usb: true } })],
      ['a permission that is a string', app({ permissions: { camera: 'yes' } })],
      ['an unknown property', app({ sandbox: 'allow-all' })],
    ])('refuses %s', (_name, component) => {
      expect(validator.validateComponent(component).ok).toBe(false);
    });
  });

  test('decodeHtmlContent decodes the url_encoded: prefix and leaves other text alone', () => {
    expect(decodeHtmlContent('url_encoded:%3Cp%3Ehi%20there%3C%2Fp%3E')).toBe('<p>hi there</p>');
    expect(decodeHtmlContent('<p>plain%20text</p>')).toBe('<p>plain%20text</p>');
    expect(decodeHtmlContent('url_encoded:%E0%A4%A')).toBe('url_encoded:%E0%A4%A');
    expect(decodeHtmlContent(null)).toBe('');
  });
});
