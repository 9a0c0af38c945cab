/**
 * `createA2ui`: the package's Redux entry point. It builds one RTK slice per instance, named and
 * mounted at `reducerPath`, and binds the selectors (`selectors/`) and the root saga (`sagas/`) to
 * that path, all around one session runtime, so the reducer, the selectors and the pure session
 * share one resolver cache.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { createA2uiSaga, type A2uiRootSaga } from '../sagas';
import { createA2uiSelectors, type A2uiSelectors } from '../selectors';
import type { Catalog } from './catalog/types';
import { createSessionRuntime, type SessionOptions, type SessionRuntime } from './session/session';
import type { A2uiActions } from './redux/actions';
import { createA2uiSlice, type A2uiSlice } from './redux/slice';
import { DEFAULT_LOG_LIMIT, DEFAULT_LOG_MAX_BYTES, type A2uiState } from './redux/state';

/** Options of {@link createA2ui}: the catalogs, the session options, where it mounts, and the log's bounds. */
export interface A2uiOptions extends SessionOptions {
  catalogs: Catalog[];
  /** The key the state is mounted at, and the prefix of the action types. Default 'a2ui'. */
  reducerPath?: string;
  /** Most entries the conversation log keeps (oldest dropped first). Default 500. */
  logLimit?: number;
  /** Most bytes (JSON text) the conversation log keeps (oldest dropped first). Default 2 MiB. */
  logMaxBytes?: number;
}

/** What {@link createA2ui} returns. */
export interface A2ui<Path extends string = string> {
  /** The RTK slice: `combineSlices(...).inject(a2ui.slice)` or `a2ui.slice.injectInto(rootReducer)` work. */
  slice: A2uiSlice;
  reducerPath: Path;
  reducer: Reducer<A2uiState, UnknownAction>;
  /** Action creators typed `${reducerPath}/…`: another instance's reducer ignores them. */
  actions: A2uiActions;
  /** Selectors for a store that mounts the state at `reducerPath`. */
  selectors: A2uiSelectors<Record<Path, A2uiState>>;
  /** Selectors for any other mount point. */
  getSelectors<RootState>(selectSlice: (state: RootState) => A2uiState): A2uiSelectors<RootState>;
  /** The root saga for a store that mounts the state at `reducerPath`. */
  saga: A2uiRootSaga;
  /** The root saga for any other mount point. */
  getSaga<RootState>(selectSlice: (state: RootState) => A2uiState): A2uiRootSaga;
  /** The session runtime (catalogs, options, resolver cache) the reducer uses. */
  runtime: SessionRuntime;
}

/** A reducerPath is a non-empty key without '/', so action types split cleanly. */
function checkedPath(reducerPath: unknown): string {
  if (reducerPath === undefined) return 'a2ui';
  if (typeof reducerPath !== 'string' || reducerPath === '' || reducerPath.includes('/')) {
    throw new TypeError(`createA2ui: reducerPath must be a non-empty string without '/', got ${JSON.stringify(reducerPath)}`);
  }
  return reducerPath;
}

function checkedBound(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new TypeError(`createA2ui: ${name} must be a number ≥ 0, got ${String(value)}`);
  return Math.floor(value);
}

/**
 * Creates one a2ui instance: its slice, actions, selectors and saga, bound to `reducerPath`.
 * @example
 * const assistant = createA2ui({ reducerPath: 'assistant', catalogs: [basicCatalog()] });
 * const store = configureStore({ reducer: { [assistant.reducerPath]: assistant.reducer }, middleware: (d) => d().concat(saga) });
 * saga.run(assistant.saga, { transport, openUrl: (url) => window.open(url) });
 */
export function createA2ui<Path extends string = 'a2ui'>(options: A2uiOptions & { reducerPath?: Path }): A2ui<Path> {
  const { catalogs, logLimit, logMaxBytes, reducerPath: givenPath, ...sessionOptions } = options;
  const reducerPath = checkedPath(givenPath) as Path;
  const runtime = createSessionRuntime(catalogs, sessionOptions);
  const slice = createA2uiSlice({
    reducerPath,
    runtime,
    logLimit: checkedBound('logLimit', logLimit, DEFAULT_LOG_LIMIT),
    logMaxBytes: checkedBound('logMaxBytes', logMaxBytes, DEFAULT_LOG_MAX_BYTES),
  });
  // The slice's action creators are the ones createA2uiActions(reducerPath) would make.
  const actions = slice.actions as unknown as A2uiActions;
  const byPath = (state: Record<Path, A2uiState>) => state[reducerPath];
  // The MCP client that makes tools/call deferred is also the one the saga runs the calls on.
  const defaultPorts = sessionOptions.mcpClient ? { mcpClient: sessionOptions.mcpClient } : {};
  const sagaFor = <RootState>(selectSlice: (state: RootState) => A2uiState, where: string) =>
    createA2uiSaga(selectSlice, { actions, defaultPorts, where });
  return {
    slice,
    reducerPath,
    reducer: slice.reducer as Reducer<A2uiState, UnknownAction>,
    actions,
    selectors: createA2uiSelectors(runtime, byPath),
    getSelectors: (selectSlice) => createA2uiSelectors(runtime, selectSlice),
    saga: sagaFor(byPath, `state.${reducerPath} (reducerPath '${reducerPath}')`),
    getSaga: (selectSlice) => sagaFor(selectSlice, 'the selectSlice given to getSaga'),
    runtime,
  };
}
