/**
 * Memoized selectors over the a2ui state (reselect, default `weakMapMemoize`). The resolved-tree
 * selector calls the same memoized resolver as the pure session, so a tree is built once whether
 * the reducer or a component asked first. Each surface's inputs are selected separately, so a
 * change to surface A never recomputes surface B.
 */
import { createSelector } from 'reselect';
import { lookupNode, resolveSurface } from '../src/resolution/resolver';
import type { Diagnostic, NodeRef, ResolvedNode, ResolvedTree } from '../src/model/tree';
import type { A2uiState, LogEntry, OutboxEntry } from '../src/redux/slice';
import { freezeNew } from '../src/redux/freeze';
import type { SessionRuntime } from '../src/session/session';
import { changedCallIds, type AgentCallRow, type SessionState, type SurfaceState } from '../src/model/state';
import { tableGet, tableValues } from '../src/data/table';

const EMPTY_ARRAY: readonly never[] = Object.freeze([]);

/** The call tables as one surface's resolution reads them. */
type SurfaceCalls = Pick<SessionState, 'agentCalls' | 'agentCallsByKey'>;

/**
 * Whether a row of `surfaceId` differs between two call tables, by the tables' change notes (the
 * rows changed, not every row); true when the notes do not reach back (time travel). The index
 * by key changes only with rows of the same surface, or when a surface is deleted (its own keys).
 */
function surfaceCallsChanged(from: SurfaceCalls, to: SurfaceCalls, surfaceId: string): boolean {
  if (from.agentCalls === to.agentCalls) return false;
  const ids = changedCallIds(from.agentCalls, to.agentCalls);
  if (ids === undefined) return true;
  for (const id of ids) {
    const row = tableGet(to.agentCalls, id) ?? tableGet(from.agentCalls, id);
    if (row === undefined || row.surfaceId === surfaceId) return true;
  }
  return false;
}

/** Every a2ui selector, bound to where the a2ui state is mounted. */
export interface A2uiSelectors<RootState> {
  selectA2ui: (state: RootState) => A2uiState;
  selectSessionState: (state: RootState) => SessionState;
  /** All surfaces, sorted by id. */
  selectSurfaces: (state: RootState) => SurfaceState[];
  selectSurface: (state: RootState, surfaceId: string) => SurfaceState | undefined;
  /** The resolved tree of one surface; identity kept while nothing it shows changed. */
  selectResolvedTree: ((state: RootState, surfaceId: string) => ResolvedTree | undefined) & { recomputations(): number; resetRecomputations(): void };
  selectNode: (state: RootState, surfaceId: string, ref: NodeRef) => ResolvedNode | undefined;
  selectDiagnostics: (state: RootState, surfaceId: string) => readonly Diagnostic[];
  /** Agent calls still waiting for the agent. */
  selectPendingAgentCalls: (state: RootState) => readonly AgentCallRow[];
  /** The agent payloads received and messages delivered, in order. */
  selectLog: (state: RootState) => readonly LogEntry[];
  /** Effects waiting for the sagas. */
  selectOutbox: (state: RootState) => readonly OutboxEntry[];
  /**
   * Sends that are retrying, `failed` (retry budget spent) or `unknown` (from another store
   * lifetime): what a host shows with retry and abandon buttons.
   */
  selectDeliveryProblems: (state: RootState) => readonly OutboxEntry[];
}

