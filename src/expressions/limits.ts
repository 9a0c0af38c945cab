/**
 * Bounds on expression work. Templates and calls come from the agent (and templates may come from
 * the data model), so every recursion is counted and stops with an error long before the stack
 * or the clock would.
 */

/** Limits of template parsing and DynamicValue evaluation. */
export interface ExpressionLimits {
  /** Longest formatString template parsed, in UTF-16 code units. */
  maxTemplateLength: number;
  /** Deepest nesting of `${…}` and call parentheses inside one template. */
  maxTemplateDepth: number;
  /** Deepest nesting of function calls in one evaluation, through args and formatString alike. */
  maxCallDepth: number;
  /** Most function calls one evaluation may make (templates held in data can fan out). */
  maxCalls: number;
  /** Deepest nesting of literal arrays and objects walked while evaluating. */
  maxValueDepth: number;
  /** Most data-model reads one evaluation may make (bindings, template parts, function reads). */
  maxReads: number;
  /**
   * Longest string a function call may produce, in UTF-16 code units. A longer result is an
   * error, not a value: `${/a}` repeated over a long string would otherwise amplify a small
   * payload into gigabytes.
   */
  maxStringLength: number;
  /** Characters all the strings function calls produce in one evaluation may add up to. */
  maxOutputChars: number;
  /** Regex matcher steps all the pattern checks of one evaluation may take together. */
  maxRegexSteps: number;
}

/** Default expression limits. */
export const DEFAULT_EXPRESSION_LIMITS: Readonly<ExpressionLimits> = Object.freeze({
  maxTemplateLength: 10_000,
  maxTemplateDepth: 32,
  maxCallDepth: 32,
  maxCalls: 10_000,
  maxValueDepth: 64,
  maxReads: 10_000,
  maxStringLength: 100_000,
  maxOutputChars: 1_000_000,
  maxRegexSteps: 1_000_000,
});

/** Defaults overridden by the given (finite, positive) values. */
export function expressionLimits(overrides: Partial<ExpressionLimits> | undefined): ExpressionLimits {
  const limits: ExpressionLimits = { ...DEFAULT_EXPRESSION_LIMITS };
  if (overrides === undefined) return limits;
  for (const key of Object.keys(DEFAULT_EXPRESSION_LIMITS) as (keyof ExpressionLimits)[]) {
    const value = overrides[key];
    if (typeof value === 'number' && value >= 0 && !Number.isNaN(value)) limits[key] = value;
  }
  return limits;
}
