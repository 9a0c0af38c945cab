/**
 * Immutable reads and writes by path, with structural sharing: a write copies only the containers
 * on the written path, every other branch keeps its identity, and the input is never mutated.
 * All loops are iterative and writes are bounded by {@link DataLimits}, so no input can overflow
 * the stack. The public functions never throw: failures come back as `{ ok: false, error }`.
 */
import { a2uiError, type A2uiError } from '../protocol/errors';
import { limitsOf, type DataLimits } from './limits';
import { isArrayIndex, joinPointer, splitPointer } from './pointer';
import { recordWrite, writeChanges } from './writeOrigin';
import {
  childAt,
  hasOwn,
  isContainer,
  isPlainObject,
  kindOf,
  measureHeight,
  withIndex,
  withKey,
  withoutKey,
  type DataObject,
  type Height,
} from './values';

/** The outcome of a write: the new model, or why nothing was written. */
export type DataResult = { ok: true; value: unknown } | { ok: false; error: A2uiError };

/** The value at `path` (absolute, or relative to the root), or undefined when there is none. */
export function getIn(model: unknown, path: unknown): unknown {
  const segments = splitPointer(path);
  return segments === null ? undefined : getAt(model, segments);
}

/** The value at already-parsed `segments`, or undefined when there is none (see {@link getIn}). */
export function getAt(model: unknown, segments: readonly string[]): unknown {
  try {
    let node = model;
    for (const segment of segments) {
      node = childAt(node, segment);
      if (node === undefined) return undefined;
    }
    return node;
  } catch {
    // Only a model holding throwing getters or proxies gets here; such a value is unreadable.
    return undefined;
  }
}

/**
 * `model` with `value` at `path`. Missing (or null) containers on the way are created: an array
 * when the segment that indexes them is an array index, an object otherwise. Writing at the root
 * returns `value`; an index past an array's end pads the gap with null (up to maxArrayPadding);
 * `undefined` deletes, as {@link deleteIn}. Writing the value already there returns `model` itself.
 */
export function setIn(model: unknown, path: unknown, value: unknown, options?: Partial<DataLimits>): DataResult {
  if (value === undefined) return deleteIn(model, path, options);
  try {
    return writeValue(model, path, value, limitsOf(options));
  } catch (cause) {
    return failed('DATA_ERROR', `Cannot set path ${describePath(path)}: ${reasonOf(cause)}`);
  }
}

/**
 * `model` without the value at `path`. An object loses the key; an array keeps its length and
 * gets null at the index (JSON has no holes, and later indices keep meaning the same items).
 * Deleting the root gives `{}`. Deleting what is not there returns `model` itself.
 */
export function deleteIn(model: unknown, path: unknown, options?: Partial<DataLimits>): DataResult {
  try {
    return removeValue(model, path, limitsOf(options));
  } catch (cause) {
    return failed('DATA_ERROR', `Cannot delete path ${describePath(path)}: ${reasonOf(cause)}`);
  }
}

function writeValue(model: unknown, path: unknown, value: unknown, limits: DataLimits): DataResult {
  const parsed = parseForWrite(path, limits);
  if (!parsed.ok) return parsed;
  const segments = parsed.segments;
  // The containers on the path count towards the depth as much as those inside the value.
  const room = limits.maxDepth - segments.length;
  const height: Height = room < 0 ? { ok: false, reason: 'depth' } : measureHeight(value, room);
  if (!height.ok && height.reason === 'cycle') {
    return failed('DATA_ERROR', `Cannot set path ${describePath(path)}: the value contains a cycle`);
  }
  if (!height.ok) {
    return failed(
      'LIMIT_EXCEEDED',
      `Cannot set path ${describePath(path)}: the data model would nest deeper than ${limits.maxDepth} levels`,
    );
  }
  if (segments.length === 0) return { ok: true, value: Object.is(model, value) ? model : value };
  const spine = readSpine(model, segments, path, limits);
  if (!spine.ok) return spine;
  // Writing what is already there keeps the model's identity, so nothing downstream recomputes.
  const old = lastChild(spine.containers, segments);
  if (old.present && Object.is(old.value, value)) return { ok: true, value: model };
  const written = rebuild(spine.containers, segments, value);
  recordWrite(model, written, writeChanges(spine.containers, segments));
  return { ok: true, value: written };
}

