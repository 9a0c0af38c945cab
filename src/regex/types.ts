/** The public shapes of the safe matcher: its limits, errors, step budget and compiled pattern. */
import { LimitExceededError } from '../util/errors';

/** Bounds for agent-supplied regular expressions. */
export interface RegexLimits {
  /** Longest pattern accepted, in UTF-16 code units. */
  maxPatternLength: number;
  /** Longest input tested, in UTF-16 code units. */
  maxInputLength: number;
  /** Instruction steps one test may take before it is abandoned with an error. */
  maxSteps: number;
}

/** Default regex bounds: enough for form validation, small enough to stay well under 100 ms. */
export const DEFAULT_REGEX_LIMITS: Readonly<RegexLimits> = Object.freeze({
  maxPatternLength: 1000,
  maxInputLength: 10_000,
  maxSteps: 1_000_000,
});

/** A pattern or an input over the matcher's limits (length, nesting, size, steps); the message says which. */
export class RegexLimitError extends LimitExceededError {
  override readonly name: string = 'RegexLimitError';
}

/** A pattern JavaScript accepts but the matcher does not support (invalid ones throw the native SyntaxError). */
export class RegexSyntaxError extends Error {
  override readonly name: string = 'RegexSyntaxError';
}

/** One match: where it starts and ends (UTF-16 indices) and the text of each capture group. */
export interface SafeRegexMatch {
  /** Start of the match. */
  index: number;
  /** End of the match (exclusive). */
  end: number;
  /** The matched text. */
  match: string;
  /** Groups 1..n, in order; undefined for a group that took no part in the match. */
  captures: (string | undefined)[];
}

/**
 * A step budget that several matcher calls can share, so that a whole operation (every match of
 * a replace, every check of a schema) is bounded, not just each call.
 */
export class RegexBudget {
  private steps = 0;
  /** `parent`: a wider budget every step is charged to as well (one evaluation's, say). */
  constructor(readonly maxSteps: number, private readonly parent?: RegexBudget) {}
  /** Counts one step; throws {@link RegexLimitError} past this budget or its parent's. */
  spend(): void {
    this.steps += 1;
    if (this.steps > this.maxSteps) {
      throw new RegexLimitError(`Pattern is too expensive for this input (more than ${this.maxSteps} steps).`);
    }
    this.parent?.spend();
  }
  /** Steps spent so far. */
  get spent(): number {
    return this.steps;
  }
}

/**
 * A compiled pattern. Each method throws {@link RegexLimitError} when the input or the work is
 * too large; `budget` makes several calls share one step budget (default: a fresh one per call).
 */
export interface SafeRegex {
  readonly pattern: string;
  /** Whether the pattern matches somewhere in `input`. */
  test(input: string, budget?: RegexBudget): boolean;
  /** The first match starting at or after `from` (default 0), as `RegExp#exec` finds it; null when none. */
  exec(input: string, from?: number, budget?: RegexBudget): SafeRegexMatch | null;
  /**
   * `input` with every match replaced by `replacement`, taken literally (`$1` stays `$1`). Matches
   * are found as a global `String#replace` finds them; one budget covers the whole replacement.
   */
  replace(input: string, replacement: string, budget?: RegexBudget): string;
}
