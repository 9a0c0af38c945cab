import { changedPaths, deleteIn, notificationsFor, pathsOverlap, setIn } from '../../src/data';
import { deepFreeze } from './helpers';

const MODEL = deepFreeze({
  user: { name: 'Alice', settings: { theme: 'dark' } },
  items: ['a', 'b'],
  foo: 1,
  foobar: 2,
});

function after(result: { ok: true; value: unknown } | { ok: false }): unknown {
  if (!result.ok) throw new Error('write failed');
  return result.value;
}

describe('notificationsFor', () => {
  const watched = ['/', '/user', '/user/name', '/user/settings', '/user/settings/theme', '/items', '/items/0', '/foo', '/foobar', '/absent'];

  test('bubbles to ancestors and spares siblings', () => {
    const next = after(setIn(MODEL, '/user/name', 'Bob'));
    expect(notificationsFor(MODEL, next, watched)).toEqual(['/', '/user', '/user/name']);
  });

  test('cascades to descendants whose value changed', () => {
    const next = after(setIn(MODEL, '/user/settings', { theme: 'light' }));
    expect(notificationsFor(MODEL, next, watched)).toEqual(['/', '/user', '/user/settings', '/user/settings/theme']);
  });

  test('leaves out a descendant whose value the replacement kept', () => {
    const next = after(setIn(MODEL, '/user', { name: 'Alice', settings: MODEL.user.settings }));
    expect(notificationsFor(MODEL, next, watched)).toEqual(['/', '/user']);
  });

  test('does not confuse a key with a longer sibling key', () => {
    const next = after(setIn(MODEL, '/foo', 99));
    expect(notificationsFor(MODEL, next, watched)).toEqual(['/', '/foo']);
  });

  test('reports each observer of a path, in order', () => {
    const next = after(setIn(MODEL, '/foo', 5));
    expect(notificationsFor(MODEL, next, ['/foo', '/foobar', '/foo', '/'])).toEqual(['/foo', '/foo', '/']);
  });

  test('fires for a path that comes into existence or goes away', () => {
    const created = after(setIn(MODEL, '/absent', 'now'));
    expect(notificationsFor(MODEL, created, ['/absent'])).toEqual(['/absent']);
    const removed = after(deleteIn(MODEL, '/user'));
    expect(notificationsFor(MODEL, removed, ['/user/settings/theme', '/items'])).toEqual(['/user/settings/theme']);
  });

  test('reports nothing for a write that changed nothing', () => {
    const same = after(setIn(MODEL, '/user/name', 'Alice'));
    expect(same).toBe(MODEL);
    expect(notificationsFor(MODEL, same, watched)).toEqual([]);
  });

  test('understands trailing slashes and relative paths as the same paths', () => {
    const next = after(setIn(MODEL, '/foo/', 3));
    expect(notificationsFor(MODEL, next, ['/foo/', 'foo', '/foo'])).toEqual(['/foo/', 'foo', '/foo']);
  });

  test('is a subset of the paths that overlap the written one', () => {
    const writes: [string, unknown][] = [['/user/name', 'X'], ['/items/1', 'z'], ['/user', {}], ['/', { other: true }], ['/new/deep/0', 1]];
    for (const [path, value] of writes) {
      const notified = notificationsFor(MODEL, after(setIn(MODEL, path, value)), watched);
      for (const p of notified) expect(pathsOverlap(p, path)).toBe(true);
    }
  });
});

describe('changedPaths', () => {
  test('lists the root, the ancestors and the written path', () => {
    const next = after(setIn(MODEL, '/user/settings/theme', 'light'));
    expect(changedPaths(MODEL, next, '/user/settings/theme')).toEqual(['/', '/user', '/user/settings', '/user/settings/theme']);
  });

  test('is empty for a write that changed nothing', () => {
    expect(changedPaths(MODEL, MODEL, '/user/name')).toEqual([]);
  });

  test('stops where the values stop differing', () => {
    const next = after(setIn(MODEL, '/user/name', 'Bob'));
    expect(changedPaths(MODEL, next, '/user/settings/theme')).toEqual(['/', '/user']);
  });

  test('names deleted and created paths canonically', () => {
    const removed = after(deleteIn(MODEL, '/user/name'));
    expect(changedPaths(MODEL, removed, '/user/name/')).toEqual(['/', '/user', '/user/name']);
    const created = after(setIn(MODEL, '/a~1b//c', 1));
    expect(changedPaths(MODEL, created, '/a~1b//c')).toEqual(['/', '/a~1b', '/a~1b//', '/a~1b//c']);
    const emptyKey = after(setIn(MODEL, '/k//', 1));
    expect(changedPaths(MODEL, emptyKey, '/k//')).toEqual(['/', '/k', '/k//']);
  });

  test('for a root replacement, lists the root', () => {
    expect(changedPaths(MODEL, { x: 1 }, '/')).toEqual(['/']);
  });
});
