/**
 * validateCatalog: the forbidden documents of catalog_definition.json and the protocol's catalog
 * rules are refused with every problem listed; ajv over catalog_definition.json is the reference
 * for the schema part (what it refuses, we refuse); the spec's catalogs pass, and the MCP draft's
 * findings are the ones ajv finds too.
 */
import Ajv2020 from 'ajv/dist/2020';
import { basicCatalog, catalogFromJson, defineCatalog, BASIC_CATALOG_JSON } from '../../src/catalog';
import { mcpCatalog } from '../../src/mcp/catalog';
import { validateCatalog } from '../../src/catalog/validate';
import { CatalogProblemSchema, CATALOG_PROBLEM_BLOCKS_LOADING, type CatalogProblemCode } from '../../src/catalog/problems';
import { readFixtureJson } from '../conformance/suite';

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(readFixtureJson('spec/v1_0/json/common_types.json') as object);
const specValidate = ajv.compile(readFixtureJson('spec/v1_0/json/catalog_definition.json') as object);

const base = { catalogId: 'https://example.com/c', protocolVersion: '1.0' };
const text = { type: 'object', properties: { component: { const: 'Text' }, text: { type: 'string' } }, required: ['component', 'text'] };
const fn = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  returnType: 'string',
  properties: { call: { const: name }, args: { type: 'object', properties: { value: {} } } },
  required: ['call'],
  ...extra,
});
const defs = (components: string[], functions: string[]) => ({
  anyComponent: { oneOf: components.map((c) => ({ $ref: `#/components/${c}` })), discriminator: { propertyName: 'component' } },
  anyFunction: { oneOf: functions.map((f) => ({ $ref: `#/functions/${f}` })) },
});
const valid = { ...base, components: { Text: text }, functions: { shout: fn('shout') }, $defs: defs(['Text'], ['shout']) };

/** Each forbidden document of the issue, and the problems (code at pointer) it must be refused with. */
const forbidden: Array<[string, unknown, Array<[CatalogProblemCode, string]>]> = [
  ['a top-level theme', { ...valid, theme: { type: 'object' } }, [['UNKNOWN_KEY', '/theme']]],
  ['a helper in $defs', { ...valid, $defs: { ...defs(['Text'], ['shout']), Badge: { type: 'object' } } }, [['HELPER_DEF', '/$defs/Badge']]],
  [
    'components with a missing or wrong component const',
    { ...valid, components: { Text: text, Card: { type: 'object' }, Chip: { ...text, properties: { component: { const: 'Text' } } } } },
    [['COMPONENT_DISCRIMINATOR', '/components/Card'], ['COMPONENT_DISCRIMINATOR', '/components/Chip/properties/component']],
  ],
  ['a function without returnType', { ...valid, functions: { shout: { ...fn('shout'), returnType: undefined } } }, [['MISSING_RETURN_TYPE', '/functions/shout/returnType']]],
  ['a call const that does not match the key', { ...valid, functions: { shout: fn('yell') } }, [['CALL_MISMATCH', '/functions/shout/properties/call/const']]],
  [
    'a parameters-style function',
    { ...valid, functions: { shout: { returnType: 'string', parameters: { value: { type: 'string' } } } } },
    [['UNKNOWN_KEY', '/functions/shout/parameters'], ['FUNCTION_SHAPE', '/functions/shout/type'], ['FUNCTION_SHAPE', '/functions/shout/properties'], ['FUNCTION_SHAPE', '/functions/shout/required']],
  ],
  [
    '$refs to arbitrary URLs and to nowhere',
    { ...valid, components: { Text: { ...text, properties: { ...text.properties, a: { $ref: 'https://evil.example/x.json' }, b: { $ref: '#/nowhere' }, c: { $ref: 'common_types.json#/$defs/Nope' } } } } },
    [['REF_TARGET', '/components/Text/properties/a/$ref'], ['REF_TARGET', '/components/Text/properties/b/$ref'], ['REF_TARGET', '/components/Text/properties/c/$ref']],
  ],
  [
    'agentOnly with requiresUserActivation',
    { ...valid, functions: { shout: fn('shout', { allowedCallers: 'agentOnly', requiresUserActivation: true }) } },
    [['USER_ACTIVATION_CALLERS', '/functions/shout/allowedCallers']],
  ],
  ['no protocolVersion', { ...valid, protocolVersion: undefined }, [['MISSING_PROTOCOL_VERSION', '/protocolVersion']]],
  [
    'UAX #31 and reserved names',
    { ...valid, components: { Text: text, Surface: { type: 'object', properties: { component: { const: 'Surface' } }, required: ['component'] } }, functions: { shout: fn('shout'), '@mine': fn('@mine'), 'my-fn': fn('my-fn') } },
    [['RESERVED_NAME', '/components/Surface'], ['RESERVED_NAME', '/functions/@mine'], ['INVALID_NAME', '/functions/my-fn']],
  ],
  [
    'a component wrapping ComponentCommon',
    { ...valid, components: { Text: { type: 'object', allOf: [{ $ref: 'common_types.json#/$defs/ComponentCommon' }, text] } } },
    [['COMPONENT_COMMON_WRAPPED', '/components/Text/allOf/0']],
  ],
];

