/**
 * The MCP catalog's functions, called directly and through the evaluator. Expected values are
 * worked out by hand from the function descriptions (JMESPath per its specification), not taken
 * from the implementation's output.
 */
import type { FunctionContext, LocalRequest } from '../../src/catalog';
import { basicCatalog, BASIC_CATALOG_ID, compileSafeRegex, DEFAULT_REGEX_LIMITS, RegexBudget } from '../../src/catalog';
import { mcpCatalog, MCP_CATALOG_ID, searchJmespath } from '../../src/mcp/catalog';
import { evaluateDynamic } from '../../src/expressions';

function context(requests: LocalRequest[] = [], scope = '/'): FunctionContext {
  return {
    surfaceId: 's',
    dataModel: {},
    scope,
    index: undefined,
    caller: 'renderer',
    userActivated: true,
    read: () => undefined,
    interpolate: (template) => template,
    request: (request) => requests.push(request),
  };
}

function call(name: string, args: Record<string, unknown>, requests: LocalRequest[] = [], scope = '/'): unknown {
  const implementation = mcpCatalog().functions[name]?.implementation;
  if (implementation === undefined) throw new Error(`no ${name}`);
  return implementation(args, context(requests, scope));
}

const PEOPLE = Object.freeze({
  people: [
    { name: 'Ada', age: 36, tags: ['math', 'code'] },
    { name: 'Grace', age: 85, tags: ['navy', 'code'] },
    { name: 'Alan', age: 41, tags: [] },
  ],
  meta: { count: 3 },
});

