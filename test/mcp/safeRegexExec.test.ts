/**
 * `exec` and `replace` of the linear-time matcher (used by regexCapture and regexReplace) must
 * report what JavaScript's RegExp reports — the same match, the same captures, the same global
 * replacement — wherever RegExp finishes, and must finish quickly where it would not.
 */
import { compileSafeRegex, RegexBudget, RegexLimitError } from '../../src/catalog';
import fc from 'fast-check';
import { regexArbitrary } from '../helpers/randomRegex';
import { expectLinearSteps } from '../helpers/regexWork';

function nativeExec(pattern: string, input: string, from: number): string {
  const regex = new RegExp(pattern, 'g');
  regex.lastIndex = from;
  const match = from > input.length ? null : regex.exec(input);
  return JSON.stringify(match === null ? null : [match.index, match.index + match[0].length, match.slice(1)]);
}

function safeExec(pattern: string, input: string, from: number): string {
  const match = compileSafeRegex(pattern).exec(input, from);
  return JSON.stringify(match === null ? null : [match.index, match.end, match.captures]);
}

const INPUTS = ['', 'a', 'b', 'ab', 'ba', 'aab', 'abb', 'abab', 'bbaa', 'a b', 'aaaaaa', 'ababab', 'xaby', '2024-05-06', 'a\nb'];

describe('exec and replace agree with RegExp', () => {
  test.each([
    '(\\d+)-(\\d+)', 'a(x)?(b)', '(a+?)(a*)', '(a|ab)(c|bcd)?(d*)', '(?:(a)|b)+', '(a*)*', '(a*)+', '(a?){2,3}', '(?:a|())*b',
    '(?:\\b|(.))?', '(?:(?:a)*?)+', '((a)|b)*', '(?=(a+))a*b\\1', '(?<=(a)b)c', '(a)\\1', '(?<y>\\d{4})-(\\d\\d)', '^$', '$', 'x*',
    '\\b', '(?!a)', '[^a]*?b', '.+?', 'a{2}?', '(ab|a)(bab)?', '(?:a*?b)+?',
  ])('/%s/', (pattern) => {
    const safe = compileSafeRegex(pattern);
    for (const input of INPUTS) {
      for (const from of [0, 1, 3]) expect(safeExec(pattern, input, from)).toBe(nativeExec(pattern, input, from));
      expect(safe.replace(input, '<$1>')).toBe(input.replace(new RegExp(pattern, 'g'), () => '<$1>'));
    }
  });

  test('on random patterns over a small alphabet', () => {
    const patterns = fc.sample(
      regexArbitrary({
        atoms: ['a', 'b', '.', '[ab]', '[^a]', '\\w', '\\b', '^', '$', ''],
        quantifiers: ['*', '+', '?', '{2}', '{1,3}', '*?', '{0,}', '+?', '??'],
        capturingRepeats: true,
      }),
      { seed: 424242, numRuns: 1500 },
    );
    const mismatches: string[] = [];
    let checked = 0;
    for (const pattern of patterns) {
      try {
        new RegExp(pattern);
      } catch {
        continue;
      }
      const safe = compileSafeRegex(pattern);
      for (const input of INPUTS.slice(0, 12)) {
        checked += 1;
        const ours = safeExec(pattern, input, 0);
        const theirs = nativeExec(pattern, input, 0);
        if (ours !== theirs) mismatches.push(`exec /${pattern}/ on ${JSON.stringify(input)}: ${ours} vs ${theirs}`);
        const replaced = safe.replace(input, '_');
        const native = input.replace(new RegExp(pattern, 'g'), () => '_');
        if (replaced !== native) mismatches.push(`replace /${pattern}/ on ${JSON.stringify(input)}: ${replaced} vs ${native}`);
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(mismatches).toEqual([]);
  });
});

describe('exec and replace bound the work', () => {
  test('a pattern that is exponential for backtracking is linear here, for exec too', () => {
    const nested = compileSafeRegex('(a+)+$');
    expect(expectLinearSteps((n, budget) => nested.exec(`${'a'.repeat(n)}!`, 0, budget), 4500)).toBeNull();
    expect(expectLinearSteps((n, budget) => nested.exec('a'.repeat(n), 0, budget), 4500)).toMatchObject({ index: 0, end: 9000 });
    expect(expectLinearSteps((n, budget) => compileSafeRegex('(x+x+)+y').exec('x'.repeat(n), 0, budget), 2500)).toBeNull();
  });

  test('replace stops with an error when all its matches together exceed the budget', () => {
    expect(() => compileSafeRegex('a.*b|a').replace('a'.repeat(9000), 'x')).toThrow(RegexLimitError);
    expect(compileSafeRegex('a').replace('ab'.repeat(4000), 'x')).toBe('xb'.repeat(4000));
  });

  test('a shared budget spans several calls', () => {
    const regex = compileSafeRegex('a+b');
    const budget = new RegexBudget(5_000);
    expect(regex.test('aaab', budget)).toBe(true);
    const spent = budget.spent;
    expect(spent).toBeGreaterThan(0);
    expect(() => {
      for (let i = 0; i < 1000; i += 1) regex.exec('a'.repeat(50), 0, budget);
    }).toThrow(/too expensive/);
    expect(budget.spent).toBeGreaterThan(spent);
  });

  test('input over the length limit is refused', () => {
    expect(() => compileSafeRegex('a').exec('a'.repeat(10_001))).toThrow(/too long/);
    expect(() => compileSafeRegex('a').replace('a'.repeat(10_001), '')).toThrow(/too long/);
  });
});
