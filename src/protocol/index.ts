/**
 * The A2UI v1.0 wire protocol: zod schemas (the only source of wire types), payload parsing with
 * plain-data errors, builders for renderer messages, and catalog component validation.
 */

// ---- common types (common_types.json) ----
export {
  /** The protocol version this package speaks: `'v1.0'`. */
  A2UI_VERSION,
  /** Schema of the `version` field of every message. */
  VersionSchema,
  /** Schema of a component id. */
  ComponentIdSchema,
  /** Schema of a function call id. */
  CallIdSchema,
  /** Unicode identifier pattern (UAX #31) that extension keys must match. */
  EXTENSION_KEY_PATTERN,
  /** Schema of vendor extension metadata (identifier keys, any values). */
  ExtensionsSchema,
  /** Schema of a `metadata` object: only `extensions`. */
  MetadataSchema,
  /** Schema of a data binding `{ path }`. */
  DataBindingSchema,
  /** Schema of a catalog function name (anything but `@index`). */
  CatalogFunctionNameSchema,
  /** Schema of a call to the `@index` system function. */
  IndexSystemFunctionSchema,
  /** Schema of a call to a catalog (or agent) function. */
  CatalogFunctionCallSchema,
  /** Schema of any FunctionCall: `@index` or a catalog function. */
  FunctionCallSchema,
  /** Schema of the common function-call envelope (`call`, `catalogId`, other keys allowed). */
  FunctionCommonSchema,
  /** Schema of function arguments: dynamic values or null. */
  FunctionArgsSchema,
  /** Schema of a literal object that is neither a binding nor a call. */
  LiteralObjectSchema,
  /** Schema of a literal, binding or call of any type. */
  DynamicValueSchema,
  /** Schema of a string literal, binding or call. */
  DynamicStringSchema,
  /** Schema of a number literal, binding or call. */
  DynamicNumberSchema,
  /** Schema of a boolean literal, binding or call. */
  DynamicBooleanSchema,
  /** Schema of a string-list literal, binding or call. */
  DynamicStringListSchema,
  /** Schema of a single child reference. */
  ChildSchema,
  /** Schema of a child-list template `{ componentId, path }`. */
  ChildTemplateSchema,
  /** Schema of children: a list of ids or a template. */
  ChildListSchema,
  /** Schema of component accessibility attributes. */
  AccessibilityAttributesSchema,
  /** Schema of the properties every component has (other keys allowed). */
  ComponentCommonSchema,
  /** Schema of one check rule of a checkable component. */
  CheckRuleSchema,
  /** Schema of the `checks` property of checkable components. */
  CheckableSchema,
  /** Schema of an action that sends an event to the agent. */
  EventActionSchema,
  /** Schema of an action that runs a function. */
  FunctionCallActionSchema,
  /** Schema of a component action: event or function call. */
  ActionSchema,
  /** Schema of the reserved `Surface` root container. */
  SurfaceComponentSchema,
  /** Schema of a function error `{ code, message }`. */
  FunctionErrorSchema,
  /** Schema of a successful function response. */
  FunctionValueResponseSchema,
  /** Schema of a failed function response. */
  FunctionErrorResponseSchema,
  /** Schema of a function response: exactly one of `value` or `error`. */
  FunctionResponseSchema,
} from './common';
export type {
  /** A component id. */
  ComponentId,
  /** A function call id. */
  CallId,
  /** Vendor extension metadata. */
  Extensions,
  /** A `metadata` object. */
  Metadata,
  /** A data binding `{ path }`. */
  DataBinding,
  /** A call to `@index`. */
  IndexSystemFunction,
  /** A call to a catalog (or agent) function. */
  CatalogFunctionCall,
  /** Any function call. */
  FunctionCall,
  /** The common function-call envelope. */
  FunctionCommon,
  /** Function arguments. */
  FunctionArgs,
  /** A dynamic value of any type. */
  DynamicValue,
  /** A dynamic string. */
  DynamicString,
  /** A dynamic number. */
  DynamicNumber,
  /** A dynamic boolean. */
  DynamicBoolean,
  /** A dynamic list of strings. */
  DynamicStringList,
  /** A single child reference. */
  Child,
  /** A child-list template. */
  ChildTemplate,
  /** Children: ids or a template. */
  ChildList,
  /** Accessibility attributes. */
  AccessibilityAttributes,
  /** Properties common to all components. */
  ComponentCommon,
  /** One check rule. */
  CheckRule,
  /** The `checks` property holder. */
  Checkable,
  /** An event action. */
  EventAction,
  /** A function-call action. */
  FunctionCallAction,
  /** A component action. */
  Action,
  /** The reserved `Surface` container. */
  SurfaceComponent,
  /** A function error. */
  FunctionError,
  /** A function response. */
  FunctionResponse,
} from './common';

