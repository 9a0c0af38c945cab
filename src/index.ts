/**
 * a2ui-redux: the renderer side of an A2UI v1.0 conversation for Redux apps.
 *
 * Layers, each usable alone: the wire protocol (zod schemas, parsing, builders), the data model,
 * catalogs and expressions, the pure session (messages in, state and effects out), the resolved
 * trees, and the Redux wrapper (slice, selectors, sagas, transports).
 *
 * @example
 * import { configureStore } from '@reduxjs/toolkit';
 * import createSagaMiddleware from 'redux-saga';
 * import { createA2ui, basicCatalog, createInMemoryTransport } from 'a2ui-redux';
 *
 * const a2ui = createA2ui({ catalogs: [basicCatalog()] });
 * const sagas = createSagaMiddleware();
 * const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d().concat(sagas) });
 * sagas.run(a2ui.saga, { transport: createInMemoryTransport().transport });
 */

// ---------------------------------------------------------------- errors
export {
  /** Every error code this package produces (a closed set). */
  A2UI_ERROR_CODES,
  /** Builds a plain-data error. */
  a2uiError,
} from './protocol/errors';
export type {
  /** An error as plain, serializable data: `code`, `message`, optional locators. */
  A2uiError,
  /** One of {@link A2UI_ERROR_CODES}. */
  A2uiErrorCode,
} from './protocol/errors';

// ---------------------------------------------------------------- session (pure)
export {
  /** Creates a pure session over catalogs; the first catalog is the default for surfaces that name none. */
  createSession,
  /** Builds the runtime (catalogs, options, resolver cache) a session or a Redux slice uses. */
  createSessionRuntime,
  /** Wraps serializable session state with a runtime. */
  sessionFrom,
  /** Applies an agent payload; messages apply in order, a failure keeps the earlier ones. */
  handleMessage,
  /** Rejects a pending agent call with a timeout (no-op when it settled). */
  timeoutAgentCall,
  /** Rejects every pending agent call and drops the resolved trees. */
  dispose,
  /** One surface's state. */
  surface,
  /** All surfaces, sorted by id. */
  surfaces,
  /** The resolved tree of a surface (memoized, shared with the selectors). */
  resolvedTree,
  /** The data models of `sendDataModel` surfaces, for transport metadata. */
  clientDataModel,
  /** The renderer capabilities to advertise. */
  rendererCapabilities,
} from './session/session';
export type {
  /** A session: serializable state plus its runtime. */
  Session,
  /** Catalogs, options and caches a session closes over (never in Redux state). */
  SessionRuntime,
  /** Options of {@link createSession}. */
  SessionOptions,
  /** A successful operation: the new session and its effects. */
  Result,
  /** A failed operation: the error, and the session with what did apply. */
  Failure,
  /** A client that runs MCP tools (the MCP SDK's `Client` fits). */
  McpToolClient,
} from './session/session';
export {
  /** Writes a value through a node's two-way binding. */
  write,
  /** Runs the action in a node's property. */
  invoke,
} from './session/interaction';
export {
  /** A fresh, empty session state. */
  initialSessionState,
} from './model/state';
export type {
  /** The whole serializable session state. */
  SessionState,
  /** One surface: components by id, data model, options. */
  SurfaceState,
  /** A component as the agent sent it. */
  ComponentRecord,
  /** A row of the agent-call table. */
  AgentCallRow,
  /** How an agent call ended, or `pending`. */
  AgentCallStatus,
} from './model/state';
export type {
  /** What an operation asks the host to do, as plain data. */
  Effect,
  /** A renderer→agent message. */
  OutboundMessage,
  /** The `a2uiRendererDataModel` transport metadata. */
  RendererDataModelMetadata,
  /** How an agent call settled. */
  AgentCallOutcome,
} from './model/effects';
export {
  /** Default resource limits of a session. */
  DEFAULT_SESSION_LIMITS,
} from './processor/config';
export type {
  /** Resource limits, each configurable in SessionOptions.limits. */
  SessionLimits,
} from './processor/config';

