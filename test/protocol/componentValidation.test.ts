import { COMMON_TYPES_SCHEMA } from '../../src/protocol';
import { createComponentValidator, type SchemaCheckResult } from '../../src/protocol/componentValidation';
import { compareSchemaVerdicts } from '../../src/protocol/componentValidation';
import { readFixtureJson } from '../conformance/suite';
import { basicCatalogJson, clone, type JsonObject } from './spec';
import { BASIC_CATALOG_ID } from '../../src/catalog';

const basic = createComponentValidator(basicCatalogJson());
const strict = createComponentValidator(basicCatalogJson(), { unknownFunctions: 'reject' });

const text = (extra: Record<string, unknown> = {}) => ({ id: 't', component: 'Text', text: 'Hello', ...extra });

function errors(result: SchemaCheckResult) {
  return result.ok ? [] : result.errors;
}

describe('createComponentValidator (basic catalog)', () => {
  test('knows the catalog', () => {
    expect(basic.catalogId).toBe(BASIC_CATALOG_ID);
    expect(basic.componentNames).toContain('Button');
    expect(basic.functionNames).toContain('formatString');
    expect(basic.hasComponent('Text')).toBe(true);
    expect(basic.hasComponent('Surface')).toBe(false);
  });

  test('accepts valid components, common properties included', () => {
    expect(basic.validateComponent(text({ variant: 'caption', accessibility: { label: 'Greeting' }, weight: 1 }))).toEqual({ ok: true });
    expect(basic.validateComponent({ id: 'r', component: 'Row', children: { componentId: 't', path: '/items' } })).toEqual({ ok: true });
    expect(
      basic.validateComponent({ id: 'b', component: 'Button', child: 't', action: { event: { name: 'go', context: { n: { path: '/n' } } } } }),
    ).toEqual({ ok: true });
  });

  test.each<[string, Record<string, unknown>, { path: string; message: string }]>([
    ['a wrong enum value', text({ variant: 'h1' }), { path: '/variant', message: 'expected "caption" or "body", got "h1"' }],
    ['an unknown property', text({ colour: 'red' }), { path: '/colour', message: 'unknown key "colour" is not allowed here' }],
    ['a missing property', { id: 't', component: 'Text' }, { path: '/text', message: 'missing required key "text"' }],
    ['a wrong type', text({ text: 5 }), { path: '/text', message: 'expected string or object, got number' }],
    ['a bad binding', text({ text: { path: 5 } }), { path: '/text/path', message: 'expected string, got number' }],
    ['a too-short list', { id: 'tb', component: 'Tabs', tabs: [] }, { path: '/tabs', message: 'expected at least 1 item, got 0' }],
    ['a number under its minimum', { id: 's', component: 'Slider', max: 10, value: 1, steps: 0 }, { path: '/steps', message: 'expected a number >= 1, got 0' }],
    [
      'a declared function with bad arguments',
      text({ text: { call: 'formatCurrency', args: { value: 3 } } }),
      { path: '/text/args/currency', message: 'missing required key "currency"' },
    ],
    [
      'a function call with an extra key',
      text({ text: { call: 'formatString', args: { value: 'x' }, returnType: 'string' } }),
      { path: '/text/returnType', message: 'unknown key "returnType" is not allowed here' },
    ],
    ['@index with a catalogId', { id: 's', component: 'Slider', max: 10, value: { call: '@index', catalogId: 'c' } }, { path: '/value/catalogId', message: 'unknown key "catalogId" is not allowed here' }],
  ])('explains %s', (_label, component, expected) => {
    expect(errors(basic.validateComponent(component))[0]).toEqual(expected);
  });

  test('unknown component types, Surface and non-components are reported before the schema', () => {
    expect(errors(basic.validateComponent({ id: 'x', component: 'Chart' }))[0]).toMatchObject({
      path: '/component',
      message: expect.stringMatching(/^unknown component "Chart": catalog ".*basic\/catalog.json" defines Text, Image, /) as unknown as string,
    });
    expect(errors(basic.validateComponent({ id: 'x', component: 'Surface' }))[0]?.message).toMatch(/reserved/);
    expect(errors(basic.validateComponent({ id: 'x' }))[0]).toEqual({ path: '/component', message: 'missing required key "component"' });
    expect(errors(basic.validateComponent({ id: 'x', component: 3 }))[0]).toEqual({ path: '/component', message: 'expected string, got number' });
    expect(errors(basic.validateComponent(['Text']))[0]).toEqual({ path: '', message: 'expected a component object, got array' });
  });

  test('maxErrors caps the list', () => {
    const few = createComponentValidator(basicCatalogJson(), { maxErrors: 1 });
    expect(errors(few.validateComponent(text({ variant: 'h1', weight: 'heavy' })))).toHaveLength(1);
    expect(errors(basic.validateComponent(text({ variant: 'h1', weight: 'heavy' })))).toHaveLength(2);
  });
});

