import { coerceToBoolean, coerceToNumber, coerceToString } from '../../src/expressions';

describe('coerceToString (protocol "Type conversion")', () => {
  test.each([
    ['text', 'text'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [-0, '0'],
    [1.5, '1.5'],
    [1e21, '1e+21'],
    [true, 'true'],
    [false, 'false'],
    [[1, 'a', null], '[1,"a",null]'],
    [{ a: 1, b: [true] }, '{"a":1,"b":[true]}'],
    [{}, '{}'],
  ])('%j → %j', (value, expected) => {
    expect(coerceToString(value)).toBe(expected);
  });

  test('a value JSON cannot write becomes the empty string rather than an exception', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(coerceToString(cyclic)).toBe('');
    expect(coerceToString(Symbol('s'))).toBe('');
  });
});

describe('coerceToNumber (core SDK coercion table)', () => {
  test.each([
    [42, 42],
    [-1.5, -1.5],
    ['42', 42],
    [' 3.5 ', 3.5],
    ['1e3', 1000],
    ['abc', 0],
    ['', 0],
    ['0x10', 0],
    [null, 0],
    [undefined, 0],
    [true, 1],
    [false, 0],
    [[], 0],
    [{}, 0],
  ])('%j → %j', (value, expected) => {
    expect(coerceToNumber(value)).toBe(expected);
  });
});

describe('coerceToBoolean (core SDK coercion table)', () => {
  test.each([
    [true, true],
    [false, false],
    ['true', true],
    ['TRUE', true],
    [' True ', true],
    ['false', false],
    ['yes', false],
    ['', false],
    [1, true],
    [-2, true],
    [0, false],
    [Number.NaN, false],
    [null, false],
    [undefined, false],
    [{ valid: true }, true],
    [{ valid: false }, false],
    [{}, true],
    [[], true],
  ])('%j → %j', (value, expected) => {
    expect(coerceToBoolean(value)).toBe(expected);
  });
});
