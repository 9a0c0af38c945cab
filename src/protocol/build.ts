/**
 * Builders for the messages a renderer sends. Each one validates what it would emit against the
 * v1.0 schema (and copies it as plain JSON), so an invalid message never leaves the renderer.
 */
import { A2UI_VERSION, type FunctionResponse } from './common';
import type { A2uiError } from './errors';
import { parseRendererMessage } from './parse';
import {
  VALIDATION_ERROR_CODES,
  type ActionBody,
  type ActionMessage,
  type CallAgentFunctionBody,
  type CallAgentFunctionMessage,
  type ErrorBody,
  type ErrorMessage,
  type RendererFunctionResponseMessage,
  type RendererToAgentMessageKind,
} from './rendererToAgent';

/** A built message, or why the input does not make a valid one (paths point into the message). */
export type BuildResult<M> = { ok: true; message: M } | { ok: false; error: A2uiError };

function build<M>(kind: RendererToAgentMessageKind, body: unknown): BuildResult<M> {
  const parsed = parseRendererMessage({ version: A2UI_VERSION, [kind]: body });
  if (parsed.ok) return { ok: true, message: parsed.message as M };
  const { index: _index, ...error } = parsed.error; // one message: an index would only confuse
  return { ok: false, error };
}

/** Builds `{ version: 'v1.0', action }` for a user action. */
export function buildActionMessage(action: ActionBody): BuildResult<ActionMessage> {
  return build('action', action);
}

/** Builds `{ version: 'v1.0', callAgentFunction }` to ask the agent to run a function. */
export function buildCallAgentFunctionMessage(call: CallAgentFunctionBody): BuildResult<CallAgentFunctionMessage> {
  return build('callAgentFunction', call);
}

/** Builds `{ version: 'v1.0', rendererFunctionResponse }` answering a `callRendererFunction`. */
export function buildRendererFunctionResponseMessage(
  response: FunctionResponse,
): BuildResult<RendererFunctionResponseMessage> {
  return build('rendererFunctionResponse', response);
}

/** Builds `{ version: 'v1.0', error }` reporting a renderer-side error to the agent. */
export function buildErrorMessage(error: ErrorBody): BuildResult<ErrorMessage> {
  return build('error', error);
}

/**
 * The wire `error` body for an internal error, or null when it names neither a surface nor a
 * function call (the agent could not relate it to anything). A function call id wins over a
 * surface id, since the wire format allows only one and the call is the more specific.
 */
export function toAgentErrorBody(error: A2uiError): ErrorBody | null {
  const { code, message, surfaceId, functionCallId, path } = error;
  if ((VALIDATION_ERROR_CODES as readonly string[]).includes(code)) {
    if (surfaceId === undefined) return null;
    return { code: code as (typeof VALIDATION_ERROR_CODES)[number], surfaceId, path: path ?? '', message };
  }
  const located = path === undefined ? {} : { path };
  if (functionCallId !== undefined) return { code, message, functionCallId, ...located };
  if (surfaceId !== undefined) return { code, message, surfaceId, ...located };
  return null;
}