describe('jmespath', () => {
  test.each<[string, unknown]>([
    ['meta.count', 3],
    ['people[0].name', 'Ada'],
    ['people[-1].name', 'Alan'],
    ['people[*].name', ['Ada', 'Grace', 'Alan']],
    ['people[?age > `40`].name', ['Grace', 'Alan']],
    ["people[?contains(tags, 'code')].name", ['Ada', 'Grace']],
    ['people[*].tags[]', ['math', 'code', 'navy', 'code']],
    ['length(people)', 3],
    ['sort_by(people, &age)[*].name', ['Ada', 'Alan', 'Grace']],
    ['max_by(people, &age).name', 'Grace'],
    ['people[1:].{who: name, years: age}', [{ who: 'Grace', years: 85 }, { who: 'Alan', years: 41 }]],
    ["join(', ', people[*].name)", 'Ada, Grace, Alan'],
    ['people[0] | keys(@)', ['name', 'age', 'tags']],
    ['missing.field', null],
    ['people[5]', null],
  ])('%s', (expression, expected) => {
    expect(call('jmespath', { expression, data: PEOPLE })).toEqual(expected);
  });

  test('reads data the way a data-model binding gives it, through the evaluator', () => {
    const result = evaluateDynamic(
      { call: 'jmespath', catalogId: MCP_CATALOG_ID, args: { expression: 'items[?done].title', data: { path: '/todo' } } },
      {
        catalogs: [basicCatalog(), mcpCatalog()],
        surfaceCatalogId: BASIC_CATALOG_ID,
        dataModel: { todo: { items: [{ title: 'a', done: true }, { title: 'b', done: false }, { title: 'c', done: true }] } },
      },
    );
    expect(result).toMatchObject({ status: 'ok', value: ['a', 'c'], reads: ['/todo'], errors: [] });
  });

  describe('never throws, and refuses hostile input', () => {
    test.each<[string, unknown, unknown, RegExp]>([
      ['an expression that is not a string', 42, PEOPLE, /must be a string/],
      ['an invalid expression', 'people[?', PEOPLE, /invalid expression/],
      ['an expression over the length limit', `a${'.b'.repeat(600)}`, {}, /limit is 1000/],
      ['input nested deeper than the limit', 'a', nest(70), /deeper/],
      ['input larger than the limit', '@', { text: 'x'.repeat(1_000_001) }, /limit is 1000000/],
      ['a "__proto__" hash key', '{__proto__: people}', PEOPLE, /__proto__/],
      ['doubling chains that would explode', `@${' | [@, @][]'.repeat(40)}`, [1, 2, 3], /too much work/],
      ['to_string escaping chains', 'to_string([to_string([to_string([to_string([to_string([to_string([to_string([to_string([to_string([@])])])])])])])])])', 'x'.repeat(20_000), /too much work/],
      ['a join whose glue is the input', 'join(big, items)', { big: 'y'.repeat(10_000), items: Array.from({ length: 5_000 }, () => 'z') }, /too much work/],
      ['input that is not JSON', '@', { f: () => 1 }, /input cannot be used/],
      ['a runtime error of the library', 'people[::0]', PEOPLE, /step cannot be 0/],
      ['a type error of the library', 'abs(people)', PEOPLE, /invalid-type|expected argument/i],
    ])('%s', (_name, expression, data, reason) => {
      // Work is bounded before the search runs: costly expressions are refused on their estimate.
      const result = searchJmespath(expression, data);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(reason);
      expect(call('jmespath', { expression, data })).toBeNull();
    });

    test('a field named like an Object.prototype member finds data or nothing, never a function', () => {
      expect(call('jmespath', { expression: 'constructor', data: {} })).toBeNull();
      expect(call('jmespath', { expression: 'a.hasOwnProperty', data: { a: {} } })).toBeNull();
      expect(call('jmespath', { expression: '"__proto__"', data: {} })).toBeNull();
      expect(call('jmespath', { expression: 'constructor', data: { constructor: 'Ferrari' } })).toBe('Ferrari');
      expect(call('jmespath', { expression: 'people[?name].constructor', data: PEOPLE })).toEqual([]);
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    test('an empty object is falsy and a filled one truthy, as JMESPath says, on copied input', () => {
      expect(call('jmespath', { expression: '[?@].id', data: [{}, { id: 1 }] })).toEqual([1]);
      expect(call('jmespath', { expression: 'a || b', data: { a: {}, b: 'fallback' } })).toBe('fallback');
    });

    test('limits are configurable per catalog', () => {
      const strict = mcpCatalog({ jmespathLimits: { maxExpressionLength: 5 } }).functions.jmespath!.implementation!;
      expect(strict({ expression: 'a.b.c', data: { a: { b: { c: 1 } } } }, context())).toBe(1);
      expect(strict({ expression: 'a.b.c.d', data: {} }, context())).toBeNull();
    });
  });
});

function nest(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

describe('split', () => {
  test.each<[unknown, unknown, unknown]>([
    ['a,b,,c', ',', ['a', 'b', '', 'c']],
    ['one', ',', ['one']],
    ['', ',', ['']],
    ['a--b--c', '--', ['a', 'b', 'c']],
    ['héllo😀', '', ['h', 'é', 'l', 'l', 'o', '😀']],
    [['a b', 'c'], ' ', [['a', 'b'], ['c']]],
    [12345, '3', ['12', '45']],
    [null, ',', ['']],
  ])('split(%j, %j)', (value, separator, expected) => {
    expect(call('split', { value, separator })).toEqual(expected);
  });
});

describe('regexCapture', () => {
  test.each<[unknown, string, unknown]>([
    ['2024-05-06', '(\\d+)-(\\d+)-(\\d+)', ['2024', '05', '06']],
    ['order #A-17 shipped', '#([A-Z])-(\\d+)', ['A', '17']],
    ['ab', 'a(x)?(b)', ['', 'b']],
    ['no digits', '(\\d+)', null],
    ['abc', 'b', []],
    ['aaa', '(a+?)', ['a']],
    ['key=value; other=x', '(?<k>\\w+)=(\\w+)', ['key', 'value']],
    [['x1', 'y', 'z22'], '(\\d+)', [['1'], null, ['22']]],
  ])('regexCapture(%j, /%s/)', (value, pattern, expected) => {
    expect(call('regexCapture', { value, pattern })).toEqual(expected);
  });

  test('answers within a linear step budget on patterns that hang a backtracking engine', () => {
    // The matcher claims each (instruction, position) state once: a budget of a few steps per
    // pattern character per input position is enough, where backtracking needs 2^5000.
    const pattern = '^(a+)+$';
    const linear = (value: string) => 8 * pattern.length * (value.length + 1);
    const capture = (value: string) => mcpCatalog({ regexLimits: { maxSteps: linear(value) } }).functions.regexCapture!.implementation!({ value, pattern }, context());
    expect(capture(`${'a'.repeat(5000)}!`)).toBeNull();
    expect(capture('a'.repeat(5000))).toEqual(['a'.repeat(5000)]);
  });

  test('refuses invalid, oversized and too costly patterns with an error (reported as a diagnostic)', () => {
    expect(() => call('regexCapture', { value: 'a', pattern: '(' })).toThrow(SyntaxError);
    expect(() => call('regexCapture', { value: 'a', pattern: 'a'.repeat(1001) })).toThrow(/too long/);
    expect(() => call('regexCapture', { value: 'a', pattern: 7 })).toThrow(/pattern must be a string/);
    expect(() => call('regexCapture', { value: `${'a'.repeat(200)}!`, pattern: '^(a|aa)+\\1$' })).toThrow(/too expensive/);
  });
});

describe('regexReplace', () => {
  test.each<[unknown, string, string, unknown]>([
    ['a1b22c333', '\\d+', '#', 'a#b#c#'],
    ['abc', '(b)', '[$1]', 'a[$1]c'],
    ['abc', "x*", '-', '-a-b-c-'],
    ['aaa', 'a*?', '.', '.a.a.a.'],
    ['Hello World', '\\bW', 'w', 'Hello world'],
    ['none', 'z', 'y', 'none'],
    [['a.b', 'c'], '\\.', '/', ['a/b', 'c']],
  ])('regexReplace(%j, /%s/, %j)', (value, pattern, replacement, expected) => {
    expect(call('regexReplace', { value, pattern, replacement })).toEqual(expected);
  });

  test('one budget covers every match, so a quadratic pattern stops with an error', () => {
    const value = 'a'.repeat(10_000);
    expect(() => call('regexReplace', { value, pattern: 'a.*b|a', replacement: 'x' })).toThrow(/too expensive/);
    // Every one of the 10,000 matches costs at most what the first (the longest scan) costs:
    // with twice that as the budget, a budget per match would let the replacement finish.
    const first = new RegexBudget(DEFAULT_REGEX_LIMITS.maxSteps);
    expect(compileSafeRegex('a.*b|a').exec(value, 0, first)).toMatchObject({ index: 0, end: 1 });
    const replace = mcpCatalog({ regexLimits: { maxSteps: 2 * first.spent } }).functions.regexReplace!.implementation!;
    expect(() => replace({ value, pattern: 'a.*b|a', replacement: 'x' }, context())).toThrow(new RegExp(`more than ${2 * first.spent} steps`));
  });
});

describe('updateDataModel', () => {
  test('asks for one write per entry, relative paths resolved against the scope of the call', () => {
    const requests: LocalRequest[] = [];
    expect(call('updateDataModel', { updates: { '/title': 'Home', 'done': true, 'tags/0': 'x', '/gone': undefined } }, requests, '/items/2')).toBeNull();
    expect(requests).toEqual([
      { type: 'setData', path: '/title', value: 'Home' },
      { type: 'setData', path: '/items/2/done', value: true },
      { type: 'setData', path: '/items/2/tags/0', value: 'x' },
      { type: 'setData', path: '/gone', value: null },
    ]);
  });

  test('refuses updates that are not an object', () => {
    expect(() => call('updateDataModel', { updates: [1] })).toThrow(/must be an object/);
    expect(() => call('updateDataModel', { updates: 'x' })).toThrow(/must be an object/);
  });
});

describe('callMcpTool', () => {
  test('asks for a tool call, the target resolved against the scope; it returns null', () => {
    const requests: LocalRequest[] = [];
    expect(call('callMcpTool', { name: ' search ', arguments: { q: 'cats' }, targetDataPath: 'result' }, requests, '/rows/1')).toBeNull();
    expect(call('callMcpTool', { name: 'list' }, requests)).toBeNull();
    expect(requests).toEqual([
      { type: 'mcpToolCall', name: 'search', arguments: { q: 'cats' }, targetDataPath: '/rows/1/result' },
      { type: 'mcpToolCall', name: 'list', arguments: {} },
    ]);
  });

  test('refuses a missing name and arguments that are not an object', () => {
    expect(() => call('callMcpTool', { name: '' })).toThrow(/name/);
    expect(() => call('callMcpTool', { name: 'a', arguments: [1] })).toThrow(/arguments must be an object/);
  });

  test('runs only from a user action: a property that calls it is refused by the evaluator', () => {
    const result = evaluateDynamic(
      { call: 'callMcpTool', catalogId: MCP_CATALOG_ID, args: { name: 'search' } },
      { catalogs: [mcpCatalog()], surfaceCatalogId: MCP_CATALOG_ID, dataModel: {} },
    );
    expect(result.status).toBe('error');
    expect(result.errors[0]?.code).toBe('USER_ACTIVATION_REQUIRED');
    expect(result.requests).toEqual([]);
  });
});
