/**
 * The resolved tree: what a renderer draws. Nodes are immutable and keep their object identity
 * while nothing they read changes, so `React.memo` and reselect can rely on `===`.
 */
import type { ValidationResult } from '../protocol/catalogDefinition';

/**
 * What a node is, not where it sits: its component id, plus `@` and the absolute data path of the
 * template item for nodes inside templates ('email', 'row@/items/3'); `@` and `\` in a component id
 * are escaped with `\`. Sibling inserts, removals and reorders never change another node's ref.
 */
export type NodeRef = string;

/** How bad a diagnostic is. */
export type DiagnosticSeverity = 'error' | 'warning';

/**
 * Closed set of diagnostic codes: what a tree's diagnostics and a `diagnostic` effect can carry
 * (README, "Diagnostic codes", gives each one's meaning). The last seven come only as effects: from
 * a session extension's seam, the saga's delivery, and MCP Apps.
 */
export const DIAGNOSTIC_CODES = [
  'UNKNOWN_COMPONENT',
  'CYCLIC_REFERENCE',
  'MISSING_CHILD',
  'UNRESOLVED_BINDING',
  'UNALLOWED_PARENT',
  'UNALLOWED_CHILD',
  'AGENT_CALL_FAILED',
  'AGENT_CALL_TIMEOUT',
  'AGENT_CALL_CANCELLED',
  'AGENT_RESPONSE_IGNORED',
  'EXPRESSION_ERROR',
  'DEPTH_LIMIT',
  'LIMIT_EXCEEDED',
  'VALIDATION_FAILED', // lenient validation: a schema problem kept as a warning
  'EXTENSION_FAILED',
  'DELIVERY_FAILED',
  'MCP_TOOL_UNAVAILABLE',
  'MCP_TOOL_FAILED',
  'MCP_TOOL_TIMEOUT',
  'MCP_RESOURCE_REFUSED',
  'MCP_RESOURCE_INVALID',
] as const;
/** One of {@link DIAGNOSTIC_CODES}. */
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/** A problem found while resolving or operating on a surface; plain data. */
export interface Diagnostic {
  severity: DiagnosticSeverity;
  code: DiagnosticCode;
  message: string;
  componentId?: string;
  ref?: NodeRef;
  path?: string;
}

/** One resolved component. */
export interface ResolvedNode {
  ref: NodeRef;
  componentId: string;
  component: string;
  catalogId: string;
  /** Every property evaluated: bindings read, functions run, child ids replaced by child refs. */
  props: Record<string, unknown>;
  /** Property → absolute data path, for properties bound directly to the data model. */
  bindings: Record<string, string>;
  /** Child refs in order, template items expanded. */
  children: NodeRef[];
  /** Absolute data path of the template item this node renders, if any. */
  scope: string | null;
  /** Some property waits for an agent function response. */
  busy: boolean;
  /** False while a check fails or waits (see `checksPending`): the node's action does not run. */
  isValid: boolean;
  validation: ValidationResult[];
  /** A check waits for an agent function: its entry in `validation` carries no failure message yet. */
  checksPending?: true;
  /** Rendered instead of a broken reference. */
  placeholder?: 'missing' | 'unknown' | 'cyclic';
}

/** A resolved surface: root, nodes by ref, diagnostics. */
export interface ResolvedTree {
  surfaceId: string;
  root: ResolvedNode | null;
  /** Every node by ref (built on first access). */
  readonly nodes: Record<NodeRef, ResolvedNode>;
  readonly diagnostics: Diagnostic[];
}
