/**
 * The session state: plain, serializable data only (no Maps, classes, functions or Dates), so
 * Redux DevTools shows all of it and replaying the same actions rebuilds it exactly.
 */
import type { Diagnostic } from './tree';
import { emptyTable, tableGet, tableValues, type Table } from '../data/table';

/** A component as the agent sent it: the wire object, kept verbatim. */
export type ComponentRecord = { id: string; component: string; catalogId?: string; [key: string]: unknown };

/** One surface: its components by id, its data model, and what createSurface said. */
export interface SurfaceState {
  surfaceId: string;
  /** The surface's default catalog as createSurface named it; null when it named none. */
  catalogId: string | null;
  sendDataModel: boolean;
  metadata?: Record<string, unknown>;
  /**
   * Components by id, as last sent, in a persistent table (plain nested data, one bucket copied
   * per write): read it with {@link componentOf} and {@link componentsOf}.
   */
  components: Table<ComponentRecord>;
  dataModel: Record<string, unknown>;
  /**
   * Per MCP App node ref, the user activation (host clock, ms) its last `ui/open-link` spent:
   * one link per activation. Absent until an app opens a link.
   */
  mcpLinkActivations?: Record<string, number>;
}

/** The component `id` of a surface, if it was sent. */
export function componentOf(surface: Pick<SurfaceState, 'components'>, id: string): ComponentRecord | undefined {
  return tableGet(surface.components, id);
}

/** Every component of a surface (in no particular order). */
export function componentsOf(surface: Pick<SurfaceState, 'components'>): ComponentRecord[] {
  return tableValues(surface.components);
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
  /**
   * A binding's call still waiting out `agentCallDebounceMs`: pending, but not sent yet (no
   * message, no timeout running); `sendDebouncedAgentCall` sends it, and if it is superseded
   * first, nothing ever goes to the agent.
   */
  debounced?: true;
  /** The component whose property, check or action needed the call (the first one, for shared calls). */
  componentId?: string;
  /** The node ref of that component. */
  ref?: string;
}

/** How one agent call of a pending action ended. */
export type PendingCallOutcome = { status: 'ok'; value: unknown } | { status: 'error'; code: string; message: string };

/**
 * An event action whose context holds agent functions: the calls went out, and the action is sent
 * once every one answered (or dropped, with a diagnostic, when one fails or times out).
 */
export interface PendingAction {
  id: string;
  surfaceId: string;
  componentId: string;
  ref: string;
  /** Where the node sat when invoked: the context is evaluated there. */
  scope: string;
  index: number | null;
  name: string;
  timestamp: string;
  /** The event's context and userMessage as the component wrote them. */
  context: Record<string, unknown>;
  userMessage?: unknown;
  /** Agent call key → call id. */
  calls: Record<string, string>;
  /** Call id → how it ended, once it did. */
  outcomes: Record<string, PendingCallOutcome>;
}

/** The whole pure session state. */
export interface SessionState {
  surfaces: Record<string, SurfaceState>;
  /** Rows by call id, in a persistent table (an answer copies one bucket): read it with tableGet / tableValues. */
  agentCalls: Table<AgentCallRow>;
  /** {@link agentCallIndexKey}(surfaceId, key) → callId, for binding calls, so one evaluation sends one call. */
  agentCallsByKey: Record<string, string>;
  /** Counter for call ids: replaying the same actions gives the same ids. */
  nextCallNumber: number;
  /**
   * Optional: set once by the Redux slice from the first action's id (made in its `prepare`), so
   * call ids are unique across sessions, resets and tabs and a replay still gives the same ids.
   */
  nonce?: string;
  /** Event actions waiting for the agent functions in their context, by id. */
  pendingActions?: Record<string, PendingAction>;
  /**
   * Diagnostics about a surface that no node of its tree carries (an action's agent call that
   * failed or timed out), newest last, at most {@link MAX_SURFACE_DIAGNOSTICS} per surface.
   */
  surfaceDiagnostics?: Record<string, Diagnostic[]>;
  /**
   * The ids of the callRendererFunction messages answered, newest last (at most
   * {@link MAX_REMEMBERED_RENDERER_CALLS}): a repeated id is answered with an error, not run twice.
   */
  rendererCallIds?: string[];
  /** Set by dispose: the session refuses further operations. */
  disposed?: true;
}

