/**
 * Keys that name prototype machinery are plain data, and garbage input never throws.
 */
import {
  applyDataUpdate,
  changedPaths,
  deleteIn,
  getIn,
  notificationsFor,
  setIn,
  type DataResult,
} from '../../src/data';
import { deepFreeze, GARBAGE } from './helpers';

function written(result: DataResult | { ok: true; value: unknown } | { ok: false }): any {
  if (!result.ok) throw new Error('expected success');
  return result.value;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const objectPrototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

afterEach(() => {
  // Nothing any test here did may have reached Object.prototype or Array.prototype.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectPrototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(typeof Object.prototype.toString).toBe('function');
});

describe('prototype-named keys are ordinary own properties, except __proto__', () => {
  const OWN_KEYS = PROTO_KEYS.filter((key) => key !== '__proto__');

  test.each(OWN_KEYS)('%s can be written, read and deleted', (key) => {
    const model = written(setIn({}, `/${key}/polluted`, 'hacked'));
    expect(Object.keys(model)).toEqual([key]);
    expect(Object.prototype.hasOwnProperty.call(model, key)).toBe(true);
    expect(Object.getPrototypeOf(model)).toBe(Object.prototype);
    expect(getIn(model, `/${key}/polluted`)).toBe('hacked');
    expect(JSON.parse(JSON.stringify(model))).toEqual(JSON.parse(`{"${key}":{"polluted":"hacked"}}`));
    const emptied = written(deleteIn(model, `/${key}`));
    expect(Object.keys(emptied)).toEqual([]);
    expect(getIn(emptied, `/${key}`)).toBeUndefined();
  });

  test('the legacy suite\'s attack paths only create data', () => {
    const model = written(setIn({}, '/constructor/prototype/polluted', 'hacked'));
    expect(getIn(model, '/constructor/prototype/polluted')).toBe('hacked');
    expect(model.constructor).not.toBe(Object);
    const user = written(setIn({ user: {} }, '/user/prototype/polluted', 'hacked'));
    expect(Object.getPrototypeOf(user.user)).toBe(Object.prototype);
  });

  // State with an own "__proto__" key breaks code that copies by assignment (Redux Toolkit's
  // development checks report a mutation that never happened), so no write may create one.
  test.each(['/__proto__', '/__proto__/polluted', '/a/__proto__', '/items/0/__proto__/x', '/__proto__/__proto__'])('a write or delete at %s is refused as a forbidden segment', (path) => {
    const model = deepFreeze({ a: {}, items: [{}] });
    for (const result of [setIn(model, path, 1), setIn(model, path, { x: 1 }), deleteIn(model, path), applyDataUpdate(model, path, 1), applyDataUpdate(model, path, null)]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'DATA_ERROR', message: expect.stringContaining("Forbidden path segment '__proto__'") } });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('a __proto__ key already in a model is read as data, never as the prototype', () => {
    const model = deepFreeze(JSON.parse('{"__proto__": {"a": 1}, "b": 2}'));
    expect(getIn(model, '/__proto__/a')).toBe(1);
    expect(getIn({}, '/__proto__/polluted')).toBeUndefined();
    expect(written(setIn(model, '/b', 3))).toMatchObject({ b: 3 });
  });

  test('inherited members are never read', () => {
    for (const key of ['toString', 'hasOwnProperty', 'valueOf', '__proto__', 'constructor']) {
      expect(getIn({}, `/${key}`)).toBeUndefined();
      expect(getIn({ a: {} }, `/a/${key}`)).toBeUndefined();
    }
  });

  test('objects without a prototype work as containers', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.a = 1;
    expect(getIn(bare, '/a')).toBe(1);
    expect(written(setIn(bare, '/b', 2))).toEqual({ a: 1, b: 2 });
  });
});

describe('garbage in, no throw out', () => {
  test('getIn', () => {
    for (const model of GARBAGE) for (const path of [...GARBAGE, '/a', '/0', '']) expect(() => getIn(model, path)).not.toThrow();
  });

  test('setIn and deleteIn return errors for non-string paths', () => {
    for (const path of GARBAGE) {
      const set = setIn({}, path, 1);
      const del = deleteIn({}, path);
      expect(set.ok).toBe(false);
      expect(del.ok).toBe(false);
    }
  });

  test('setIn, deleteIn and applyDataUpdate take any model and value', () => {
    for (const model of GARBAGE) {
      for (const value of GARBAGE) {
        expect(() => setIn(model, '/a/0', value)).not.toThrow();
        expect(() => deleteIn(model, '/a')).not.toThrow();
        expect(() => applyDataUpdate(model, '/a', value)).not.toThrow();
        expect(() => applyDataUpdate(model, value as string, 1)).not.toThrow();
      }
    }
  });

  test('options of the wrong shape fall back to the defaults', () => {
    for (const options of GARBAGE) {
      expect(setIn({}, '/a', 1, options as object)).toEqual({ ok: true, value: { a: 1 } });
    }
    expect(setIn({}, '/a', 1, { maxDepth: -1, maxPathSegments: Number.NaN })).toEqual({ ok: true, value: { a: 1 } });
  });

  test('notificationsFor and changedPaths', () => {
    for (const a of GARBAGE) {
      for (const b of GARBAGE) {
        expect(() => notificationsFor(a, b, GARBAGE as string[])).not.toThrow();
        expect(() => notificationsFor(a, b, a as string[])).not.toThrow();
        expect(() => changedPaths(a, b, b as string)).not.toThrow();
      }
    }
  });

  test('cyclic models can be read and written beside the cycle', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(getIn(cyclic, '/self/self/self/name')).toBe('loop');
    const next = written(setIn(cyclic, '/self/name', 'changed'));
    expect(getIn(next, '/self/name')).toBe('changed');
    expect(getIn(next, '/self/self')).toBe(cyclic);
    expect(notificationsFor(cyclic, next, ['/self/name', '/name'])).toEqual(['/self/name']);
    expect(changedPaths(cyclic, next, '/self/name')).toEqual(['/', '/self', '/self/name']);
  });

  test('a cyclic value is refused, not followed', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = setIn({}, '/a', cyclic);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual({ code: 'DATA_ERROR', message: "Cannot set path '/a': the value contains a cycle" });
    const list: unknown[] = [];
    list.push({ back: list });
    expect(setIn({}, '/l', list).ok).toBe(false);
  });

  test('models with throwing getters or revoked proxies do not throw', () => {
    const trap = {};
    Object.defineProperty(trap, 'boom', { enumerable: true, get: () => { throw new Error('getter'); } });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const model of [trap, { nested: trap }, proxy, { p: proxy }]) {
      expect(() => getIn(model, '/boom/x')).not.toThrow();
      expect(() => getIn(model, '/p/x')).not.toThrow();
      expect(() => setIn(model, '/boom/x', 1)).not.toThrow();
      expect(() => setIn(model, '/nested/boom/x', 1)).not.toThrow();
      expect(() => setIn(model, '/p/x', 1)).not.toThrow();
      expect(() => deleteIn(model, '/boom')).not.toThrow();
      expect(() => changedPaths(model, {}, '/boom/x')).not.toThrow();
      expect(() => notificationsFor(model, {}, ['/boom', '/p/x'])).not.toThrow();
    }
    expect(() => setIn({}, '/v', trap)).not.toThrow();
    expect(() => setIn({}, '/v', { inner: proxy })).not.toThrow();
  });
});
