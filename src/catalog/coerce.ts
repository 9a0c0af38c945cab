/**
 * Type coercion as the protocol's "Type conversion" section and the core SDK's coercion table
 * define it. Lives in the catalog layer because the basic functions need it and the catalog does
 * not import the expression evaluator; `src/expressions` re-exports it as its public home.
 */

/**
 * To string: strings as they are; null and undefined as `''`; numbers and booleans in their
 * standard, locale-neutral form; arrays and objects as JSON.
 */
export function coerceToString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object') return safeJson(value);
  return '';
}

/**
 * To number: numbers as they are; numeric strings parsed; null, undefined and anything that does
 * not parse as `0` (the core SDK table); booleans as 1 and 0.
 */
export function coerceToNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return parseFiniteNumber(value) ?? 0;
}

/**
 * To boolean: booleans as they are; the strings "true" and "false" in any case, any other string
 * false; numbers true unless 0 or NaN; null and undefined false; a ValidationResult (an object
 * with a boolean `valid`) by its validity; other objects and arrays true.
 */
export function coerceToBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (value === null || value === undefined) return false;
  const validity = validityOf(value);
  return validity ?? true;
}

/**
 * Strict number parsing for functions that must tell "not a number" apart from 0: finite numbers,
 * and strings holding one decimal number (surrounding whitespace allowed); otherwise undefined.
 */
export function parseFiniteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // Number('') is 0 and Number('0x1f') is 31: accept plain decimal notation only.
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The `valid` member of a ValidationResult-shaped value, or undefined for anything else. */
export function validityOf(value: unknown): boolean | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const valid = (value as { valid?: unknown }).valid;
  return typeof valid === 'boolean' ? valid : undefined;
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // Cycles or BigInts cannot come from JSON data; an implementation could still return one.
    return '';
  }
}