// ---- agent to renderer (agent_to_renderer.json and list forms) ----
export {
  /** Schema of a component in a message: common properties checked, catalog properties passed through. */
  ComponentSchema,
  /** Schema of a non-empty component list. */
  ComponentsListSchema,
  /** Schema of the `createSurface` body. */
  CreateSurfaceBodySchema,
  /** Schema of the `updateComponents` body. */
  UpdateComponentsBodySchema,
  /** Schema of the `updateDataModel` body. */
  UpdateDataModelBodySchema,
  /** Schema of the `deleteSurface` body. */
  DeleteSurfaceBodySchema,
  /** Schema of the function call inside `callRendererFunction` (catalogId required). */
  RendererFunctionCallSchema,
  /** Schema of the `callRendererFunction` body. */
  CallRendererFunctionBodySchema,
  /** Schema of the `agentFunctionResponse` body. */
  AgentFunctionResponseBodySchema,
  /** Schema of a `createSurface` message. */
  CreateSurfaceMessageSchema,
  /** Schema of an `updateComponents` message. */
  UpdateComponentsMessageSchema,
  /** Schema of an `updateDataModel` message. */
  UpdateDataModelMessageSchema,
  /** Schema of a `deleteSurface` message. */
  DeleteSurfaceMessageSchema,
  /** Schema of a `callRendererFunction` message. */
  CallRendererFunctionMessageSchema,
  /** Schema of an `agentFunctionResponse` message. */
  AgentFunctionResponseMessageSchema,
  /** Message schema for each agent-to-renderer body key. */
  AGENT_TO_RENDERER_MESSAGE_SCHEMAS,
  /** Schema of any agent-to-renderer message. */
  AgentToRendererMessageSchema,
  /** Schema of a list of agent-to-renderer messages. */
  AgentToRendererListSchema,
  /** Schema of `{ messages: [...] }` of agent-to-renderer messages. */
  AgentToRendererListWrapperSchema,
  /** Schema of a named sample of messages (sample.json). */
  A2uiSampleSchema,
} from './agentToRenderer';
export type {
  /** A component in a message. */
  Component,
  /** The `createSurface` body. */
  CreateSurfaceBody,
  /** The `updateComponents` body. */
  UpdateComponentsBody,
  /** The `updateDataModel` body. */
  UpdateDataModelBody,
  /** The `deleteSurface` body. */
  DeleteSurfaceBody,
  /** The function call inside `callRendererFunction`. */
  RendererFunctionCall,
  /** The `callRendererFunction` body. */
  CallRendererFunctionBody,
  /** The `agentFunctionResponse` body. */
  AgentFunctionResponseBody,
  /** A `createSurface` message. */
  CreateSurfaceMessage,
  /** An `updateComponents` message. */
  UpdateComponentsMessage,
  /** An `updateDataModel` message. */
  UpdateDataModelMessage,
  /** A `deleteSurface` message. */
  DeleteSurfaceMessage,
  /** A `callRendererFunction` message. */
  CallRendererFunctionMessage,
  /** An `agentFunctionResponse` message. */
  AgentFunctionResponseMessage,
  /** The body key of an agent-to-renderer message. */
  AgentToRendererMessageKind,
  /** Any agent-to-renderer message. */
  AgentToRendererMessage,
  /** A list of agent-to-renderer messages. */
  AgentToRendererList,
  /** `{ messages: [...] }` of agent-to-renderer messages. */
  AgentToRendererListWrapper,
  /** A named sample of messages. */
  A2uiSample,
} from './agentToRenderer';

