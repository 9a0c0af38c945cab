/**
 * JSON has no negative zero: `-0` sent by an agent (or a user write) would be stored as -0 and
 * read back as 0 after a JSON round trip (replay, persistence, the wire), so state and its
 * serialization could disagree. Values are stored with every -0 turned into 0.
 */
import { isRecord } from '../util/records';

/** `value` with -0 replaced by 0 anywhere inside; the same object when there is none. */
export function withoutNegativeZero<T>(value: T, depth = 0): T {
  if (typeof value === 'number') return (Object.is(value, -0) ? 0 : value) as T;
  if (typeof value !== 'object' || value === null || depth > 256) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, i) => {
      const fixed = withoutNegativeZero(item, depth + 1);
      if (!Object.is(fixed, item)) (copy ??= [...value])[i] = fixed;
    });
    return (copy ?? value) as T;
  }
  // Always true here (an object, not an array); it types the copy below.
  if (!isRecord(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const fixed = withoutNegativeZero(item, depth + 1);
    if (!Object.is(fixed, item)) {
      copy ??= { ...value };
      Object.defineProperty(copy, key, { value: fixed, enumerable: true, writable: true, configurable: true });
    }
  }
  return (copy ?? value) as T;
}
