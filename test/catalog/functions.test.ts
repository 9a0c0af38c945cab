/**
 * The basic catalog's functions, called directly. Expected values are written from the spec and
 * from known locale data, not taken from the implementation's output.
 */
import { basicCatalog, RegexLimitError, type FunctionContext, type LocalRequest } from '../../src/catalog';
import { expectLinearSteps } from '../helpers/regexWork';

const NBSP = '\u00a0';

function contextRecording(requests: LocalRequest[] = []): FunctionContext {
  return {
    surfaceId: 's',
    dataModel: {},
    scope: '/',
    index: undefined,
    caller: 'renderer',
    userActivated: true,
    read: () => undefined,
    interpolate: (template) => `interpolated:${template}`,
    request: (request) => requests.push(request),
  };
}

function call(name: string, args: Record<string, unknown>, options: Parameters<typeof basicCatalog>[0] = {}): unknown {
  const implementation = basicCatalog(options).functions[name]?.implementation;
  if (implementation === undefined) throw new Error(`no ${name}`);
  return implementation(args, contextRecording());
}

const valid = (name: string, args: Record<string, unknown>): unknown => (call(name, args) as { valid: boolean }).valid;

describe('required', () => {
  test.each([
    ['hello', true],
    [' ', true],
    [0, true],
    [false, true],
    [{}, true],
    [[0], true],
    ['', false],
    [null, false],
    [undefined, false],
    [[], false],
  ])('%j → valid %s', (value, expected) => {
    expect(valid('required', { value })).toBe(expected);
  });

  test('returns a ValidationResult with a code when invalid', () => {
    expect(call('required', { value: '' })).toEqual({ valid: false, code: 'REQUIRED', message: 'A value is required.' });
    expect(call('required', { value: 'x' })).toEqual({ valid: true });
  });
});

describe('regex', () => {
  test.each([
    ['^[0-9]+$', '12345', true],
    ['^[0-9]+$', '12a45', false],
    ['b', 'abc', true], // search semantics, like RegExp.prototype.test
    ['^\\d{5}(-\\d{4})?$', '12345-6789', true],
    ['^(?=.*[A-Z])(?=.*\\d).{8,}$', 'Passw0rdX', true],
    ['^(?=.*[A-Z])(?=.*\\d).{8,}$', 'password', false],
  ])('/%s/ on %j → %s', (pattern, value, expected) => {
    expect(valid('regex', { pattern, value })).toBe(expected);
  });

  test('coerces the value to a string', () => {
    expect(valid('regex', { pattern: '^42$', value: 42 })).toBe(true);
    expect(valid('regex', { pattern: '^$', value: null })).toBe(true);
  });

  test('an invalid pattern throws (an EXPRESSION_ERROR for the evaluator)', () => {
    expect(() => call('regex', { pattern: '[invalid(', value: 'abc' })).toThrow(SyntaxError);
    expect(() => call('regex', { value: 'abc' })).toThrow(/pattern must be a string/);
  });

  test.each(['^(a+)+$', '^(a|a)*$'])('catastrophic /%s/ answers in steps linear in the input, charged to the evaluation', (pattern) => {
    const regex = basicCatalog().functions.regex!.implementation!;
    // The evaluation's budget (context.regexBudget) sees every step the check takes.
    const answer = expectLinearSteps((n, budget) => regex({ pattern, value: `${'a'.repeat(n)}!` }, { ...contextRecording(), regexBudget: budget }), 2500);
    expect(answer).toMatchObject({ valid: false });
    expect(valid('regex', { pattern, value: `${'a'.repeat(5000)}!` })).toBe(false);
  });

  test('pattern and input lengths are bounded', () => {
    expect(() => call('regex', { pattern: 'a'.repeat(1001), value: 'a' })).toThrow(RegexLimitError);
    expect(() => call('regex', { pattern: 'a', value: 'a'.repeat(10_001) })).toThrow(/too long/);
    expect(() =>
      call('regex', { pattern: 'a', value: 'aaaa' }, { regexLimits: { maxInputLength: 3 } }),
    ).toThrow(/3 characters/);
  });
});

