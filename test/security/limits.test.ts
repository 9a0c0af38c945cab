/**
 * Every resource limit is enforced with a clear error, never a crash or a hang: the session
 * limits (DEFAULT_SESSION_LIMITS, each configurable), the data-model limits, the expression
 * limits of formatString and the bounds of agent-supplied regular expressions.
 *
 * Where a message names a surface, the agent gets an `error` naming it; limits met while a tree
 * resolves give diagnostics (and an error to the agent: refusals.test.ts).
 */
import { DEFAULT_DATA_LIMITS } from '../../src/data';
import { DEFAULT_EXPRESSION_LIMITS } from '../../src/expressions/limits';
import { DEFAULT_REGEX_LIMITS } from '../../src/catalog';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from '../../src/processor/config';
import { createSession, handleMessage, resolvedTree, surface, type Failure, type Session } from '../../src/session/session';
import { write } from '../../src/session/interaction';
import { assertPrototypesClean, BASIC, catalogs, diagnostics, nested, nodeOf, openSurface, sentBodies } from './helpers';

afterEach(() => assertPrototypesClean());

const data = (path: string, value: unknown, surfaceId = 's') => ({ version: 'v1.0', updateDataModel: { surfaceId, path, value } });
const components = (list: unknown[], surfaceId = 's') => ({ version: 'v1.0', updateComponents: { surfaceId, components: list } });

function sessionWith(limits: Partial<SessionLimits>, list: Record<string, unknown>[] = [{ id: 'root', component: 'Text', text: 'x' }], model: Record<string, unknown> = {}): Session {
  return openSurface(list, model, { session: { limits } });
}

/** `node` under a root Column, followed by a plain Text 'after': the walk meets a tree budget spent by `node` at 'after'. */
function afterwards(...nodes: Record<string, unknown>[]): Record<string, unknown>[] {
  return [{ id: 'root', component: 'Column', children: [...nodes.map((n) => n.id), 'after'] }, ...nodes, { id: 'after', component: 'Text', text: 'after' }];
}

/** The failure of `payload` on `session`: LIMIT_EXCEEDED, the agent told about surface `s`, state unchanged. */
function expectRefused(session: Session, payload: unknown, code = 'LIMIT_EXCEEDED', told = true): Failure {
  const result = handleMessage(session, payload);
  if (result.ok) throw new Error(`expected ${code}, the payload was accepted`);
  expect(result.error.code).toBe(code);
  expect(result.error.message.length).toBeGreaterThan(20);
  expect(result.session.state).toBe(session.state);
  if (told) expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code, surfaceId: 's' })]);
  return result;
}

test('the documented defaults', () => {
  expect(DEFAULT_SESSION_LIMITS).toEqual({
    maxPayloadBytes: 4 * 1024 * 1024,
    maxMessagesPerPayload: 10_000,
    maxComponentsPerSurface: 20_000,
    maxValueDepth: 50,
    maxTreeDepth: 64,
    maxTemplateItems: 10_000,
    maxNodes: 10_000,
    maxDataDepth: 64,
    maxDataModelBytes: 16 * 1024 * 1024,
    maxSurfaces: 1_000,
    maxStringLength: 100_000,
    maxCallsPerEvaluation: 10_000,
    maxReadsPerEvaluation: 10_000,
    maxRegexStepsPerEvaluation: 1_000_000,
    maxWorkPerSurface: 100_000,
    maxCharsPerSurface: 4_000_000,
    maxRegexStepsPerSurface: 5_000_000,
  });
  expect(DEFAULT_DATA_LIMITS).toEqual({ maxDepth: 64, maxPathSegments: 64, maxArrayPadding: 1000 });
  expect(DEFAULT_EXPRESSION_LIMITS).toEqual({
    maxTemplateLength: 10_000, maxTemplateDepth: 32, maxCallDepth: 32, maxCalls: 10_000, maxValueDepth: 64,
    maxReads: 10_000, maxStringLength: 100_000, maxOutputChars: 1_000_000, maxRegexSteps: 1_000_000,
  });
  expect(DEFAULT_REGEX_LIMITS).toEqual({ maxPatternLength: 1000, maxInputLength: 10_000, maxSteps: 1_000_000 });
});

