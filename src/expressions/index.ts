/**
 * Expressions: evaluating DynamicValues with local-versus-agent routing, the formatString
 * template parser, type coercion, and the limits that keep agent input from running away.
 */
export {
  /** Evaluates a DynamicValue (literal, path, FunctionCall) in a scope; never throws. */
  evaluateDynamic,
  /** The deterministic key of an agent call (stable JSON of catalogId, call and evaluated args). */
  agentCallKey,
} from './evaluate';
/** The evaluation environment, its outcome, agent call requests and outcomes, diagnostics. */
export type {
  PendingAgentCall,
  EvaluationEnv,
  EvaluationResult,
  EvaluationWork,
  ExpressionDiagnostic,
  ExpressionDiagnosticCode,
} from './evaluate';
/** How an agent call settled, as evaluations read it (one definition, with the effects). */
export type { AgentCallOutcome } from '../model/effects';

export {
  /** Parses a formatString template into literal, path and call parts; never throws. */
  parseTemplate,
} from './template';
/** Parsed template parts and parse errors. */
export type { TemplateCall, TemplateParseResult, TemplatePart, TemplatePath, TemplateSyntaxError, TemplateValue } from './template';

export {
  /** Default bounds of template parsing and evaluation. */
  DEFAULT_EXPRESSION_LIMITS,
  /** The defaults with some bounds overridden. */
  expressionLimits,
} from './limits';
/** Bounds of template parsing and evaluation. */
export type { ExpressionLimits } from './limits';

export {
  /** To string, as the protocol's "Type conversion" section says. */
  coerceToString,
  /** To number, as the core SDK coercion table says. */
  coerceToNumber,
  /** To boolean, as the core SDK coercion table says. */
  coerceToBoolean,
} from '../catalog/coerce';

export {
  /** JSON with sorted keys, so equal values give equal text. */
  stableStringify,
} from './stableJson';