describe('length', () => {
  test.each([
    [{ value: 'hello', min: 3, max: 10 }, true],
    [{ value: 'hi', min: 3 }, false],
    [{ value: 'hello world', max: 5 }, false],
    [{ value: 'abc', min: 3, max: 3 }, true],
    [{ value: ['a', 'b', 'c'], min: 2, max: 4 }, true],
    [{ value: ['a'], min: 2 }, false],
    [{ value: '👍👍', max: 2 }, true], // code points, not UTF-16 units
    [{ value: null, min: 1 }, false],
    [{ value: 12345, max: 4 }, false],
  ])('%j → valid %s', (args, expected) => {
    expect(valid('length', args)).toBe(expected);
  });

  test('says what was expected', () => {
    expect(call('length', { value: 'hi', min: 3 })).toEqual({
      valid: false,
      code: 'TOO_SHORT',
      message: 'The value must have at least 3 characters.',
    });
    expect(call('length', { value: [1, 2, 3], min: 1, max: 2 })).toEqual({
      valid: false,
      code: 'TOO_LONG',
      message: 'The value must have between 1 and 2 items.',
    });
  });

  test('a bound that is not a number throws', () => {
    expect(() => call('length', { value: 'x', min: 'three' })).toThrow(/min must be a number/);
  });
});

describe('numeric', () => {
  test.each([
    [{ value: 42.5, min: 0, max: 100 }, true],
    [{ value: '42.5', min: 0, max: 100 }, true],
    [{ value: ' 7 ', min: 7 }, true],
    [{ value: -5, min: 0 }, false],
    [{ value: 150, max: 100 }, false],
    [{ value: 'not_a_number' }, false],
    [{ value: '' }, false],
    [{ value: '0x10' }, false],
    [{ value: null }, false],
    [{ value: true }, false],
    [{ value: '1e3', max: 1000 }, true],
  ])('%j → valid %s', (args, expected) => {
    expect(valid('numeric', args)).toBe(expected);
  });
});

describe('email', () => {
  test.each([
    ['user@example.com', true],
    ['first.last+tag@sub.example.co', true],
    ['a@b.io', true],
    ['invalid-email', false],
    ['test@test.c', false],
    ['a b@example.com', false],
    ['a@@example.com', false],
    ['a@example..com', false],
    ['@example.com', false],
    [`${'a'.repeat(250)}@b.com`, false],
    [null, false],
  ])('%j → valid %s', (value, expected) => {
    expect(valid('email', { value })).toBe(expected);
  });
});

describe('formatString', () => {
  test('hands its value to context.interpolate', () => {
    expect(call('formatString', { value: 'Hi ${/name}' })).toBe('interpolated:Hi ${/name}');
    expect(call('formatString', { value: 42 })).toBe('interpolated:42');
  });
});

describe('formatNumber', () => {
  test.each([
    [{ value: 1234.567, decimals: 2, grouping: true }, '1,234.57'],
    [{ value: 1234.567, decimals: 0, grouping: false }, '1235'],
    [{ value: 1234567 }, '1,234,567'],
    [{ value: '1234.5', decimals: 1 }, '1,234.5'],
    [{ value: 0.5, decimals: 2 }, '0.50'],
    [{ value: -1234, grouping: 'false' }, '-1234'],
    [{ value: 'abc' }, ''],
    [{ value: null }, ''],
  ])('%j → %j', (args, expected) => {
    expect(call('formatNumber', args)).toBe(expected);
  });

  test('follows the locale', () => {
    expect(call('formatNumber', { value: 1234.567, decimals: 2 }, { locale: 'de-DE' })).toBe('1.234,57');
  });

  test('refuses decimals that are not a small whole number', () => {
    expect(() => call('formatNumber', { value: 1, decimals: 1.5 })).toThrow(/decimals/);
    expect(() => call('formatNumber', { value: 1, decimals: -1 })).toThrow(/decimals/);
  });
});

describe('formatCurrency', () => {
  test.each([
    [{ value: 1234.5, currency: 'USD', decimals: 2 }, '$1,234.50'],
    [{ value: 99.99, currency: 'USD', decimals: 2 }, '$99.99'],
    [{ value: 1234.5, currency: 'usd' }, '$1,234.50'],
    [{ value: 1234.5, currency: 'JPY' }, '¥1,235'],
    [{ value: 1234.5, currency: 'USD', grouping: false }, '$1234.50'],
    [{ value: 'n/a', currency: 'USD' }, ''],
  ])('%j → %j', (args, expected) => {
    expect(call('formatCurrency', args)).toBe(expected);
  });

  test('follows the locale', () => {
    expect(call('formatCurrency', { value: 1234.5, currency: 'EUR' }, { locale: 'de-DE' })).toBe(`1.234,50${NBSP}€`);
  });

  test('refuses a code that is not ISO 4217 shaped', () => {
    expect(() => call('formatCurrency', { value: 1, currency: 'dollars' })).toThrow(/ISO 4217/);
  });
});

