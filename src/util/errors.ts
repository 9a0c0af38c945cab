/** Thrown values as text, and the one error class the core throws on purpose. */

/**
 * Text of a thrown value for messages and diagnostics, never throwing itself (a hostile value's
 * `message` getter or `toString` may). An error's `cause` is appended when it is an error too.
 */
export function errorText(thrown: unknown): string {
  try {
    if (thrown instanceof Error) {
      const cause: unknown = (thrown as { cause?: unknown }).cause;
      return cause instanceof Error ? `${thrown.message} (${cause.message})` : thrown.message;
    }
    return String(thrown);
  } catch {
    return 'unknown error';
  }
}

/**
 * Thrown by a function implementation that ran out of a limit (input too large, result or
 * value too long, too much work). The evaluator reports it as LIMIT_EXCEEDED instead of
 * EXPRESSION_ERROR, and the session tells the agent as well as the host.
 */
export class LimitExceededError extends Error {
  override readonly name: string = 'LimitExceededError';
}
