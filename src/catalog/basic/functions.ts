/**
 * The basic catalog's function implementations, as the basic catalog implementation guide
 * describes them. Each receives evaluated args; what it cannot do, it throws, and the evaluator
 * turns the throw into an EXPRESSION_ERROR diagnostic.
 */
import { coerceToBoolean, coerceToNumber, coerceToString, parseFiniteNumber, validityOf } from '../coerce';
import type { FunctionContext, FunctionImplementation } from '../types';
import { formatDatePattern, parseDateValue } from './dates';
import { compileSafeRegex, RegexBudget, type RegexLimits } from '../../regex';
import { numberFormat, pluralRules } from './intl';
import type { ValidationResult } from '../../protocol/catalogDefinition';

/** A check's outcome, as catalog_definition.json's ValidationResult (its zod schema is the source). */
export type { ValidationResult } from '../../protocol/catalogDefinition';

/** Settings the locale-dependent and security-relevant functions read. */
export interface BasicFunctionSettings {
  locale: string;
  timeZone: string;
  /** Lower-case URL schemes without the colon that `openUrl` may open. */
  urlSchemes: readonly string[];
  /** Base against which `openUrl` resolves relative URLs; without one they are rejected. */
  baseUrl: string | undefined;
  regexLimits: RegexLimits;
}

// Shared frozen results keep a check's outcome identical (===) while its input does not change.
const VALID: ValidationResult = Object.freeze({ valid: true });
const REQUIRED_MISSING: ValidationResult = Object.freeze({ valid: false, code: 'REQUIRED', message: 'A value is required.' });
const PATTERN_MISMATCH: ValidationResult = Object.freeze({
  valid: false,
  code: 'PATTERN_MISMATCH',
  message: 'The value does not match the expected pattern.',
});
const NOT_A_NUMBER: ValidationResult = Object.freeze({ valid: false, code: 'NOT_A_NUMBER', message: 'The value must be a number.' });
const INVALID_EMAIL: ValidationResult = Object.freeze({
  valid: false,
  code: 'INVALID_EMAIL',
  message: 'The value must be a valid email address.',
});

// Local part, then dot-separated domain labels with a top-level label of two or more characters.
// Labels exclude dots, so the repetition is unambiguous and the match is linear.
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;
// RFC 5321 caps a forward path at 256 octets; longer input is not an address.
const MAX_EMAIL_LENGTH = 254;

/** `required`: present unless null, undefined, the empty string or the empty array. */
export const required: FunctionImplementation = (args) => {
  const { value } = args;
  const missing = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return missing ? REQUIRED_MISSING : VALID;
};

/** `regex`: whether the pattern matches somewhere in the value, run by the bounded matcher. */
export function regexFunction(limits: RegexLimits): FunctionImplementation {
  return (args, context) => {
    if (typeof args.pattern !== 'string') throw new Error('regex: pattern must be a string.');
    // Each test has its own step budget, charged to the evaluation's too (when there is one).
    const budget = new RegexBudget(limits.maxSteps, context?.regexBudget);
    return compileSafeRegex(args.pattern, limits).test(coerceToString(args.value), budget) ? VALID : PATTERN_MISMATCH;
  };
}

/** `length`: the length of a string (in code points) or the number of items of an array, within min and max. */
export const length: FunctionImplementation = (args) => {
  const { value } = args;
  const isList = Array.isArray(value);
  const size = isList ? value.length : Array.from(coerceToString(value)).length;
  const min = optionalBound(args.min, 'length', 'min');
  const max = optionalBound(args.max, 'length', 'max');
  const unit = isList ? 'items' : 'characters';
  if (min !== undefined && size < min) return rangeFailure('TOO_SHORT', `at least ${min} ${unit}`, min, max, unit);
  if (max !== undefined && size > max) return rangeFailure('TOO_LONG', `at most ${max} ${unit}`, min, max, unit);
  return VALID;
};

/** `numeric`: a number (or numeric string) within min and max; anything unparseable is invalid. */
export const numeric: FunctionImplementation = (args) => {
  const value = parseFiniteNumber(args.value);
  if (value === undefined) return NOT_A_NUMBER;
  const min = optionalBound(args.min, 'numeric', 'min');
  const max = optionalBound(args.max, 'numeric', 'max');
  if (min !== undefined && value < min) return { valid: false, code: 'OUT_OF_RANGE', message: `The value must be at least ${min}.` };
  if (max !== undefined && value > max) return { valid: false, code: 'OUT_OF_RANGE', message: `The value must be at most ${max}.` };
  return VALID;
};

/** `email`: a plausible address with a top-level domain of at least two characters. */
export const email: FunctionImplementation = (args) => {
  const value = coerceToString(args.value);
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value) ? VALID : INVALID_EMAIL;
};

/** `formatString`: interpolates `${…}` expressions in the value (parsing lives in the evaluator). */
export const formatString: FunctionImplementation = (args, context: FunctionContext) =>
  context.interpolate(coerceToString(args.value));

/** `formatNumber`: locale formatting; `decimals` fixes the fraction digits, `grouping` (default true) the separators. */
export function formatNumberFunction(settings: BasicFunctionSettings): FunctionImplementation {
  return (args) => {
    const value = parseFiniteNumber(args.value);
    if (value === undefined) return '';
    return numberFormat(settings.locale, { ...fractionDigits(args.decimals, 'formatNumber'), useGrouping: grouping(args) }).format(value);
  };
}

