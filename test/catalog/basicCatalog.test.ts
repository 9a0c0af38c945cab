import Ajv2020 from 'ajv/dist/2020';
import {
  BASIC_CATALOG_ID,
  BASIC_CATALOG_JSON,
  BASIC_CATALOG_RULES,
  SYSTEM_FUNCTIONS,
  basicCatalog,
  catalogFromJson,
  validateCatalog,
  type FunctionDefinition,
} from '../../src/catalog';
import { readFixtureJson } from '../conformance/suite';

type CatalogDocument = {
  catalogId: string;
  components: Record<string, unknown>;
  functions: Record<string, Record<string, unknown> & { properties: { args?: unknown } }>;
};

const shared = readFixtureJson('spec/v1_0/catalogs/basic/catalog.json') as CatalogDocument;

describe('the embedded basic catalog.json', () => {
  test('equals the specification file (regenerate with scripts/generate-basic-catalog.ts)', () => {
    expect(BASIC_CATALOG_JSON).toEqual(shared);
  });

  // basicCatalog() loads its forms without checking them again (catalogFromCheckedJson); this is the check.
  test('passes validateCatalog, and basicCatalog() with it is what catalogFromJson makes of it', () => {
    expect(validateCatalog(shared).problems).toEqual([]);
    const loaded = catalogFromJson(shared);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.warnings).toEqual([]);
    const catalog = basicCatalog({ catalogJson: BASIC_CATALOG_JSON });
    expect(catalog.toJSON()).toEqual(loaded.catalog.toJSON());
    const definitions = (functions: typeof catalog.functions) =>
      Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, fn.definition]));
    expect(definitions(catalog.functions)).toEqual(definitions(loaded.catalog.functions));
  });

  test('without its prose it passes validateCatalog, and basicCatalog() is what catalogFromJson makes of that', () => {
    expect(validateCatalog(BASIC_CATALOG_RULES).problems).toEqual([]);
    const loaded = catalogFromJson(BASIC_CATALOG_RULES);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.warnings).toEqual([]);
    expect(basicCatalog().toJSON()).toEqual(loaded.catalog.toJSON());
  });
});

describe('basicCatalog()', () => {
  const catalog = basicCatalog();

  test('has the v1.0 basic catalog id and protocol version', () => {
    expect(catalog.catalogId).toBe('https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json');
    expect(BASIC_CATALOG_ID).toBe(shared.catalogId);
    expect(catalog.protocolVersion).toBe('1.0');
  });

  test('has the 18 components of catalog.json, schemas unchanged but for their prose', () => {
    expect(Object.keys(catalog.components).sort()).toEqual(Object.keys(shared.components).sort());
    expect(Object.keys(catalog.components)).toHaveLength(18);
    const rules = BASIC_CATALOG_RULES as unknown as CatalogDocument;
    for (const [name, schema] of Object.entries(rules.components)) expect(catalog.components[name]).toEqual(schema);
    const documented = basicCatalog({ catalogJson: BASIC_CATALOG_JSON });
    for (const [name, schema] of Object.entries(shared.components)) expect(documented.components[name]).toEqual(schema);
  });

  test('implements every one of the 14 functions of catalog.json', () => {
    const names = Object.keys(shared.functions);
    expect(names).toHaveLength(14);
    expect(Object.keys(catalog.functions).sort()).toEqual([...names].sort());
    for (const name of names) expect(typeof catalog.functions[name]?.implementation).toBe('function');
  });

  test('takes definitions (returnType, callers, activation, args) from catalog.json', () => {
    for (const [name, schema] of Object.entries(shared.functions)) {
      const definition = catalog.functions[name]?.definition as FunctionDefinition;
      expect(definition.returnType).toBe(schema.returnType);
      expect(definition.allowedCallers ?? 'rendererOnly').toBe(schema.allowedCallers ?? 'rendererOnly');
      expect(definition.requiresUserActivation ?? false).toBe(schema.requiresUserActivation ?? false);
      const rules = (BASIC_CATALOG_RULES as unknown as CatalogDocument).functions[name];
      expect(definition.args).toEqual(rules?.properties.args);
    }
    expect(catalog.functions.openUrl?.definition.requiresUserActivation).toBe(true);
  });

  test('does not hold @index, which is a system function available everywhere', () => {
    expect(catalog.functions['@index']).toBeUndefined();
    expect(SYSTEM_FUNCTIONS['@index']?.definition.returnType).toBe('number');
  });

  test('toJSON gives the catalog.json document without its prose; with catalogJson, the document itself', () => {
    expect(catalog.toJSON()).toEqual(BASIC_CATALOG_RULES);
    for (const key of ['title', 'description', 'instructions']) expect(catalog.toJSON()).not.toHaveProperty(key);
    expect(basicCatalog({ catalogJson: BASIC_CATALOG_JSON }).toJSON()).toEqual(shared);
  });

  test('toJSON validates against catalog_definition.json', () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(readFixtureJson('spec/v1_0/json/common_types.json') as object);
    const validate = ajv.compile(readFixtureJson('spec/v1_0/json/catalog_definition.json') as object);
    expect(validate(catalog.toJSON())).toBe(true);
  });

  test('is frozen, and shared per distinct options', () => {
    expect(Object.isFrozen(catalog)).toBe(true);
    expect(Object.isFrozen(catalog.functions)).toBe(true);
    expect(Object.isFrozen(catalog.components.Text)).toBe(true);
    expect(basicCatalog()).toBe(catalog);
    expect(basicCatalog({ locale: 'en-US', timeZone: 'UTC' })).toBe(catalog);
    expect(basicCatalog({ locale: 'de-DE' })).not.toBe(catalog);
  });

  test('refuses invalid configuration with a RangeError', () => {
    expect(() => basicCatalog({ locale: 'not a locale!' })).toThrow(RangeError);
    expect(() => basicCatalog({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => basicCatalog({ urlSchemes: ['https', 'javascript'] })).toThrow(/javascript/);
    expect(() => basicCatalog({ baseUrl: 'relative/path' })).toThrow(RangeError);
  });
});
