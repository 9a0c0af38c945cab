/**
 * `a2ui-redux/protocol`: the A2UI v1.0 wire protocol on its own. Zod schemas (the only source of
 * wire types), payload parsing with plain-data errors, builders of renderer messages, and the
 * embedded common_types.json. Each name is documented where it is declared.
 */

// ---- common types (common_types.json) ----
export {
  A2UI_VERSION, VersionSchema, ComponentIdSchema, CallIdSchema, EXTENSION_KEY_PATTERN, ExtensionsSchema,
  MetadataSchema, DataBindingSchema, CatalogFunctionNameSchema, IndexSystemFunctionSchema,
  CatalogFunctionCallSchema, FunctionCallSchema, FunctionCommonSchema, FunctionArgsSchema,
  LiteralObjectSchema, DynamicValueSchema, DynamicStringSchema, DynamicNumberSchema, DynamicBooleanSchema,
  DynamicStringListSchema, ChildSchema, ChildTemplateSchema, ChildListSchema, AccessibilityAttributesSchema,
  ComponentCommonSchema, CheckRuleSchema, CheckableSchema, EventActionSchema, FunctionCallActionSchema,
  ActionSchema, SurfaceComponentSchema, FunctionErrorSchema, FunctionValueResponseSchema,
  FunctionErrorResponseSchema, FunctionResponseSchema,
} from './common';
export type {
  ComponentId, CallId, Extensions, Metadata, DataBinding, IndexSystemFunction, CatalogFunctionCall,
  FunctionCall, FunctionCommon, FunctionArgs, DynamicValue, DynamicString, DynamicNumber, DynamicBoolean,
  DynamicStringList, Child, ChildTemplate, ChildList, AccessibilityAttributes, ComponentCommon, CheckRule,
  Checkable, EventAction, FunctionCallAction, Action, SurfaceComponent, FunctionError, FunctionResponse,
} from './common';

// ---- agent to renderer (agent_to_renderer.json and list forms) ----
export {
  ComponentSchema, ComponentsListSchema, CreateSurfaceBodySchema, UpdateComponentsBodySchema,
  UpdateDataModelBodySchema, DeleteSurfaceBodySchema, RendererFunctionCallSchema,
  CallRendererFunctionBodySchema, AgentFunctionResponseBodySchema, CreateSurfaceMessageSchema,
  UpdateComponentsMessageSchema, UpdateDataModelMessageSchema, DeleteSurfaceMessageSchema,
  CallRendererFunctionMessageSchema, AgentFunctionResponseMessageSchema, AGENT_TO_RENDERER_MESSAGE_SCHEMAS,
  AgentToRendererMessageSchema, AgentToRendererListSchema, AgentToRendererListWrapperSchema,
  A2uiSampleSchema,
} from './agentToRenderer';
export type {
  Component, CreateSurfaceBody, UpdateComponentsBody, UpdateDataModelBody, DeleteSurfaceBody,
  RendererFunctionCall, CallRendererFunctionBody, AgentFunctionResponseBody, CreateSurfaceMessage,
  UpdateComponentsMessage, UpdateDataModelMessage, DeleteSurfaceMessage, CallRendererFunctionMessage,
  AgentFunctionResponseMessage, AgentToRendererMessageKind, AgentToRendererMessage, AgentToRendererList,
  AgentToRendererListWrapper, A2uiSample,
} from './agentToRenderer';

// ---- renderer to agent (renderer_to_agent.json and list forms) ----
export {
  ActionBodySchema, CallAgentFunctionBodySchema, RendererFunctionResponseBodySchema, VALIDATION_ERROR_CODES,
  ValidationErrorBodySchema, SurfaceErrorBodySchema, FunctionCallErrorBodySchema, ErrorBodySchema,
  ActionMessageSchema, CallAgentFunctionMessageSchema, RendererFunctionResponseMessageSchema,
  ErrorMessageSchema, RENDERER_TO_AGENT_MESSAGE_SCHEMAS, RendererToAgentMessageSchema,
  RendererToAgentListSchema, RendererToAgentListWrapperSchema,
} from './rendererToAgent';
export type {
  ActionBody, CallAgentFunctionBody, RendererFunctionResponseBody, ValidationErrorBody, SurfaceErrorBody,
  FunctionCallErrorBody, ErrorBody, ActionMessage, CallAgentFunctionMessage, RendererFunctionResponseMessage,
  ErrorMessage, RendererToAgentMessageKind, RendererToAgentMessage, RendererToAgentList,
  RendererToAgentListWrapper,
} from './rendererToAgent';

// ---- catalogs, capabilities, data model ----
export {
  JsonSchemaDocumentSchema, ComponentDefinitionSchema, FunctionReturnTypeSchema, AllowedCallersSchema,
  FunctionDefinitionSchema, CatalogDefinitionSchema, ValidationResultSchema,
} from './catalogDefinition';
export type {
  JsonSchemaDocument, ComponentDefinition, FunctionDefinition, CatalogDefinition, ValidationResult,
} from './catalogDefinition';
export {
  RendererCapabilitiesV1Schema, RendererCapabilitiesSchema, AgentCapabilitiesV1Schema,
  AgentCapabilitiesSchema,
} from './capabilities';
export type { RendererCapabilities, AgentCapabilities } from './capabilities';
export { RendererDataModelSchema } from './dataModel';
export type { RendererDataModel } from './dataModel';

// ---- parsing and building ----
export { splitAgentPayload, parseAgentMessage, parseAgentPayload, parseRendererMessage } from './parse';
export type { ParseOptions, AgentPayloadSplit, MessageParseResult, AgentPayloadParseResult } from './parse';
export {
  buildActionMessage, buildCallAgentFunctionMessage, buildRendererFunctionResponseMessage, buildErrorMessage,
} from './build';
export type { BuildResult } from './build';

// ---- common_types.json (createComponentValidator, which checks components against a catalog's
// JSON Schemas, is in `a2ui-redux/core` with the catalogs: the parsers do not need it) ----
export { COMMON_TYPES_SCHEMA } from './json/commonTypes';

// ---- JSON values and errors ----
export type { JsonValue } from './json';
export { A2UI_ERROR_CODES } from './errors';
export type { A2uiErrorCode, A2uiError } from './errors';
