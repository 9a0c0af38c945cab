/**
 * The schema compiler answers exactly as cfworker's `validate(…, '2020-12', lookup, false).valid`:
 * every case below compares the compiled answer with cfworker's on the same input (and most also
 * pin the expected answer), then random schemas and instances are compared the same way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference, validate, type Schema } from '@cfworker/json-schema';
import fc from 'fast-check';
import { CFWORKER_KEYWORDS, createSchemaCompiler, type SchemaLookup } from '../../src/protocol/schemaCompiler';
import type { JsonValue } from '../../src/protocol/json';

type Value = unknown;

function lookupOf(schema: Schema | boolean, documents: object[]): SchemaLookup {
  const lookup = Object.create(null) as SchemaLookup;
  for (const document of documents) dereference(document as Schema, lookup);
  dereference(schema, lookup);
  return lookup;
}

function cfworker(value: Value, schema: Schema | boolean, lookup: SchemaLookup): boolean {
  return validate(value, schema, '2020-12', lookup, false).valid;
}

/**
 * cfworker's answer for each value, after checking that the schema compiles and that the compiled
 * predicate gives the same answer on every value.
 */
function verdicts(schema: object | boolean, values: Value[], documents: object[] = []): boolean[] {
  const root = schema as Schema | boolean;
  const lookup = lookupOf(root, documents);
  const predicate = createSchemaCompiler(lookup).compile(root);
  if (predicate === null) throw new Error(`did not compile: ${JSON.stringify(schema)}`);
  return values.map((value) => {
    const expected = cfworker(value, root, lookup);
    expect({ value, compiled: predicate(value as JsonValue) }).toEqual({ value, compiled: expected });
    return expected;
  });
}

function compiles(schema: object, documents: object[] = []): boolean {
  return createSchemaCompiler(lookupOf(schema as Schema, documents)).compile(schema as Schema) !== null;
}

