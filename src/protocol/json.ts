/**
 * Turns an untrusted value into a fresh, plain JSON tree, or says where and why it cannot.
 * Everything downstream (zod, the validators, the processor) then only sees plain data: no
 * getters that throw, no cycles, no class instances, and no nesting deep enough to exhaust the
 * stack of a recursive walker.
 */
import { appendPointer } from './pointer';
import { errorText } from '../util/errors';
import { isPlainObject } from '../util/records';

export { errorText, isPlainObject };

/** A JSON value: what survives `JSON.parse`. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Why a value could not be copied as JSON. */
export type JsonCopyFailure = {
  ok: false;
  /**
   * `notJson`: a value JSON cannot carry; `tooDeep` / `tooLarge`: over the depth / size limit;
   * `forbiddenKey`: a `__proto__` key (dropped or misread by too many consumers to pass on).
   */
  kind: 'notJson' | 'tooDeep' | 'tooLarge' | 'forbiddenKey';
  /** JSON Pointer of the offending value, relative to the copied value. */
  path: string;
  reason: string;
};

/** Result of {@link toJsonValue}. */
export type JsonCopyResult = { ok: true; value: JsonValue } | JsonCopyFailure;

/** Default nesting limit: far above real payloads, far below what a recursive walker can take. */
export const DEFAULT_MAX_JSON_DEPTH = 128;

/** Describes the JSON-ish type of a value for error messages: `null`, `array`, `object`, `string`, … */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}


function constructorName(value: object): string {
  try {
    const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? name : 'object';
  } catch {
    return 'object';
  }
}

function fail(kind: JsonCopyFailure['kind'], path: string, reason: string): JsonCopyFailure {
  return { ok: false, kind, path, reason };
}

interface Walk {
  readonly maxDepth: number;
  readonly maxNodes: number;
  nodes: number;
  readonly ancestors: Set<object>;
}

function copyScalar(value: unknown, path: string): JsonCopyResult | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return { ok: true, value };
  if (typeof value === 'number') {
    return Number.isFinite(value) ? { ok: true, value } : fail('notJson', path, `expected a JSON value, got ${value}`);
  }
  if (typeof value !== 'object') return fail('notJson', path, `expected a JSON value, got ${typeof value}`);
  return undefined;
}

function copyArray(items: unknown[], path: string, depth: number, walk: Walk): JsonCopyResult {
  const out: JsonValue[] = [];
  const length = items.length;
  for (let i = 0; i < length; i += 1) {
    const item = copyAt(() => items[i], appendPointer(path, i), depth + 1, walk);
    if (!item.ok) return item;
    out.push(item.value);
  }
  return { ok: true, value: out };
}

function copyObject(source: Record<string, unknown>, path: string, depth: number, walk: Walk): JsonCopyResult {
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(source)) {
    const keyPath = appendPointer(path, key);
    if (key === '__proto__') return fail('forbiddenKey', keyPath, 'the key "__proto__" is not allowed');
    const value = readProperty(source, key, keyPath);
    if (!value.ok) return value;
    if (value.value === undefined) continue; // as JSON.stringify does: an undefined property is absent
    const item = copyAt(() => value.value, keyPath, depth + 1, walk);
    if (!item.ok) return item;
    out[key] = item.value;
  }
  return { ok: true, value: out };
}

function readProperty(source: object, key: string, path: string): { ok: true; value: unknown } | JsonCopyFailure {
  try {
    return { ok: true, value: (source as Record<string, unknown>)[key] };
  } catch (thrown) {
    return fail('notJson', path, `reading this property threw: ${errorText(thrown)}`);
  }
}

function copyAt(read: () => unknown, path: string, depth: number, walk: Walk): JsonCopyResult {
  walk.nodes += 1;
  if (walk.nodes > walk.maxNodes) return fail('tooLarge', path, `more than ${walk.maxNodes} values`);
  let value: unknown;
  try {
    value = read();
  } catch (thrown) {
    return fail('notJson', path, `reading this value threw: ${errorText(thrown)}`);
  }
  const scalar = copyScalar(value, path);
  if (scalar) return scalar;
  const object = value as object;
  if (depth > walk.maxDepth) return fail('tooDeep', path, `nested deeper than ${walk.maxDepth} levels`);
  if (walk.ancestors.has(object)) return fail('notJson', path, 'the value contains itself (a cycle)');
  try {
    walk.ancestors.add(object);
    if (Array.isArray(object)) return copyArray(object, path, depth, walk);
    if (!isPlainObject(object)) return fail('notJson', path, `expected a JSON value, got ${constructorName(object)}`);
    return copyObject(object, path, depth, walk);
  } catch (thrown) {
    return fail('notJson', path, `reading this value threw: ${errorText(thrown)}`);
  } finally {
    walk.ancestors.delete(object);
  }
}


/** Limits for {@link toJsonValue}. */
export interface JsonCopyLimits {
  /** Deepest nesting of arrays and objects (default {@link DEFAULT_MAX_JSON_DEPTH}). */
  maxDepth?: number;
  /** Most values in total, containers included (default: no limit). */
  maxNodes?: number;
}

/**
 * Deep-copies `input` as plain JSON. Undefined object properties are dropped (as JSON.stringify
 * does); everything else JSON cannot carry is reported with its path. Never throws.
 */
export function toJsonValue(input: unknown, options: JsonCopyLimits = {}): JsonCopyResult {
  const walk: Walk = {
    maxDepth: options.maxDepth ?? DEFAULT_MAX_JSON_DEPTH,
    maxNodes: options.maxNodes ?? Infinity,
    nodes: 0,
    ancestors: new Set(),
  };
  return copyAt(() => input, '', 0, walk);
}

/**
 * The length of `value`'s JSON text in UTF-16 code units, counted without serializing, and only
 * up to `limit`: once the count passes it the walk stops and returns a number above `limit`.
 * Strings count without escapes (a lower bound), so the answer never overstates. The walk is
 * iterative and visits each value once, so deep nesting cannot exhaust the stack and a cycle
 * only runs until the limit. Values that cannot be read count as `null`.
 */
export function jsonLengthWithin(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    if (total > limit) return total;
    const current = stack.pop();
    if (typeof current === 'string') total += current.length + 2;
    else if (typeof current === 'number') total += Number.isFinite(current) ? String(current).length : 4;
    else if (typeof current === 'boolean') total += current ? 4 : 5;
    else if (current === null || typeof current !== 'object') total += 4;
    else total += pushChildren(current, stack);
  }
  return total;
}

/** Brackets, separators and keys of one container; its values go on `stack`. */
function pushChildren(container: object, stack: unknown[]): number {
  try {
    if (Array.isArray(container)) {
      const length = container.length;
      for (let i = 0; i < length; i += 1) stack.push(container[i]);
      return 2 + Math.max(0, length - 1);
    }
    let size = 2;
    let first = true;
    for (const key of Object.keys(container)) {
      const child: unknown = (container as Record<string, unknown>)[key];
      if (child === undefined) continue;
      size += key.length + 3 + (first ? 0 : 1);
      first = false;
      stack.push(child);
    }
    return size;
  } catch {
    return 4;
  }
}
