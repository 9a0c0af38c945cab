/**
 * Zod schemas for agent-to-renderer messages (agent_to_renderer.json and its list forms).
 * Components are checked only for their common envelope (ComponentCommon plus a `component`
 * name that is not the reserved `Surface`); catalog-specific properties pass through and are
 * checked against the catalog separately (componentValidation.ts).
 */
import * as z from 'zod/mini';
import {
  CallIdSchema,
  CatalogFunctionNameSchema,
  ComponentCommonSchema,
  DynamicValueSchema,
  FunctionResponseSchema,
  MetadataSchema,
  VersionSchema,
} from './common';

// Schemas are built at load; /* @__PURE__ */ lets a bundle that never reads one drop it.

/**
 * A component as sent by an agent: common properties checked, catalog properties kept as is.
 * (ComponentCommon's shape spread into a loose object is what `z.extend` makes of it, without
 * bringing zod's extend helper into every bundle.)
 */
export const ComponentSchema = /* @__PURE__ */ z.looseObject({
  ...ComponentCommonSchema.shape,
  component: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.refine((name) => name !== 'Surface', {
    error: '"Surface" is reserved: createSurface creates it, and agents cannot send or change it',
  })),
});
/** A component in a message. */
export type Component = z.infer<typeof ComponentSchema>;

/** A non-empty list of components. */
export const ComponentsListSchema = /* @__PURE__ */ z.array(ComponentSchema).check(/* @__PURE__ */ z.minLength(1));

/** Body of `createSurface`. */
export const CreateSurfaceBodySchema = /* @__PURE__ */ z.strictObject({
  surfaceId: /* @__PURE__ */ z.string(),
  catalogId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  sendDataModel: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  components: /* @__PURE__ */ z.optional(ComponentsListSchema),
  dataModel: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown())),
  metadata: /* @__PURE__ */ z.optional(MetadataSchema),
});
/** The `createSurface` body. */
export type CreateSurfaceBody = z.infer<typeof CreateSurfaceBodySchema>;

/** Body of `updateComponents`. */
export const UpdateComponentsBodySchema = /* @__PURE__ */ z.strictObject({
  surfaceId: /* @__PURE__ */ z.string(),
  components: ComponentsListSchema,
});
/** The `updateComponents` body. */
export type UpdateComponentsBody = z.infer<typeof UpdateComponentsBodySchema>;

/** Body of `updateDataModel`; `value` must be present (null deletes). */
export const UpdateDataModelBodySchema = /* @__PURE__ */ z.strictObject({
  surfaceId: /* @__PURE__ */ z.string(),
  path: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  value: /* @__PURE__ */ z.unknown(),
});
/** The `updateDataModel` body. */
export type UpdateDataModelBody = z.infer<typeof UpdateDataModelBodySchema>;

/** Body of `deleteSurface`. */
export const DeleteSurfaceBodySchema = /* @__PURE__ */ z.strictObject({ surfaceId: /* @__PURE__ */ z.string() });
/** The `deleteSurface` body. */
export type DeleteSurfaceBody = z.infer<typeof DeleteSurfaceBodySchema>;

/** A function call the agent asks the renderer to run: `catalogId` is required, so never `@index`. */
export const RendererFunctionCallSchema = /* @__PURE__ */ z.strictObject({
  call: CatalogFunctionNameSchema,
  catalogId: /* @__PURE__ */ z.string(),
  args: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.union([DynamicValueSchema, /* @__PURE__ */ z.null()]))),
});
/** The function call inside `callRendererFunction`. */
export type RendererFunctionCall = z.infer<typeof RendererFunctionCallSchema>;

/** Body of `callRendererFunction`. */
export const CallRendererFunctionBodySchema = /* @__PURE__ */ z.strictObject({
  functionCallId: CallIdSchema,
  callFunction: RendererFunctionCallSchema,
});
/** The `callRendererFunction` body. */
export type CallRendererFunctionBody = z.infer<typeof CallRendererFunctionBodySchema>;

/** Body of `agentFunctionResponse`: the answer to a renderer's `callAgentFunction`. */
export const AgentFunctionResponseBodySchema = FunctionResponseSchema;
/** The `agentFunctionResponse` body. */
export type AgentFunctionResponseBody = z.infer<typeof AgentFunctionResponseBodySchema>;

/** `{ version, createSurface }`. */
export const CreateSurfaceMessageSchema = /* @__PURE__ */ z.strictObject({ version: VersionSchema, createSurface: CreateSurfaceBodySchema });
/** A `createSurface` message. */
export type CreateSurfaceMessage = z.infer<typeof CreateSurfaceMessageSchema>;