describe('schema compiler: keywords, against cfworker', () => {
  test('boolean schemas and the empty schema', () => {
    expect(verdicts(true, [1, null, {}])).toEqual([true, true, true]);
    expect(verdicts(false, [1, null, {}])).toEqual([false, false, false]);
    expect(verdicts({}, [1, 'x', [], {}])).toEqual([true, true, true, true]);
  });

  test('type: each name, integer vs number, lists', () => {
    const values = [null, true, 0, 1, 1.5, -0, 'x', [], {}];
    expect(verdicts({ type: 'null' }, values)).toEqual([true, false, false, false, false, false, false, false, false]);
    expect(verdicts({ type: 'boolean' }, values)).toEqual([false, true, false, false, false, false, false, false, false]);
    expect(verdicts({ type: 'number' }, values)).toEqual([false, false, true, true, true, true, false, false, false]);
    expect(verdicts({ type: 'integer' }, values)).toEqual([false, false, true, true, false, true, false, false, false]);
    expect(verdicts({ type: 'string' }, values)).toEqual([false, false, false, false, false, false, true, false, false]);
    expect(verdicts({ type: 'array' }, values)).toEqual([false, false, false, false, false, false, false, true, false]);
    expect(verdicts({ type: 'object' }, values)).toEqual([false, false, false, false, false, false, false, false, true]);
    expect(verdicts({ type: ['integer', 'string'] }, values)).toEqual([false, false, true, true, false, true, true, false, false]);
    expect(verdicts({ type: ['number', 'null'] }, values)).toEqual([true, false, true, true, true, true, false, false, false]);
    expect(verdicts({ type: [] }, [1])).toEqual([false]);
  });

  test('type integer: cfworker lets Infinity pass a lone "integer" but not a list', () => {
    expect(verdicts({ type: 'integer' }, [Infinity, -Infinity, NaN, 1e21])).toEqual([true, true, false, true]);
    expect(verdicts({ type: ['integer'] }, [Infinity, NaN, 1e21])).toEqual([false, false, true]);
  });

  test('const: deep equality for objects and arrays, === for scalars', () => {
    expect(verdicts({ const: { a: [1, { b: null }], c: 'x' } }, [{ c: 'x', a: [1, { b: null }] }, { a: [1, { b: null }] }, { a: [1, {}], c: 'x' }, 'x'])).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(verdicts({ const: [1, 2] }, [[1, 2], [2, 1], [1, 2, 3], { 0: 1, 1: 2 }])).toEqual([true, false, false, false]);
    expect(verdicts({ const: 1 }, [1, 1.0, '1', true, [1]])).toEqual([true, true, false, false, false]);
    expect(verdicts({ const: null }, [null, 0, {}, []])).toEqual([true, false, false, false]);
    expect(verdicts({ const: false }, [false, 0, null])).toEqual([true, false, false]);
    expect(verdicts({ const: 0 }, [-0, 0])).toEqual([true, true]);
  });

  test('enum: scalars by ===, objects and arrays deeply', () => {
    const schema = { enum: ['a', 1, null, { x: [1] }, [true]] };
    expect(verdicts(schema, ['a', 'b', 1, 1.0, '1', null, { x: [1] }, { x: [2] }, [true], [false], {}, []])).toEqual([
      true, false, true, true, false, true, true, false, true, false, false, false,
    ]);
    expect(verdicts({ enum: [] }, [1, null])).toEqual([false, false]);
  });

  test('properties, required, additionalProperties', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: false }, required: ['a'], additionalProperties: { type: 'number' } };
    expect(verdicts(schema, [{ a: 'x' }, { a: 1 }, {}, { a: 'x', b: 1 }, { a: 'x', c: 2 }, { a: 'x', c: 'y' }, 'not an object'])).toEqual([
      true, false, false, false, true, false, false,
    ]);
    expect(verdicts({ additionalProperties: false }, [{}, { a: 1 }, [1]])).toEqual([true, false, true]);
    expect(verdicts({ required: ['constructor', 'toString'] }, [{}, { constructor: 1, toString: 2 }])).toEqual([false, true]);
  });

  test('patternProperties (unicode patterns), with additionalProperties', () => {
    const schema = { patternProperties: { '^[\\p{XID_Start}_][\\p{XID_Continue}]*$': { type: 'number' } }, additionalProperties: false };
    expect(verdicts(schema, [{}, { ok: 1 }, { ok: 'x' }, { 'a-b': 1 }, { ünï: 2 }, { '1a': 1 }])).toEqual([true, true, false, false, true, false]);
    const two = { patternProperties: { '^a': { minimum: 2 }, 'b$': { maximum: 5 } } };
    expect(verdicts(two, [{ ab: 3 }, { ab: 1 }, { ab: 6 }, { c: -100 }])).toEqual([true, false, false, true]);
  });

  test('propertyNames, minProperties, maxProperties', () => {
    expect(verdicts({ propertyNames: { maxLength: 2 } }, [{}, { ab: 1 }, { abc: 1 }, 'abc'])).toEqual([true, true, false, true]);
    expect(verdicts({ minProperties: 1, maxProperties: 2 }, [{}, { a: 1 }, { a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, []])).toEqual([
      false, true, true, false, true,
    ]);
  });

  test('dependentRequired and dependentSchemas', () => {
    expect(verdicts({ dependentRequired: { a: ['b', 'c'] } }, [{}, { a: 1 }, { a: 1, b: 1, c: 1 }, { b: 1 }])).toEqual([true, false, true, true]);
    expect(verdicts({ dependentSchemas: { a: { required: ['b'] } } }, [{}, { a: 1 }, { a: 1, b: 2 }])).toEqual([true, false, true]);
  });

  test('items, prefixItems, minItems, maxItems', () => {
    expect(verdicts({ items: { type: 'number' } }, [[], [1, 2], [1, 'x'], 'x'])).toEqual([true, true, false, true]);
    expect(verdicts({ prefixItems: [{ type: 'string' }, { type: 'number' }] }, [[], ['a'], ['a', 1], ['a', 1, null], [1]])).toEqual([
      true, true, true, true, false,
    ]);
    expect(verdicts({ prefixItems: [{ type: 'string' }], items: { type: 'number' } }, [['a', 1, 2], ['a', 'b'], [1]])).toEqual([true, false, false]);
    expect(verdicts({ minItems: 1, maxItems: 2 }, [[], [1], [1, 2], [1, 2, 3], {}])).toEqual([false, true, true, false, true]);
  });

  test('contains, minContains, maxContains', () => {
    expect(verdicts({ contains: { type: 'number' } }, [[], ['a'], ['a', 1], [1, 2]])).toEqual([false, false, true, true]);
    expect(verdicts({ contains: { type: 'number' }, minContains: 2, maxContains: 3 }, [[1], [1, 2], [1, 2, 3, 4], ['a', 1, 2]])).toEqual([
      false, true, false, true,
    ]);
    expect(verdicts({ contains: { type: 'number' }, minContains: 0 }, [[], ['a']])).toEqual([true, true]);
    expect(verdicts({ contains: { type: 'number' }, maxContains: 1 }, [[], [1], [1, 2]])).toEqual([false, true, false]);
    expect(verdicts({ minContains: 5 }, [[]])).toEqual([true]);
  });

  test('uniqueItems: deep equality for containers, === for scalars', () => {
    expect(verdicts({ uniqueItems: true }, [[], [1, 2], [1, 1.0], [{ a: 1, b: 2 }, { b: 2, a: 1 }], [[1], [1]], [1, '1', true], [null, null], [{}, []]])).toEqual([
      true, true, false, false, false, true, false, true,
    ]);
    expect(verdicts({ uniqueItems: false }, [[1, 1]])).toEqual([true]);
  });

  test('minLength / maxLength count code points (astral characters, lone surrogates)', () => {
    const schema = { minLength: 2, maxLength: 3 };
    expect(verdicts(schema, ['a', 'ab', 'abcd', '😀', '😀😀', '😀😀😀😀', '\ud83d', '\ud83d\ud83d', 'e\u0301', 5])).toEqual([
      false, true, false, false, true, false, false, true, true, true,
    ]);
  });

  test('pattern: unicode mode, unanchored', () => {
    expect(verdicts({ pattern: '^\\p{Lu}' }, ['Ab', 'ab', 'Éa', 5])).toEqual([true, false, true, true]);
    expect(verdicts({ pattern: 'b' }, ['abc', 'xyz'])).toEqual([true, false]);
    expect(verdicts({ pattern: '^.$' }, ['😀', 'ab'])).toEqual([true, false]);
  });

  test('format: asserted as cfworker does, unknown formats ignored', () => {
    expect(verdicts({ format: 'date' }, ['2024-02-29', '2023-02-29', 'x', 5])).toEqual([true, false, false, true]);
    expect(verdicts({ format: 'date-time' }, ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00', '2024-01-01'])).toEqual([true, false, false]);
    expect(verdicts({ format: 'time' }, ['10:00:00Z', '25:00:00Z'])).toEqual([true, false]);
    expect(verdicts({ format: 'uri' }, ['https://a.example/x', 'relative/x', 'nope'])).toEqual([true, false, false]);
    expect(verdicts({ format: 'no-such-format' }, ['anything'])).toEqual([true]);
  });

  test('minimum, maximum, exclusive bounds, multipleOf in decimal', () => {
    expect(verdicts({ minimum: 1, maximum: 3 }, [0, 1, 3, 3.5, 'x'])).toEqual([false, true, true, false, true]);
    expect(verdicts({ exclusiveMinimum: 1, exclusiveMaximum: 3 }, [1, 2, 3])).toEqual([false, true, false]);
    expect(verdicts({ multipleOf: 0.1 }, [0.3, 0.35, 1, 1e-7])).toEqual([true, false, true, false]);
    expect(verdicts({ multipleOf: 2 }, [4, 5, 0, -6, 1e21])).toEqual([true, false, true, true, true]);
    expect(verdicts({ multipleOf: 0 }, [0, 1])).toEqual([false, false]);
  });

  test('allOf, anyOf, oneOf, not', () => {
    expect(verdicts({ allOf: [{ type: 'number' }, { minimum: 2 }] }, [1, 2, 'x'])).toEqual([false, true, false]);
    expect(verdicts({ anyOf: [{ type: 'string' }, { minimum: 2 }] }, [1, 2, 'x', null])).toEqual([false, true, true, true]);
    expect(verdicts({ oneOf: [{ type: 'number' }, { minimum: 2 }] }, [1, 2, 'x', null])).toEqual([true, false, true, true]);
    expect(verdicts({ anyOf: [] }, [1])).toEqual([false]);
    expect(verdicts({ oneOf: [] }, [1])).toEqual([false]);
    expect(verdicts({ allOf: [] }, [1])).toEqual([true]);
    expect(verdicts({ not: { type: 'string' } }, [1, 'x'])).toEqual([true, false]);
  });

  test('if / then / else (then / else alone are ignored)', () => {
    const schema = { if: { type: 'number' }, then: { minimum: 2 }, else: { type: 'string' } };
    expect(verdicts(schema, [1, 2, 'x', null])).toEqual([false, true, true, false]);
    expect(verdicts({ then: false, else: false }, [1])).toEqual([true]);
    expect(verdicts({ if: false }, [1])).toEqual([true]);
  });

  test('$ref: local, into another document, with siblings, recursive', () => {
    const other = { $id: 'https://example.test/other.json', $defs: { name: { type: 'string', minLength: 1 } } };
    const schema = { $id: 'https://example.test/root.json', properties: { n: { $ref: 'other.json#/$defs/name' } }, $defs: { d: { maximum: 3 } }, $ref: '#/$defs/d' };
    expect(verdicts(schema, [{ n: 'x' }, { n: '' }, 2, 4], [other])).toEqual([true, false, true, false]);
    const tree = {
      $defs: { node: { type: 'object', properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, additionalProperties: false } },
      $ref: '#/$defs/node',
    };
    const deep = (n: number): Value => (n === 0 ? { value: 0 } : { value: n, children: [deep(n - 1), { value: -n }] });
    expect(verdicts(tree, [deep(10), { children: [{ children: [{ bad: 1 }] }] }, { children: [{ value: 'x' }] }])).toEqual([true, false, false]);
  });

  test('annotation and unknown keywords are ignored, as cfworker ignores them', () => {
    const schema = {
      title: 't', description: 'd', default: 1, examples: [1], $comment: 'c', deprecated: true, readOnly: true,
      discriminator: { propertyName: 'component' }, returnType: 'string', $dynamicRef: '#x', $anchor: 'x', type: 'number',
    };
    expect(verdicts(schema, [1, 'x'])).toEqual([true, false]);
  });
});

describe('schema compiler: unevaluatedProperties / unevaluatedItems, against cfworker', () => {
  test('adjacent properties, patternProperties and additionalProperties count as evaluated', () => {
    expect(verdicts({ properties: { a: {} }, unevaluatedProperties: false }, [{ a: 1 }, { a: 1, b: 1 }, {}])).toEqual([true, false, true]);
    expect(verdicts({ patternProperties: { '^x': {} }, unevaluatedProperties: false }, [{ xy: 1 }, { y: 1 }])).toEqual([true, false]);
    expect(verdicts({ properties: { a: {} }, unevaluatedProperties: { type: 'number' } }, [{ a: 'x', b: 1 }, { b: 'x' }])).toEqual([true, false]);
  });

  test('cfworker skips unevaluatedProperties beside additionalProperties', () => {
    expect(verdicts({ additionalProperties: true, unevaluatedProperties: false }, [{ a: 1 }])).toEqual([true]);
    expect(verdicts({ properties: { a: {} }, additionalProperties: { type: 'string' }, unevaluatedProperties: false }, [{ a: 1, b: 'x' }, { b: 1 }])).toEqual([
      true, false,
    ]);
  });

  test('through allOf: every branch counts, and a branch does not see its siblings', () => {
    const schema = { allOf: [{ properties: { a: {} } }, { properties: { b: {} } }], unevaluatedProperties: false };
    expect(verdicts(schema, [{ a: 1, b: 1 }, { a: 1, c: 1 }])).toEqual([true, false]);
    const sibling = { allOf: [{ properties: { a: {} } }, { unevaluatedProperties: false }] };
    expect(verdicts(sibling, [{ a: 1 }, {}])).toEqual([false, true]);
  });

  test('through anyOf and oneOf: only branches that passed count', () => {
    const anyOf = { anyOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: {} }, required: ['b'] }], unevaluatedProperties: false };
    expect(verdicts(anyOf, [{ a: 'x' }, { a: 1, b: 1 }, { a: 1 }, { b: 1, a: 'x' }])).toEqual([true, false, false, true]);
    const oneOf = { oneOf: [{ properties: { kind: { const: 'a' }, a: {} }, required: ['kind'] }, { properties: { kind: { const: 'b' }, b: {} }, required: ['kind'] }], unevaluatedProperties: false };
    expect(verdicts(oneOf, [{ kind: 'a', a: 1 }, { kind: 'a', b: 1 }, { kind: 'b', b: 1 }, { kind: 'c' }])).toEqual([true, false, true, false]);
  });

  test('through if / then / else: a failing if evaluates nothing', () => {
    const schema = {
      if: { properties: { kind: { const: 'x' } }, required: ['kind'] },
      then: { properties: { x: {} } },
      else: { properties: { y: {} } },
      unevaluatedProperties: false,
    };
    expect(verdicts(schema, [{ kind: 'x', x: 1 }, { kind: 'x', y: 1 }, { y: 1 }, { kind: 'z', y: 1 }, { x: 1 }])).toEqual([true, false, true, false, false]);
  });

  test('through $ref and dependentSchemas', () => {
    const schema = { $defs: { base: { properties: { id: {} } } }, $ref: '#/$defs/base', dependentSchemas: { a: { properties: { b: {} } } }, properties: { a: {} }, unevaluatedProperties: false };
    expect(verdicts(schema, [{ id: 1 }, { id: 1, a: 1, b: 1 }, { id: 1, b: 1 }, { z: 1 }])).toEqual([true, true, false, false]);
  });

  test.each(['allOf', 'anyOf', 'oneOf'])('cfworker quirk: a %s branch sees what a sibling $ref already evaluated', (keyword) => {
    const schema = { $defs: { base: { properties: { a: {} } } }, $ref: '#/$defs/base', [keyword]: [{ unevaluatedProperties: false }] };
    expect(verdicts(schema, [{ a: 1 }, { b: 1 }])).toEqual([true, false]);
  });

  test('cfworker quirk: branches do not see what sibling properties evaluate (they run later)', () => {
    const schema = { properties: { a: {} }, anyOf: [{ unevaluatedProperties: false }] };
    expect(verdicts(schema, [{ a: 1 }, {}])).toEqual([false, true]);
  });

  test('nested: the catalog shape (allOf of $refs, each with its own allOf)', () => {
    const documents = [{
      $id: 'https://example.test/common.json',
      $defs: {
        Common: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        Checkable: { properties: { checks: { type: 'array' } } },
        Button: { allOf: [{ $ref: '#/$defs/Checkable' }, { properties: { component: { const: 'Button' }, child: { type: 'string' } }, required: ['component'] }] },
      },
    }];
    const schema = {
      allOf: [{ $ref: 'https://example.test/common.json#/$defs/Common' }, { $ref: 'https://example.test/common.json#/$defs/Button' }],
      unevaluatedProperties: false,
    };
    const values = [{ id: 'b', component: 'Button', child: 't' }, { id: 'b', component: 'Button', checks: [] }, { id: 'b', component: 'Button', extra: 1 }, { component: 'Button' }];
    expect(verdicts(schema, values, documents)).toEqual([true, true, false, false]);
  });

  test('nested objects have their own evaluated sets', () => {
    const schema = { properties: { inner: { properties: { a: {} }, unevaluatedProperties: false } }, unevaluatedProperties: false };
    expect(verdicts(schema, [{ inner: { a: 1 } }, { inner: { a: 1, b: 1 } }, { inner: {}, a: 1 }])).toEqual([true, false, false]);
  });

  test('unevaluatedItems after prefixItems, items, contains and applicators', () => {
    expect(verdicts({ prefixItems: [{}], unevaluatedItems: false }, [[], [1], [1, 2]])).toEqual([true, true, false]);
    expect(verdicts({ items: {}, unevaluatedItems: false }, [[1, 2]])).toEqual([true]);
    expect(verdicts({ contains: { type: 'string' }, unevaluatedItems: false }, [['a'], ['a', 1]])).toEqual([true, false]);
    expect(verdicts({ allOf: [{ prefixItems: [{}, {}] }], unevaluatedItems: { type: 'number' } }, [[1, 'a', 2], [1, 'a', 'b']])).toEqual([true, false]);
    expect(verdicts({ anyOf: [{ prefixItems: [{ type: 'string' }] }, true], unevaluatedItems: false }, [['a'], [1]])).toEqual([true, false]);
  });
});