describe('functions the catalog does not declare', () => {
  const agentCall = { call: 'lookupWeather', args: { city: { path: '/city' }, units: 'metric' } };

  test("'agent' (default): a well-formed call falls back to the agent", () => {
    expect(basic.validateComponent(text({ text: agentCall }))).toEqual({ ok: true });
    expect(basic.validateFunctionCall(agentCall)).toEqual({ ok: true });
    expect(basic.validateFunctionCall({ call: 'lookupWeather', catalogId: 'https://example.com/agent' })).toEqual({ ok: true });
  });

  test("'agent': the call must still be well formed", () => {
    expect(errors(basic.validateComponent(text({ text: { ...agentCall, args: { city: { path: 5 } } } })))[0]).toEqual({
      path: '/text/args/city/path',
      message: 'expected string, got number',
    });
    expect(basic.validateFunctionCall({ call: 'lookupWeather', args: 'Paris' }).ok).toBe(false);
  });

  test("'reject': the spec schemas' reading", () => {
    expect(errors(strict.validateComponent(text({ text: agentCall })))[0]).toEqual({
      path: '/text/call',
      message: expect.stringMatching(/^expected one of "required", "regex", .*"not", "@index", got "lookupWeather"$/) as unknown as string,
    });
    expect(strict.validateFunctionCall(agentCall).ok).toBe(false);
  });

  test('declared functions are checked in both modes', () => {
    const bad = { call: 'openUrl', args: { url: 'not a uri' } };
    for (const validator of [basic, strict]) {
      expect(errors(validator.validateFunctionCall(bad))[0]).toEqual({ path: '/args/url', message: 'expected a uri string, got "not a uri"' });
    }
  });
});

describe('calls that name another catalog', () => {
  const own = BASIC_CATALOG_ID;

  test("'agent': another catalog's call is only checked as a well-formed call", () => {
    // The basic catalog's formatString would refuse `value: 3`; the other catalog decides.
    expect(basic.validateComponent(text({ text: { call: 'formatString', catalogId: 'other-catalog', args: { value: 3 } } }))).toEqual({ ok: true });
    expect(basic.validateComponent(text({ text: { call: 'shout', catalogId: 'other-catalog', args: { value: 'hi', loud: true } } }))).toEqual({ ok: true });
    expect(basic.validateComponent(text({ text: { call: 'anything', catalogId: 'other-catalog' } }))).toEqual({ ok: true });
  });

  test("'agent': a call naming this catalog is still checked against it", () => {
    expect(errors(basic.validateComponent(text({ text: { call: 'formatString', catalogId: own, args: { value: 'hi', extra: 1 } } })))[0]).toEqual({
      path: '/text/args/extra',
      message: 'unknown key "extra" is not allowed here',
    });
  });

  test("'agent': another catalog's call must still be well formed, and calls nested in its args are this catalog's", () => {
    const foreign = (extra: Record<string, unknown>) => text({ text: { call: 'shout', catalogId: 'other-catalog', ...extra } });
    expect(errors(basic.validateComponent(foreign({ args: 'loud' })))[0]?.path).toBe('/text/args');
    expect(errors(basic.validateComponent(foreign({ returnType: 'string' })))[0]).toEqual({ path: '/text/returnType', message: 'unknown key "returnType" is not allowed here' });
    expect(errors(basic.validateComponent(foreign({ args: { value: { path: 5 } } })))[0]).toEqual({ path: '/text/args/value/path', message: 'expected string, got number' });
    expect(errors(basic.validateComponent(foreign({ args: { value: { call: 'formatCurrency', args: { value: 3 } } } })))[0]).toEqual({
      path: '/text/args/value/args/currency',
      message: 'missing required key "currency"',
    });
    expect(errors(basic.validateComponent(text({ text: { call: '@index', catalogId: 'other-catalog' } })))[0]).toEqual({
      path: '/text/catalogId',
      message: 'unknown key "catalogId" is not allowed here',
    });
  });

  test("'reject' keeps the JSON schemas' reading: every call is checked against this catalog", () => {
    expect(errors(strict.validateComponent(text({ text: { call: 'formatString', catalogId: 'other-catalog', args: { value: 3 } } })))[0]?.path).toBe('/text/args/value');
  });

  test('the compiled fast path answers these as the interpreting validator does', () => {
    const values = [
      text({ text: { call: 'formatString', catalogId: 'other-catalog', args: { value: 3 } } }),
      text({ text: { call: 'formatString', catalogId: own, args: { value: 3 } } }),
      text({ text: { call: 'shout', catalogId: 'other-catalog', args: { value: { call: 'formatCurrency', args: { value: 3 } } } } }),
      text({ text: { call: '@foo', catalogId: 'other-catalog' } }),
      text({ text: { call: '@foo' } }),
      text({ text: { call: '@index', catalogId: 'other-catalog' } }),
    ];
    for (const validator of [basic, strict]) {
      for (const value of values) {
        const verdicts = compareSchemaVerdicts(validator, 'component', value);
        expect(verdicts.compiled).not.toBeNull();
        expect(verdicts.compiled).toBe(verdicts.interpreted);
      }
    }
  });
});

