/**
 * Errors are plain data: a closed set of codes, a message a person and an LLM can act on, and
 * optional locators. Never a class instance, so they travel through Redux state and actions.
 */
export const A2UI_ERROR_CODES = [
  // payload shape
  'PARSE_ERROR', // not JSON, or not an object / array / {messages} wrapper
  'INVALID_MESSAGE', // an envelope or body that does not match the v1.0 schema
  'UNSUPPORTED_VERSION', // missing or wrong `version`
  // component and catalog validation (sent to the agent as `error` messages)
  'VALIDATION_FAILED',
  'UNALLOWED_PARENT',
  'UNALLOWED_CHILD',
  'CATALOG_NOT_FOUND',
  // surface state
  'SURFACE_NOT_FOUND',
  'SURFACE_EXISTS',
  'RECURSION_LIMIT',
  'LIMIT_EXCEEDED',
  'DATA_ERROR',
  // functions
  'INVALID_FUNCTION_CALL', // the protocol's code for a call the renderer will not run
  'USER_ACTIVATION_REQUIRED',
  'EXECUTION_FAILED',
  'EXPRESSION_ERROR',
  // session operations
  'NODE_NOT_FOUND',
  'PROPERTY_NOT_BOUND',
  'PROPERTY_NOT_ACTION',
  'CHECKS_FAILED',
  'UNKNOWN_CALL',
  'INVALID_ARGUMENT',
  'SESSION_DISPOSED', // an operation on a session after dispose
] as const;

/** One of the closed set of error codes this package produces. */
export type A2uiErrorCode = (typeof A2UI_ERROR_CODES)[number];

/** An error as plain, serializable data. */
export interface A2uiError {
  code: A2uiErrorCode;
  message: string;
  /** JSON Pointer into the payload (or into the message, for component validation). */
  path?: string;
  /** Index of the failing message in a multi-message payload. */
  index?: number;
  surfaceId?: string;
  functionCallId?: string;
}

/** Builds an {@link A2uiError}, dropping locators that are undefined so the object stays minimal. */
export function a2uiError(
  code: A2uiErrorCode,
  message: string,
  where: Omit<A2uiError, 'code' | 'message'> = {},
): A2uiError {
  const error: A2uiError = { code, message };
  for (const key of ['path', 'index', 'surfaceId', 'functionCallId'] as const) {
    const value = where[key];
    if (value !== undefined) (error as unknown as Record<string, unknown>)[key] = value;
  }
  return error;
}