/** `formatCurrency`: like formatNumber, in currency style for an ISO 4217 code. */
export function formatCurrencyFunction(settings: BasicFunctionSettings): FunctionImplementation {
  return (args) => {
    const currency = coerceToString(args.currency).trim();
    if (!/^[A-Za-z]{3}$/.test(currency)) throw new Error(`formatCurrency: '${currency}' is not an ISO 4217 currency code.`);
    const value = parseFiniteNumber(args.value);
    if (value === undefined) return '';
    const options: Intl.NumberFormatOptions = {
      style: 'currency',
      currency: currency.toUpperCase(),
      ...fractionDigits(args.decimals, 'formatCurrency'),
      useGrouping: grouping(args),
    };
    return numberFormat(settings.locale, options).format(value);
  };
}

/**
 * `formatDate`: an ISO 8601 string or epoch milliseconds, formatted with a TR35 pattern in the
 * catalog's locale and time zone; the pattern `ISO` gives the UTC ISO string. A value that is
 * not a real date (2026-02-30) formats as ''.
 */
export function formatDateFunction(settings: BasicFunctionSettings): FunctionImplementation {
  return (args) => {
    const date = parseDateValue(args.value, settings.timeZone);
    if (date === null) return '';
    const pattern = coerceToString(args.format);
    if (pattern === 'ISO') return date.toISOString();
    return formatDatePattern(date, pattern, settings);
  };
}

/**
 * `pluralize`: an explicit `zero`, `one` or `two` wins for exactly 0, 1 or 2 (so "No items" works
 * in English, whose CLDR rules put 0 in "other"); otherwise the locale's CLDR category, falling
 * back to `other`. An explicit empty string is kept.
 */
export function pluralizeFunction(settings: BasicFunctionSettings): FunctionImplementation {
  return (args) => {
    const count = parseFiniteNumber(args.value);
    const exact = count === 0 ? 'zero' : count === 1 ? 'one' : count === 2 ? 'two' : undefined;
    if (exact !== undefined && args[exact] !== undefined) return coerceToString(args[exact]);
    const category = count === undefined ? 'other' : pluralRules(settings.locale).select(count);
    const chosen = args[category] !== undefined ? args[category] : args.other;
    return coerceToString(chosen);
  };
}

/**
 * `openUrl`: resolves the URL, refuses schemes outside the allow-list (http and https by default,
 * as the implementation guide mandates) and asks the session to open it; returns nothing.
 */
export function openUrlFunction(settings: BasicFunctionSettings): FunctionImplementation {
  return (args, context) => {
    const text = coerceToString(args.url).trim();
    let url: URL;
    try {
      url = settings.baseUrl === undefined ? new URL(text) : new URL(text, settings.baseUrl);
    } catch {
      throw new Error(`openUrl: '${text}' is not a valid absolute URL.`);
    }
    const scheme = url.protocol.slice(0, -1).toLowerCase();
    if (!settings.urlSchemes.includes(scheme)) {
      const allowed = settings.urlSchemes.map((name) => `${name}:`).join(', ');
      throw new Error(`openUrl: the scheme '${scheme}:' is not allowed (allowed: ${allowed}).`);
    }
    context.request({ type: 'openUrl', url: url.href });
    return undefined;
  };
}

/** `and`: true when every value is truthy; a ValidationResult counts by its `valid`. */
export const and: FunctionImplementation = (args) => logicalValues(args, 'and').every(isTruthy);

/** `or`: true when some value is truthy; a ValidationResult counts by its `valid`. */
export const or: FunctionImplementation = (args) => logicalValues(args, 'or').some(isTruthy);

/** `not`: the negation of the value's truthiness; a ValidationResult counts by its `valid`. */
export const not: FunctionImplementation = (args) => !isTruthy(args.value);

/**
 * Truthiness for the logical functions: JavaScript truthiness (the conformance suite's D26: 1 and
 * "non-empty" are true, 0 and "" false), except that a v1.0 ValidationResult operand counts by its
 * validity, since the validators nested in and/or/not return objects rather than booleans.
 */
export function isTruthy(value: unknown): boolean {
  return validityOf(value) ?? Boolean(value);
}

function logicalValues(args: Record<string, unknown>, name: string): unknown[] {
  if (!Array.isArray(args.values)) throw new Error(`${name}: values must be an array.`);
  return args.values;
}

function optionalBound(value: unknown, fn: string, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const bound = parseFiniteNumber(value);
  if (bound === undefined) throw new Error(`${fn}: ${name} must be a number.`);
  return bound;
}

function rangeFailure(
  code: string,
  fallback: string,
  min: number | undefined,
  max: number | undefined,
  unit: string,
): ValidationResult {
  const bounds = min !== undefined && max !== undefined ? `between ${min} and ${max} ${unit}` : fallback;
  return { valid: false, code, message: `The value must have ${bounds}.` };
}

function fractionDigits(decimals: unknown, fn: string): Intl.NumberFormatOptions {
  if (decimals === undefined || decimals === null) return {};
  const digits = coerceToNumber(decimals);
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new Error(`${fn}: decimals must be a whole number from 0 to 20.`);
  }
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

function grouping(args: Record<string, unknown>): boolean {
  return args.grouping === undefined || args.grouping === null ? true : coerceToBoolean(args.grouping);
}

