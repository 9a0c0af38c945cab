/**
 * The catalog model shared by the expression evaluator, the processor and the resolver.
 * Catalogs are code (function implementations), so they never live in Redux state: state keeps
 * catalog ids only.
 */

import type { RegexBudget } from '../regex';

/** A JSON Schema (2020-12) document, as found in catalog.json. */
export type JsonSchema = { [key: string]: unknown } | boolean;

/** A function's declared return type. */
export type FunctionReturnType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'array'
  | 'object'
  | 'any'
  | 'void'
  | 'validationResult';

/** Who may call a function. */
export type AllowedCallers = 'rendererOnly' | 'agentOnly' | 'rendererOrAgent';

/** A catalog function definition. */
export interface FunctionDefinition {
  returnType: FunctionReturnType;
  /** Default `rendererOnly`. */
  allowedCallers?: AllowedCallers;
  requiresUserActivation?: boolean;
  /** JSON Schema of the evaluated args object. */
  args?: JsonSchema;
  description?: string;
}

/**
 * What a function implementation asks of the session besides its return value. The evaluator
 * collects these in order; the session applies them (invoke) or turns them into effects.
 */
export type LocalRequest =
  | { type: 'openUrl'; url: string }
  | { type: 'setData'; path: string; value: unknown }
  | { type: 'messages'; messages: unknown[] }
  /**
   * An MCP tool call (the MCP catalog's `callMcpTool`): run asynchronously by the host; its
   * A2UI resources are applied as messages, its MCP App resource written to `targetDataPath`
   * (absolute) when given.
   */
  | { type: 'mcpToolCall'; name: string; arguments: Record<string, unknown>; targetDataPath?: string };

/** Passed to every function implementation. Read-only view of where the call happens. */
export interface FunctionContext {
  surfaceId: string | null;
  /** The surface's whole data model. */
  dataModel: unknown;
  /** Absolute JSON Pointer of the current scope ('' or '/' for the root scope). */
  scope: string;
  /** Index of the template item being rendered, when inside a ChildList template. */
  index: number | undefined;
  /** Who asked: resolution/invoke on the renderer, or the agent via callRendererFunction. */
  caller: 'renderer' | 'agent';
  /** Whether the call happens in direct response to a user gesture. */
  userActivated: boolean;
  /** Reads a path (absolute, or relative to `scope`) from the data model; undefined when absent. */
  read(path: string): unknown;
  /** Interpolates a formatString template in this context (`${...}` expressions). */
  interpolate(template: string): string;
  /** Records a request (open a URL, write data, apply messages) to be carried out by the session. */
  request(request: LocalRequest): void;
  /**
   * The regex step budget of the whole evaluation, when the evaluator keeps one: pattern checks
   * charge their steps to it as well as to their own per-test budget.
   */
  regexBudget?: RegexBudget;
}

export { LimitExceededError } from '../util/errors';

/**
 * Implementations may throw; the evaluator turns a throw into an EXPRESSION_ERROR diagnostic
 * (LIMIT_EXCEEDED for a {@link LimitExceededError}).
 */
export type FunctionImplementation = (args: Record<string, unknown>, context: FunctionContext) => unknown;

/** A catalog function: definition and optional implementation. */
export interface CatalogFunction {
  definition: FunctionDefinition;
  /** Absent: declared here but run by the agent (callAgentFunction). */
  implementation?: FunctionImplementation;
}

/** A catalog: components as JSON Schema plus functions with definitions and implementations. */
export interface Catalog {
  readonly catalogId: string;
  readonly components: Readonly<Record<string, JsonSchema>>;
  readonly functions: Readonly<Record<string, CatalogFunction>>;
  readonly instructions?: string;
  /** catalog.json `title`, kept as written. */
  readonly title?: string;
  /** catalog.json `description`, kept as written. */
  readonly description?: string;
  /**
   * The A2UI version the catalog targets, as in catalog.json (`'1.0'`; absent means `'1.0'`).
   * Resolution refuses a catalog of another version: a session mixes only catalogs of its own.
   */
  readonly protocolVersion?: string;
  /** Extra named JSON Schema definitions (catalog.json `$defs`) the component schemas refer to. */
  readonly defs?: Readonly<Record<string, JsonSchema>>;
  /**
   * The session side of a feature that arrives with this catalog (MCP Apps with `mcpCatalog()`).
   * The session types and checks it (`SessionExtension`); the catalog only carries it, so an app
   * whose catalogs bring none ships none of that code.
   */
  readonly sessionExtension?: CatalogSessionExtension;
  /** The JSON catalog definition (catalog_definition.json shape) for renderer capabilities. */
  toJSON(): Record<string, unknown>;
}

/** What the catalog layer knows of a session extension: its name (its seams are the session's). */
export interface CatalogSessionExtension {
  readonly name: string;
}

/** The input of {@link defineCatalog}. */
export interface CatalogDefinitionInput {
  catalogId: string;
  components?: Record<string, JsonSchema>;
  functions?: Record<string, { definition: FunctionDefinition; implementation?: FunctionImplementation }>;
  instructions?: string;
  title?: string;
  description?: string;
  /** Default `'1.0'`. */
  protocolVersion?: string;
  defs?: Record<string, JsonSchema>;
}
