import fc from 'fast-check';
import { DEFAULT_EXPRESSION_LIMITS, parseTemplate, type TemplateParseResult } from '../../src/expressions';

function parts(template: string): unknown[] {
  const result = parseTemplate(template);
  if (!result.ok) throw new Error(result.error.message);
  return result.parts;
}

function failure(result: TemplateParseResult, code: 'EXPRESSION_ERROR' | 'LIMIT_EXCEEDED' = 'EXPRESSION_ERROR'): { message: string; position: number } {
  if (result.ok) throw new Error(`parsed: ${JSON.stringify(result.parts)}`);
  expect(result.error.code).toBe(code);
  return result.error;
}

describe('parseTemplate', () => {
  test('literal text stays one part; string literals join it', () => {
    expect(parts('plain')).toEqual(['plain']);
    expect(parts('')).toEqual(['']);
    expect(parts("a${'b'}c")).toEqual(['abc']);
    expect(parts('${""}')).toEqual(['']);
  });

  test('paths: absolute, relative, with pointer escapes and punctuation', () => {
    expect(parts('${/a/b} ${c/0/d} ${e~1f} ${x.y-z_1}')).toEqual([
      { path: '/a/b' },
      ' ',
      { path: 'c/0/d' },
      ' ',
      { path: 'e~1f' },
      ' ',
      { path: 'x.y-z_1' },
    ]);
    expect(parts('${0/name}')).toEqual([{ path: '0/name' }]);
    expect(parts('${nullable} ${falsey}')).toEqual([{ path: 'nullable' }, ' ', { path: 'falsey' }]);
  });

  test('literals: numbers, booleans, null, and strings with escapes', () => {
    expect(parts('${-2.5}${1e3}${.5}${null}${true}')).toEqual([-2.5, 1000, 0.5, null, true]);
    expect(parts("${'tab\\there'}")).toEqual(['tab\there']);
    expect(parts('${"say \\"hi\\""}')).toEqual(['say "hi"']);
    expect(parts("${'\\u00e9\\u{1F600}\\x41\\$\\}'}")).toEqual(['é😀A$}']);
    expect(parts("${'}'}")).toEqual(['}']);
    expect(parts("${'${not}'}")).toEqual(['${not}']);
  });

  test('calls: named args of every kind, nesting, @-names, whitespace', () => {
    expect(parts("${formatDate(value:${/currentDate}, format:'yyyy-MM-dd')}")).toEqual([
      {
        call: 'formatDate',
        args: { value: { path: '/currentDate' }, format: 'yyyy-MM-dd' },
        returnType: 'any',
      },
    ]);
    expect(parts('#${@index(offset: 1)}')).toEqual(['#', { call: '@index', args: { offset: 1 }, returnType: 'any' }]);
    expect(parts('${ upper ( value : ${ now() } ) }')).toEqual([
      { call: 'upper', args: { value: { call: 'now', args: {}, returnType: 'any' } }, returnType: 'any' },
    ]);
    expect(parts('${f( a : 1 , b : x )}')).toEqual([{ call: 'f', args: { a: 1, b: { path: 'x' } }, returnType: 'any' }]);
  });

  test('an argument named __proto__ is an own property, not a prototype', () => {
    const [call] = parts('${f(__proto__: 1)}') as [{ args: Record<string, unknown> }];
    expect(Object.prototype.hasOwnProperty.call(call.args, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(call.args)).toBe(Object.prototype);
  });

  test('escapes: \\${ is a literal ${; other backslashes stay', () => {
    expect(parts('\\${x} and \\n and \\')).toEqual(['${x} and \\n and \\']);
    expect(parts('$ {x} $x {x}')).toEqual(['$ {x} $x {x}']);
  });

  test('parts are frozen, and the same template gives the same parts object', () => {
    const first = parseTemplate('${a(b: c)}');
    expect(Object.isFrozen(first.ok && first.parts[0])).toBe(true);
    expect(parseTemplate('${a(b: c)}')).toBe(first);
  });

  test.each([
    ['hello ${world', 'Unclosed interpolation', 6],
    ['${', 'Unclosed interpolation', 0],
    ['${f(a: 1', 'Unclosed interpolation', 0],
    ['${}', 'Empty interpolation', 0],
    ['${add(a: 1, b: 2}', "Expected ',' or ')' after function arguments", 16],
    ['${add(a 1)}', "Expected ':' after argument name 'a'", 8],
    ['${add(a: 1, a: 2)}', "Duplicate argument 'a'", 12],
    ['${add(1)}', "Invalid argument name '1'", 6],
    ['${upper(${now()})}', 'Expected an argument name', 8],
    ['${add(, )}', 'Expected an argument name', 6],
    ['${true false}', 'Unexpected characters after expression', 7],
    ['${1.2.3}', 'Invalid number literal', 2],
    ['${1abc}', 'Invalid number literal', 2],
    ["${'open}", 'Unterminated string literal', 2],
    ['${a/b(x: 1)}', "Invalid function name 'a/b'", 2],
    ['${@index}', "Expected '(' after function name '@index'", 8],
    ['${,}', 'Expected an expression', 2],
  ])('%j fails: %s (at %d)', (template, message, position) => {
    const error = failure(parseTemplate(template));
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });

  test('limits: length and nesting, with errors instead of stack overflows', () => {
    // Limits are LIMIT_EXCEEDED (the session tells the agent), other syntax errors EXPRESSION_ERROR.
    expect(failure(parseTemplate('x'.repeat(DEFAULT_EXPRESSION_LIMITS.maxTemplateLength + 1)), 'LIMIT_EXCEEDED').message).toContain('too long');
    expect(failure(parseTemplate('abcdef', { maxTemplateLength: 5 }), 'LIMIT_EXCEEDED').message).toContain('5 characters');
    const deep = `${'${'.repeat(100)}x${'}'.repeat(100)}`;
    expect(failure(parseTemplate(deep), 'LIMIT_EXCEEDED').message).toContain(`exceeds ${DEFAULT_EXPRESSION_LIMITS.maxTemplateDepth} levels`);
    const calls = `\${${'f(a: '.repeat(50)}1${')'.repeat(50)}}`;
    expect(failure(parseTemplate(calls), 'LIMIT_EXCEEDED').message).toContain('nesting');
    expect(parseTemplate('${${${x}}}', { maxTemplateDepth: 3 }).ok).toBe(true);
    expect(parseTemplate('${${${x}}}', { maxTemplateDepth: 2 }).ok).toBe(false);
    const huge = `\${${'${'.repeat(50_000)}`;
    expect(() => parseTemplate(huge, { maxTemplateLength: 1_000_000 })).not.toThrow();
  });

  test('never throws, whatever the input', () => {
    const alphabet = ['$', '{', '}', '(', ')', ',', ':', "'", '"', '\\', '/', 'a', '1', '.', ' ', '@', '-', 'true'];
    const templates = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 24 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(templates, (template) => {
        expect(typeof parseTemplate(template).ok).toBe('boolean');
      }),
      { seed: 7, numRuns: 3000 },
    );
    expect(parseTemplate(42 as unknown as string).ok).toBe(false);
  });
});
