/**
 * `createA2ui`: the package's Redux entry point. It assembles the slice (this folder), the
 * selectors (`selectors/`) and the root saga (`sagas/`) around one session runtime, so the
 * reducer, the selectors and the pure session share one resolver cache.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { createA2uiSaga } from '../sagas';
import { createA2uiSelectors, type A2uiSelectors } from '../selectors';
import type { Catalog } from './catalog/types';
import { createSessionRuntime, type SessionOptions, type SessionRuntime } from './session/session';
import { a2uiActions } from './redux/actions';
import { createA2uiReducer, type A2uiState } from './redux/slice';

/** Options of {@link createA2ui}: the catalogs, the session options, and the log's size. */
export interface A2uiOptions extends SessionOptions {
  catalogs: Catalog[];
  /** Most entries the conversation log keeps (oldest dropped first). Default 500. */
  logLimit?: number;
}

/** What {@link createA2ui} returns. */
export interface A2ui {
  reducer: Reducer<A2uiState, UnknownAction>;
  actions: typeof a2uiActions;
  /** Selectors for a store that mounts the reducer under `a2ui`. */
  selectors: A2uiSelectors<{ a2ui: A2uiState }>;
  /** Selectors for any other mount point. */
  getSelectors<RootState>(selectSlice: (state: RootState) => A2uiState): A2uiSelectors<RootState>;
  /** The root saga for a store that mounts the reducer under `a2ui`; see `getSaga` for others. */
  saga: ReturnType<typeof createA2uiSaga<{ a2ui: A2uiState }>>;
  getSaga<RootState>(selectSlice: (state: RootState) => A2uiState): ReturnType<typeof createA2uiSaga<RootState>>;
  /** The session runtime (catalogs, options, resolver cache) the reducer uses. */
  runtime: SessionRuntime;
}

/**
 * Creates the a2ui reducer, actions, selectors and saga.
 * @example
 * const a2ui = createA2ui({ catalogs: [basicCatalog()] });
 * const saga = createSagaMiddleware();
 * const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d().concat(saga) });
 * saga.run(a2ui.saga, { transport, openUrl: (url) => window.open(url) });
 */
export function createA2ui(options: A2uiOptions): A2ui {
  const { catalogs, logLimit, ...sessionOptions } = options;
  const runtime = createSessionRuntime(catalogs, sessionOptions);
  const byKey = (state: { a2ui: A2uiState }) => state.a2ui;
  // The MCP client that makes tools/call deferred is also the one the saga runs the calls on.
  const defaultPorts = sessionOptions.mcpClient ? { mcpClient: sessionOptions.mcpClient } : {};
  return {
    reducer: createA2uiReducer(runtime, logLimit ?? 500),
    actions: a2uiActions,
    selectors: createA2uiSelectors(runtime, byKey),
    getSelectors: (selectSlice) => createA2uiSelectors(runtime, selectSlice),
    saga: createA2uiSaga(byKey, defaultPorts),
    getSaga: (selectSlice) => createA2uiSaga(selectSlice, defaultPorts),
    runtime,
  };
}
