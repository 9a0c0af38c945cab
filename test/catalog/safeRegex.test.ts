/**
 * The bounded regex matcher must agree with JavaScript's RegExp#test wherever RegExp finishes,
 * and must finish quickly where RegExp would not.
 */
import { compileSafeRegex, DEFAULT_REGEX_LIMITS, LimitExceededError, RegexLimitError, RegexSyntaxError } from '../../src/catalog';
import fc from 'fast-check';
import { regexArbitrary } from '../helpers/randomRegex';
import { expectLinearSteps, regexSteps } from '../helpers/regexWork';

function agreesWithNative(pattern: string, inputs: readonly string[]): void {
  const native = new RegExp(pattern);
  const safe = compileSafeRegex(pattern);
  for (const input of inputs) {
    if (safe.test(input) !== native.test(input)) {
      throw new Error(`/${pattern}/ on ${JSON.stringify(input)}: native ${native.test(input)}, safe ${safe.test(input)}`);
    }
  }
}

const INPUTS = [
  '', 'a', 'b', 'ab', 'ba', 'abc', 'aab', 'abab', 'aaaa', 'aaab', 'abba', 'abcabc', '123', '12-34', 'a1b2',
  'foo bar', 'foo-bar', 'x\ny', '\t', '$100', 'A', 'Z9_', 'hello hello', 'ü', '😀', '\u2028', '{', '}', ']',
  'user@example.com', '2024-2024', '2024-2025',
];

