/**
 * bundleCatalog: the bundle is valid against catalog_definition.json, self-contained (ajv compiles
 * it with no common_types.json loaded), accepts and refuses what the catalog with the spec's
 * common_types.json does, and is a fixed point of a catalogFromJson round trip.
 * lintCatalog: each finding on a small catalog made to have it, and the spec's catalogs' findings.
 */
import Ajv2020 from 'ajv/dist/2020';
import { BASIC_CATALOG_JSON, basicCatalog, bundleCatalog, catalogFromJson, defineCatalog, lintCatalog, type Catalog } from '../../src/catalog';
import { mcpCatalog } from '../../src/mcp/catalog';
import { validateCatalog } from '../../src/catalog/validate';
import { readFixtureJson } from '../conformance/suite';

const COMMON = readFixtureJson('spec/v1_0/json/common_types.json') as object;
const ALIAS = 'https://a2ui.org/specification/v1_0/catalog.json';

const components: Array<[string, unknown, boolean]> = [
  ['Button', { component: 'Button', child: 'label', action: { event: { name: 'go' } } }, true],
  ['Button', { component: 'Button', child: 'label', action: { functionCall: { call: 'openUrl', args: { url: 'https://a.example' } } } }, true],
  ['Button', { component: 'Button', child: 3, action: { event: { name: 'go' } } }, false],
  ['Text', { component: 'Text', text: { path: '/name' } }, true],
  ['Text', { component: 'Text', text: { call: 'formatString', args: { value: 'hi ${/n}' } } }, true],
  ['Text', { component: 'Text', text: { call: '@index', args: { offset: { call: 'length', args: { value: 'x' } } } } }, true],
  ['Text', { component: 'Text', text: { call: 'formatString', args: { value: 'x' }, bogus: 1 } }, false],
  ['Row', { component: 'Row', children: { componentId: 'item', path: '/items' } }, true],
  ['Row', { component: 'Row', children: { componentId: 'item' } }, false],
  ['TextField', { component: 'TextField', label: 'Name', checks: [{ condition: { call: 'required', args: { value: { path: '/n' } } }, message: 'needed' }] }, true],
];

// The spec's own answer for this one (`@index` around a call) is what matters, whichever it is.
const INDEX_SAMPLE = 5;

function answers(ajv: Ajv2020, id: string): boolean[] {
  return components.map(([name, component]) => ajv.validate({ $ref: `${id}#/components/${name}` }, component) as boolean);
}

describe('bundleCatalog', () => {
  const catalog = basicCatalog();
  const bundle = bundleCatalog(catalog);

  test('is valid against catalog_definition.json and passes validateCatalog', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(COMMON);
    expect(ajv.validate(readFixtureJson('spec/v1_0/json/catalog_definition.json') as object, bundle)).toBe(true);
    expect(validateCatalog(bundle).problems).toEqual([]);
  });

  test('is self-contained, and judges components as the catalog with common_types.json does', () => {
    const withSpec = new Ajv2020({ strict: false, validateFormats: false });
    withSpec.addSchema(COMMON);
    withSpec.addSchema({ ...catalog.toJSON(), $id: ALIAS });
    const alone = new Ajv2020({ strict: false, validateFormats: false });
    alone.addSchema({ ...bundle, $id: 'https://bundle.example/catalog.json' });
    const reference = answers(withSpec, ALIAS);
    // The reference tells the samples apart (the ones marked sound pass, the others fail) …
    expect(reference.filter((ok, i) => ok !== components[i]?.[2] && i !== INDEX_SAMPLE)).toEqual([]);
    // … and the bundle, read with nothing else, answers the same for each.
    expect(answers(alone, 'https://bundle.example/catalog.json')).toEqual(reference);
  });

  test('is equal as JSON after a catalogFromJson round trip, and bundles to itself', () => {
    const loaded = catalogFromJson(bundle);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.catalog.toJSON()).toEqual(bundle);
    expect(bundleCatalog(loaded.catalog)).toEqual(bundle);
  });

  test('a catalog that uses no common type is its own document', () => {
    const plain = defineCatalog({ catalogId: 'p', components: { Box: { type: 'object', properties: { component: { const: 'Box' } }, required: ['component'] } } });
    expect(bundleCatalog(plain)).toEqual(plain.toJSON());
  });

  test('loads as a catalog the session validates with (an inline catalog)', () => {
    const loaded = catalogFromJson(bundleCatalog(mcpCatalog()), { lenient: true });
    expect(loaded.ok).toBe(true);
  });
});

describe('lintCatalog', () => {
  const label = { $ref: 'common_types.json#/$defs/DynamicString' };
  const make = (extra: Partial<Parameters<typeof defineCatalog>[0]> = {}): Catalog =>
    defineCatalog({
      catalogId: 'lint',
      description: 'd',
      components: {
        Go: { type: 'object', description: 'a button', properties: { component: { const: 'Go' }, action: { $ref: 'common_types.json#/$defs/Action' } }, required: ['component', 'action'] },
        Say: { type: 'object', description: 'text', properties: { component: { const: 'Say' }, text: label }, required: ['component', 'text'] },
      },
      functions: { shout: { definition: { returnType: 'string', description: 'loud' } } },
      ...extra,
    });

  test('an interactive component without a label is an error; with one, nothing', () => {
    const findings = lintCatalog(make());
    expect(findings.map((f) => [f.code, f.severity, f.path])).toEqual([['ACCESSIBLE_LABEL', 'error', '/components/Go']]);
  });

  test('unused $defs, uncallable functions and missing descriptions', () => {
    const catalog = defineCatalog({
      catalogId: 'lint',
      components: { Box: { type: 'object', properties: { component: { const: 'Box' } }, required: ['component'] } },
      functions: { shout: { definition: { returnType: 'string' } }, remote: { definition: { returnType: 'void', allowedCallers: 'agentOnly', description: 'agent' } } },
      defs: { Unused: { type: 'string' } },
    });
    const findings = lintCatalog(catalog).map((f) => [f.code, f.severity, f.path]);
    expect(findings).toEqual(
      expect.arrayContaining([
        ['HELPER_DEF', 'error', '/$defs/Unused'],
        ['UNUSED_DEF', 'warning', '/$defs/Unused'],
        ['UNCALLABLE_FUNCTION', 'warning', '/functions/shout'],
        ['MISSING_DESCRIPTION', 'info', '/functions/shout'],
        ['MISSING_DESCRIPTION', 'info', '/components/Box'],
        ['MISSING_DESCRIPTION', 'info', ''],
      ]),
    );
    expect(findings).not.toContainEqual(['UNCALLABLE_FUNCTION', 'warning', '/functions/remote']);
  });

  test('the basic catalog with its prose: no errors or warnings; its components without a description are listed', () => {
    const findings = lintCatalog(basicCatalog({ catalogJson: BASIC_CATALOG_JSON }));
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
    const published = readFixtureJson('spec/v1_0/catalogs/basic/catalog.json') as { components: Record<string, { description?: string }> };
    const undescribed = Object.entries(published.components).filter(([, c]) => c.description === undefined).map(([n]) => `/components/${n}`);
    expect(findings.map((f) => f.path).sort()).toEqual(undescribed.sort());
  });

  test("the MCP catalog: its helper $defs are its only findings (errors against the protocol's catalog rules)", () => {
    const findings = lintCatalog(mcpCatalog());
    expect(findings.map((f) => f.code)).toEqual(Array(5).fill('HELPER_DEF'));
  });
});