describe('the @ namespace', () => {
  test.each([
    ['without a catalogId', { call: '@foo' }],
    ['with args', { call: '@foo', args: { x: 1 } }],
    ['naming another catalog', { call: '@foo', catalogId: 'other-catalog' }],
    ['a bare @', { call: '@' }],
  ])('a system function v1.0 does not define is never an agent function (%s)', (_label, call) => {
    for (const validator of [basic, strict]) {
      expect(errors(validator.validateComponent(text({ text: call })))[0]).toEqual({
        path: '/text/call',
        message: `unknown system function '${call.call}': the '@' namespace is reserved for system functions, and v1.0 defines only @index`,
      });
    }
    expect(basic.validateFunctionCall(call).ok).toBe(false);
  });

  test('@index is still accepted, and other undeclared names are still agent functions', () => {
    expect(basic.validateComponent({ id: 's', component: 'Slider', max: 10, value: { call: '@index', args: { offset: 1 } } })).toEqual({ ok: true });
    expect(basic.validateComponent(text({ text: { call: 'lookup_at_home' } }))).toEqual({ ok: true });
    expect(basic.validateComponent(text({ text: { call: 'mail@home' } }))).toEqual({ ok: true });
  });
});

describe('the component key', () => {
  const sketch = {
    catalogId: 'https://example.com/catalogs/sketch.json',
    components: { Box: { type: 'object', properties: { label: { type: 'string' } } } },
  };
  const validator = createComponentValidator(sketch);

  test('a component schema that does not list `component` still accepts it (agent_to_renderer.json Component, third branch)', () => {
    expect(validator.validateComponent({ id: 'b', component: 'Box', label: 'Hi' })).toEqual({ ok: true });
    expect(compareSchemaVerdicts(validator, 'component', { id: 'b', component: 'Box' })).toEqual({ compiled: true, interpreted: true });
  });

  test('other keys the schema does not list are still refused', () => {
    expect(errors(validator.validateComponent({ id: 'b', component: 'Box', children: ['x'] }))[0]).toEqual({
      path: '/children',
      message: 'unknown key "children" is not allowed here',
    });
    expect(compareSchemaVerdicts(validator, 'component', { id: 'b', component: 'Box', children: ['x'] })).toEqual({ compiled: false, interpreted: false });
  });
});