describe('compileSafeRegex agrees with RegExp', () => {
  test.each([
    '^[0-9]+$', 'abc', 'a|b|c', '^(a|b)*c$', '(a+)+$', '^\\d{3}-\\d{4}$', '\\bfoo\\b', '\\Bo', '(?=.*\\d)(?=.*[A-Z]).{8,}',
    '^(?!abc).*$', '(?<=\\$)\\d+', '(?<!\\$)\\b\\d+', '(a)\\1', '(\\w+)\\s\\1', '^(?<y>\\d{4})-\\k<y>$', '[^]', '[]',
    '[\\d-z]+', '[a\\-z]', 'a{2,3}', 'a{2,}b', 'a{0}', 'x*', '^$', '\\u0041', '\\x41', '\\101', '[\\b]', '\\cJ', 'a.c',
    '.', '[a-c]{1,2}?', '(?:ab)+?$', '\\8', '\\0', '(a*)*b', '(?:a|ab)(?:c|bcd)(?:d*)$', '\\u{2}', '{', 'a{,2}', '}', ']',
    '\\c1', '[\\c1]', '(a)|\\1b', '(?=(a))\\1b', '^(a?){3}a{3}$', '\\s+\\S', '\\W\\w', '\\D+', '(?<!a)b', '(?<=(a)b)c',
    '(?<=\\1(a))b', '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', '(?:)', 'a||b', '(?=a)*b', '\\k', '\\p{L}', '[\\s\\S]', '[^\\d\\s]',
    '\\2(a)(b)', '(a)(?:b\\1)+', '^(?:(a)|b)+\\1$', '(?!(a)b)\\1?a', '\\uD83D\\uDE00', '^.$', '^..$',
  ])('/%s/', (pattern) => {
    agreesWithNative(pattern, INPUTS);
  });

  test('on random patterns over a small alphabet', () => {
    const patterns = fc.sample(
      regexArbitrary({
        atoms: ['a', 'b', '.', '[ab]', '[^a]', '\\w', '\\b', '^', '$'],
        quantifiers: ['*', '+', '?', '{2}', '{1,3}', '*?', '{0,}'],
        capturingRepeats: false,
      }),
      { seed: 12345, numRuns: 600 },
    );
    const inputs = ['', 'a', 'b', 'ab', 'ba', 'aab', 'abb', 'abab', 'bbaa', 'a b', 'aaaaaa', 'ababab'];
    let checked = 0;
    for (const pattern of patterns) {
      try {
        new RegExp(pattern);
      } catch {
        continue; // only patterns JavaScript accepts are comparable
      }
      agreesWithNative(pattern, inputs);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('compileSafeRegex bounds the work', () => {
  // Inputs of n and 2n characters (n = 4,500, up to the 9,000 a backtracking engine never finishes).
  test.each<[string, (n: number) => string]>([
    ['(a+)+$', (n) => `${'a'.repeat(n)}!`],
    ['^(a|aa)*$', (n) => `${'a'.repeat(n)}!`],
    ['(.*){1,20}x', (n) => 'a'.repeat(n)],
    ['^(\\d*)*\\d*\\d*x$', (n) => '1'.repeat(n)],
    ['(?=.*x)a', (n) => 'a'.repeat(n)],
    ['(\\w+\\s?)+$', (n) => `${'word '.repeat(n / 5)}!`],
  ])('/%s/ on a long hostile input answers false in steps linear in the input', (pattern, input) => {
    const regex = compileSafeRegex(pattern);
    expect(expectLinearSteps((n, budget) => regex.test(input(n), budget), 4500)).toBe(false);
  });

  test('the state search is linear: a long input within the budget gets a real answer', () => {
    expect(compileSafeRegex('(a+)+$').test(`${'a'.repeat(9000)}!`)).toBe(false);
    expect(compileSafeRegex('(a+)+$').test('a'.repeat(9000))).toBe(true);
    expect(compileSafeRegex('(?=.*x)a').test(`${'a'.repeat(9000)}x`)).toBe(true);
  });

  test('backreferences backtrack, and a step budget stops exponential work with an error at the limit', () => {
    const { outcome, steps } = regexSteps((budget) => compileSafeRegex('^(a|aa)+\\1$').test(`${'a'.repeat(200)}!`, budget));
    expect(outcome).toBeInstanceOf(RegexLimitError);
    expect(String(outcome)).toMatch(/too expensive/);
    // The step that goes over the limit is the last one taken.
    expect(steps).toBe(DEFAULT_REGEX_LIMITS.maxSteps + 1);
    expect(() => compileSafeRegex('^(a|aa)+\\1$').test(`${'a'.repeat(200)}!`)).toThrow(/too expensive/);
  });

  test('pattern length, input length and repetition expansion are bounded', () => {
    expect(() => compileSafeRegex('a'.repeat(DEFAULT_REGEX_LIMITS.maxPatternLength + 1))).toThrow(RegexLimitError);
    expect(() => compileSafeRegex('a').test('a'.repeat(DEFAULT_REGEX_LIMITS.maxInputLength + 1))).toThrow(RegexLimitError);
    expect(() => compileSafeRegex('(a{1000}){1000}')).toThrow(/too complex/);
    expect(() => compileSafeRegex('a{99999999}')).toThrow(/too complex/);
    expect(() => compileSafeRegex(`${'('.repeat(150)}a${')'.repeat(150)}`)).toThrow(/nested/);
  });

  test('custom limits apply', () => {
    const limits = { maxPatternLength: 5, maxInputLength: 4, maxSteps: 50 };
    expect(() => compileSafeRegex('abcdef', limits)).toThrow(/too long/);
    expect(() => compileSafeRegex('a', limits).test('aaaaa')).toThrow(/too long/);
    expect(() => compileSafeRegex('a+$', { ...limits, maxInputLength: 1000 }).test('a'.repeat(999) + 'b')).toThrow(/too expensive/);
  });

  test('invalid syntax is a SyntaxError, as with RegExp', () => {
    expect(() => compileSafeRegex('[invalid(')).toThrow(SyntaxError);
    expect(() => compileSafeRegex('a**')).toThrow(SyntaxError);
    expect(() => compileSafeRegex('(?<n>a)\\k<m>')).toThrow(SyntaxError);
  });
});

describe('limits and syntax are different errors', () => {
  test('a pattern or input over a limit is a RegexLimitError, which is a LimitExceededError', () => {
    for (const run of [() => compileSafeRegex('a'.repeat(DEFAULT_REGEX_LIMITS.maxPatternLength + 1)), () => compileSafeRegex('a').test('a'.repeat(DEFAULT_REGEX_LIMITS.maxInputLength + 1))]) {
      let thrown: unknown;
      try {
        run();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(RegexLimitError);
      expect(thrown).toBeInstanceOf(LimitExceededError);
    }
  });

  test.each(['(', '(?i:a)', '[b-a]', 'a\\'.slice(0, 2)])('%s is a syntax error, not a limit', (pattern) => {
    let thrown: unknown;
    try {
      compileSafeRegex(pattern);
    } catch (error) {
      thrown = error;
    }
    expect(thrown instanceof SyntaxError || thrown instanceof RegexSyntaxError).toBe(true);
    expect(thrown).not.toBeInstanceOf(LimitExceededError);
  });
});
