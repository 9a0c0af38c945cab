import {
  DEFAULT_DATA_LIMITS,
  DEFAULT_MAX_ARRAY_PADDING,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_PATH_SEGMENTS,
  applyDataUpdate,
  deleteIn,
  getIn,
  setIn,
  type DataResult,
} from '../../src/data';
import { nested } from './helpers';

function codeOf(result: DataResult | { ok: boolean; error?: { code: string } }): string | undefined {
  return result.ok ? undefined : (result as { error: { code: string } }).error.code;
}

describe('documented defaults', () => {
  test('are exported and gathered in DEFAULT_DATA_LIMITS', () => {
    expect(DEFAULT_DATA_LIMITS).toEqual({
      maxDepth: DEFAULT_MAX_DEPTH,
      maxPathSegments: DEFAULT_MAX_PATH_SEGMENTS,
      maxArrayPadding: DEFAULT_MAX_ARRAY_PADDING,
    });
    expect([DEFAULT_MAX_DEPTH, DEFAULT_MAX_PATH_SEGMENTS, DEFAULT_MAX_ARRAY_PADDING]).toEqual([64, 64, 1000]);
    expect(Object.isFrozen(DEFAULT_DATA_LIMITS)).toBe(true);
  });
});

describe('maxDepth', () => {
  test('a value 100,000 levels deep is refused without exhausting the stack', () => {
    const result = setIn({}, '/a', nested(100_000));
    expect(codeOf(result)).toBe('LIMIT_EXCEEDED');
    expect(result.ok ? '' : result.error.message).toContain('deeper than 64 levels');
    expect(codeOf(applyDataUpdate({}, undefined, nested(100_000)))).toBe('LIMIT_EXCEEDED');
  });

  test('counts the path and the value together, up to the limit exactly', () => {
    // nested(n) holds n containers; at /a it sits below the root's 1.
    expect(setIn({}, '/a', nested(DEFAULT_MAX_DEPTH - 1)).ok).toBe(true);
    expect(codeOf(setIn({}, '/a', nested(DEFAULT_MAX_DEPTH)))).toBe('LIMIT_EXCEEDED');
    expect(setIn({}, '/', nested(DEFAULT_MAX_DEPTH)).ok).toBe(true);
    expect(codeOf(setIn({}, '/', nested(DEFAULT_MAX_DEPTH + 1)))).toBe('LIMIT_EXCEEDED');
    expect(setIn({}, '/a/b/c', nested(2)).ok).toBe(true);
  });

  test('an empty container counts one level, a primitive none', () => {
    expect(setIn({}, '/a', {}, { maxDepth: 2 }).ok).toBe(true);
    expect(codeOf(setIn({}, '/a', { b: [] }, { maxDepth: 2 }))).toBe('LIMIT_EXCEEDED');
    expect(setIn({}, '/a/b', 'leaf', { maxDepth: 2 }).ok).toBe(true);
    expect(codeOf(setIn({}, '/a/b/c', 'leaf', { maxDepth: 2 }))).toBe('LIMIT_EXCEEDED');
  });

  test('a value sharing subtrees many times is measured once per subtree', () => {
    // 2^60 paths from the top, but only 60 distinct objects. Each object counts how often its
    // keys are listed (a Proxy that passes everything through), which is what measuring costs.
    let listings = 0;
    const counted = <T extends object>(target: T): T => new Proxy(target, { ownKeys: (t) => ((listings += 1), Reflect.ownKeys(t)) });
    let shared: unknown = 'leaf';
    for (let i = 0; i < 60; i += 1) shared = counted({ left: shared, right: shared });
    expect(setIn({}, '/a', shared).ok).toBe(true);
    expect(listings).toBe(60);
    listings = 0;
    expect(codeOf(setIn({}, '/a', shared, { maxDepth: 30 }))).toBe('LIMIT_EXCEEDED');
    // Measuring stops at the limit: below '/a' there is room for 29 levels, and no more are opened.
    expect(listings).toBeLessThanOrEqual(29);
  });

  test('a shared subtree met again deeper still counts at its deeper place', () => {
    const deep = nested(3);
    const value = { first: deep, later: { x: { x: deep } } };
    expect(setIn({}, '/', value, { maxDepth: 6 }).ok).toBe(true);
    expect(codeOf(setIn({}, '/', value, { maxDepth: 5 }))).toBe('LIMIT_EXCEEDED');
  });

  test('can be raised', () => {
    expect(setIn({}, '/a', nested(500), { maxDepth: 1000 }).ok).toBe(true);
  });
});

describe('maxPathSegments', () => {
  const longPath = '/a'.repeat(100_000);

  test('a 100,000-segment path is refused for writes and deletes', () => {
    expect(codeOf(setIn({}, longPath, 1))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(deleteIn({}, longPath))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(applyDataUpdate({}, longPath, 1))).toBe('LIMIT_EXCEEDED');
    const result = setIn({}, longPath, 1);
    expect(result.ok ? '' : result.error.message).toBe('A data path may have at most 64 segments; this one has 100000');
  });

  test('a 100,000-segment path reads as absent, iteratively', () => {
    expect(getIn({}, longPath)).toBeUndefined();
    let model: unknown = 'bottom';
    for (let i = 0; i < 100_000; i += 1) model = { a: model };
    expect(getIn(model, longPath)).toBe('bottom');
  });

  test('is exact at the limit, and configurable', () => {
    expect(setIn({}, '/a'.repeat(64), 1).ok).toBe(true);
    expect(codeOf(setIn({}, '/a'.repeat(65), 1))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(setIn({}, '/a/b/c', 1, { maxPathSegments: 2 }))).toBe('LIMIT_EXCEEDED');
  });
});

describe('maxArrayPadding', () => {
  test('a huge index is refused instead of allocating', () => {
    expect(codeOf(setIn({ items: [] }, '/items/999999999', 'x'))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(setIn({}, '/items/99999999999999999999', 'x'))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(setIn({}, '/a/5000/b', 'x'))).toBe('LIMIT_EXCEEDED');
  });

  test('allows exactly the limit of padding, counted from the current length', () => {
    const padded = setIn({ l: [1, 2] }, `/l/${2 + DEFAULT_MAX_ARRAY_PADDING}`, 'x');
    expect(padded.ok).toBe(true);
    expect(padded.ok && (getIn(padded.value, '/l') as unknown[]).length).toBe(DEFAULT_MAX_ARRAY_PADDING + 3);
    expect(codeOf(setIn({ l: [1, 2] }, `/l/${3 + DEFAULT_MAX_ARRAY_PADDING}`, 'x'))).toBe('LIMIT_EXCEEDED');
  });

  test('0 means writes may only replace or append', () => {
    expect(setIn({ l: ['a'] }, '/l/1', 'b', { maxArrayPadding: 0 }).ok).toBe(true);
    expect(codeOf(setIn({ l: ['a'] }, '/l/2', 'c', { maxArrayPadding: 0 }))).toBe('LIMIT_EXCEEDED');
  });
});