// ---- renderer to agent (renderer_to_agent.json and list forms) ----
export {
  /** Schema of the `action` body. */
  ActionBodySchema,
  /** Schema of the `callAgentFunction` body. */
  CallAgentFunctionBodySchema,
  /** Schema of the `rendererFunctionResponse` body. */
  RendererFunctionResponseBodySchema,
  /** Error codes that take the validation-error shape. */
  VALIDATION_ERROR_CODES,
  /** Schema of a validation error body. */
  ValidationErrorBodySchema,
  /** Schema of a generic error about a surface. */
  SurfaceErrorBodySchema,
  /** Schema of a generic error about a function call. */
  FunctionCallErrorBodySchema,
  /** Schema of the `error` body. */
  ErrorBodySchema,
  /** Schema of an `action` message. */
  ActionMessageSchema,
  /** Schema of a `callAgentFunction` message. */
  CallAgentFunctionMessageSchema,
  /** Schema of a `rendererFunctionResponse` message. */
  RendererFunctionResponseMessageSchema,
  /** Schema of an `error` message. */
  ErrorMessageSchema,
  /** Message schema for each renderer-to-agent body key. */
  RENDERER_TO_AGENT_MESSAGE_SCHEMAS,
  /** Schema of any renderer-to-agent message. */
  RendererToAgentMessageSchema,
  /** Schema of a list of renderer-to-agent messages. */
  RendererToAgentListSchema,
  /** Schema of `{ messages: [...] }` of renderer-to-agent messages. */
  RendererToAgentListWrapperSchema,
} from './rendererToAgent';
export type {
  /** The `action` body. */
  ActionBody,
  /** The `callAgentFunction` body. */
  CallAgentFunctionBody,
  /** The `rendererFunctionResponse` body. */
  RendererFunctionResponseBody,
  /** A validation error body. */
  ValidationErrorBody,
  /** A generic error about a surface. */
  SurfaceErrorBody,
  /** A generic error about a function call. */
  FunctionCallErrorBody,
  /** The `error` body. */
  ErrorBody,
  /** An `action` message. */
  ActionMessage,
  /** A `callAgentFunction` message. */
  CallAgentFunctionMessage,
  /** A `rendererFunctionResponse` message. */
  RendererFunctionResponseMessage,
  /** An `error` message. */
  ErrorMessage,
  /** The body key of a renderer-to-agent message. */
  RendererToAgentMessageKind,
  /** Any renderer-to-agent message. */
  RendererToAgentMessage,
  /** A list of renderer-to-agent messages. */
  RendererToAgentList,
  /** `{ messages: [...] }` of renderer-to-agent messages. */
  RendererToAgentListWrapper,
} from './rendererToAgent';

// ---- catalogs, capabilities, data model ----
export {
  /** Schema of a JSON Schema document (object or boolean). */
  JsonSchemaDocumentSchema,
  /** Schema of a catalog component definition. */
  ComponentDefinitionSchema,
  /** Schema of a function return type name. */
  FunctionReturnTypeSchema,
  /** Schema of a function's allowed callers. */
  AllowedCallersSchema,
  /** Schema of a catalog function definition. */
  FunctionDefinitionSchema,
  /** Schema of a catalog definition (catalog_definition.json). */
  CatalogDefinitionSchema,
  /** Schema of a check's ValidationResult. */
  ValidationResultSchema,
} from './catalogDefinition';
export type {
  /** A JSON Schema document. */
  JsonSchemaDocument,
  /** A catalog component definition. */
  ComponentDefinition,
  /** A catalog function definition. */
  FunctionDefinition,
  /** A catalog definition. */
  CatalogDefinition,
  /** A check's ValidationResult. */
  ValidationResult,
} from './catalogDefinition';
export {
  /** Schema of the renderer's v1.0 capabilities entry. */
  RendererCapabilitiesV1Schema,
  /** Schema of `a2uiRendererCapabilities` (renderer_capabilities.json). */
  RendererCapabilitiesSchema,
  /** Schema of the agent's v1.0 capabilities entry. */
  AgentCapabilitiesV1Schema,
  /** Schema of agent capabilities (agent_capabilities.json). */
  AgentCapabilitiesSchema,
} from './capabilities';
export type {
  /** Renderer capabilities. */
  RendererCapabilities,
  /** Agent capabilities. */
  AgentCapabilities,
} from './capabilities';
export {
  /** Schema of the renderer data model sent to agents (renderer_data_model.json). */
  RendererDataModelSchema,
} from './dataModel';
export type {
  /** The renderer data model sent to agents. */
  RendererDataModel,
} from './dataModel';