/** Builds the selectors for an a2ui state found by `selectSlice`. */
export function createA2uiSelectors<RootState>(
  runtime: SessionRuntime,
  selectSlice: (state: RootState) => A2uiState,
): A2uiSelectors<RootState> {
  const selectSessionState = (state: RootState): SessionState => selectSlice(state).session.core;
  const selectSurfaceMap = (state: RootState) => selectSessionState(state).surfaces;
  const selectAgentCalls = (state: RootState) => selectSessionState(state).agentCalls;
  const selectAgentCallsByKey = (state: RootState) => selectSessionState(state).agentCallsByKey;

  const selectSurfaces = createSelector([selectSurfaceMap], (map) =>
    Object.values(map).sort((a, b) => (a.surfaceId < b.surfaceId ? -1 : a.surfaceId > b.surfaceId ? 1 : 0)),
  );
  const selectSurface = (state: RootState, surfaceId: string): SurfaceState | undefined => {
    const map = selectSurfaceMap(state);
    return Object.prototype.hasOwnProperty.call(map, surfaceId) ? map[surfaceId] : undefined;
  };

  // One surface's view of the call tables: the whole tables (the resolver looks rows up by key,
  // and the session resolved against the same objects, so the shared cache answers), kept as the
  // previous object while no row of this surface changed, so surface B's tree is not recomputed
  // for surface A's calls. Costs the rows changed, not a filter over every row.
  const lastCalls = new Map<string, { seen: SurfaceCalls; view: SurfaceCalls }>();
  const selectSurfaceCalls = (state: RootState, surfaceId: string): SurfaceCalls => {
    const core = selectSessionState(state);
    if (!Object.prototype.hasOwnProperty.call(core.surfaces, surfaceId)) {
      // No such surface (never created, or deleted): nothing to resolve; the state itself is a stable answer.
      lastCalls.delete(surfaceId);
      return core;
    }
    const last = lastCalls.get(surfaceId);
    if (last !== undefined && last.seen.agentCalls === core.agentCalls && last.seen.agentCallsByKey === core.agentCallsByKey) return last.view;
    const now: SurfaceCalls = { agentCalls: core.agentCalls, agentCallsByKey: core.agentCallsByKey };
    const view = last !== undefined && !surfaceCallsChanged(last.seen, now, surfaceId) ? last.view : now;
    lastCalls.set(surfaceId, { seen: now, view });
    return view;
  };

  const selectResolvedTree = createSelector([selectSurface, selectSurfaceCalls], (surface, calls) =>
    surface ? resolveSurface(runtime.cache, runtime.resolution, surface, calls).tree : undefined,
  );

  // The node a component selects is frozen (once: a node keeps its identity while nothing it reads
  // changes), so a component that mutates it fails at once instead of corrupting shared state.
  const selectNode = (state: RootState, surfaceId: string, ref: NodeRef): ResolvedNode | undefined => {
    const tree = selectResolvedTree(state, surfaceId);
    const node = tree ? lookupNode(tree, ref) : undefined;
    return node === undefined ? undefined : freezeNew(node);
  };

  // Tree diagnostics, then the surface-level ones no node carries (an action's failed agent call).
  const selectSurfaceDiagnostics = (state: RootState, surfaceId: string): readonly Diagnostic[] | undefined => {
    const all = selectSessionState(state).surfaceDiagnostics;
    return all !== undefined && Object.prototype.hasOwnProperty.call(all, surfaceId) ? all[surfaceId] : undefined;
  };
  const selectDiagnostics = createSelector(
    [(state: RootState, surfaceId: string) => selectResolvedTree(state, surfaceId)?.diagnostics, selectSurfaceDiagnostics],
    (tree, surface): readonly Diagnostic[] => {
      if (surface === undefined || surface.length === 0) return tree ?? EMPTY_ARRAY;
      return tree === undefined || tree.length === 0 ? surface : [...tree, ...surface];
    },
  );

  const selectPendingAgentCalls = createSelector([selectAgentCalls], (calls) => {
    const pending = tableValues(calls).filter((row) => row.status === 'pending');
    return pending.length === 0 ? (EMPTY_ARRAY as readonly AgentCallRow[]) : pending;
  });

  const selectDeliveryProblems = createSelector([(state: RootState) => selectSlice(state).session.outbox], (outbox) => {
    const problems = outbox.filter((entry) => entry.delivery !== undefined);
    return problems.length === 0 ? (EMPTY_ARRAY as readonly OutboxEntry[]) : problems;
  });

  return {
    selectA2ui: selectSlice,
    selectSessionState,
    selectSurfaces,
    selectSurface,
    selectResolvedTree,
    selectNode,
    selectDiagnostics,
    selectPendingAgentCalls,
    selectLog: (state) => selectSlice(state).log.entries,
    selectOutbox: (state) => selectSlice(state).session.outbox,
    selectDeliveryProblems,
  };
}