describe('other catalogs', () => {
  test('a catalog without $defs gets anyComponent and anyFunction derived', () => {
    const catalog = {
      catalogId: 'https://example.com/catalogs/mini.json',
      components: {
        Badge: {
          type: 'object',
          properties: { component: { const: 'Badge' }, label: { $ref: 'common_types.json#/$defs/DynamicString' } },
          required: ['component', 'label'],
        },
      },
      functions: {
        shout: {
          type: 'object',
          returnType: 'string',
          properties: { call: { const: 'shout' }, args: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
          required: ['call', 'args'],
        },
      },
    };
    const validator = createComponentValidator(catalog, { unknownFunctions: 'reject' });
    expect(validator.validateComponent({ id: 'b', component: 'Badge', label: { call: 'shout', args: { text: 'hi' } } })).toEqual({ ok: true });
    expect(errors(validator.validateComponent({ id: 'b', component: 'Badge', label: { call: 'shout', args: {} } }))[0]).toEqual({
      path: '/label/args/text',
      message: 'missing required key "text"',
    });
  });

  test.each(['simplified_catalog_v1_0.json', 'forms_catalog_v1_0.json', 'custom_catalog_v1_0.json'])('conformance catalog %s loads', (file) => {
    const catalog = readFixtureJson(`conformance/test_data/catalogs/${file}`) as JsonObject;
    const validator = createComponentValidator(catalog);
    expect(validator.componentNames.length).toBeGreaterThan(0);
    const name = validator.componentNames[0] as string;
    const result = validator.validateComponent({ id: 'x', component: name, unexpectedKey: 1 });
    expect(errors(result).some((e) => e.path === '/unexpectedKey' || e.message.startsWith('missing required key'))).toBe(true);
  });

  test('an explicit common types schema can be given', () => {
    const validator = createComponentValidator(basicCatalogJson(), { commonTypes: COMMON_TYPES_SCHEMA });
    expect(validator.validateComponent(text())).toEqual({ ok: true });
  });

  test('the catalog given is neither changed nor annotated', () => {
    const catalog = basicCatalogJson();
    const before = clone(catalog);
    const validator = createComponentValidator(catalog);
    validator.validateComponent(text({ variant: 'h1' }));
    expect(catalog).toEqual(before);
    const textSchema = (catalog['components'] as JsonObject)['Text'] as object;
    expect(Object.getOwnPropertyNames(textSchema)).toEqual(Object.keys(textSchema));
  });
});

describe('hostile input never throws', () => {
  test('deep nesting', () => {
    let value: unknown = 'x';
    for (let i = 0; i < 10_000; i += 1) value = [value];
    expect(errors(basic.validateComponent(text({ text: value })))[0]?.message).toBe('nested deeper than 64 levels');
  });

  test('a huge array', () => {
    const children = Array.from({ length: 200_000 }, (_, i) => `c${i}`);
    expect(errors(basic.validateComponent({ id: 'c', component: 'Column', children }))[0]?.message).toBe('more than 10000 values');
  });

  test('cycles, throwing getters, non-JSON values', () => {
    const cyclic: Record<string, unknown> = text();
    cyclic['self'] = cyclic;
    expect(errors(basic.validateComponent(cyclic))[0]).toEqual({ path: '/self', message: 'the value contains itself (a cycle)' });
    const getter = text();
    Object.defineProperty(getter, 'text', { enumerable: true, get: () => { throw new Error('nope'); } });
    expect(errors(basic.validateComponent(getter))[0]?.path).toBe('/text');
    expect(basic.validateComponent(text({ text: 1n })).ok).toBe(false);
    expect(basic.validateFunctionCall(Symbol('x')).ok).toBe(false);
  });

  test('function calls nested as deep as the limit allows validate (in linear time)', () => {
    // A oneOf over the catalog's functions would re-validate every nested call once per function:
    // (functions)^29 schema checks here, which never finish. The time it takes is a benchmark
    // figure (bench/hostile.ts, 'validate-nested-calls'), not asserted here.
    let value: unknown = { path: '/flag' };
    for (let i = 0; i < 29; i += 1) value = { call: i % 2 ? 'not' : 'lookup', args: { value } };
    const component = { id: 'c', component: 'CheckBox', label: 'L', value: true, checks: [{ condition: value }] };
    expect(basic.validateComponent(component).ok).toBe(true);
    expect(strict.validateComponent(component).ok).toBe(false);
  });

  test('a broken catalog yields errors, not exceptions', () => {
    const dangling = createComponentValidator({ catalogId: 'x', components: { A: { $ref: '#/nowhere' } } });
    expect(errors(dangling.validateComponent({ id: 'a', component: 'A' }))[0]?.message).toMatch(/^could not be validated: Unresolved \$ref/);
    const notObject = createComponentValidator(null as unknown as object);
    expect(notObject.componentNames).toEqual([]);
    expect(errors(notObject.validateFunctionCall({ call: 'x' }))[0]?.message).toBe('the catalog is not a JSON object');
    const cyclicCatalog: Record<string, unknown> = { catalogId: 'c' };
    cyclicCatalog['components'] = { Loop: cyclicCatalog };
    expect(createComponentValidator(cyclicCatalog).validateComponent({ id: 'a', component: 'Loop' }).ok).toBe(false);
  });
});
