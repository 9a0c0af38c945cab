/** Shape tests for unknown values, one home for each. */

/** True for any non-null, non-array object (class instances included). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True for `{}`-like objects from any realm: the prototype is null or some realm's
 * Object.prototype. Comparing with this realm's Object.prototype would reject objects made in a
 * vm context (Jest runs tests in one).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** An own property, never one inherited from Object.prototype (`__proto__`, `constructor`, …). */
export function hasOwn(value: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}
