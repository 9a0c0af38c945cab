/** Zod schemas for renderer-to-agent messages (renderer_to_agent.json and its list forms). */
import * as z from 'zod/mini';
import {
  CallIdSchema,
  DISCRIMINATOR_PARAMS,
  FunctionCallSchema,
  FunctionResponseSchema,
  MetadataSchema,
  VersionSchema,
} from './common';

// Schemas are built at load; /* @__PURE__ */ lets a bundle that never reads one drop them: an app
// parses what agents send, not what renderers send (its outbound messages are built from checked parts).

/** Body of `action`: a user action, its context resolved (extra keys allowed, as in the spec). */
export const ActionBodySchema = /* @__PURE__ */ z.looseObject({
  name: /* @__PURE__ */ z.string(),
  userMessage: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  surfaceId: /* @__PURE__ */ z.string(),
  sourceComponentId: /* @__PURE__ */ z.string(),
  /** RFC 3339 date-time with a time zone, e.g. `2025-01-31T12:00:00Z`. */
  timestamp: /* @__PURE__ */ z.iso.datetime({ offset: true }),
  context: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  metadata: /* @__PURE__ */ z.optional(MetadataSchema),
});
/** The `action` body. */
export type ActionBody = z.infer<typeof ActionBodySchema>;

/** Body of `callAgentFunction`: the renderer asks the agent to run a function. */
export const CallAgentFunctionBodySchema = /* @__PURE__ */ z.strictObject({
  surfaceId: /* @__PURE__ */ z.string(),
  functionCallId: CallIdSchema,
  callFunction: FunctionCallSchema,
});
/** The `callAgentFunction` body. */
export type CallAgentFunctionBody = z.infer<typeof CallAgentFunctionBodySchema>;

/** Body of `rendererFunctionResponse`: the answer to an agent's `callRendererFunction`. */
export const RendererFunctionResponseBodySchema = FunctionResponseSchema;
/** The `rendererFunctionResponse` body. */
export type RendererFunctionResponseBody = z.infer<typeof RendererFunctionResponseBodySchema>;

/** Error codes whose `error` body has the validation shape (surfaceId and path required). */
export const VALIDATION_ERROR_CODES = ['VALIDATION_FAILED', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD'] as const;

/** A validation error: the component at `path` of a surface's message broke a rule. */
export const ValidationErrorBodySchema = /* @__PURE__ */ z.strictObject({
  code: /* @__PURE__ */ z.enum(VALIDATION_ERROR_CODES),
  surfaceId: /* @__PURE__ */ z.string(),
  path: /* @__PURE__ */ z.string(),
  message: /* @__PURE__ */ z.string(),
});
/** A validation error body. */
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;

const GenericErrorCodeSchema = /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.refine((code) => !(VALIDATION_ERROR_CODES as readonly string[]).includes(code), {
  // A function, so the text is made when needed (a call at load would keep the schema in every bundle).
  error: () => `${VALIDATION_ERROR_CODES.join(', ')} errors need "surfaceId", "path" and "message" only`,
  params: DISCRIMINATOR_PARAMS,
  abort: true,
}));

/** Any other error about a surface (not about a function call). Extra keys allowed. */
export const SurfaceErrorBodySchema = /* @__PURE__ */ z.looseObject({
  code: GenericErrorCodeSchema,
  message: /* @__PURE__ */ z.string(),
  surfaceId: /* @__PURE__ */ z.string(),
  functionCallId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.never()),
});
/** A generic error about a surface. */
export type SurfaceErrorBody = z.infer<typeof SurfaceErrorBodySchema>;

/** Any other error about a function call (not about a surface). Extra keys allowed. */
export const FunctionCallErrorBodySchema = /* @__PURE__ */ z.looseObject({
  code: GenericErrorCodeSchema,
  message: /* @__PURE__ */ z.string(),
  functionCallId: CallIdSchema,
  surfaceId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.never()),
});
/** A generic error about a function call. */
export type FunctionCallErrorBody = z.infer<typeof FunctionCallErrorBodySchema>;

