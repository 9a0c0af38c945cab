/**
 * Which a2ui instance (and where its state is mounted) the components below a provider use. The
 * store itself comes from react-redux's `<Provider>`; several instances may share one store
 * (each mounted under its own key) or sit in separate trees, each with its own provider.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { A2ui } from '../createA2ui';
import type { A2uiState } from '../redux/slice';
import type { A2uiSelectors } from '../../selectors';
import type { McpAppHost } from './mcpHost';

/** What a provider hands down. */
export interface A2uiContextValue {
  a2ui: A2ui;
  selectors: A2uiSelectors<unknown>;
  /** Embedded MCP Apps' host, if the app runs them (else McpApp nodes show a notice). */
  mcpApps?: McpAppHost;
}

const A2uiContext = createContext<A2uiContextValue | null>(null);

export interface A2uiProviderProps {
  /** The instance from `createA2ui`. */
  a2ui: A2ui;
  /** Where its reducer is mounted; default `state.a2ui`. */
  selectSlice?: (state: never) => A2uiState;
  /** The host of embedded MCP Apps (`createMcpAppHost`). */
  mcpApps?: McpAppHost;
  children?: ReactNode;
}

/** Makes `a2ui` the instance of the surfaces and hooks below it. */
export function A2uiProvider({ a2ui, selectSlice, mcpApps, children }: A2uiProviderProps) {
  const value = useMemo<A2uiContextValue>(
    () => ({
      a2ui,
      selectors: (selectSlice ? a2ui.getSelectors(selectSlice as (state: unknown) => A2uiState) : a2ui.selectors) as A2uiSelectors<unknown>,
      ...(mcpApps ? { mcpApps } : {}),
    }),
    [a2ui, selectSlice, mcpApps],
  );
  return <A2uiContext.Provider value={value}>{children}</A2uiContext.Provider>;
}

/** The nearest provider's value; a missing provider is a host mistake, so it throws. */
export function useA2uiContext(): A2uiContextValue {
  const value = useContext(A2uiContext);
  if (value === null) throw new Error('a2ui-redux/react: wrap the tree in <A2uiProvider a2ui={...}> (inside react-redux <Provider>).');
  return value;
}