test('limits are configurable; an invalid override (0, negative, NaN, a string) is a configuration error naming it', () => {
  const session = createSession(catalogs(), { limits: { maxComponentsPerSurface: 7 } });
  expect(session.runtime.processor.limits).toEqual({ ...DEFAULT_SESSION_LIMITS, maxComponentsPerSurface: 7 });
  const bad = { maxPayloadBytes: 0, maxNodes: -1, maxTreeDepth: Number.NaN, maxTemplateItems: '3' };
  for (const [key, value] of Object.entries(bad)) {
    expect(() => createSession(catalogs(), { limits: { [key]: value } as never })).toThrow(new RegExp(`limits\\.${key} must be a positive number`));
  }
});

describe('maxPayloadBytes', () => {
  test('a JSON text over the limit is refused before it is parsed', () => {
    const session = sessionWith({ maxPayloadBytes: 1_000 });
    const text = JSON.stringify(data('/x', 'y'.repeat(1_000)));
    const result = handleMessage(session, text);
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', message: expect.stringContaining('1000') } });
    expect(result.session.state).toBe(session.state);
  });

  test('the default: 4 MiB + 1 of JSON text is refused at once', () => {
    const session = sessionWith({});
    const text = `{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/x","value":"${'y'.repeat(4 * 1024 * 1024)}"}}`;
    expect(handleMessage(session, text)).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    // Refused on its length alone, before parsing: text that is not JSON at all gets the same
    // answer over the limit, and a parse error under it.
    const notJson = `{${'y'.repeat(4 * 1024 * 1024)}`;
    expect(handleMessage(session, notJson)).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', message: expect.stringContaining(String(4 * 1024 * 1024)) } });
    expect(handleMessage(session, '{yyy')).toMatchObject({ ok: false, error: { code: expect.not.stringMatching(/^LIMIT_EXCEEDED$/) } });
  });
});

describe('maxMessagesPerPayload', () => {
  test('a payload with one message too many is refused whole: none of its messages applies', () => {
    const session = sessionWith({ maxMessagesPerPayload: 5 });
    for (const payload of [Array.from({ length: 6 }, (_, i) => data(`/m${i}`, i)), { messages: Array.from({ length: 6 }, (_, i) => data(`/m${i}`, i)) }]) {
      const result = handleMessage(session, payload);
      expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', message: expect.stringContaining('limit is 5') } });
      expect(result.session.state).toBe(session.state);
    }
    expect(handleMessage(session, Array.from({ length: 5 }, (_, i) => data(`/m${i}`, i))).ok).toBe(true);
  });
});

describe('maxComponentsPerSurface', () => {
  test('an update that would pass the limit is refused whole, and the agent is told', () => {
    const session = sessionWith({ maxComponentsPerSurface: 10 });
    const many = Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, component: 'Text', text: 'x' }));
    expectRefused(session, components(many));
    // Replacing existing components does not count twice.
    expect(handleMessage(session, components(many.slice(0, 9))).ok).toBe(true);
  });

  test('createSurface with too many components fails', () => {
    const session = createSession(catalogs(), { limits: { maxComponentsPerSurface: 3 } });
    const result = handleMessage(session, { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC, components: Array.from({ length: 4 }, (_, i) => ({ id: `c${i}`, component: 'Divider' })) } });
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', surfaceId: 's' } });
    expect(surface(result.session, 's')).toBeUndefined();
  });
});

