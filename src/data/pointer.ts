/**
 * JSON Pointers (RFC 6901) as A2UI uses them: absolute paths start with '/', relative paths
 * (inside a template's scope) do not. Two A2UI readings on top of the RFC:
 * - '/' and '' both name the root, and one trailing slash is not a segment ('/foo/' is '/foo');
 * - a relative '' or '.' names the scope itself.
 * Parsing is lenient: a '~' that does not start '~0' or '~1' is kept as a literal character, so
 * every string is a path and these functions are total.
 */

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/** Encodes one key for use inside a pointer ('~' → '~0', '/' → '~1'). */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Decodes one pointer segment; a single pass, so '~01' becomes '~1' and never '/'. */
export function unescapeSegment(segment: string): string {
  // Most segments hold no escape; skipping the regex matters on hot paths (every binding read).
  if (!segment.includes('~')) return segment;
  return segment.replace(/~([01])/g, (_match, digit: string) => (digit === '0' ? '~' : '/'));
}

/** Whether a segment is an array index as RFC 6901 writes it: '0' or digits without a leading zero. */
export function isArrayIndex(segment: unknown): segment is string {
  return typeof segment === 'string' && ARRAY_INDEX.test(segment);
}

/** Whether a path is absolute (starts with '/'); '' is relative, the scope itself. */
export function isAbsolutePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/');
}

/** Decoded segments of an absolute or relative path; the root or the scope itself is []. Null for a non-string. */
export function splitPointer(path: string): string[];
export function splitPointer(path: unknown): string[] | null;
export function splitPointer(path: unknown): string[] | null {
  if (typeof path !== 'string') return null;
  if (path === '/') return [];
  const absolute = path.startsWith('/');
  let body = absolute ? path.slice(1) : path;
  if (body.endsWith('/')) body = body.slice(0, -1);
  if (!absolute && (body === '' || body === '.')) return [];
  const segments = body.split('/');
  return body.includes('~') ? segments.map(unescapeSegment) : segments;
}

/** The absolute pointer of some segments ('/' for none); null unless given an array of strings. */
export function joinPointer(segments: readonly string[]): string;
export function joinPointer(segments: unknown): string | null;
export function joinPointer(segments: unknown): string | null {
  if (!isStringArray(segments)) return null;
  const joined = `/${(segments as string[]).map(escapeSegment).join('/')}`;
  // An empty last key needs one more slash, because one trailing slash is dropped when parsing.
  return segments.length > 0 && segments[segments.length - 1] === '' ? `${joined}/` : joined;
}

function isStringArray(value: unknown): value is string[] {
  try {
    return Array.isArray(value) && value.every((s) => typeof s === 'string');
  } catch {
    return false; // a revoked proxy
  }
}

/**
 * The absolute path a binding refers to: an absolute path as is, a relative one appended to
 * `scope` (an absolute path; '/' when omitted). The result is canonical (see normalizePath).
 * Null when an argument is not a string.
 * @example resolvePath('name', '/items/0') // '/items/0/name'
 */
export function resolvePath(path: string, scope?: string): string;
export function resolvePath(path: unknown, scope?: unknown): string | null;
export function resolvePath(path: unknown, scope: unknown = '/'): string | null {
  // The common case in templates, a plain relative path in a canonical scope ('label' in
  // '/rows/12'), needs no parsing: joining the parsed segments gives back the same text.
  if (typeof path === 'string' && typeof scope === 'string' && isPlainRelative(path) && isPlainScope(scope)) {
    return scope === '/' ? `/${path}` : `${scope}/${path}`;
  }
  const own = splitPointer(path);
  const base = splitPointer(scope);
  if (own === null || base === null) return null;
  return joinPointer(isAbsolutePath(path) ? own : base.concat(own));
}

/** A relative path that parses to its own text: no escapes, no trailing slash, not the scope itself. */
function isPlainRelative(path: string): boolean {
  return path !== '' && path !== '.' && !path.startsWith('/') && !path.endsWith('/') && !path.includes('~');
}

/** An absolute path in canonical spelling: '/' or '/a/b' without escapes or a trailing slash. */
function isPlainScope(scope: string): boolean {
  return scope === '/' || (scope.startsWith('/') && !scope.endsWith('/') && !scope.includes('~'));
}

/**
 * The canonical spelling of a path: absolute paths as '/' or '/a/b' (no trailing slash, minimal
 * escapes), relative ones as 'a/b' or '.' for the scope itself. Null for a non-string.
 */
export function normalizePath(path: string): string;
export function normalizePath(path: unknown): string | null;
export function normalizePath(path: unknown): string | null {
  const segments = splitPointer(path);
  if (segments === null) return null;
  if (isAbsolutePath(path)) return joinPointer(segments);
  return segments.length === 0 ? '.' : joinPointer(segments).slice(1);
}

/**
 * Whether a change at one path can change the value at the other: they are equal, or one is an
 * ancestor of the other. Compared by segment, so '/foo' and '/foobar' do not overlap. Relative
 * paths count from the root; a non-string overlaps nothing.
 */
export function pathsOverlap(a: unknown, b: unknown): boolean {
  const left = splitPointer(a);
  const right = splitPointer(b);
  if (left === null || right === null) return false;
  const shared = Math.min(left.length, right.length);
  for (let i = 0; i < shared; i += 1) if (left[i] !== right[i]) return false;
  return true;
}