describe('schema compiler: what it leaves to cfworker', () => {
  test.each<[string, object]>([
    ['$recursiveRef', { $recursiveAnchor: true, properties: { a: { $recursiveRef: '#' } } }],
    ['dependencies', { dependencies: { a: ['b'] } }],
    ['additionalItems', { additionalItems: false }],
    ['array-form items', { items: [{ type: 'string' }] }],
    ['an unknown type name', { type: 'float' }],
    ['a non-array enum', { enum: 'abc' }],
    ['a non-array required', { required: 'abc' }],
    ['a non-number bound', { minimum: '3' }],
    ['a boolean exclusiveMinimum (draft 4)', { exclusiveMinimum: true }],
    ['an invalid unicode pattern', { pattern: '\\a' }],
    ['an invalid patternProperties key', { patternProperties: { '(': {} } }],
    ['an inherited format name', { format: 'toString' }],
    ['an unresolved $ref', { $ref: '#/$defs/missing' }],
    ['a non-schema subschema', { not: 5 }],
    ['a $ref to itself', { $ref: '#' }],
    ['a loop through allOf', { $defs: { a: { allOf: [{ $ref: '#/$defs/b' }] }, b: { anyOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' }],
    ['a loop through not / if', { $defs: { a: { not: { if: { $ref: '#/$defs/a' } } } }, $ref: '#/$defs/a' }],
    ['unsupported content deep inside', { properties: { a: { items: { anyOf: [{ dependencies: {} }] } } } }],
  ])('%s compiles to null', (_label, schema) => {
    expect(compiles(schema)).toBe(false);
  });

  test('a recursive schema whose loop moves into the instance compiles', () => {
    expect(compiles({ $defs: { a: { properties: { x: { $ref: '#/$defs/a' } } } }, $ref: '#/$defs/a' })).toBe(true);
  });

  test('keywords cfworker only reads beside another are ignored without it', () => {
    expect(verdicts({ then: { dependencies: 1 }, minContains: 'x' }, [1, []])).toEqual([true, true]);
    expect(verdicts({ additionalProperties: false, unevaluatedProperties: { dependencies: {} } }, [{}, { a: 1 }])).toEqual([true, false]);
  });

  test('the keyword list is the one cfworker destructures', () => {
    const source = readFileSync(join(require.resolve('@cfworker/json-schema'), '../validate.js'), 'utf8');
    const destructuring = /const \{([^}]*)\} = schema;/.exec(source)?.[1] ?? '';
    const keywords = destructuring
      .split(',')
      .map((entry) => entry.split(':')[0]?.trim() ?? '')
      .filter((name) => name !== '' && !name.startsWith('__'));
    expect([...keywords].sort()).toEqual([...CFWORKER_KEYWORDS].sort());
  });
});

// ---------------------------------------------------------------------------------------------
// Random schemas and instances.

const NAMES = ['a', 'b', 'c'];
const name = fc.constantFrom(...NAMES);
const scalar = fc.constantFrom<Value>(null, true, false, 0, 1, -1, 1.5, 2, 3, 10, '', 'a', 'ab', 'b', '😀', 'a😀b', '2024-01-01', 'x:y');
const instance: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(name, tie('value'), { maxKeys: 3 }),
  ),
})).value;

