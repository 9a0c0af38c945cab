/**
 * `a2ui-redux/core`: the pure session, its vocabulary and the catalogs, without Redux. Nothing
 * reachable from here imports `@reduxjs/toolkit` or `redux-saga`, so this entry loads without them
 * (test/package/coreEntry.test.ts holds it to that). The package root re-exports all of it.
 *
 * Each name is documented where it is declared.
 */

// ---- session
export {
  createSession,
  handleMessage,
  timeoutAgentCall,
  sendDebouncedAgentCall,
  dispose,
  surface,
  surfaces,
  resolvedTree,
  clientDataModel,
  rendererCapabilities,
} from './session/session';
export { write, invoke } from './session/interaction';
export { DEFAULT_SESSION_LIMITS } from './processor/config';
export type { Session, SessionOptions, Result, Failure, McpToolClient, SessionExtension } from './session/session';
export type { SessionLimits } from './processor/config';
export type { SessionState, SurfaceState, ComponentRecord, AgentCallRow, AgentCallStatus } from './model/state';
export { componentOf, componentsOf } from './model/state';
export { tableGet, tableHas, tableSize, tableKeys, tableValues, tableEntries, tableToRecord } from './data/table';
export type { Table } from './data/table';

// ---- effects and errors
export { A2UI_ERROR_CODES } from './protocol/errors';
export type { A2uiError, A2uiErrorCode } from './protocol/errors';
export type { Effect, OutboundMessage, RendererDataModelMetadata, AgentCallOutcome } from './model/effects';

// ---- resolved trees
export { DIAGNOSTIC_CODES } from './model/tree';
export type { ResolvedTree, ResolvedNode, NodeRef, Diagnostic, DiagnosticCode, DiagnosticSeverity } from './model/tree';
export { nodeRefOf, parseNodeRef } from './resolution/refs';

// ---- catalogs
export { defineCatalog } from './catalog/define';
export { catalogFromJson } from './catalog/fromJson';
export { basicCatalog, BASIC_CATALOG_ID } from './catalog/basic';
export { LimitExceededError } from './catalog/types';
export { DEFAULT_REGEX_LIMITS } from './regex';
export type { CatalogFromJsonOptions, CatalogFromJsonResult } from './catalog/fromJson';
export type { BasicCatalogOptions } from './catalog/basic';
export type {
  Catalog,
  CatalogDefinitionInput,
  CatalogFunction,
  FunctionDefinition as CatalogFunctionDefinition,
  FunctionContext,
  FunctionImplementation,
  AllowedCallers,
  FunctionReturnType,
  JsonSchema,
  LocalRequest,
} from './catalog/types';
export type { RegexLimits } from './regex';
export { validateCatalog } from './catalog/validate';
export { lintCatalog } from './catalog/lint';
export { bundleCatalog } from './catalog/bundle';
export type { BundleCatalogOptions } from './catalog/bundle';
export { CATALOG_PROBLEM_BLOCKS_LOADING } from './catalog/problems';
export type { CatalogValidation } from './catalog/validate';
export type { CatalogProblem, CatalogProblemCode, CatalogLintCode, CatalogFinding, FindingSeverity } from './catalog/problems';
export { createComponentValidator } from './protocol/componentValidation';
export type { SchemaViolation, SchemaCheckResult, ComponentValidatorOptions, ComponentValidator } from './protocol/componentValidation';
export { isComponent } from './catalog/isComponent';
export type { KnownComponentProps, KnownComponentName, ComponentNode, CatalogComponentNode } from './catalog/isComponent';
export type { TypedCatalog, CatalogComponentProps, CatalogComponentName, InferComponentProps, InferCatalogProps, PropTypeOfSchema } from './catalog/inferProps';
export type { BasicComponentProps } from './catalog/basic/componentTypes';
export type { McpComponentProps } from './mcp/catalog/componentTypes';

// ---- MCP Apps: the MCP catalog and its session side (`mcpAppRequest`, …) are their own entry,
// `a2ui-redux/mcp`, so apps without MCP Apps do not ship them; only the vocabulary is here.
export type { McpReply } from './mcp/types';

// ---- wire types (the schemas and parsers are in `a2ui-redux/protocol`)
export { A2UI_VERSION } from './protocol/common';
export type { AgentToRendererMessage, Component } from './protocol/agentToRenderer';
export type { RendererToAgentMessage } from './protocol/rendererToAgent';
export type { CatalogDefinition, ValidationResult } from './protocol/catalogDefinition';
export type { RendererCapabilities } from './protocol/capabilities';
export type { RendererDataModel } from './protocol/dataModel';
export type { DynamicValue, FunctionCall, DataBinding, Action } from './protocol/common';
