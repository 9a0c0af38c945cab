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
}

/** Default resource limits of a session. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = Object.freeze({
  maxPayloadBytes: 4 * 1024 * 1024,
  maxMessagesPerPayload: 10_000,
  maxComponentsPerSurface: 20_000,
  maxValueDepth: 50,
  maxTreeDepth: 64,
  maxTemplateItems: 10_000,
  maxNodes: 100_000,
  maxDataDepth: 64,
  maxDataModelBytes: 16 * 1024 * 1024,
});

export interface ProcessorConfig {
  catalogs: readonly Catalog[];
  validation: 'strict' | 'lenient';
  /** Default catalog for surfaces that name none; null follows the protocol's "no fallback". */
  implicitDefaultCatalogId: string | null;
  defaultTimeoutMs: number | null;
  limits: SessionLimits;
}

/**
 * The one id an agent may not give a surface or a component. State keeps ids as own keys, and
 * an own "__proto__" key, plain data to us, is read as the prototype by code that copies objects
 * by assignment, Redux Toolkit's development checks among it.
 */
export const FORBIDDEN_ID = '__proto__';