describe('maxValueDepth (nesting inside a message)', () => {
  test('a data value nested past the limit is refused at parse, and the agent is told', () => {
    const session = sessionWith({});
    const result = expectRefused(session, data('/deep', nested(DEFAULT_SESSION_LIMITS.maxValueDepth + 10)));
    expect(result.error.message).toMatch(/deeper than/);
  });

  test('a component nested past the limit is refused', () => {
    const session = sessionWith({ maxValueDepth: 10 });
    expectRefused(session, components([{ id: 'root', component: 'Text', text: 'x', extra: nested(20) }]));
  });

  test('100,000 levels of nesting come back as an error, not a stack overflow', () => {
    const session = sessionWith({});
    const result = handleMessage(session, data('/deep', nested(100_000)));
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    expect(result.session.state).toBe(session.state);
    const text = `{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/d","value":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    expect(handleMessage(session, text)).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
  });
});

describe('maxTreeDepth', () => {
  const chain = (depth: number) =>
    Array.from({ length: depth }, (_, i) => (i + 1 === depth ? { id: `n${i}`, component: 'Text', text: 'leaf' } : { id: i === 0 ? 'root' : `n${i}`, component: 'Column', children: [`n${i + 1}`] }));

  test('a component chain deeper than the limit is cut with a placeholder and a DEPTH_LIMIT diagnostic', () => {
    const session = createSession(catalogs(), { limits: { maxTreeDepth: 5 } });
    const result = handleMessage(session, { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC, components: chain(12) } });
    expect(result.ok).toBe(true);
    expect(diagnostics(result.effects, 'DEPTH_LIMIT')).toHaveLength(1);
    const tree = resolvedTree(result.session, 's');
    const cut = Object.values(tree?.nodes ?? {}).filter((n) => n.placeholder);
    expect(cut).toHaveLength(1);
    expect(Object.keys(tree?.nodes ?? {})).toHaveLength(7);
  });

  test('the default (64) holds on a 200-deep chain', () => {
    const session = createSession(catalogs());
    const result = handleMessage(session, { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC, components: chain(200) } });
    expect(diagnostics(result.effects, 'DEPTH_LIMIT')).toHaveLength(1);
    expect(Object.keys(resolvedTree(result.session, 's')?.nodes ?? {}).length).toBe(66);
  });
});

describe('maxTemplateItems and maxNodes', () => {
  const list = [
    { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
    { id: 'item', component: 'Text', text: { path: 'label' } },
  ];
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `#${i}` }));

  test('a template renders at most maxTemplateItems items, with a LIMIT_EXCEEDED diagnostic', () => {
    const session = sessionWith({ maxTemplateItems: 5 }, list, { items: items(3) });
    const result = handleMessage(session, data('/items', items(50)));
    expect(result.ok).toBe(true);
    expect(nodeOf(result.session, 'root').children).toHaveLength(5);
    expect(diagnostics(result.effects, 'LIMIT_EXCEEDED')).toEqual([expect.objectContaining({ payload: expect.objectContaining({ message: expect.stringContaining('only the first 5') }) })]);
  });

  test('a tree stops growing at maxNodes; the rest are placeholders with a diagnostic', () => {
    const session = sessionWith({ maxNodes: 20 }, list, { items: [] });
    const result = handleMessage(session, data('/items', items(100)));
    expect(result.ok).toBe(true);
    const nodes = Object.values(resolvedTree(result.session, 's')?.nodes ?? {});
    expect(nodes.filter((n) => !n.placeholder).length).toBeLessThanOrEqual(22);
    expect(diagnostics(result.effects, 'LIMIT_EXCEEDED').length).toBeGreaterThan(0);
  });
});

describe('maxDataDepth, path segments and array padding', () => {
  test('updateDataModel deeper than maxDataDepth (value and path together) is refused; the agent is told', () => {
    const session = sessionWith({ maxDataDepth: 8 });
    expectRefused(session, data('/a', nested(8)));
    expectRefused(session, data('/a/b/c/d/e/f/g/h/i', 1));
    expect(handleMessage(session, data('/a', nested(6))).ok).toBe(true);
  });

  test('createSurface with a data model deeper than maxDataDepth fails', () => {
    const session = createSession(catalogs(), { limits: { maxDataDepth: 4 } });
    const result = handleMessage(session, { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC, dataModel: nested(6) } });
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', surfaceId: 's' } });
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', surfaceId: 's' })]);
  });

  test('a user write deeper than maxDataDepth is refused', () => {
    const session = sessionWith({ maxDataDepth: 4 }, [{ id: 'root', component: 'TextField', label: 'x', value: { path: '/v' } }]);
    const result = write(session, 's', 'root', 'value', nested(10));
    expect(result.ok).toBe(false);
    // The same code as an agent's too-deep update gets: a limit, not bad data.
    if (!result.ok) expect(result.error).toMatchObject({ code: 'LIMIT_EXCEEDED', surfaceId: 's', message: expect.stringMatching(/deeper than 4/) });
  });

  test('a path with more than 64 segments is refused', () => {
    const session = sessionWith({ maxDataDepth: 1_000 });
    expectRefused(session, data('/a'.repeat(65), 1));
  });

  test('an index far past an array end cannot allocate a huge array', () => {
    const session = sessionWith({}, undefined, { list: [1, 2] });
    const result = handleMessage(session, data('/list/4294967294', 'x'));
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    expect(result.session.state).toBe(session.state);
    // A write within the padding limit allocates exactly up to its index.
    const padded = handleMessage(session, data('/list/1000', 'x'));
    expect(padded.ok).toBe(true);
    expect((surface(padded.session, 's')?.dataModel as { list: unknown[] }).list).toHaveLength(1001);
  });
});

describe('maxDataModelBytes', () => {
  test('an update that makes the model larger than the limit is refused; the agent is told', () => {
    const session = sessionWith({ maxDataModelBytes: 2_000 });
    expectRefused(session, data('/big', 'x'.repeat(2_000)));
    expect(handleMessage(session, data('/small', 'x'.repeat(1_000))).ok).toBe(true);
  });

  test('growth by many small updates is caught too', () => {
    let session = sessionWith({ maxDataModelBytes: 2_000 });
    let refused = false;
    for (let i = 0; i < 40 && !refused; i += 1) {
      const result = handleMessage(session, data(`/k${i}`, 'x'.repeat(100)));
      if (result.ok) session = result.session;
      else refused = result.error.code === 'LIMIT_EXCEEDED';
    }
    expect(refused).toBe(true);
    expect(JSON.stringify(surface(session, 's')?.dataModel).length).toBeLessThanOrEqual(2_000);
  });
});

describe('formatString: template length, nesting and fan-out', () => {
  const text = (value: unknown) => [{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value } } }];

  test('a template longer than 10,000 characters is LIMIT_EXCEEDED; the text is null', () => {
    const session = sessionWith({}, text('${/a}'.repeat(2_001)), { a: 'x' });
    expect(nodeOf(session, 'root').props.text).toBeNull();
    expect(resolvedTree(session, 's')?.diagnostics).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('too long') })]);
  });

  test('interpolations nested deeper than 32 are LIMIT_EXCEEDED', () => {
    const deep = `${'${formatString(value: '.repeat(40)}'x'${')}'.repeat(40)}`;
    const session = sessionWith({}, text(deep));
    expect(nodeOf(session, 'root').props.text).toBeNull();
    expect(resolvedTree(session, 's')?.diagnostics[0]).toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  test('a self-referencing template in the data model (exponential fan-out) stops at the call limits', () => {
    const bomb = '${formatString(value: ${/t})}${formatString(value: ${/t})}${formatString(value: ${/t})}';
    // Depth first, the first branch reaches the call-depth limit before any other runs: one
    // evaluation plus at most maxCallDepth + 1 calls, each reading /t once. With the surface's
    // work budget set to exactly that, a node after the bomb still renders only if it did no more.
    const work = 1 + 2 * (DEFAULT_EXPRESSION_LIMITS.maxCallDepth + 1);
    const session = sessionWith({ maxWorkPerSurface: work }, afterwards({ id: 'bomb', component: 'Text', text: { call: 'formatString', args: { value: { path: '/t' } } } }), { t: bomb });
    const node = nodeOf(session, 'bomb');
    expect(node.props.text === null || typeof node.props.text === 'string').toBe(true);
    expect(resolvedTree(session, 's')?.diagnostics).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', ref: 'bomb', message: expect.stringContaining(`deeper than ${DEFAULT_EXPRESSION_LIMITS.maxCallDepth}`) })]);
    expect(nodeOf(session, 'after').component).toBe('Text');
  });

  test('function calls nested past the value-depth limit are refused at parse', () => {
    let call: unknown = true;
    for (let i = 0; i < 40; i += 1) call = { call: 'not', args: { value: call } };
    const session = sessionWith({});
    expectRefused(session, components([{ id: 'root', component: 'Text', text: call }]));
  });
});