function schemaArbitrary(): fc.Arbitrary<object> {
  const { schema } = fc.letrec<{ schema: Value; keyword: [string, Value] }>((tie) => {
    const sub = tie('schema');
    const subs = fc.array(sub, { minLength: 1, maxLength: 3 });
    const count = fc.integer({ min: 0, max: 3 });
    const weighted = (weight: number, arbitrary: fc.Arbitrary<[string, Value]>) => ({ weight, arbitrary });
    const entry = <T>(key: string, value: fc.Arbitrary<T>): fc.Arbitrary<[string, Value]> => value.map((v) => [key, v]);
    return {
      schema: fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        fc.boolean(),
        fc.array(tie('keyword'), { minLength: 1, maxLength: 3 }).map((entries) => Object.fromEntries(entries)),
      ),
      keyword: fc.oneof(
        weighted(3, entry('type', fc.constantFrom<Value>('object', 'array', 'string', 'number', 'integer', 'null', 'boolean', ['number', 'null'], ['integer', 'string']))),
        weighted(1, entry('const', instance)),
        weighted(1, entry('enum', fc.array(instance, { minLength: 1, maxLength: 3 }))),
        weighted(5, entry('properties', fc.dictionary(name, sub, { minKeys: 1, maxKeys: 2 }))),
        weighted(2, entry('required', fc.subarray(NAMES, { minLength: 1 }))),
        weighted(3, entry('additionalProperties', sub)),
        weighted(5, entry('unevaluatedProperties', sub)),
        weighted(1, entry('patternProperties', fc.constantFrom('^a', 'b|c', '\\p{L}$').chain((p) => sub.map((s) => ({ [p]: s }))))),
        weighted(1, entry('propertyNames', sub)),
        weighted(1, entry('minProperties', count)),
        weighted(1, entry('maxProperties', count)),
        weighted(1, entry('dependentRequired', fc.constant({ a: ['b'] }))),
        weighted(2, entry('dependentSchemas', fc.dictionary(name, sub, { minKeys: 1, maxKeys: 1 }))),
        weighted(2, entry('items', sub)),
        weighted(2, entry('prefixItems', subs)),
        weighted(2, entry('contains', sub)),
        weighted(1, entry('minContains', count)),
        weighted(1, entry('maxContains', count)),
        weighted(3, entry('unevaluatedItems', sub)),
        weighted(1, entry('minItems', count)),
        weighted(1, entry('maxItems', count)),
        weighted(1, entry('uniqueItems', fc.boolean())),
        weighted(1, entry('minLength', count)),
        weighted(1, entry('maxLength', count)),
        weighted(1, entry('pattern', fc.constantFrom('^a', 'b$', '\\p{L}', '^.$'))),
        weighted(1, entry('format', fc.constantFrom('date', 'uri', 'unknown'))),
        weighted(1, entry('minimum', fc.constantFrom(0, 1, 1.5))),
        weighted(1, entry('maximum', fc.constantFrom(0, 2, 2.5))),
        weighted(1, entry('exclusiveMinimum', fc.constantFrom(0, 1))),
        weighted(1, entry('exclusiveMaximum', fc.constantFrom(1, 3))),
        weighted(1, entry('multipleOf', fc.constantFrom(0.5, 2, 0.1))),
        weighted(4, entry('allOf', subs)),
        weighted(4, entry('anyOf', subs)),
        weighted(4, entry('oneOf', subs)),
        weighted(2, entry('not', sub)),
        weighted(3, entry('if', sub)),
        weighted(2, entry('then', sub)),
        weighted(2, entry('else', sub)),
        weighted(3, entry('$ref', fc.constantFrom('#/$defs/A', '#/$defs/B'))),
      ),
    };
  });
  return fc.tuple(schema, schema, schema).map(([root, a, b]) => ({
    $defs: { A: a, B: b },
    ...(typeof root === 'object' && root !== null ? root : { allOf: [root] }),
  }));
}

