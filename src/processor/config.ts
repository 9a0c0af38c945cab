/**
 * What the processor needs besides the state: the catalogs (code, never state), the validation
 * mode and the limits. Built once per session.
 */
import type { Catalog } from '../catalog/types';

/** Resource limits with documented defaults; each is configurable in SessionOptions. */
export interface SessionLimits {
  /** Largest agent payload accepted, in UTF-16 code units of its JSON text. */
  maxPayloadBytes: number;
  /** Most messages in one payload. */
  maxMessagesPerPayload: number;
  /** Most components one surface may hold. */
  maxComponentsPerSurface: number;
  /** Deepest nesting of any value inside a message (objects and arrays). */
  maxValueDepth: number;
  /** Deepest component nesting the resolver follows. */
  maxTreeDepth: number;
  /** Most items a template expands. */
  maxTemplateItems: number;
  /** Most nodes one resolved tree may hold. */
  maxNodes: number;
  /** Deepest data model value. */
  maxDataDepth: number;
  /** Largest data model per surface, in UTF-16 code units of its JSON text (checked on update). */
  maxDataModelBytes: number;
  /** Most surfaces a session holds at once. */
  maxSurfaces: number;
  /** Longest string one function call may produce (a longer one is an error, not a value). */
  maxStringLength: number;
  /** Most function calls one evaluation may make. */
  maxCallsPerEvaluation: number;
  /** Most data-model reads one evaluation may make. */
  maxReadsPerEvaluation: number;
  /** Most regex matcher steps the pattern checks of one evaluation may take together. */
  maxRegexStepsPerEvaluation: number;
  /** Most evaluations, function calls and data reads one surface's tree may make together. */
  maxWorkPerSurface: number;
  /** Most characters the strings computed for one surface's tree may add up to. */
  maxCharsPerSurface: number;
  /** Most regex matcher steps the checks of one surface's tree may take together. */
  maxRegexStepsPerSurface: number;
}

/** Default resource limits of a session. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = Object.freeze({
  maxPayloadBytes: 4 * 1024 * 1024,
  maxMessagesPerPayload: 10_000,
  maxComponentsPerSurface: 20_000,
  maxValueDepth: 50,
  maxTreeDepth: 64,
  maxTemplateItems: 10_000,
  maxNodes: 10_000,
  maxDataDepth: 64,
  maxDataModelBytes: 16 * 1024 * 1024,
  maxSurfaces: 1_000,
  maxStringLength: 100_000,
  maxCallsPerEvaluation: 10_000,
  maxReadsPerEvaluation: 10_000,
  maxRegexStepsPerEvaluation: 1_000_000,
  maxWorkPerSurface: 100_000,
  maxCharsPerSurface: 4_000_000,
  maxRegexStepsPerSurface: 5_000_000,
});

export interface ProcessorConfig {
  catalogs: readonly Catalog[];
  validation: 'strict' | 'lenient';
  /** Default catalog for surfaces that name none; null follows the protocol's "no fallback". */
  implicitDefaultCatalogId: string | null;
  defaultTimeoutMs: number | null;
  limits: SessionLimits;
  /** A call to an undeclared function: the agent's ('agent'), or VALIDATION_FAILED ('reject'). */
  unknownFunctions: 'agent' | 'reject';
}

/**
 * The one id an agent may not give a surface or a component. State keeps ids as own keys, and
 * an own "__proto__" key, plain data to us, is read as the prototype by code that copies objects
 * by assignment, Redux Toolkit's development checks among it.
 */
export const FORBIDDEN_ID = '__proto__';