describe('regex: pattern length, input length and catastrophic backtracking', () => {
  const check = (pattern: string) => [
    { id: 'root', component: 'TextField', label: 'x', value: { path: '/v' }, checks: [{ condition: { call: 'regex', args: { value: { path: '/v' }, pattern } }, message: 'bad' }] },
  ];

  test('a pattern longer than 1,000 characters fails the check with LIMIT_EXCEEDED', () => {
    const session = sessionWith({}, check('a'.repeat(1_001)), { v: 'a' });
    const node = nodeOf(session, 'root');
    expect(node.isValid).toBe(false);
    expect(resolvedTree(session, 's')?.diagnostics[0]).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('too long') });
  });

  test('an input longer than 10,000 characters fails the check with LIMIT_EXCEEDED', () => {
    const session = sessionWith({}, check('^a+$'), { v: 'a'.repeat(10_001) });
    expect(nodeOf(session, 'root').isValid).toBe(false);
    expect(resolvedTree(session, 's')?.diagnostics[0]).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('too long') });
  });

  // The matcher's work is charged to the surface's regex budget, set here to what the check may
  // take: without backreferences a few steps per pattern character per input position (each
  // state of the program is visited once), with them the per-evaluation limit.
  test.each([
    ['(a+)+$', 'a'.repeat(9_999) + '!'],
    ['^(a|aa)*$', 'a'.repeat(9_999) + '!'],
    ['^(a|a)*$', 'a'.repeat(9_999) + '!'],
    ['(x+x+)+y', 'x'.repeat(9_999)],
    ['^(\\w+\\s?)*$', 'word '.repeat(1_999) + '!'],
    ['(.*a){20}', 'a'.repeat(9_999)],
    ['^(([a-z])+.)+[A-Z]([a-z])+$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.repeat(100)],
    ['(a*)*\\1$', 'a'.repeat(5_000) + 'b'],
  ])('%s on a long input is checked within a linear step budget (or the per-evaluation one)', (pattern, input) => {
    const steps = pattern.includes('\\1') ? DEFAULT_SESSION_LIMITS.maxRegexStepsPerEvaluation : 8 * pattern.length * (input.length + 1);
    const session = sessionWith({ maxRegexStepsPerSurface: steps }, afterwards(...check(pattern).map((c) => ({ ...c, id: 'field' }))), { v: input });
    const node = nodeOf(session, 'field');
    expect(node.validation).toHaveLength(1);
    expect(node.isValid === true || node.isValid === false).toBe(true);
    // Over the surface's budget, the node after the check would be a LIMIT_EXCEEDED placeholder.
    expect(nodeOf(session, 'after').component).toBe('Text');
    expect(resolvedTree(session, 's')?.diagnostics.map((d) => d.message)).not.toContainEqual(expect.stringContaining('is over a limit'));
  });

  test('an agent-supplied pattern that is not valid JavaScript fails the check, it does not throw', () => {
    for (const pattern of ['(', '[a-', '(?<=a', 'a{2,1}', '\\']) {
      const session = sessionWith({}, check(pattern), { v: 'a' });
      expect(nodeOf(session, 'root').isValid).toBe(false);
    }
  });
});

describe('user input is data', () => {
  test('a value JSON cannot carry (function, Date, Map, NaN, Infinity, a cycle, BigInt) is refused; the model stays JSON', () => {
    const session = sessionWith({}, [{ id: 'root', component: 'TextField', label: 'x', value: { path: '/v' } }], { v: 'before' });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const value of [() => 1, new Date(0), new Map([['a', 1]]), Number.NaN, Number.POSITIVE_INFINITY, cycle, 10n, { nested: Symbol('s') }]) {
      const result = write(session, 's', 'root', 'value', value);
      expect(result).toMatchObject({ ok: false, error: { code: 'DATA_ERROR' } });
    }
    expect(surface(session, 's')?.dataModel).toEqual({ v: 'before' });
  });
});
