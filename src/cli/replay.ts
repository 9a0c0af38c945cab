/**
 * `replay`: feeds an agent stream through a real store (RTK + saga middleware + the in-memory
 * transport) and reports what a renderer makes of it: the final trees, every diagnostic, every
 * message the renderer would send, and the payloads that failed.
 */
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { createInMemoryTransport } from '../transports/inMemory';
import type { Catalog } from '../catalog/types';
import { createA2ui } from '../createA2ui';
import type { A2uiError } from '../protocol/errors';
import type { Diagnostic, ResolvedTree } from '../model/tree';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import type { StreamItem } from './readStream';

/** What a replay saw, as plain data (the `--json` output). */
export interface ReplayReport {
  payloads: number;
  failures: Array<{ line: number; error: A2uiError | { code: 'PARSE_ERROR'; message: string } }>;
  sent: Array<{ afterLine: number; message: RendererToAgentMessage; metadata?: object }>;
  surfaces: Array<{ surfaceId: string; tree: ResolvedTree | undefined; diagnostics: readonly Diagnostic[] }>;
}

export interface ReplayStep {
  line: number;
  report: ReplayReport;
}

/**
 * Replays `items` in order. `onStep` (for `--step`) sees the state after each payload. The store
 * is disposed at the end, so pending agent calls do not keep timers alive.
 */
export function replayStream(items: readonly StreamItem[], catalogs: Catalog[], onStep?: (step: ReplayStep) => void): ReplayReport {
  const a2ui = createA2ui({ catalogs, defaultTimeoutMs: null, logLimit: 0 });
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(sagas),
  });
  const { transport, agent } = createInMemoryTransport();
  const task = sagas.run(a2ui.saga, { transport });
  const report: ReplayReport = { payloads: items.length, failures: [], sent: [], surfaces: [] };
  let currentLine = 0;
  const stopListening = agent.onMessage((message, metadata) => {
    report.sent.push(metadata ? { afterLine: currentLine, message, metadata } : { afterLine: currentLine, message });
  });
  const snapshot = (): ReplayReport['surfaces'] => {
    const state = store.getState();
    return a2ui.selectors.selectSurfaces(state).map((s) => ({
      surfaceId: s.surfaceId,
      tree: a2ui.selectors.selectResolvedTree(state, s.surfaceId),
      diagnostics: a2ui.selectors.selectDiagnostics(state, s.surfaceId),
    }));
  };
  for (const item of items) {
    currentLine = item.line;
    if (item.parseError !== undefined) {
      report.failures.push({ line: item.line, error: { code: 'PARSE_ERROR', message: `line ${item.line} is not JSON: ${item.parseError}` } });
    } else {
      agent.send(item.payload);
      const lastError = store.getState().a2ui.session.lastError;
      if (lastError && lastError.operation === 'messageReceived') {
        const { operation: _operation, ...error } = lastError;
        report.failures.push({ line: item.line, error });
      }
    }
    if (onStep) onStep({ line: item.line, report: { ...report, failures: [...report.failures], sent: [...report.sent], surfaces: snapshot() } });
  }
  report.surfaces = snapshot();
  store.dispatch(a2ui.actions.disposed());
  stopListening();
  task.cancel();
  return report;
}
