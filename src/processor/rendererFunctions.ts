/**
 * `callRendererFunction`: the agent asks the renderer to run a catalog function. The call is
 * always answered, exactly once, with `rendererFunctionResponse` or `error` (protocol: "the
 * renderer MUST always send a corresponding functionResponse or error message").
 */
import { evaluateDynamic } from '../expressions';
import { applyDataUpdate } from '../data';
import { toJsonValue } from '../protocol/json';
import { agentErrorEffect, type Effect } from '../model/effects';
import { MAX_REMEMBERED_RENDERER_CALLS, type SessionState, type SurfaceState } from '../model/state';
import type { ProcessorConfig } from './config';
import { dataModelSizeError } from './dataModelSize';
import type { MessageOptions, StepResult } from './step';
import type { CallRendererFunctionBody } from '../protocol/agentToRenderer';
import { A2UI_VERSION } from '../protocol/common';

function answerError(functionCallId: string, code: string, message: string): Effect {
  return agentErrorEffect(code, message, { functionCallId });
}

/**
 * Runs the function and answers; the message itself always applies (the answer may be an error).
 * A call id seen before is not run again: the repeat is answered with an error naming it.
 */
export function runRendererFunction(config: ProcessorConfig, state: SessionState, body: CallRendererFunctionBody, options: MessageOptions): StepResult {
  const functionCallId = body.functionCallId;
  const seen = state.rendererCallIds ?? [];
  if (seen.includes(functionCallId)) {
    return { ok: true, state, effects: [answerError(functionCallId, 'INVALID_FUNCTION_CALL', `Duplicate functionCallId '${functionCallId}': this call was already answered and is not run again.`)] };
  }
  const remembered = { ...state, rendererCallIds: [...seen, functionCallId].slice(-MAX_REMEMBERED_RENDERER_CALLS) };
  // Whatever the answer, the id is remembered (a refusal returns the state it was given).
  return runOnce(config, remembered, body, options);
}

function runOnce(config: ProcessorConfig, state: SessionState, body: CallRendererFunctionBody, options: MessageOptions): StepResult {
  const { functionCallId, callFunction } = body;
  const catalog = config.catalogs.find((c) => c.catalogId === callFunction.catalogId);
  const refuse = (code: string, message: string): StepResult => ({ ok: true, state, effects: [answerError(functionCallId, code, message)] });
  if (!catalog) return refuse('INVALID_FUNCTION_CALL', `Catalog '${callFunction.catalogId}' is not supported by this renderer.`);
  const fn = Object.prototype.hasOwnProperty.call(catalog.functions, callFunction.call) ? catalog.functions[callFunction.call] : undefined;
  if (!fn || !fn.implementation) {
    return refuse('INVALID_FUNCTION_CALL', `Function '${callFunction.call}' is not registered on the renderer in catalog '${catalog.catalogId}'.`);
  }
  const allowed = fn.definition.allowedCallers ?? 'rendererOnly';
  if (allowed === 'rendererOnly') {
    return refuse('INVALID_FUNCTION_CALL', `Function '${callFunction.call}' is rendererOnly and cannot be invoked remotely.`);
  }
  if (fn.definition.requiresUserActivation === true && options.userActivated !== true) {
    return refuse('USER_ACTIVATION_REQUIRED', `Function '${callFunction.call}' requires user activation, and this call did not come with one.`);
  }
  const surface: SurfaceState | undefined =
    options.surfaceId !== undefined && Object.prototype.hasOwnProperty.call(state.surfaces, options.surfaceId) ? state.surfaces[options.surfaceId] : undefined;
  const result = evaluateDynamic(
    { call: callFunction.call, catalogId: catalog.catalogId, args: callFunction.args ?? {} },
    {
      catalogs: config.catalogs,
      surfaceCatalogId: surface?.catalogId ?? config.implicitDefaultCatalogId,
      surfaceId: surface?.surfaceId ?? null,
      dataModel: surface?.dataModel ?? {},
      caller: 'agent',
      userActivated: options.userActivated === true,
    },
  );
  if (result.status !== 'ok') {
    const first = result.errors[0];
    const code = first?.code === 'INVALID_FUNCTION_CALL' || first?.code === 'USER_ACTIVATION_REQUIRED' ? first.code : 'EXECUTION_FAILED';
    const why = result.status === 'pending' ? 'it depends on an agent function' : (first?.message ?? 'it failed');
    return refuse(code, `Function '${callFunction.call}' could not run: ${why}`);
  }
  // Apply what the function asked for, in order; then answer.
  const effects: Effect[] = [];
  let next = state;
  for (const request of result.requests) {
    if (request.type === 'openUrl') effects.push({ type: 'openUrl', url: request.url });
    else if (request.type === 'setData' && surface) {
      const current = next.surfaces[surface.surfaceId] as SurfaceState;
      const data = applyDataUpdate(current.dataModel, request.path, request.value, { maxDepth: config.limits.maxDataDepth });
      if (!data.ok) return { ok: true, state, effects: [answerError(functionCallId, 'EXECUTION_FAILED', data.error.message)] };
      const tooLarge = dataModelSizeError(config.limits, surface.surfaceId, { before: current.dataModel, path: request.path, value: request.value, after: data.value, deletes: true }, '');
      if (tooLarge) return { ok: true, state, effects: [answerError(functionCallId, 'LIMIT_EXCEEDED', `Function '${callFunction.call}' was not applied: ${tooLarge.message}.`)] };
      next = { ...next, surfaces: { ...next.surfaces, [surface.surfaceId]: { ...current, dataModel: data.value } } };
      effects.push({ type: 'dataModelUpdated', surfaceId: surface.surfaceId, path: request.path });
    }
  }
  // Implementations are code and may return what JSON cannot carry (a Date, NaN, an array
  // holding undefined); the answer is a JSON copy, or an error saying what could not be sent.
  const value = toJsonValue(result.value === undefined ? null : result.value, { maxDepth: config.limits.maxValueDepth });
  if (!value.ok) {
    const at = value.path === '' ? '' : ` at ${value.path}`;
    return refuse('EXECUTION_FAILED', `Function '${callFunction.call}' returned a value that cannot be sent as JSON${at}: ${value.reason}.`);
  }
  effects.push({ type: 'send', message: { version: A2UI_VERSION, rendererFunctionResponse: { functionCallId, value: value.value } } });
  return { ok: true, state: next, effects };
}