function removeValue(model: unknown, path: unknown, limits: DataLimits): DataResult {
  const parsed = parseForWrite(path, limits);
  if (!parsed.ok) return parsed;
  const segments = parsed.segments;
  if (segments.length === 0) {
    const alreadyEmpty = isPlainObject(model) && Object.keys(model).length === 0;
    return { ok: true, value: alreadyEmpty ? model : {} };
  }
  // Walk without creating anything: when a container on the way is missing, so is the target.
  const containers: unknown[] = [];
  let node = model;
  for (const segment of segments) {
    if (!isContainer(node)) return { ok: true, value: model };
    containers.push(node);
    node = childAt(node, segment);
  }
  const parent = containers[containers.length - 1];
  const key = segments[segments.length - 1]!;
  let replaced: unknown;
  if (Array.isArray(parent)) {
    const index = Number(key);
    if (!isArrayIndex(key) || index >= parent.length || parent[index] === null) return { ok: true, value: model };
    replaced = withIndex(parent, index, null);
  } else {
    if (!hasOwn(parent as DataObject, key)) return { ok: true, value: model };
    replaced = withoutKey(parent as DataObject, key);
  }
  const removed = rebuild(containers.slice(0, -1), segments.slice(0, -1), replaced);
  // A removed key, or null at an index (lengths stay): nothing outside the path changes.
  recordWrite(model, removed, [{ segments, shallow: false }]);
  return { ok: true, value: removed };
}

type Parsed = { ok: true; segments: string[] } | { ok: false; error: A2uiError };

function parseForWrite(path: unknown, limits: DataLimits): Parsed {
  const segments = splitPointer(path);
  if (segments === null) return failed('DATA_ERROR', `A data path must be a string, not ${kindOf(path)}`);
  if (segments.length > limits.maxPathSegments) {
    return failed(
      'LIMIT_EXCEEDED',
      `A data path may have at most ${limits.maxPathSegments} segments; this one has ${segments.length}`,
    );
  }
  // An own "__proto__" key is data to us, but not to code that copies state by assignment
  // (Redux Toolkit's development checks among it), which reads it as the prototype.
  if (segments.includes('__proto__')) return failed('DATA_ERROR', `Forbidden path segment '__proto__' in ${describePath(path)}`);
  return { ok: true, segments };
}

type Spine = { ok: true; containers: unknown[] } | { ok: false; error: A2uiError };

/**
 * The existing value at each proper prefix of the path (undefined where it is missing), checking
 * that the write can go through each of them.
 */
function readSpine(model: unknown, segments: readonly string[], path: unknown, limits: DataLimits): Spine {
  const containers: unknown[] = [];
  let node = model;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i]!;
    // null is JSON's "nothing here", so it is replaced by a container like a missing value.
    const current = node === null ? undefined : node;
    containers.push(current);
    if (current !== undefined && !isContainer(current)) {
      const holder = i === 0 ? 'the data model root' : `segment '${segments[i - 1]}'`;
      return failed('DATA_ERROR', `Cannot set path ${describePath(path)}: ${holder} is a primitive value (${kindOf(current)})`);
    }
    const length = Array.isArray(current) ? current.length : 0;
    if (Array.isArray(current) && !isArrayIndex(segment)) {
      return failed(
        'DATA_ERROR',
        `Cannot use non-numeric segment '${segment}' to index the array at '${prefixOf(segments, i)}' ` +
          `(setting ${describePath(path)}); array indices are 0 or digits without a leading zero`,
      );
    }
    if ((current === undefined || Array.isArray(current)) && isArrayIndex(segment)) {
      const gap = Number(segment) - length;
      if (gap > limits.maxArrayPadding) {
        return failed(
          'LIMIT_EXCEEDED',
          `Cannot set path ${describePath(path)}: index ${segment} is ${gap} past the end of the array at ` +
            `'${prefixOf(segments, i)}'; at most ${limits.maxArrayPadding} elements may be padded`,
        );
      }
    }
    node = current === undefined ? undefined : childAt(current, segment);
  }
  return { ok: true, containers };
}

function lastChild(containers: readonly unknown[], segments: readonly string[]): { present: boolean; value: unknown } {
  const parent = containers[containers.length - 1];
  const key = segments[segments.length - 1]!;
  if (Array.isArray(parent)) {
    const index = Number(key);
    return { present: index < parent.length, value: parent[index] };
  }
  if (isPlainObject(parent) && hasOwn(parent, key)) return { present: true, value: parent[key] };
  return { present: false, value: undefined };
}

/** Copies the containers of the spine bottom-up around the new child; absent ones are created. */
function rebuild(containers: readonly unknown[], segments: readonly string[], leaf: unknown): unknown {
  let child = leaf;
  for (let i = segments.length - 1; i >= 0; i -= 1) {
    const segment = segments[i]!;
    const existing = containers[i];
    const container = isContainer(existing) ? existing : isArrayIndex(segment) ? [] : {};
    child = Array.isArray(container)
      ? withIndex(container, Number(segment), child)
      : withKey(container as DataObject, segment, child);
  }
  return child;
}

function prefixOf(segments: readonly string[], count: number): string {
  return joinPointer(segments.slice(0, count));
}

function describePath(path: unknown): string {
  if (typeof path !== 'string') return `(${kindOf(path)})`;
  // Quote long paths only in part: a message must stay readable, and a path may be huge.
  return path.length > 200 ? `'${path.slice(0, 200)}…'` : `'${path}'`;
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : 'the model could not be read';
}

function failed(code: 'DATA_ERROR' | 'LIMIT_EXCEEDED', message: string): { ok: false; error: A2uiError } {
  return { ok: false, error: a2uiError(code, message) };
}
