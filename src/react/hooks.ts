/**
 * Hooks for custom renderers. Each reads the instance from `<A2uiProvider>` and the store from
 * react-redux; node refs are opaque strings taken from the resolved tree (a node's `ref`, its
 * `children`, or a child property), never built by hand.
 */
import { useCallback } from 'react';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import type { AgentCallRow } from '../model/state';
import type { ResolvedNode } from '../model/tree';
import { useA2uiContext } from './context';

/** The a2ui instance of the nearest provider. */
export function useA2ui() {
  return useA2uiContext().a2ui;
}

/** One resolved node; the component re-renders only when that node object changes. */
export function useA2uiNode(surfaceId: string, ref: string): ResolvedNode | undefined {
  const { selectors } = useA2uiContext();
  return useSelector((state: unknown) => selectors.selectNode(state, surfaceId, ref));
}

/** Writes a value through a bound property (default `value`) of node `ref`. */
export function useA2uiWrite(surfaceId: string, ref: string): (value: unknown, property?: string) => void {
  const { a2ui } = useA2uiContext();
  const dispatch = useDispatch();
  return useCallback(
    (value: unknown, property = 'value') => {
      dispatch(a2ui.actions.valueWritten({ surfaceId, ref, property, value }));
    },
    [dispatch, a2ui, surfaceId, ref],
  );
}

/** Triggers the action in `property` (default `action`) of node `ref`. */
export function useA2uiAction(surfaceId: string, ref: string, property?: string): () => void {
  const { a2ui } = useA2uiContext();
  const dispatch = useDispatch();
  return useCallback(() => {
    dispatch(a2ui.actions.actionInvoked(property === undefined ? { surfaceId, ref } : { surfaceId, ref, property }));
  }, [dispatch, a2ui, surfaceId, ref, property]);
}

/** The ids of every surface, sorted; a new array only when the list changes. */
export function useA2uiSurfaces(): string[] {
  const { selectors } = useA2uiContext();
  return useSelector((state: unknown) => selectors.selectSurfaces(state).map((s) => s.surfaceId), shallowEqual);
}

/** The agent calls still waiting for the agent. */
export function usePendingAgentCalls(): readonly AgentCallRow[] {
  const { selectors } = useA2uiContext();
  return useSelector((state: unknown) => selectors.selectPendingAgentCalls(state));
}