/** JSON without undefined members, as a document read from a file is. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('validateCatalog', () => {
  test('accepts a catalog that follows every rule, as ajv does with catalog_definition.json', () => {
    expect(specValidate(valid)).toBe(true);
    expect(validateCatalog(valid)).toEqual({ valid: true, problems: [] });
  });

  test.each(forbidden)('refuses %s, listing each problem with its pointer', (_name, document, expected) => {
    const { valid: ok, problems } = validateCatalog(asJson(document));
    expect(ok).toBe(false);
    expect(problems.map((p) => [p.code, p.path])).toEqual(expect.arrayContaining(expected));
    for (const problem of problems) expect(CatalogProblemSchema.parse(problem)).toEqual(problem);
  });

  test('lists every problem of a document at once', () => {
    const everything = {
      ...valid,
      theme: {},
      protocolVersion: undefined,
      components: { Card: { type: 'object' }, 'Bad-Name': text },
      functions: { shout: fn('yell'), '@x': fn('@x') },
      $defs: { Helper: {} },
    };
    const codes = new Set(validateCatalog(asJson(everything)).problems.map((p) => p.code));
    expect([...codes].sort()).toEqual(
      ['UNKNOWN_KEY', 'MISSING_PROTOCOL_VERSION', 'COMPONENT_DISCRIMINATOR', 'INVALID_NAME', 'CALL_MISMATCH', 'RESERVED_NAME', 'HELPER_DEF', 'MISSING_DEF'].sort(),
    );
  });

  test('what ajv refuses against catalog_definition.json, validateCatalog refuses too', () => {
    const documents = [
      ...forbidden.map(([, document]) => asJson(document)),
      null, [], 'x', {}, { catalogId: 3 }, { ...base, title: 1 }, { ...base, protocolVersion: 'v1.0' }, { ...base, $defs: [] },
      { ...base, components: { X: { type: 'object', allowedParents: ['A', 'A'] } } },
      { ...base, functions: { f: { ...fn('f'), returnType: 'date' } } },
      { ...base, functions: { f: { ...fn('f'), properties: { call: { const: 'f' }, extra: {} } } } },
      { ...base, functions: { f: { ...fn('f'), required: ['args'] } } },
    ];
    const missed = documents.filter((document) => !specValidate(document) && validateCatalog(document).valid);
    expect(missed).toEqual([]);
  });

  test('never throws on hostile input', () => {
    const cyclic: Record<string, unknown> = { ...base };
    cyclic.components = { Text: { ...text, properties: { ...text.properties, self: cyclic } } };
    const getter = Object.defineProperty({ ...base }, 'components', { enumerable: true, get: () => { throw new Error('boom'); } });
    for (const document of [cyclic, getter]) expect(() => validateCatalog(document)).not.toThrow();
    expect(validateCatalog(getter).valid).toBe(false);
  });

  test('the v1.0 basic catalog passes (the published file and the embedded copy)', () => {
    expect(validateCatalog(readFixtureJson('spec/v1_0/catalogs/basic/catalog.json')).problems).toEqual([]);
    expect(validateCatalog(BASIC_CATALOG_JSON).problems).toEqual([]);
    expect(validateCatalog(basicCatalog().toJSON()).problems).toEqual([]);
  });

  test('the conformance test catalogs pass once their newer-draft `@call` is written `call`', () => {
    for (const name of ['custom_catalog_v1_0', 'forms_catalog_v1_0', 'simplified_catalog_v1_0']) {
      const document = readFixtureJson(`conformance/test_data/catalogs/${name}.json`);
      expect({ name, problems: validateCatalog(withCall(document)).problems }).toEqual({ name, problems: [] });
      expect(validateCatalog(document).problems.every((p) => p.code === 'FUNCTION_SHAPE' && p.path.endsWith('/properties/@call'))).toBe(true);
    }
  });

  test('the MCP draft catalog: its helper $defs are real findings, the ones ajv reports against catalog_definition.json', () => {
    const draft = readFixtureJson('spec/catalogs/mcp/v1/catalog.json');
    specValidate(draft);
    const ajvHelpers = (specValidate.errors ?? [])
      .filter((e) => e.instancePath === '/$defs' && e.keyword === 'additionalProperties')
      .map((e) => `/$defs/${String((e.params as { additionalProperty: string }).additionalProperty)}`);
    const problems = validateCatalog(withCall(draft)).problems;
    expect(problems.filter((p) => p.code === 'HELPER_DEF').map((p) => p.path).sort()).toEqual(ajvHelpers.sort());
    // Besides: McpApp wraps ComponentCommon, which the protocol's catalog rules forbid.
    expect(problems.filter((p) => p.code !== 'HELPER_DEF').map((p) => [p.code, p.path])).toEqual([['COMPONENT_COMMON_WRAPPED', '/components/McpApp/allOf/0']]);
    // None blocks a lenient load, which is how mcpCatalog() loads its copy.
    expect(problems.some((p) => CATALOG_PROBLEM_BLOCKS_LOADING[p.code])).toBe(false);
    expect(Object.keys(mcpCatalog().components)).toEqual(['McpApp']);
  });

  test('catalogFromJson refuses what validateCatalog refuses, with the same problems', () => {
    for (const [, document] of forbidden) {
      const loaded = catalogFromJson(asJson(document));
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) expect(loaded.problems).toEqual(validateCatalog(asJson(document)).problems);
    }
  });

  test('defineCatalog throws naming the entry for what even a lenient load refuses', () => {
    expect(() => defineCatalog({ catalogId: 'x', components: { Box: { type: 'object', allowedParents: ['Row', 'Row'] } } })).toThrow(
      /defineCatalog: \/components\/Box\/allowedParents/,
    );
  });
});

/** A newer draft's `@call` written as v1.0's `call` (property key and `required` entry). */
function withCall(document: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(document)) as { functions?: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
  for (const fnSchema of Object.values(copy.functions ?? {})) {
    if (fnSchema.properties && '@call' in fnSchema.properties) {
      fnSchema.properties = Object.fromEntries(Object.entries(fnSchema.properties).map(([k, v]) => [k === '@call' ? 'call' : k, v]));
    }
    if (Array.isArray(fnSchema.required)) fnSchema.required = fnSchema.required.map((k) => (k === '@call' ? 'call' : k));
  }
  return copy;
}
