import {
  escapeSegment,
  isAbsolutePath,
  isArrayIndex,
  joinPointer,
  normalizePath,
  pathsOverlap,
  resolvePath,
  splitPointer,
  unescapeSegment,
} from '../../src/data';
import fc from 'fast-check';
import { GARBAGE } from './helpers';

function isNotArray(value: unknown): boolean {
  try {
    return !Array.isArray(value);
  } catch {
    return true; // the revoked proxy
  }
}

describe('escapeSegment / unescapeSegment', () => {
  test.each([
    ['a/b', 'a~1b'],
    ['c~d', 'c~0d'],
    ['~1', '~01'],
    ['/~', '~1~0'],
    ['', ''],
    ['plain', 'plain'],
  ])('%j escapes to %j and back', (raw, escaped) => {
    expect(escapeSegment(raw)).toBe(escaped);
    expect(unescapeSegment(escaped)).toBe(raw);
  });

  test('decodes ~01 to ~1, not to a slash (RFC 6901 order)', () => {
    expect(unescapeSegment('a~01b')).toBe('a~1b');
    expect(unescapeSegment('~0~1')).toBe('~/');
  });

  test('keeps a tilde that starts no escape', () => {
    expect(unescapeSegment('a~2b~')).toBe('a~2b~');
  });
});

describe('splitPointer', () => {
  test.each([
    ['', []],
    ['/', []],
    ['.', []],
    ['./', []],
    ['/a', ['a']],
    ['/a/b/0', ['a', 'b', '0']],
    ['/a/', ['a']],
    ['//', ['']],
    ['/a//', ['a', '']],
    ['/a//b', ['a', '', 'b']],
    ['/a~1b/c~0d', ['a/b', 'c~d']],
    ['/.', ['.']],
    ['name', ['name']],
    ['a/b/', ['a', 'b']],
  ])('%j → %j', (path, segments) => {
    expect(splitPointer(path)).toEqual(segments);
  });

  test('is null for anything but a string', () => {
    for (const value of GARBAGE) expect(splitPointer(value)).toBeNull();
  });

  test('handles 100,000 segments', () => {
    expect(splitPointer('/a'.repeat(100_000))).toHaveLength(100_000);
  });
});

describe('joinPointer', () => {
  test.each([
    [[], '/'],
    [['a'], '/a'],
    [['a', 'b'], '/a/b'],
    [['a/b', 'c~d'], '/a~1b/c~0d'],
    [[''], '//'],
    [['a', ''], '/a//'],
  ])('%j → %j', (segments, path) => {
    expect(joinPointer(segments)).toBe(path);
  });

  test('round-trips any segments through splitPointer', () => {
    const samples = [[], [''], ['', ''], ['a', '', 'b'], ['~', '/', '~1', '~0/'], ['0', '-', '.'], ['x', '']];
    for (const segments of samples) expect(splitPointer(joinPointer(segments))).toEqual(segments);
  });

  test('is null unless given an array of strings', () => {
    for (const value of [...GARBAGE.filter(isNotArray), [1], ['a', null]]) {
      expect(joinPointer(value)).toBeNull();
    }
  });
});

describe('isAbsolutePath / isArrayIndex', () => {
  test('absolute paths start with a slash; "" and "." are relative', () => {
    expect(isAbsolutePath('/')).toBe(true);
    expect(isAbsolutePath('/a')).toBe(true);
    expect(isAbsolutePath('')).toBe(false);
    expect(isAbsolutePath('a/b')).toBe(false);
    for (const value of GARBAGE) expect(isAbsolutePath(value)).toBe(false);
  });

  test('array indices are 0 or digits without a leading zero', () => {
    for (const index of ['0', '1', '10', '123456789']) expect(isArrayIndex(index)).toBe(true);
    for (const other of ['', '-', '-1', '01', '1.0', '1e3', ' 1', 'a', '0x1']) expect(isArrayIndex(other)).toBe(false);
    expect(isArrayIndex(1)).toBe(false);
  });
});

describe('resolvePath', () => {
  test.each([
    ['name', '/items/0', '/items/0/name'],
    ['a/b', '/items/3', '/items/3/a/b'],
    ['.', '/items/0', '/items/0'],
    ['', '/items/0', '/items/0'],
    ['/company', '/employees/1', '/company'],
    ['/a/', '/x', '/a'],
    ['name', '/', '/name'],
    ['name', '', '/name'],
    ['a~1b', '/k~0', '/k~0/a~1b'],
    ['', '/', '/'],
  ])('%j in scope %j → %j', (path, scope, resolved) => {
    expect(resolvePath(path, scope)).toBe(resolved);
  });

  test('the shortcut for plain relative paths gives what parsing and joining give', () => {
    const segment = fc.stringMatching(/^[a-z0-9~/.]{0,3}$/);
    const text = fc.array(segment, { maxLength: 4 }).map((parts) => parts.join('/'));
    const scope = fc.oneof(fc.constant('/'), text.map((t) => `/${t}`), text);
    fc.assert(
      fc.property(text, scope, (path, base) => {
        const own = splitPointer(path);
        const parsedBase = splitPointer(base);
        const expected = path.startsWith('/') ? joinPointer(own) : joinPointer(parsedBase.concat(own));
        expect(resolvePath(path, base)).toBe(expected);
      }),
      { numRuns: 3_000, seed: 7 },
    );
  });

  test('the scope defaults to the root', () => {
    expect(resolvePath('user/name')).toBe('/user/name');
    expect(resolvePath('.')).toBe('/');
  });

  test('is null when the path or scope is not a string', () => {
    for (const value of GARBAGE) {
      if (value === undefined) continue; // an omitted scope is the root
      expect(resolvePath(value, '/')).toBeNull();
      expect(resolvePath('a', value)).toBeNull();
    }
    expect(resolvePath(undefined)).toBeNull();
  });
});

describe('normalizePath', () => {
  test.each([
    ['', '.'],
    ['.', '.'],
    ['/', '/'],
    ['/a/', '/a'],
    ['/a~2', '/a~02'],
    ['a/b/', 'a/b'],
    ['//', '//'],
    ['/a//', '/a//'],
  ])('%j → %j', (path, normal) => {
    expect(normalizePath(path)).toBe(normal);
  });

  test('is idempotent and keeps the meaning of the path', () => {
    for (const path of ['', '.', '/', '/a/', 'a//', '/x~1y/', '/a~2b', 'k']) {
      const once = normalizePath(path);
      expect(normalizePath(once)).toBe(once);
      expect(splitPointer(once)).toEqual(splitPointer(path));
      expect(isAbsolutePath(once)).toBe(isAbsolutePath(path));
    }
  });

  test('is null for a non-string', () => {
    for (const value of GARBAGE) expect(normalizePath(value)).toBeNull();
  });
});

describe('pathsOverlap', () => {
  test.each([
    ['/a', '/a', true],
    ['/a', '/a/b', true],
    ['/a/b/c', '/a', true],
    ['/', '/anything/at/all', true],
    ['/a/', '/a', true],
    ['/foo', '/foobar', false],
    ['/a/b', '/a/c', false],
    ['/items/1', '/items/10', false],
    ['a/b', '/a', true],
    ['/a~1b', '/a/b', false],
  ])('%j and %j → %j', (a, b, overlap) => {
    expect(pathsOverlap(a, b)).toBe(overlap);
    expect(pathsOverlap(b, a)).toBe(overlap);
  });

  test('a non-string overlaps nothing', () => {
    for (const value of GARBAGE) {
      expect(pathsOverlap(value, '/')).toBe(false);
      expect(pathsOverlap('/', value)).toBe(false);
    }
  });
});