/**
 * The prefix of a surface's entries in `agentCallsByKey`. The surface id is length-prefixed, so
 * no surface's prefix starts another's (an id may hold any character, U+0000 included).
 */
export function agentCallIndexPrefix(surfaceId: string): string {
  return `${surfaceId.length}:${surfaceId}\u0000`;
}

/** The `agentCallsByKey` entry of call `key` of a surface. */
export function agentCallIndexKey(surfaceId: string, key: string): string {
  return agentCallIndexPrefix(surfaceId) + key;
}

/** How many answered callRendererFunction ids are remembered. */
export const MAX_REMEMBERED_RENDERER_CALLS = 1_000;

/** Most surface-level diagnostics kept per surface (the oldest are dropped first). */
export const MAX_SURFACE_DIAGNOSTICS = 50;

/** `state` with `diagnostic` appended to its surface's surface-level diagnostics (bounded). */
export function withSurfaceDiagnostic(state: SessionState, surfaceId: string, diagnostic: Diagnostic): SessionState {
  const all = state.surfaceDiagnostics ?? {};
  const list = Object.prototype.hasOwnProperty.call(all, surfaceId) ? (all[surfaceId] as Diagnostic[]) : [];
  const next = [...list, diagnostic].slice(-MAX_SURFACE_DIAGNOSTICS);
  return { ...state, surfaceDiagnostics: { ...all, [surfaceId]: next } };
}

/** A fresh, empty session state. */
export function initialSessionState(): SessionState {
  return { surfaces: {}, agentCalls: emptyTable(), agentCallsByKey: {}, nextCallNumber: 1 };
}

/**
 * Which call ids differ between a call table and the one it was made from, by identity. A side
 * cache beside the state (never in it): with it, an answer costs work for the rows it changed,
 * not a scan of every row. Tables it does not know (a store rebuilt by time travel) are compared
 * the slow way by the caller.
 */
const callTableChanges = new WeakMap<object, { base: object | null; callIds: readonly string[]; depth: number }>();

/**
 * How many versions back the notes reach. Each note holds its base table, so an unbounded chain
 * would keep every table ever made alive; past this depth the oldest link is cut.
 */
const MAX_CHAIN = 32;

/** Records that `next` is `base` with the rows `callIds` added, changed or removed. */
export function noteCallTableChange(next: object, base: object, callIds: readonly string[]): void {
  if (next === base) return;
  const depth = (callTableChanges.get(base)?.depth ?? 0) + 1;
  callTableChanges.set(next, { base, callIds, depth });
  if (depth <= MAX_CHAIN) return;
  // Cut the chain MAX_CHAIN versions back, so older tables can be collected.
  let note = callTableChanges.get(base);
  for (let hops = 1; note !== undefined && hops < MAX_CHAIN && note.base !== null; hops += 1) note = callTableChanges.get(note.base);
  if (note !== undefined) note.base = null;
  callTableChanges.set(next, { base, callIds, depth: MAX_CHAIN });
}

/** The call ids that differ between `from` and `to`, when `to` was made from `from` by noted changes. */
export function changedCallIds(from: object, to: object): Set<string> | undefined {
  const ids = new Set<string>();
  let table: object | null = to;
  for (let hops = 0; table !== from; hops += 1) {
    const step: { base: object | null; callIds: readonly string[] } | undefined = table === null ? undefined : callTableChanges.get(table);
    if (step === undefined || hops > MAX_CHAIN) return undefined;
    for (const id of step.callIds) ids.add(id);
    table = step.base;
  }
  return ids;
}

/** Which component ids a components record changed from the record it was made from (side cache, never state). */
const componentChanges = new WeakMap<object, { base: object; ids: readonly string[] }>();

/** Records that components record `next` is `base` with the components `ids` added or replaced. */
export function noteComponentChange(next: object, base: object, ids: readonly string[]): void {
  if (next !== base) componentChanges.set(next, { base, ids });
}

/** The noted change that made components table `to`, if any: the table it was made from and the ids it replaced or added. */
export function componentChangeNote(to: object): { base: object; ids: readonly string[] } | undefined {
  return componentChanges.get(to);
}

/** The component ids that differ from `from` in `to`, when `to` was made from `from` by one noted change. */
export function changedComponentIds(from: object, to: object): ReadonlySet<string> | undefined {
  const note = componentChanges.get(to);
  return note !== undefined && note.base === from ? new Set(note.ids) : undefined;
}