/**
 * Schemas made mostly of what decides evaluated properties and items: applicators, `$ref`s,
 * conditionals, properties and the unevaluated keywords, over objects and arrays of a few keys.
 */
function evaluationSchemaArbitrary(): fc.Arbitrary<object> {
  const { schema } = fc.letrec<{ schema: Value; keyword: Array<[string, Value]> }>((tie) => {
    const sub = tie('schema');
    const subs = fc.array(sub, { minLength: 1, maxLength: 3 });
    const entry = <T>(key: string, value: fc.Arbitrary<T>): fc.Arbitrary<Array<[string, Value]>> => value.map((v) => [[key, v]]);
    const leaf = fc.constantFrom<Value>(true, false, {}, { type: 'number' }, { type: 'string' }, { const: 1 }, { required: ['a'] }, { minimum: 2 });
    return {
      schema: fc.oneof(
        { depthSize: 'medium', maxDepth: 5 },
        { weight: 1, arbitrary: leaf },
        { weight: 3, arbitrary: fc.array(tie('keyword'), { minLength: 1, maxLength: 3 }).map((entries) => Object.fromEntries(entries.flat())) },
      ),
      keyword: fc.oneof(
        {
          weight: 3,
          arbitrary: fc.tuple(sub, fc.option(sub), fc.option(sub)).map(([test, then, otherwise]) => [
            ['if', test] as [string, Value],
            ...(then === null ? [] : [['then', then] as [string, Value]]),
            ...(otherwise === null ? [] : [['else', otherwise] as [string, Value]]),
          ]),
        },
        { weight: 5, arbitrary: entry('properties', fc.dictionary(name, sub, { minKeys: 1, maxKeys: 2 })) },
        { weight: 1, arbitrary: entry('patternProperties', fc.constantFrom('^a', 'b|c').chain((p) => sub.map((s) => ({ [p]: s })))) },
        { weight: 1, arbitrary: entry('additionalProperties', sub) },
        { weight: 5, arbitrary: entry('unevaluatedProperties', fc.oneof(fc.constant(false), sub)) },
        { weight: 2, arbitrary: entry('prefixItems', subs) },
        { weight: 1, arbitrary: entry('items', sub) },
        { weight: 1, arbitrary: entry('contains', sub) },
        { weight: 3, arbitrary: entry('unevaluatedItems', fc.oneof(fc.constant(false), sub)) },
        { weight: 1, arbitrary: entry('dependentSchemas', fc.dictionary(name, sub, { minKeys: 1, maxKeys: 1 })) },
        { weight: 4, arbitrary: entry('allOf', subs) },
        { weight: 4, arbitrary: entry('anyOf', subs) },
        { weight: 4, arbitrary: entry('oneOf', subs) },
        { weight: 1, arbitrary: entry('not', sub) },
        { weight: 3, arbitrary: entry('if', sub) },
        { weight: 2, arbitrary: entry('then', sub) },
        { weight: 2, arbitrary: entry('else', sub) },
        { weight: 3, arbitrary: entry('$ref', fc.constantFrom('#/$defs/A', '#/$defs/B')) },
        { weight: 1, arbitrary: entry('required', fc.subarray(NAMES, { minLength: 1 })) },
      ),
    };
  });
  const unevaluated = fc.constantFrom<object>({}, { unevaluatedProperties: false }, { unevaluatedItems: false }, { unevaluatedProperties: { type: 'number' } });
  return fc.tuple(schema, schema, schema, unevaluated).map(([root, a, b, last]) => ({
    $defs: { A: a, B: b },
    ...(typeof root === 'object' && root !== null ? root : { allOf: [root] }),
    ...last,
  }));
}