// ---- parsing and building ----
export {
  /** Finds the raw messages of an agent payload (message, array, wrapper or JSON text). */
  splitAgentPayload,
  /** Validates one agent-to-renderer message at a given index and pointer. */
  parseAgentMessage,
  /** Parses and validates a whole agent payload; never throws. */
  parseAgentPayload,
  /** Validates one renderer-to-agent message (value or JSON text). */
  parseRendererMessage,
} from './parse';
export type {
  /** Limits applied while parsing. */
  ParseOptions,
  /** The raw messages of a payload, or a payload error. */
  AgentPayloadSplit,
  /** One parsed message or its error. */
  MessageParseResult,
  /** All parsed messages of a payload or the first error. */
  AgentPayloadParseResult,
} from './parse';
export {
  /** Builds a validated `action` message. */
  buildActionMessage,
  /** Builds a validated `callAgentFunction` message. */
  buildCallAgentFunctionMessage,
  /** Builds a validated `rendererFunctionResponse` message. */
  buildRendererFunctionResponseMessage,
  /** Builds a validated `error` message. */
  buildErrorMessage,
  /** Turns an internal error into a wire `error` body, or null if it names nothing the agent knows. */
  toAgentErrorBody,
} from './build';
export type {
  /** A built message or why it could not be built. */
  BuildResult,
} from './build';

// ---- catalog component validation ----
export {
  /** Creates a validator of components and function calls against one catalog's JSON Schemas. */
  createComponentValidator,
} from './componentValidation';
export type {
  /** One schema violation: pointer and explanation. */
  SchemaViolation,
  /** Outcome of a catalog schema check. */
  SchemaCheckResult,
  /** Options of createComponentValidator. */
  ComponentValidatorOptions,
  /** A validator bound to one catalog. */
  ComponentValidator,
} from './componentValidation';
export {
  /** The embedded v1.0 common_types.json schema. */
  COMMON_TYPES_SCHEMA,
} from './json/commonTypes';

// ---- helpers ----
export {
  /** Deep-copies an untrusted value as plain JSON, or says where and why it cannot. */
  toJsonValue,
  /** Default nesting limit of toJsonValue. */
  DEFAULT_MAX_JSON_DEPTH,
  /** Names the JSON type of a value for messages (`null`, `array`, `object`, ...). */
  describeType,
  /** Whether a value is a plain `{}` object from any realm. */
  isPlainObject,
} from './json';
export type {
  /** A JSON value. */
  JsonValue,
  /** Result of toJsonValue. */
  JsonCopyResult,
  /** Limits of toJsonValue. */
  JsonCopyLimits,
} from './json';
export {
  /** Escapes one JSON Pointer reference token. */
  escapePointerToken,
  /** Appends tokens to a JSON Pointer. */
  appendPointer,
} from './pointer';
export {
  /** The closed list of error codes. */
  A2UI_ERROR_CODES,
  /** Builds a plain-data error, dropping undefined locators. */
  a2uiError,
} from './errors';
export type {
  /** One of the error codes. */
  A2uiErrorCode,
  /** An error as plain data. */
  A2uiError,
} from './errors';