/** Body of `error`: names exactly one of a surface or a function call. */
export const ErrorBodySchema = /* @__PURE__ */ z.union([ValidationErrorBodySchema, SurfaceErrorBodySchema, FunctionCallErrorBodySchema]);
/** The `error` body. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `{ version, action }`. */
export const ActionMessageSchema = /* @__PURE__ */ z.strictObject({ version: VersionSchema, action: ActionBodySchema });
/** An `action` message. */
export type ActionMessage = z.infer<typeof ActionMessageSchema>;

/** `{ version, callAgentFunction }`. */
export const CallAgentFunctionMessageSchema = /* @__PURE__ */ z.strictObject({
  version: VersionSchema,
  callAgentFunction: CallAgentFunctionBodySchema,
});
/** A `callAgentFunction` message. */
export type CallAgentFunctionMessage = z.infer<typeof CallAgentFunctionMessageSchema>;

/** `{ version, rendererFunctionResponse }`. */
export const RendererFunctionResponseMessageSchema = /* @__PURE__ */ z.strictObject({
  version: VersionSchema,
  rendererFunctionResponse: RendererFunctionResponseBodySchema,
});
/** A `rendererFunctionResponse` message. */
export type RendererFunctionResponseMessage = z.infer<typeof RendererFunctionResponseMessageSchema>;

/** `{ version, error }`. */
export const ErrorMessageSchema = /* @__PURE__ */ z.strictObject({ version: VersionSchema, error: ErrorBodySchema });
/** An `error` message. */
export type ErrorMessage = z.infer<typeof ErrorMessageSchema>;

/**
 * The four message kinds a renderer sends: the body keys, without their schemas (the agent
 * parser names them in a hint; reading the keys of the schemas' record would build them all).
 */
export const RENDERER_TO_AGENT_MESSAGE_KINDS = ['action', 'callAgentFunction', 'rendererFunctionResponse', 'error'] as const;

/** The four message kinds a renderer sends. */
export type RendererToAgentMessageKind = (typeof RENDERER_TO_AGENT_MESSAGE_KINDS)[number];

/** The body key of each renderer-to-agent message, with its message schema. */
export const RENDERER_TO_AGENT_MESSAGE_SCHEMAS = {
  action: ActionMessageSchema,
  callAgentFunction: CallAgentFunctionMessageSchema,
  rendererFunctionResponse: RendererFunctionResponseMessageSchema,
  error: ErrorMessageSchema,
} as const satisfies Record<RendererToAgentMessageKind, z.ZodMiniType>;

/** Any renderer-to-agent message. */
export const RendererToAgentMessageSchema = /* @__PURE__ */ z.union([
  ActionMessageSchema,
  CallAgentFunctionMessageSchema,
  RendererFunctionResponseMessageSchema,
  ErrorMessageSchema,
]);
/**
 * Any renderer-to-agent message: exactly one of the four bodies. Each member also names the other
 * bodies as absent (`?: never`), so `message.action?.name` reads on the union without narrowing.
 */
export type RendererToAgentMessage = z.infer<typeof RendererToAgentMessageSchema> extends infer Message
  ? Message extends unknown
    ? Message & { [Other in Exclude<RendererToAgentMessageKind, keyof Message>]?: never }
    : never
  : never;

/** A list of renderer-to-agent messages (renderer_to_agent_list.json). */
export const RendererToAgentListSchema = /* @__PURE__ */ z.array(RendererToAgentMessageSchema);
/** A list of renderer-to-agent messages. */
export type RendererToAgentList = z.infer<typeof RendererToAgentListSchema>;

/** `{ messages: [...] }` (renderer_to_agent_list_wrapper.json). */
export const RendererToAgentListWrapperSchema = /* @__PURE__ */ z.strictObject({ messages: RendererToAgentListSchema });
/** `{ messages: [...] }` of renderer-to-agent messages. */
export type RendererToAgentListWrapper = z.infer<typeof RendererToAgentListWrapperSchema>;
