import { runInNewContext } from 'node:vm';
import { deleteIn, getIn, isPlainObject, setIn, type DataResult } from '../../src/data';
import { deepFreeze } from './helpers';

const MODEL = deepFreeze({
  user: { name: 'Alice', settings: { theme: 'dark' }, tags: ['x'] },
  items: ['a', 'b', 'c'],
  other: { deep: { leaf: 1 } },
});

/** The new model of a successful write; fails the test otherwise. */
function written(result: DataResult): any {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

function errorOf(result: DataResult): { code: string; message: string } {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('getIn', () => {
  test('reads the root, nested keys and array elements', () => {
    expect(getIn(MODEL, '/')).toBe(MODEL);
    expect(getIn(MODEL, '')).toBe(MODEL);
    expect(getIn(MODEL, '/user/name')).toBe('Alice');
    expect(getIn(MODEL, '/user/settings')).toBe(MODEL.user.settings);
    expect(getIn(MODEL, '/items/2')).toBe('c');
    expect(getIn(MODEL, '/user/name/')).toBe('Alice');
  });

  test('reads relative paths from the root', () => {
    expect(getIn(MODEL, 'user/name')).toBe('Alice');
  });

  test('is undefined for anything absent', () => {
    for (const path of ['/nope', '/user/age', '/user/name/length', '/items/3', '/items/-', '/items/-1', '/items/01', '/items/length', '/items/x']) {
      expect(getIn(MODEL, path)).toBeUndefined();
    }
  });

  test('reads only own properties', () => {
    expect(getIn({}, '/toString')).toBeUndefined();
    expect(getIn({}, '/constructor')).toBeUndefined();
    expect(getIn({}, '/__proto__')).toBeUndefined();
    expect(getIn([], '/map')).toBeUndefined();
    expect(getIn(Object.create({ inherited: 1 }), '/inherited')).toBeUndefined();
  });

  test('does not look inside non-plain objects', () => {
    expect(getIn({ d: new Date(0) }, '/d/getTime')).toBeUndefined();
    expect(getIn({ m: new Map([['k', 1]]) }, '/m/k')).toBeUndefined();
  });

  test('reads through escaped keys', () => {
    const model = { 'a/b': { 'c~d': 1 } };
    expect(getIn(model, '/a~1b/c~0d')).toBe(1);
  });

  test('reads null as a value', () => {
    expect(getIn({ a: null }, '/a')).toBeNull();
    expect(getIn({ a: null }, '/a/b')).toBeUndefined();
  });
});

describe('setIn', () => {
  test('replaces an existing value and leaves the input untouched', () => {
    const next = written(setIn(MODEL, '/user/name', 'Bob'));
    expect(next.user.name).toBe('Bob');
    expect(MODEL.user.name).toBe('Alice');
  });

  test('shares every branch the write does not touch', () => {
    const next = written(setIn(MODEL, '/user/settings/theme', 'light'));
    expect(next).not.toBe(MODEL);
    expect(next.user).not.toBe(MODEL.user);
    expect(next.user.settings).not.toBe(MODEL.user.settings);
    expect(next.user.tags).toBe(MODEL.user.tags);
    expect(next.items).toBe(MODEL.items);
    expect(next.other).toBe(MODEL.other);
    expect(next.other.deep).toBe(MODEL.other.deep);
  });

  test('keeps the model itself when the value is already there', () => {
    expect(written(setIn(MODEL, '/user/name', 'Alice'))).toBe(MODEL);
    expect(written(setIn(MODEL, '/other', MODEL.other))).toBe(MODEL);
    expect(written(setIn(MODEL, '/', MODEL))).toBe(MODEL);
  });

  test('writes a value equal but not identical as a change', () => {
    const next = written(setIn(MODEL, '/other', { deep: { leaf: 1 } }));
    expect(next).not.toBe(MODEL);
    expect(next).toEqual(MODEL);
  });

  test('replaces the whole model at the root', () => {
    expect(written(setIn(MODEL, '/', { fresh: true }))).toEqual({ fresh: true });
    expect(written(setIn(MODEL, '', 7))).toBe(7);
  });

  test('keeps key order when replacing a key', () => {
    const next = written(setIn({ a: 1, b: 2, c: 3 }, '/b', 20));
    expect(Object.keys(next)).toEqual(['a', 'b', 'c']);
  });

  test('creates objects for key segments and arrays for index segments', () => {
    const next = written(setIn({}, '/a/b/0/c', 123));
    expect(next).toEqual({ a: { b: [{ c: 123 }] } });
    expect(Array.isArray(next.a.b)).toBe(true);
    expect(written(setIn({}, '/m/0/0', 'x'))).toEqual({ m: [['x']] });
    expect(written(setIn({}, '/k/-', 'x'))).toEqual({ k: { '-': 'x' } });
    expect(written(setIn({}, '/k/01', 'x'))).toEqual({ k: { '01': 'x' } });
  });

  test('creates a model when there is none', () => {
    expect(written(setIn(undefined, '/a', 1))).toEqual({ a: 1 });
    expect(written(setIn(undefined, '/0', 1))).toEqual([1]);
  });

  test('replaces a null on the way by a container', () => {
    expect(written(setIn({ a: null }, '/a/b', 1))).toEqual({ a: { b: 1 } });
    expect(written(setIn({ l: [null] }, '/l/0/name', 'n'))).toEqual({ l: [{ name: 'n' }] });
  });

  test('appends at an index equal to the length', () => {
    const next = written(setIn(MODEL, '/items/3', 'd'));
    expect(next.items).toEqual(['a', 'b', 'c', 'd']);
    expect(MODEL.items).toHaveLength(3);
  });

  test('pads with null up to an index past the end', () => {
    expect(written(setIn({ l: ['a'] }, '/l/3', 'd'))).toEqual({ l: ['a', null, null, 'd'] });
    expect(written(setIn({}, '/l/2', 'c'))).toEqual({ l: [null, null, 'c'] });
  });

  test('refuses to write through a primitive', () => {
    const error = errorOf(setIn(MODEL, '/user/name/first', 'A'));
    expect(error.code).toBe('DATA_ERROR');
    expect(error.message).toMatch(/Cannot set path '\/user\/name\/first': segment 'name' is a primitive value \(string\)/);
    expect(errorOf(setIn(MODEL, '/items/0/foo', 'bar')).message).toContain('Cannot set path');
    expect(errorOf(setIn(5, '/a', 1)).message).toContain('root is a primitive value');
    expect(errorOf(setIn({ d: new Date(0) }, '/d/x', 1)).code).toBe('DATA_ERROR');
  });

  test('refuses a non-index segment into an array', () => {
    for (const segment of ['foo', '-', '-1', '01', '1.5']) {
      const error = errorOf(setIn(MODEL, `/items/${segment}`, 'v'));
      expect(error.code).toBe('DATA_ERROR');
      expect(error.message).toContain(`Cannot use non-numeric segment '${segment}'`);
    }
    expect(errorOf(setIn(MODEL, '/items/foo/bar', 'v')).message).toContain('non-numeric segment');
  });

  test('treats undefined as a delete', () => {
    const next = written(setIn(MODEL, '/user/name', undefined));
    expect('name' in next.user).toBe(false);
  });

  test('accepts a relative path from the root and a trailing slash', () => {
    expect(written(setIn({}, 'a/b', 1))).toEqual({ a: { b: 1 } });
    expect(written(setIn({}, '/foo/', 'bar'))).toEqual({ foo: 'bar' });
  });

  test('writes escaped keys', () => {
    expect(written(setIn({}, '/a~1b/c~0d', 1))).toEqual({ 'a/b': { 'c~d': 1 } });
    expect(written(setIn({}, '/a~01b', 1))).toEqual({ 'a~1b': 1 });
    expect(written(setIn({}, '/x//', 1))).toEqual({ x: { '': 1 } });
  });

  test('stores the value itself, not a copy', () => {
    const value = { big: [1, 2, 3] };
    expect(written(setIn({}, '/v', value)).v).toBe(value);
  });
});

describe('deleteIn', () => {
  test('removes an object key and shares the rest', () => {
    const next = written(deleteIn(MODEL, '/user/name'));
    expect(next.user).toEqual({ settings: { theme: 'dark' }, tags: ['x'] });
    expect(next.user.settings).toBe(MODEL.user.settings);
    expect(next.items).toBe(MODEL.items);
    expect(MODEL.user.name).toBe('Alice');
  });

  test('removes a whole subtree', () => {
    const next = written(deleteIn(MODEL, '/user'));
    expect(Object.keys(next)).toEqual(['items', 'other']);
  });

  test('leaves null at an array index, keeping the length and later indices', () => {
    const next = written(deleteIn(MODEL, '/items/1'));
    expect(next.items).toEqual(['a', null, 'c']);
    expect(MODEL.items).toEqual(['a', 'b', 'c']);
    expect(written(deleteIn(MODEL, '/items/2')).items).toEqual(['a', 'b', null]);
  });

  test('gives an empty object for the root', () => {
    expect(written(deleteIn(MODEL, '/'))).toEqual({});
    expect(written(deleteIn(MODEL, ''))).toEqual({});
    const empty = {};
    expect(written(deleteIn(empty, '/'))).toBe(empty);
  });

  test('keeps the model itself when there is nothing to delete', () => {
    for (const path of ['/nope', '/user/age', '/user/name/first', '/items/9', '/items/x', '/a/b/c', '/items/-']) {
      expect(written(deleteIn(MODEL, path))).toBe(MODEL);
    }
    const withNull = { l: [null] };
    expect(written(deleteIn(withNull, '/l/0'))).toBe(withNull);
  });

  test('deletes escaped keys', () => {
    expect(written(deleteIn({ 'a/b': 1, c: 2 }, '/a~1b'))).toEqual({ c: 2 });
  });

  test('fails for a path that is not a string', () => {
    expect(errorOf(deleteIn(MODEL, 42)).code).toBe('DATA_ERROR');
  });
});

describe('isPlainObject', () => {
  test('accepts plain objects from any realm, and objects without a prototype', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isPlainObject(JSON.parse('{"a":1}'))).toBe(true);
    expect(isPlainObject(runInNewContext('({ a: 1 })'))).toBe(true);
  });

  test('rejects arrays, class instances and primitives', () => {
    class Box {}
    for (const value of [[], new Box(), new Date(0), new Map(), null, undefined, 'x', 1, () => 1]) {
      expect(isPlainObject(value)).toBe(false);
    }
  });
});