describe('formatDate', () => {
  // Friday, 16 January 2026, 14:30:05.123 UTC.
  const instant = '2026-01-16T14:30:05.123Z';

  test.each([
    ['yyyy-MM-dd', '2026-01-16'],
    ['MMM dd, yyyy', 'Jan 16, 2026'],
    ['HH:mm', '14:30'],
    ['h:mm a', '2:30 PM'],
    ['EEEE, d MMMM', 'Friday, 16 January'],
    ['yy/M/d', '26/1/16'],
    ['E EEEEE MMMMM', 'Fri F J'],
    ['ss.SSS S SS', '05.123 1 12'],
    ['D DDD', '16 016'],
    ['k K hh H', '14 2 02 14'],
    ["'Today is' EEEE", 'Today is Friday'],
    ["h 'o''clock'", "2 o'clock"],
    ["''yy''", "'26'"],
    ['Q G GGGG', '1 AD Anno Domini'],
    ['z X xxx', 'UTC Z +00:00'],
  ])('%j → %j', (format, expected) => {
    expect(call('formatDate', { value: instant, format })).toBe(expected);
  });

  test('"ISO" gives the UTC ISO string', () => {
    expect(call('formatDate', { value: '2026-08-26T12:00:00.000Z', format: 'ISO' })).toBe('2026-08-26T12:00:00.000Z');
    expect(call('formatDate', { value: '2026-08-26T14:00:00+02:00', format: 'ISO' })).toBe('2026-08-26T12:00:00.000Z');
  });

  test.each([
    ['2026-02-30', ''],
    ['2026-13-01', ''],
    ['2023-02-29', ''],
    ['2024-02-29', '2024-02-29 00:00'],
    ['2026-01-16T25:00:00Z', ''],
    ['2026-01-16T24:00:00Z', '2026-01-17 00:00'],
    ['2026-01-16T12:61Z', ''],
    ['2026-01-16T12:00:00+24:00', ''],
    ['16/01/2026', ''],
    ['tomorrow', ''],
    ['', ''],
    ['14:30', '1970-01-01 14:30'],
    ['2026-01-16 09:15', '2026-01-16 09:15'],
  ])('value %j → %j (impossible dates are empty, not rolled over)', (value, expected) => {
    expect(call('formatDate', { value, format: 'yyyy-MM-dd HH:mm' })).toBe(expected);
  });

  test('takes epoch milliseconds, and nothing else that is not a string', () => {
    expect(call('formatDate', { value: 0, format: 'yyyy-MM-dd HH:mm' })).toBe('1970-01-01 00:00');
    expect(call('formatDate', { value: Date.UTC(2000, 1, 29, 23, 59), format: 'yyyy-MM-dd HH:mm' })).toBe('2000-02-29 23:59');
    expect(call('formatDate', { value: null, format: 'yyyy' })).toBe('');
    expect(call('formatDate', { value: { y: 2026 }, format: 'yyyy' })).toBe('');
    expect(call('formatDate', { value: 1e20, format: 'yyyy' })).toBe('');
  });

  test('formats in the configured time zone; values without an offset are wall-clock times there', () => {
    const ny = { timeZone: 'America/New_York' };
    expect(call('formatDate', { value: instant, format: 'HH:mm z xxx' }, ny)).toBe('09:30 EST -05:00');
    expect(call('formatDate', { value: '2026-07-01T12:00:00', format: 'ISO' }, ny)).toBe('2026-07-01T16:00:00.000Z');
    expect(call('formatDate', { value: '2026-01-01T12:00:00', format: 'ISO' }, ny)).toBe('2026-01-01T17:00:00.000Z');
    expect(call('formatDate', { value: '2026-07-01T12:00:00', format: 'HH:mm zzzz' }, ny)).toBe('12:00 Eastern Daylight Time');
    expect(call('formatDate', { value: '2026-01-16T05:30:00Z', format: 'yyyy-MM-dd' }, ny)).toBe('2026-01-16');
    expect(call('formatDate', { value: '2026-01-16T03:30:00Z', format: 'yyyy-MM-dd' }, ny)).toBe('2026-01-15');
    expect(call('formatDate', { value: instant, format: 'HH:mm xxx' }, { timeZone: 'Asia/Kolkata' })).toBe('20:00 +05:30');
  });

  test('names and digits follow the locale, in format or stand-alone form', () => {
    expect(call('formatDate', { value: instant, format: 'EEEE, d. MMMM yyyy' }, { locale: 'de-DE' })).toBe('Freitag, 16. Januar 2026');
    expect(call('formatDate', { value: instant, format: 'd MMMM' }, { locale: 'ru-RU' })).toBe('16 января');
    expect(call('formatDate', { value: instant, format: 'LLLL' }, { locale: 'ru-RU' })).toBe('январь');
    expect(call('formatDate', { value: instant, format: 'dd/MM' }, { locale: 'ar-EG' })).toBe('١٦/٠١');
  });

  test('an unsupported field or broken quoting throws instead of printing something wrong', () => {
    expect(() => call('formatDate', { value: instant, format: 'YYYY-MM-DD' })).toThrow(/'YYYY'/);
    expect(() => call('formatDate', { value: instant, format: 'ww' })).toThrow(/'ww'/);
    expect(() => call('formatDate', { value: instant, format: "'unterminated" })).toThrow(/Unterminated/);
  });
});