/** `{ version, updateComponents }`. */
export const UpdateComponentsMessageSchema = /* @__PURE__ */ z.strictObject({
  version: VersionSchema,
  updateComponents: UpdateComponentsBodySchema,
});
/** An `updateComponents` message. */
export type UpdateComponentsMessage = z.infer<typeof UpdateComponentsMessageSchema>;

/** `{ version, updateDataModel }`. */
export const UpdateDataModelMessageSchema = /* @__PURE__ */ z.strictObject({
  version: VersionSchema,
  updateDataModel: UpdateDataModelBodySchema,
});
/** An `updateDataModel` message. */
export type UpdateDataModelMessage = z.infer<typeof UpdateDataModelMessageSchema>;

/** `{ version, deleteSurface }`. */
export const DeleteSurfaceMessageSchema = /* @__PURE__ */ z.strictObject({ version: VersionSchema, deleteSurface: DeleteSurfaceBodySchema });
/** A `deleteSurface` message. */
export type DeleteSurfaceMessage = z.infer<typeof DeleteSurfaceMessageSchema>;

/** `{ version, callRendererFunction }`. */
export const CallRendererFunctionMessageSchema = /* @__PURE__ */ z.strictObject({
  version: VersionSchema,
  callRendererFunction: CallRendererFunctionBodySchema,
});
/** A `callRendererFunction` message. */
export type CallRendererFunctionMessage = z.infer<typeof CallRendererFunctionMessageSchema>;

/** `{ version, agentFunctionResponse }`. */
export const AgentFunctionResponseMessageSchema = /* @__PURE__ */ z.strictObject({
  version: VersionSchema,
  agentFunctionResponse: AgentFunctionResponseBodySchema,
});
/** An `agentFunctionResponse` message. */
export type AgentFunctionResponseMessage = z.infer<typeof AgentFunctionResponseMessageSchema>;

/** The six message kinds an agent sends: the body keys, without their schemas. */
export const AGENT_TO_RENDERER_MESSAGE_KINDS = [
  'createSurface',
  'updateComponents',
  'updateDataModel',
  'deleteSurface',
  'callRendererFunction',
  'agentFunctionResponse',
] as const;

/** The six message kinds an agent sends. */
export type AgentToRendererMessageKind = (typeof AGENT_TO_RENDERER_MESSAGE_KINDS)[number];

/** The body key of each agent-to-renderer message, with its message schema. */
export const AGENT_TO_RENDERER_MESSAGE_SCHEMAS = {
  createSurface: CreateSurfaceMessageSchema,
  updateComponents: UpdateComponentsMessageSchema,
  updateDataModel: UpdateDataModelMessageSchema,
  deleteSurface: DeleteSurfaceMessageSchema,
  callRendererFunction: CallRendererFunctionMessageSchema,
  agentFunctionResponse: AgentFunctionResponseMessageSchema,
} as const satisfies Record<AgentToRendererMessageKind, z.ZodMiniType>;

/** The message kinds whose body names a surface by `surfaceId`. */
export const SURFACE_MESSAGE_KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const satisfies readonly AgentToRendererMessageKind[];

/** Any agent-to-renderer message. */
export const AgentToRendererMessageSchema = /* @__PURE__ */ z.union([
  CreateSurfaceMessageSchema,
  UpdateComponentsMessageSchema,
  UpdateDataModelMessageSchema,
  DeleteSurfaceMessageSchema,
  CallRendererFunctionMessageSchema,
  AgentFunctionResponseMessageSchema,
]);
/** Any agent-to-renderer message. */
export type AgentToRendererMessage = z.infer<typeof AgentToRendererMessageSchema>;

/** A list of agent-to-renderer messages (agent_to_renderer_list.json). */
export const AgentToRendererListSchema = /* @__PURE__ */ z.array(AgentToRendererMessageSchema);
/** A list of agent-to-renderer messages. */
export type AgentToRendererList = z.infer<typeof AgentToRendererListSchema>;

/** `{ messages: [...] }` for transports that need a top-level object (agent_to_renderer_list_wrapper.json). */
export const AgentToRendererListWrapperSchema = /* @__PURE__ */ z.strictObject({ messages: AgentToRendererListSchema });
/** `{ messages: [...] }` of agent-to-renderer messages. */
export type AgentToRendererListWrapper = z.infer<typeof AgentToRendererListWrapperSchema>;

/** A named example: a sample of messages (sample.json). */
export const A2uiSampleSchema = /* @__PURE__ */ z.looseObject({
  name: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  messages: AgentToRendererListSchema,
});
/** A named sample of messages. */
export type A2uiSample = z.infer<typeof A2uiSampleSchema>;