// ---------------------------------------------------------------- resolved trees
export {
  /** Resolves a surface into a tree, incrementally, through a resolver cache. */
  resolveSurface,
  /** A new, empty resolver cache. */
  createResolverCache,
  /** One node of a tree by ref, without building the whole `nodes` record. */
  lookupNode,
  /** The scope and template index a node was resolved in. */
  nodeContext,
  /** Default limits of the resolver. */
  DEFAULT_RESOLUTION_LIMITS,
} from './resolution/resolver';
export {
  /** The ref of a component (inside a template: over the item at a data path), e.g. 'row@/items/3'. */
  nodeRefOf,
  /** The component id and template item path a ref names (null for a cycle cut). */
  parseNodeRef,
} from './resolution/refs';
export type {
  /** The resolver cache (internal, mutable, never in state). */
  ResolverCache,
  /** What the resolver needs besides the surface. */
  ResolutionContext,
  /** Limits of the resolver. */
  ResolutionLimits,
  /** What one resolution pass did. */
  ResolutionPass,
} from './resolution/resolver';
export {
  /** Every diagnostic code (a closed set). */
  DIAGNOSTIC_CODES,
} from './model/tree';
export type {
  /** A resolved surface: root, nodes by ref, diagnostics. */
  ResolvedTree,
  /** One resolved component. */
  ResolvedNode,
  /** What a node is: its component id, plus `@` and the template item's data path inside templates ('email', 'row@/items/3'). */
  NodeRef,
  /** A problem found while resolving or operating on a surface. */
  Diagnostic,
  /** One of {@link DIAGNOSTIC_CODES}. */
  DiagnosticCode,
} from './model/tree';

// ---------------------------------------------------------------- Redux
export {
  /** Creates the a2ui reducer, actions, selectors and root saga. */
  createA2ui,
} from './createA2ui';
export type {
  /** Options of {@link createA2ui}. */
  A2uiOptions,
  /** What {@link createA2ui} returns. */
  A2ui,
} from './createA2ui';
export {
  /** Every a2ui action creator. */
  a2uiActions,
  /** An agent payload arrived. */
  messageReceived,
  /** The user changed a bound input. */
  valueWritten,
  /** The user triggered an action. */
  actionInvoked,
  /** An agent call's timer fired. */
  agentCallTimedOut,
  /** An agent call settled. */
  agentCallSettled,
  /** The session was disposed. */
  disposed,
  /** The outbox was carried out up to an entry. */
  effectsDelivered,
  /** An embedded MCP App sent a request. */
  mcpAppRequested,
  /** An MCP tool call finished. */
  mcpToolReplied,
  /** A saga worker failed; the root saga keeps running. */
  workerFailed,
  /** The transport's connection changed state. */
  transportStatusChanged,
  /** A send attempt failed; it will be retried. */
  deliveryAttemptFailed,
  /** A send used up its retry budget and is kept as a failed record. */
  deliveryFailed,
  /** Sends from another store lifetime are kept as unknown records. */
  deliveryUnknown,
  /** Send a failed or unknown record again. */
  deliveryRetried,
  /** Drop a failed or unknown record unsent. */
  deliveryAbandoned,
  /** The action creators of an instance at a given reducerPath. */
  createA2uiActions,
} from './redux/actions';
export type {
  /** The action creators of one instance. */
  A2uiActions,
  /** What prepare adds to actions that make effects: their id and time. */
  A2uiActionMeta,
} from './redux/actions';
export {
  /** DevTools sanitizers that replace big payloads with their size. */
  a2uiDevToolsSanitizers,
} from './redux/devtools';
export type {
  /** The a2ui state as mounted in the host store. */
  A2uiState,
  /** The `session` slice. */
  A2uiSessionSlice,
  /** The `log` slice. */
  A2uiLogSlice,
  /** One numbered log entry. */
  LogEntry,
  /** One outbox entry. */
  OutboxEntry,
  /** How a send stands when it is not simply waiting its turn. */
  DeliveryStatus,
  /** What the log keeps instead of a payload it will not hold. */
  LogStub,
  /** The slice of one instance. */
  A2uiSlice,
} from './redux/slice';
export {
  /** Builds the selectors for an a2ui state found by a selector. */
  createA2uiSelectors,
} from '../selectors';
export type {
  /** Every a2ui selector. */
  A2uiSelectors,
} from '../selectors';
export {
  /** Builds the root saga for an a2ui state found by a selector. */
  createA2uiSaga,
} from '../sagas';
export type {
  /** The transport port: send messages, subscribe to payloads. */
  A2uiTransport,
  /** The ports the root saga talks to. */
  A2uiSagaPorts,
  /** Options of createA2uiSaga. */
  A2uiSagaOptions,
  /** The root saga. */
  A2uiRootSaga,
} from '../sagas';
export type {
  /** What travels with a message: the renderer data model and the delivery id. */
  TransportMetadata,
  /** Options of one send: its AbortSignal. */
  TransportSendOptions,
} from './transports/types';
export {
  /** An in-memory renderer/agent transport pair (tests, demos). */
  createInMemoryTransport,
} from './transports/inMemory';
export {
  /** An HTTP+SSE client transport with reconnect (browser and Node). */
  createHttpSseTransport,
  /** An incremental Server-Sent Events parser. */
  createSseParser,
} from './transports/httpSse';