describe('pluralize', () => {
  const en = { zero: 'No items', one: 'One item', two: 'Two items', other: 'Many items' };

  test.each([
    [0, 'No items'],
    [1, 'One item'],
    [2, 'Two items'],
    [5, 'Many items'],
    [1.5, 'Many items'],
    ['1', 'One item'],
    ['many', 'Many items'],
  ])('en %j → %j (explicit zero, one and two win for 0, 1 and 2)', (value, expected) => {
    expect(call('pluralize', { value, ...en })).toBe(expected);
  });

  test('falls back to other when the category is missing, and keeps an explicit empty string', () => {
    expect(call('pluralize', { value: 0, one: 'one', other: 'other' })).toBe('other');
    expect(call('pluralize', { value: 0, zero: '', other: 'default' })).toBe('');
  });

  test('uses the CLDR categories of the locale', () => {
    const forms = { one: 'one', few: 'few', many: 'many', other: 'other' };
    expect(call('pluralize', { value: 3, ...forms }, { locale: 'ar' })).toBe('few');
    expect(call('pluralize', { value: 11, ...forms }, { locale: 'ar' })).toBe('many');
    expect(call('pluralize', { value: 22, ...forms }, { locale: 'pl' })).toBe('few');
    expect(call('pluralize', { value: 5, ...forms }, { locale: 'pl' })).toBe('many');
    expect(call('pluralize', { value: 21, ...forms }, { locale: 'ru' })).toBe('one');
  });
});

describe('openUrl', () => {
  function open(url: unknown, options: Parameters<typeof basicCatalog>[0] = {}): LocalRequest[] {
    const requests: LocalRequest[] = [];
    const result = basicCatalog(options).functions.openUrl?.implementation?.({ url }, contextRecording(requests));
    expect(result).toBeUndefined();
    return requests;
  }

  test('asks the session to open http and https URLs, normalized', () => {
    expect(open('https://example.com')).toEqual([{ type: 'openUrl', url: 'https://example.com/' }]);
    expect(open('  http://example.com/a?b=1#c ')).toEqual([{ type: 'openUrl', url: 'http://example.com/a?b=1#c' }]);
  });

  test.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:someone@example.com',
  ])('refuses %j', (url) => {
    expect(() => open(url)).toThrow(/not allowed/);
  });

  test('refuses what is not an absolute URL, unless a base URL is configured', () => {
    expect(() => open('/help')).toThrow(/not a valid absolute URL/);
    expect(() => open('')).toThrow(/not a valid absolute URL/);
    expect(open('/help', { baseUrl: 'https://app.example/x/' })).toEqual([{ type: 'openUrl', url: 'https://app.example/help' }]);
  });

  test('opens the schemes a host allows', () => {
    expect(open('mailto:someone@example.com', { urlSchemes: ['https', 'mailto'] })).toEqual([
      { type: 'openUrl', url: 'mailto:someone@example.com' },
    ]);
  });
});

describe('and, or, not', () => {
  test.each([
    [[true, true], true],
    [[true, false], false],
    [[1, 'non-empty'], true],
    [[1, ''], false],
    [[{ valid: true }, { valid: true, message: 'ok' }], true],
    [[{ valid: true }, { valid: false }], false],
    [[{}, []], true],
  ])('and %j → %s', (values, expected) => {
    expect(call('and', { values })).toBe(expected);
  });

  test.each([
    [[false, false], false],
    [[false, true], true],
    [[0, 'yes'], true],
    [[null, 0], false],
    [[{ valid: false }, { valid: false }], false],
    [[{ valid: false }, { valid: true }], true],
  ])('or %j → %s', (values, expected) => {
    expect(call('or', { values })).toBe(expected);
  });

  test.each([
    [true, false],
    [false, true],
    ['', true],
    ['hello', false],
    [0, true],
    [{ valid: false }, true],
    [{ valid: true }, false],
    [{ valid: 'no' }, false],
  ])('not %j → %s', (value, expected) => {
    expect(call('not', { value })).toBe(expected);
  });

  test('and/or need an array', () => {
    expect(() => call('and', { values: true })).toThrow(/array/);
    expect(() => call('or', {})).toThrow(/array/);
  });
});
