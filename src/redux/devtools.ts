/**
 * Redux DevTools sanitizers for big a2ui payloads: DevTools serializes every action and state it
 * records, so a conversation with large payloads would make it slow. Pass them to the extension
 * (`configureStore({ devTools: a2uiDevToolsSanitizers() })`); the store itself is untouched.
 */
import { jsonLengthWithin } from '../protocol/json';
import { isRecord } from '../util/records';
import type { A2uiState, LogEntry } from './state';

/** Options of {@link a2uiDevToolsSanitizers}. */
export interface A2uiDevToolsSanitizerOptions {
  /** The instances' reducerPaths. Default ['a2ui']. */
  reducerPaths?: string[];
  /** A payload or log entry bigger than this (JSON text) is shown as its size. Default 16 KiB. */
  maxBytes?: number;
}

/** What DevTools shows instead of a value over the budget. */
export interface SanitizedValue {
  omitted: string;
}

/**
 * Redux DevTools `stateSanitizer` and `actionSanitizer` for a2ui instances: payloads, log
 * records and outbox messages bigger than `maxBytes` are shown as their size, so DevTools stays
 * responsive on long conversations. Give the instances' `reducerPaths` (default ['a2ui']).
 * @example configureStore({ reducer, devTools: a2uiDevToolsSanitizers({ reducerPaths: ['a2ui'] }) })
 */
export function a2uiDevToolsSanitizers(options: A2uiDevToolsSanitizerOptions = {}) {
  const paths = options.reducerPaths ?? ['a2ui'];
  const max = options.maxBytes ?? 16 * 1024;
  const shrink = (value: unknown): unknown => {
    const bytes = typeof value === 'string' ? value.length : jsonLengthWithin(value, max);
    return bytes > max ? ({ omitted: `${bytes > max + 1 ? 'over ' : ''}${max} bytes of JSON text` } satisfies SanitizedValue) : value;
  };
  const ours = (type: unknown) => typeof type === 'string' && paths.some((path) => type.startsWith(`${path}/`));

  return {
    actionSanitizer<A extends { type: string }>(action: A): A {
      if (!ours(action.type)) return action;
      const payload = (action as { payload?: unknown }).payload;
      // messageReceived carries the agent payload one level down; other actions their own fields.
      if (isRecord(payload) && 'payload' in payload) {
        const shown = shrink(payload.payload);
        return shown === payload.payload ? action : { ...action, payload: { ...payload, payload: shown } };
      }
      const shown = shrink(payload);
      return shown === payload ? action : { ...action, payload: shown };
    },
    stateSanitizer<S>(state: S): S {
      if (!isRecord(state)) return state;
      let out: Record<string, unknown> | null = null;
      for (const path of paths) {
        const slice = state[path] as A2uiState | undefined;
        if (!isRecord(slice) || !isRecord(slice.log) || !Array.isArray(slice.log.entries)) continue;
        const entries = slice.log.entries.map((entry: LogEntry) => (entry.bytes > max ? { ...entry, ...(entry.direction === 'in' ? { payload: shrink(entry.payload) } : { message: shrink(entry.message) }) } : entry));
        out ??= { ...state };
        out[path] = { ...slice, log: { ...slice.log, entries } };
      }
      return (out ?? state) as S;
    },
  };
}