// ---------------------------------------------------------------- catalogs
export {
  /** Builds a catalog from code. */
  defineCatalog,
  /** Loads a catalog.json document into a catalog. */
  catalogFromJson,
  /** The catalog of a component, in the protocol's resolution order. */
  resolveComponentCatalog,
  /** The catalog of a function call, in the protocol's resolution order. */
  resolveFunctionCatalog,
  /** The v1.0 basic catalog. */
  basicCatalog,
  /** The basic catalog's id. */
  BASIC_CATALOG_ID,
  /** System functions (`@index`). */
  SYSTEM_FUNCTIONS,
  /** Linear-time matching of agent-supplied regular expressions. */
  compileSafeRegex,
  /** Default bounds of agent-supplied regular expressions. */
  DEFAULT_REGEX_LIMITS,
  /**
   * What a catalog function throws when an input is over a resource limit: reported as
   * LIMIT_EXCEEDED (to the host as a diagnostic, to the agent as an error), not EXPRESSION_ERROR.
   */
  LimitExceededError,
} from './catalog';
export type {
  /** A catalog: component schemas and functions. */
  Catalog,
  /** The input of {@link defineCatalog}. */
  CatalogDefinitionInput,
  /** A catalog function: definition and optional implementation. */
  CatalogFunction,
  /** Passed to every function implementation. */
  FunctionContext,
  /** A function implementation. */
  FunctionImplementation,
  /** Who may call a function. */
  AllowedCallers,
  /** A function's declared return type. */
  FunctionReturnType,
  /** A JSON Schema document. */
  JsonSchema,
  /** What a function asks the session to do besides returning. */
  LocalRequest,
  /** Options of {@link basicCatalog}. */
  BasicCatalogOptions,
} from './catalog';
export type {
  /** A catalog function's definition (returnType, allowedCallers, …). */
  FunctionDefinition as CatalogFunctionDefinition,
} from './catalog/types';

// ---------------------------------------------------------------- MCP Apps
export {
  /** The MCP catalog: the `McpApp` component and its functions (callMcpTool, jmespath, split, regex…). */
  mcpCatalog,
  /** The MCP catalog's id. */
  MCP_CATALOG_ID,
  /** The MCP catalog's JSON definition. */
  MCP_CATALOG_JSON,
  /** Decodes an McpApp's `htmlContent` (the `url_encoded:` prefix). */
  decodeHtmlContent,
  /** JMESPath search with limits on expression, input size and cost; never throws. */
  searchJmespath,
  /** Default limits of {@link searchJmespath}. */
  DEFAULT_JMESPATH_LIMITS,
} from './mcp/catalog';
export type {
  /** Options of {@link mcpCatalog}. */
  McpCatalogOptions,
} from './mcp/catalog';
export {
  /** Answers a request or notification an embedded MCP App sent from an `McpApp` node. */
  mcpAppRequest,
  /** Applies a settled MCP tool call and builds the app's reply. */
  mcpToolSettled,
  /** The `mcpReply` effect for an app's request, naming the app (surfaceId, ref). */
  mcpReplyEffect,
  /** The JSON-RPC error codes used in replies to MCP Apps. */
  MCP_ERROR_CODES,
} from './mcp/requests';
export type {
  /** A reply to an MCP App: a result, a JSON-RPC error, or null for a notification. */
  McpReply,
  /** What {@link mcpAppRequest} returns. */
  McpAppRequestResult,
  /** Options of {@link mcpAppRequest}. */
  McpAppRequestOptions,
  /** A settled MCP tool call, for {@link mcpToolSettled}. */
  McpToolSettlement,
} from './mcp/requests';
export {
  /** Checks an MCP App payload: no prototype keys, depth at most 10, at most 64 KB. */
  checkMcpPayload,
  /** Default limits of {@link checkMcpPayload}. */
  DEFAULT_MCP_PAYLOAD_LIMITS,
} from './mcp/guard';

