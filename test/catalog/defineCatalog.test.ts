import {
  CATALOG_JSON_DEFAULT_PROTOCOL_VERSION,
  catalogFromJson,
  defineCatalog,
  type CatalogDefinitionInput,
} from '../../src/catalog';
import { readFixtureJson } from '../conformance/suite';

const shout = (args: Record<string, unknown>): string => String(args.value).toUpperCase();

const input: CatalogDefinitionInput = {
  catalogId: 'https://example.com/catalogs/shop',
  instructions: 'Use Badge for labels.',
  components: {
    Badge: { type: 'object', properties: { component: { const: 'Badge' }, label: { type: 'string' } }, required: ['component'] },
  },
  functions: {
    shout: {
      definition: { returnType: 'string', args: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] } },
      implementation: shout,
    },
    checkStock: { definition: { returnType: 'boolean', allowedCallers: 'rendererOrAgent', description: 'Asks the agent.' } },
  },
};

describe('defineCatalog', () => {
  const catalog = defineCatalog(input);

  test('keeps id, components, functions and implementations; default version 1.0', () => {
    expect(catalog.catalogId).toBe('https://example.com/catalogs/shop');
    expect(catalog.protocolVersion).toBe('1.0');
    expect(catalog.instructions).toBe('Use Badge for labels.');
    expect(catalog.components.Badge).toEqual(input.components?.Badge);
    expect(catalog.functions.shout?.implementation).toBe(shout);
    expect(catalog.functions.checkStock?.implementation).toBeUndefined();
  });

  test('is deeply frozen and does not share objects with its input', () => {
    expect(Object.isFrozen(catalog)).toBe(true);
    expect(Object.isFrozen(catalog.components.Badge)).toBe(true);
    expect(catalog.components.Badge).not.toBe(input.components?.Badge);
    expect(Object.isFrozen(input.components?.Badge)).toBe(false);
  });

  test('does not find Object.prototype members as functions or components', () => {
    expect(catalog.functions.toString).toBeUndefined();
    expect(catalog.components.constructor).toBeUndefined();
  });

  test('toJSON writes the catalog.json shape: FunctionCall schemas with interface metadata', () => {
    expect(catalog.toJSON()).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://example.com/catalogs/shop',
      catalogId: 'https://example.com/catalogs/shop',
      protocolVersion: '1.0',
      instructions: 'Use Badge for labels.',
      components: input.components,
      functions: {
        shout: {
          type: 'object',
          returnType: 'string',
          // args describe the evaluated value; on the wire each may also be a binding or a call
          properties: {
            call: { const: 'shout' },
            args: {
              type: 'object',
              properties: {
                value: {
                  anyOf: [
                    { type: 'string' },
                    { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/DataBinding' },
                    { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/FunctionCall' },
                  ],
                },
              },
              required: ['value'],
            },
          },
          required: ['call', 'args'],
        },
        checkStock: {
          type: 'object',
          description: 'Asks the agent.',
          returnType: 'boolean',
          allowedCallers: 'rendererOrAgent',
          properties: { call: { const: 'checkStock' }, args: { type: 'object' } },
          required: ['call'],
        },
      },
      $defs: {
        anyComponent: { oneOf: [{ $ref: '#/components/Badge' }], discriminator: { propertyName: 'component' } },
        anyFunction: { oneOf: [{ $ref: '#/functions/shout' }, { $ref: '#/functions/checkStock' }] },
      },
    });
    expect(JSON.parse(JSON.stringify(catalog))).toEqual(catalog.toJSON());
  });

  test.each([
    [{ catalogId: '' }, /catalogId/],
    [{ catalogId: 'x', components: { 'My Card': {} } }, /Invalid UAX #31 component identifier 'My Card'/],
    [{ catalogId: 'x', components: { Surface: {} } }, /reserved/],
    [{ catalogId: 'x', functions: { '@index': { definition: { returnType: 'number' } } } }, /reserved for system functions/],
    [{ catalogId: 'x', functions: { '1st': { definition: { returnType: 'number' } } } }, /Invalid UAX #31 function identifier '1st'/],
    [{ catalogId: 'x', components: { Card: { properties: { 'max-width': {} } } } }, /Invalid UAX #31 property identifier 'max-width'.*component 'Card'/],
    [{ catalogId: 'x', components: { Card: { allOf: [{ $ref: 'common_types.json#/$defs/Checkable' }, { properties: { 'prop—name': {} } }] } } }, /Invalid UAX #31 property identifier 'prop—name'/],
    [{ catalogId: 'x', components: { Card: { oneOf: [{ properties: { ok: {} } }, { properties: { '1x': {} } }] } } }, /Invalid UAX #31 property identifier '1x'/],
    [{ catalogId: 'x', functions: { f: { definition: { returnType: 'any', args: { type: 'object', properties: { '123arg': {} } } } } } }, /Invalid UAX #31 argument identifier '123arg'.*function 'f'/],
    [{ catalogId: 'x', functions: { f: { definition: { returnType: 'any', args: { allOf: [{ properties: { 'bad-arg': {} } }] } } } } }, /Invalid UAX #31 argument identifier 'bad-arg'/],
    [{ catalogId: 'x', functions: { f: { definition: { returnType: 'text' } } } }, /returnType/],
    [{ catalogId: 'x', functions: { f: { definition: { returnType: 'any', allowedCallers: 'anyone' } } } }, /allowedCallers/],
  ])('throws a TypeError for a malformed definition %#', (definition, message) => {
    expect(() => defineCatalog(definition as unknown as CatalogDefinitionInput)).toThrow(message);
    expect(() => defineCatalog(definition as unknown as CatalogDefinitionInput)).toThrow(TypeError);
  });

  test('accepts UAX #31 identifiers beyond ASCII', () => {
    expect(() => defineCatalog({ catalogId: 'x', components: { Überschrift: {}, _intern: {} } })).not.toThrow();
    expect(() =>
      defineCatalog({
        catalogId: 'x',
        components: { Component_ℓ: { properties: { component: { const: 'Component_ℓ' }, property_ℓ: {}, _x: {} } } },
        functions: { func_ℓ: { definition: { returnType: 'any', args: { properties: { arg_ℓ: {} } } } } },
      }),
    ).not.toThrow();
  });

  test('checks only property names of the component or args level, not of nested value schemas or $refs', () => {
    const nested = { type: 'object', properties: { items: { type: 'array', items: { properties: { 'data-x': {} } } } } };
    expect(() => defineCatalog({ catalogId: 'x', components: { Card: nested } })).not.toThrow();
    expect(() => defineCatalog({ catalogId: 'x', components: { Card: { $ref: '#/$defs/Odd' } }, defs: { Odd: { properties: { 'a-b': {} } } } })).not.toThrow();
  });
});

describe('catalogFromJson', () => {
  test('loads a conformance catalog; its functions are agent functions without implementations', () => {
    // The file spells `call` as a newer draft's '@call', which only a lenient load reads.
    expect(catalogFromJson(readFixtureJson('conformance/test_data/catalogs/custom_catalog_v1_0.json')).ok).toBe(false);
    const loaded = catalogFromJson(readFixtureJson('conformance/test_data/catalogs/custom_catalog_v1_0.json'), { lenient: true });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.catalog.catalogId).toBe('conformance/custom');
    expect(loaded.catalog.protocolVersion).toBe('1.0');
    expect(Object.keys(loaded.catalog.components)).toEqual(['Chart', 'Gauge']);
    // The file spells the call property '@call' (a newer draft); args are found all the same.
    expect(loaded.catalog.functions.percent?.definition).toEqual({
      returnType: 'string',
      description: 'Renders a ratio as a percentage string.',
      args: {
        type: 'object',
        properties: { value: { type: 'number' } },
        required: ['value'],
        unevaluatedProperties: false,
      },
    });
    expect(loaded.catalog.functions.percent?.implementation).toBeUndefined();
  });

  test('attaches implementations the caller supplies', () => {
    const percent = (args: Record<string, unknown>): string => `${Number(args.value) * 100}%`;
    const loaded = catalogFromJson(readFixtureJson('conformance/test_data/catalogs/custom_catalog_v1_0.json'), {
      implementations: { percent },
      lenient: true,
    });
    expect(loaded.ok && loaded.catalog.functions.percent?.implementation).toBe(percent);
  });

  test("refuses another draft's `parameters`; a lenient load reads them as the args' properties, returnType any", () => {
    const document = { catalogId: 'x', protocolVersion: '1.0', functions: { f: { parameters: { value: { type: 'number' } } } } };
    const strict = catalogFromJson(document);
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.problems.map((p) => p.code)).toEqual(expect.arrayContaining(['UNKNOWN_KEY', 'MISSING_RETURN_TYPE', 'FUNCTION_SHAPE']));
    const loaded = catalogFromJson(document, { lenient: true });
    expect(loaded.ok && loaded.catalog.functions.f?.definition).toEqual({
      returnType: 'any',
      args: { type: 'object', properties: { value: { type: 'number' } } },
    });
    expect(loaded.ok && loaded.warnings.map((w) => w.path)).toEqual(expect.arrayContaining(['/functions/f/parameters', '/functions/f/returnType']));
  });

  test(`refuses a document without protocolVersion; a lenient load stamps it ${CATALOG_JSON_DEFAULT_PROTOCOL_VERSION}, as catalog_definition.json says`, () => {
    const strict = catalogFromJson({ catalogId: 'legacy' });
    expect(strict.ok === false && strict.problems.map((p) => p.code)).toEqual(['MISSING_PROTOCOL_VERSION']);
    const loaded = catalogFromJson({ catalogId: 'legacy' }, { lenient: true });
    expect(loaded.ok && loaded.catalog.protocolVersion).toBe('0.9');
    expect(loaded.ok && loaded.warnings.map((w) => w.code)).toEqual(['MISSING_PROTOCOL_VERSION']);
  });

  test('keeps title and description, and writes them back in toJSON', () => {
    const loaded = catalogFromJson({ catalogId: 'x', protocolVersion: '1.0', title: 'T', description: 'D' });
    expect(loaded.ok && loaded.catalog.toJSON()).toMatchObject({ title: 'T', description: 'D' });
    expect(loaded.ok && [loaded.catalog.title, loaded.catalog.description]).toEqual(['T', 'D']);
  });

  test.each([
    [null, ''],
    [[], ''],
    ['{}', ''],
    [{}, '/catalogId'],
    [{ catalogId: 7 }, '/catalogId'],
    [{ catalogId: 'x', components: [] }, '/components'],
    [{ catalogId: 'x', protocolVersion: 1 }, '/protocolVersion'],
    [{ catalogId: 'x', components: { Box: { type: 'object', allowedParents: ['Row', 'Row'] } } }, '/components/Box/allowedParents'],
    [{ catalogId: 'x', functions: { f: 'nope' } }, '/functions/f'],
    [{ catalogId: 'x', functions: { f: { returnType: 3 } } }, '/functions/f/returnType'],
    [{ catalogId: 'x', functions: { f: { requiresUserActivation: 'yes' } } }, '/functions/f/requiresUserActivation'],
    [{ catalogId: 'x', components: { Broken: 5 } }, '/components/Broken'],
    [{ catalogId: 'x', components: { Surface: {} } }, '/components/Surface'],
    [{ catalogId: 'x', functions: { '@mine': {} } }, '/functions/@mine'],
    [{ catalogId: 'x', components: { Card: { properties: { 'a-b': {} } } } }, '/components/Card/properties/a-b'],
    [{ catalogId: 'x', functions: { f: { properties: { call: { const: 'f' }, args: { properties: { 'a b': {} } } } } } }, '/functions/f/properties/args/properties/a b'],
    [{ catalogId: 'x', functions: { f: { type: 'object', parameters: { '1st': {} } } } }, '/functions/f/parameters/1st'],
  ])('returns a VALIDATION_FAILED error, never throws, for %j; a lenient load refuses it too', (json, path) => {
    const withVersion = typeof json === 'object' && json !== null && !Array.isArray(json) ? { protocolVersion: '1.0', ...json } : json;
    for (const loaded of [catalogFromJson(withVersion), catalogFromJson(withVersion, { lenient: true })]) {
      expect(loaded.ok).toBe(false);
      if (loaded.ok) return;
      expect(loaded.error.code).toBe('VALIDATION_FAILED');
      expect(loaded.problems.map((p) => p.path)).toContain(path);
    }
  });

  test.each([
    [{ components: { 'My-Component': { type: 'object' } } }, "Invalid UAX #31 component identifier 'My-Component'"],
    [{ components: { Valid: { type: 'object', properties: { 'invalid-prop-name!': { type: 'string' } } } } }, "Invalid UAX #31 property identifier 'invalid-prop-name!'"],
    [{ functions: { 'func֊name': { returnType: 'string' } } }, "Invalid UAX #31 function identifier 'func֊name'"],
    [
      { functions: { f: { type: 'object', properties: { call: { const: 'f' }, args: { type: 'object', properties: { '123invalid_arg': {} } } } } } },
      "Invalid UAX #31 argument identifier '123invalid_arg'",
    ],
  ])('names the invalid identifier in its message, %#', (document, message) => {
    const loaded = catalogFromJson({ catalogId: 'x', protocolVersion: '1.0', ...document });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error.message).toContain(message);
  });

  test('the published v1.0 basic catalog (allOf components) loads', () => {
    const loaded = catalogFromJson(readFixtureJson('spec/v1_0/catalogs/basic/catalog.json'));
    expect(loaded.ok).toBe(true);
  });
});
