/**
 * What counts as a container in the data model, and prototype-safe access to it. Only arrays and
 * plain objects are containers; anything else (a Date, a Map, a class instance) is a leaf. Only
 * own properties are read and written, so keys such as '__proto__' or 'constructor' are ordinary
 * data and never reach a prototype.
 */
import { isArrayIndex } from './pointer';
import { hasOwn, isPlainObject } from '../util/records';

export { hasOwn, isPlainObject };

/** A plain object of the data model. */
export type DataObject = Record<string, unknown>;

/** Whether a value is an array or a plain object. */
export function isContainer(value: unknown): value is unknown[] | DataObject {
  return Array.isArray(value) || isPlainObject(value);
}

/** A short name for the kind of a value, for messages; safe on revoked proxies. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  try {
    return Array.isArray(value) ? 'array' : 'object';
  } catch {
    return 'object';
  }
}

/** The child of a container under a segment, or undefined when there is none (never inherited). */
export function childAt(container: unknown, segment: string): unknown {
  if (Array.isArray(container)) {
    if (!isArrayIndex(segment)) return undefined;
    const index = Number(segment);
    return index < container.length ? container[index] : undefined;
  }
  if (isPlainObject(container) && hasOwn(container, segment)) return container[segment];
  return undefined;
}

/** A shallow copy of an object with `key` set as an own data property, even for '__proto__'. */
export function withKey(object: DataObject, key: string, value: unknown): DataObject {
  const copy: DataObject = { ...object };
  // Plain assignment for every key but '__proto__': a defined property turns the copy into a
  // dictionary-mode object, which made every later copy of a wide object many times slower.
  setOwn(copy, key, value);
  return copy;
}

/** A shallow copy of an object without the own property `key`. */
export function withoutKey(object: DataObject, key: string): DataObject {
  const copy: DataObject = { ...object };
  // `delete` only ever removes an own property, so this cannot touch a prototype.
  delete copy[key];
  return copy;
}

/** A shallow copy of an array with `value` at `index`, padding any gap with null. */
export function withIndex(array: readonly unknown[], index: number, value: unknown): unknown[] {
  // Not slice(): V8 copies a frozen array (state in a Redux store is frozen) with slice() about
  // fifty times slower than with Array.from.
  const copy = Array.from(array);
  while (copy.length < index) copy.push(null);
  copy[index] = value;
  return copy;
}

/** How a value nests: `{ ok: true, height }`, or why measuring stopped. */
export type Height = { ok: true; height: number } | { ok: false; reason: 'depth' | 'cycle' };

/**
 * The container nesting of a value (a primitive 0, `{}` 1, `{"a": []}` 2), giving up as soon as
 * it exceeds `limit`. Iterative, and each container is measured once, so neither a very deep
 * value nor a value that shares subtrees many times can exhaust the stack or the clock.
 */
export function measureHeight(value: unknown, limit: number): Height {
  if (!isContainer(value)) return { ok: true, height: 0 };
  if (limit < 1) return { ok: false, reason: 'depth' };
  type Frame = { node: object; children: readonly unknown[]; next: number; tallest: number };
  const measured = new Map<object, number>();
  const open = new Set<object>();
  const stack: Frame[] = [];
  const enter = (node: unknown[] | DataObject): void => {
    open.add(node);
    stack.push({ node, children: Array.isArray(node) ? node : Object.values(node), next: 0, tallest: 0 });
  };
  enter(value);
  let height = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.children.length) {
      const child = top.children[top.next];
      top.next += 1;
      if (!isContainer(child)) continue;
      const known = measured.get(child);
      if (known !== undefined) {
        if (stack.length + known > limit) return { ok: false, reason: 'depth' };
        top.tallest = Math.max(top.tallest, known);
      } else if (open.has(child)) {
        return { ok: false, reason: 'cycle' };
      } else if (stack.length >= limit) {
        return { ok: false, reason: 'depth' };
      } else {
        enter(child);
      }
      continue;
    }
    stack.pop();
    open.delete(top.node);
    const own = top.tallest + 1;
    measured.set(top.node, own);
    const parent = stack[stack.length - 1];
    if (parent) parent.tallest = Math.max(parent.tallest, own);
    else height = own;
  }
  return { ok: true, height };
}

/**
 * Structural equality of two JSON-like values (own enumerable keys, arrays by position), bounded
 * in depth so a hostile or cyclic value ends the comparison instead of the stack.
 */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 128) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** The own property `key` of `record`, never one inherited from a prototype. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** Sets `key` as an own data property, even for `__proto__`, which assignment would treat as the prototype. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  // `__proto__` is the only accessor on Object.prototype; every other key assigns as an own
  // property, and plain assignment keeps the record in V8's fast mode.
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