// ---------------------------------------------------------------- expressions and data
export {
  /** Evaluates a DynamicValue (literal, binding, call) in a scope. */
  evaluateDynamic,
  /** Parses a formatString template into parts. */
  parseTemplate,
  /** Coerces a value to a string, as the protocol defines. */
  coerceToString,
  /** Coerces a value to a number, as the protocol defines. */
  coerceToNumber,
  /** Coerces a value to a boolean, as the protocol defines. */
  coerceToBoolean,
  /** Default limits of expression evaluation. */
  DEFAULT_EXPRESSION_LIMITS,
} from './expressions';
export {
  /** The value at a JSON Pointer path (own properties only). */
  getIn,
  /** A copy of a model with a value at a path (structural sharing). */
  setIn,
  /** A copy of a model without the value at a path. */
  deleteIn,
  /** Applies an updateDataModel (null deletes). */
  applyDataUpdate,
  /** Splits a JSON Pointer into decoded segments. */
  splitPointer,
  /** Joins decoded segments into a JSON Pointer. */
  joinPointer,
  /** Resolves a relative path in a scope. */
  resolvePath,
} from './data';

// ---------------------------------------------------------------- wire protocol (zod schemas, parsing, builders)
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
} from './protocol/common';
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
} from './protocol/common';

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
} from './protocol/agentToRenderer';
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
} from './protocol/agentToRenderer';

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
} from './protocol/rendererToAgent';
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
} from './protocol/rendererToAgent';

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
} from './protocol/catalogDefinition';
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
} from './protocol/catalogDefinition';
export {
  /** Schema of the renderer's v1.0 capabilities entry. */
  RendererCapabilitiesV1Schema,
  /** Schema of `a2uiRendererCapabilities` (renderer_capabilities.json). */
  RendererCapabilitiesSchema,
  /** Schema of the agent's v1.0 capabilities entry. */
  AgentCapabilitiesV1Schema,
  /** Schema of agent capabilities (agent_capabilities.json). */
  AgentCapabilitiesSchema,
} from './protocol/capabilities';
export type {
  /** Renderer capabilities. */
  RendererCapabilities,
  /** Agent capabilities. */
  AgentCapabilities,
} from './protocol/capabilities';
export {
  /** Schema of the renderer data model sent to agents (renderer_data_model.json). */
  RendererDataModelSchema,
} from './protocol/dataModel';
export type {
  /** The renderer data model sent to agents. */
  RendererDataModel,
} from './protocol/dataModel';

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
} from './protocol/parse';
export type {
  /** Limits applied while parsing. */
  ParseOptions,
  /** The raw messages of a payload, or a payload error. */
  AgentPayloadSplit,
  /** One parsed message or its error. */
  MessageParseResult,
  /** All parsed messages of a payload or the first error. */
  AgentPayloadParseResult,
} from './protocol/parse';
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
} from './protocol/build';
export type {
  /** A built message or why it could not be built. */
  BuildResult,
} from './protocol/build';

// ---- catalog component validation ----
export {
  /** Creates a validator of components and function calls against one catalog's JSON Schemas. */
  createComponentValidator,
} from './protocol/componentValidation';
export type {
  /** One schema violation: pointer and explanation. */
  SchemaViolation,
  /** Outcome of a catalog schema check. */
  SchemaCheckResult,
  /** Options of createComponentValidator. */
  ComponentValidatorOptions,
  /** A validator bound to one catalog. */
  ComponentValidator,
} from './protocol/componentValidation';
export {
  /** The embedded v1.0 common_types.json schema. */
  COMMON_TYPES_SCHEMA,
} from './protocol/json/commonTypes';

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
} from './protocol/json';
export type {
  /** A JSON value. */
  JsonValue,
  /** Result of toJsonValue. */
  JsonCopyResult,
  /** Limits of toJsonValue. */
  JsonCopyLimits,
} from './protocol/json';
export {
  /** Escapes one JSON Pointer reference token. */
  escapePointerToken,
  /** Appends tokens to a JSON Pointer. */
  appendPointer,
} from './protocol/pointer';

// ---------------------------------------------------------------- catalog tooling
export { validateCatalog } from './catalog/validate';
export { lintCatalog } from './catalog/lint';
export { bundleCatalog } from './catalog/bundle';
export {
  CatalogProblemCodeSchema,
  CatalogProblemSchema,
  CatalogLintCodeSchema,
  CatalogFindingSchema,
  FindingSeveritySchema,
  CATALOG_PROBLEM_BLOCKS_LOADING,
} from './catalog/problems';
export type { CatalogValidation } from './catalog/validate';
export type { CatalogProblem, CatalogProblemCode, CatalogLintCode, CatalogFinding, FindingSeverity } from './catalog/problems';
