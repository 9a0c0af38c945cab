/**
 * The session state: plain, serializable data only (no Maps, classes, functions or Dates), so
 * Redux DevTools shows all of it and replaying the same actions rebuilds it exactly.
 */

/** A component as the agent sent it: the wire object, kept verbatim. */
export type ComponentRecord = { id: string; component: string; catalogId?: string; [key: string]: unknown };

/** One surface: its components by id, its data model, and what createSurface said. */
export interface SurfaceState {
  surfaceId: string;
  /** The surface's default catalog as createSurface named it; null when it named none. */
  catalogId: string | null;
  sendDataModel: boolean;
  metadata?: Record<string, unknown>;
  /** Components by id, as last sent. */
  components: Record<string, ComponentRecord>;
  dataModel: Record<string, unknown>;
}

/** How an agent call ended, or that it has not yet. */
export type AgentCallStatus = 'pending' | 'ok' | 'error' | 'timeout' | 'cancelled';

/** A row of the agent-call table: one `callAgentFunction` the renderer sent. */
export interface AgentCallRow {
  callId: string;
  surfaceId: string;
  /** Deterministic key of the call (catalog, function, evaluated args) within its surface. */
  key: string;
  call: { call: string; args: Record<string, unknown>; catalogId?: string };
  /** Whether the call came from a resolved property (re-used by key) or an action (sent each time). */
  origin: 'binding' | 'action';
  status: AgentCallStatus;
  value?: unknown;
  error?: { code: string; message: string };
  timeoutMs: number | null;
}

/** The whole pure session state. */
export interface SessionState {
  surfaces: Record<string, SurfaceState>;
  agentCalls: Record<string, AgentCallRow>;
  /** `${surfaceId}\u0000${key}` → callId, for binding calls, so one evaluation sends one call. */
  agentCallsByKey: Record<string, string>;
  /** Counter for call ids: replaying the same actions gives the same ids. */
  nextCallNumber: number;
  /**
   * Optional: set once by the Redux slice from the first action's id (made in its `prepare`), so
   * call ids are unique across sessions, resets and tabs and a replay still gives the same ids.
   */
  nonce?: string;
}

/** A fresh, empty session state. */
export function initialSessionState(): SessionState {
  return { surfaces: {}, agentCalls: {}, agentCallsByKey: {}, nextCallNumber: 1 };
}
