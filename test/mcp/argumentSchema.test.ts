/**
 * The argument schemas of allowedFunctions: checked with the JSON Schema validator, except that
 * `pattern` and `patternProperties` run in the linear-time matcher. The rewrite must give the
 * same answers as a plain validator where that one finishes (Ajv, an independent implementation,
 * is the reference here), and must finish where it would not.
 */
import Ajv2020 from 'ajv/dist/2020';
import { checkArgumentsAgainstSchema } from '../../src/mcp/schema';

const ajv = new Ajv2020({ strict: false, allErrors: false });

const SCHEMAS: Record<string, object> = {
  pattern: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{2}-\\d+$' } }, required: ['code'] },
  nestedPattern: { type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'string', pattern: 'x' }] } },
  patternProperties: {
    type: 'object',
    properties: { id: { type: 'string' }, 'x-count': { minimum: 2 } },
    patternProperties: { '^x-': { type: 'number' }, 'name$': { type: 'string', pattern: '^[a-z]+$' } },
    additionalProperties: false,
  },
  keyPattern: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } },
  refs: { $defs: { code: { type: 'string', pattern: '^\\d{3}$' } }, type: 'object', properties: { a: { $ref: '#/$defs/code' } } },
  unevaluated: { type: 'object', patternProperties: { '^a': true }, unevaluatedProperties: false },
};

const INSTANCES: unknown[] = [
  {}, { code: 'AB-12' }, { code: 'ab-12' }, { code: 'AB-' }, [1, 'x', 'yx'], [1, 'y'], { id: 'a' }, { id: 'a', 'x-count': 3 },
  { 'x-count': 1 }, { 'x-other': 'one' }, { firstname: 'ada' }, { firstname: 'Ada' }, { other: 1 }, { abc: 1, def: 2 }, { Abc: 1 },
  { a: '123' }, { a: '12' }, { a: 1, ab: 2 }, { a: 1, b: 2 }, 'string', 12, null,
];

describe('checkArgumentsAgainstSchema', () => {
  test.each(Object.keys(SCHEMAS))('agrees with Ajv on the %s schema', (name) => {
    const schema = SCHEMAS[name] as object;
    const validate = ajv.compile(schema);
    for (const instance of INSTANCES) {
      expect({ instance, ok: checkArgumentsAgainstSchema(schema, instance).ok }).toEqual({ instance, ok: validate(instance) });
    }
  });

  test('finishes on a pattern that makes a backtracking engine hang', () => {
    const schema = { type: 'object', properties: { v: { type: 'string', pattern: '^(a+)+$' } }, patternProperties: { '^(b+)+$': { type: 'number' } } };
    // A real answer, within the check's step budget: running out would say the pattern "cannot be checked".
    const mismatch = checkArgumentsAgainstSchema(schema, { v: `${'a'.repeat(5000)}!` });
    expect(mismatch).toEqual({ ok: false, reason: expect.stringMatching(/^#\/v: Instance does not match/) });
    expect(mismatch).not.toMatchObject({ reason: expect.stringContaining('cannot be checked') });
    expect(checkArgumentsAgainstSchema(schema, { v: 'a'.repeat(5000) }).ok).toBe(true);
    expect(checkArgumentsAgainstSchema(schema, { [`${'b'.repeat(3000)}!`]: 'not a number' }).ok).toBe(true);
    expect(checkArgumentsAgainstSchema(schema, { [`${'b'.repeat(3000)}`]: 'not a number' })).toEqual({ ok: false, reason: expect.not.stringContaining('cannot be checked') });
  });

  test.each<[string, unknown]>([
    ['a remote $ref', { $ref: 'https://example.com/schema.json' }],
    ['a Unicode-mode pattern', { type: 'string', pattern: '^\\p{L}+$' }],
    ['a pattern invalid in Unicode mode', { type: 'string', pattern: '\\c' }],
    ['too many patterns', { allOf: Array.from({ length: 65 }, (_, i) => ({ pattern: `a{${i}}` })) }],
    ['a schema that is not JSON', { type: 'object', properties: { a: () => 1 } }],
    ['false', false],
  ])('fails, with a reason, on %s', (_name, schema) => {
    const result = checkArgumentsAgainstSchema(schema, 'abc');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
  });

  test('ignores format, as JSON Schema 2020-12 does by default', () => {
    expect(checkArgumentsAgainstSchema({ type: 'string', format: 'email' }, 'not an email').ok).toBe(true);
    expect(checkArgumentsAgainstSchema(true, { anything: [1] }).ok).toBe(true);
    expect(checkArgumentsAgainstSchema({}, 'x').ok).toBe(true);
  });
});