const small = fc.constantFrom<Value>(1, 2, 'x', null, true);
const container: fc.Arbitrary<Value> = fc.oneof(
  { weight: 3, arbitrary: fc.dictionary(name, fc.oneof(small, fc.dictionary(name, small, { maxKeys: 2 })), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(small, fc.dictionary(name, small, { maxKeys: 2 })), { maxLength: 3 }) },
);

describe('schema compiler: random schemas, against cfworker', () => {
  // SCHEMA_FUZZ_RUNS / SCHEMA_FUZZ_SEED widen the search (e.g. 100000 runs, any seed).
  const runs = Number(process.env['SCHEMA_FUZZ_RUNS'] ?? 3000);
  const seed = Number(process.env['SCHEMA_FUZZ_SEED'] ?? 20250601);

  function agreeOnRandom(label: string, schemas: fc.Arbitrary<object>, values: fc.Arbitrary<Value>): void {
    const tally = { compiled: 0, declined: 0, valid: 0, invalid: 0 };
    fc.assert(
      fc.property(schemas, fc.array(values, { minLength: 12, maxLength: 12 }), (generated, instances) => {
        const schema = JSON.parse(JSON.stringify(generated)) as Schema;
        const lookup = lookupOf(schema, []);
        const predicate = createSchemaCompiler(lookup).compile(schema);
        if (predicate === null) {
          tally.declined += 1;
          return true;
        }
        tally.compiled += 1;
        for (const value of instances) {
          const expected = cfworker(value, schema, lookup);
          tally[expected ? 'valid' : 'invalid'] += 1;
          if (predicate(value as JsonValue) !== expected) {
            throw new Error(`compiled ${!expected}, cfworker ${expected}: ${JSON.stringify(value)} against ${JSON.stringify(schema)}`);
          }
        }
        return true;
      }),
      { numRuns: runs, seed },
    );
    if (process.env['SCHEMA_FUZZ_REPORT']) process.stdout.write(`schema fuzz (${label}): ${JSON.stringify(tally)}\n`);
    // Most random schemas are in the supported subset (loops of $refs on one instance are not),
    // and both answers are common, so neither side can agree by always saying the same.
    expect(tally.compiled).toBeGreaterThan(runs * 0.7);
    expect(Math.min(tally.valid, tally.invalid)).toBeGreaterThan(tally.compiled * 12 * 0.15);
  }

  test(`${runs} random schemas × 12 instances agree (every keyword)`, () => {
    agreeOnRandom('every keyword', schemaArbitrary(), instance);
  });

  test(`${runs} random schemas × 12 instances agree (evaluated properties and items)`, () => {
    agreeOnRandom('evaluation', evaluationSchemaArbitrary(), container);
  });
});
