/**
 * A real store with the saga middleware whose root saga the test starts (and restarts) itself,
 * an in-memory agent end, and transports that fail or hang on purpose, for the delivery tests.
 */
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { createA2ui, type A2uiOptions } from '../../src/createA2ui';
import type { A2uiSagaPorts } from '../../sagas';
import type { OutboundMessage } from '../../src/model/effects';
import type { A2uiTransport, TransportMetadata, TransportSendOptions } from '../../src/transports/types';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { createActionRecorder } from './reduxHarness';

export interface SentAttempt {
  message: OutboundMessage;
  metadata: TransportMetadata | undefined;
  signal: AbortSignal | undefined;
}

/**
 * A transport whose `send` asks `decide` what to do with each attempt: 'ok' hands the message to
 * the in-memory agent, 'fail' rejects, 'hang' never settles (until aborted, which it records).
 */
export function scriptedTransport(decide: (attempt: number, message: OutboundMessage) => 'ok' | 'fail' | 'hang') {
  const { transport: inner, agent } = createInMemoryTransport();
  const attempts: SentAttempt[] = [];
  const aborted: SentAttempt[] = [];
  const transport: A2uiTransport = {
    send(message: OutboundMessage, metadata?: TransportMetadata, options?: TransportSendOptions) {
      const attempt: SentAttempt = { message, metadata, signal: options?.signal };
      attempts.push(attempt);
      const verdict = decide(attempts.length, message);
      if (verdict === 'ok') {
        inner.send(message, metadata);
        return Promise.resolve();
      }
      if (verdict === 'fail') return Promise.reject(new Error(`HTTP 500 on attempt ${attempts.length}`));
      return new Promise<void>((_resolve, reject) => {
        options?.signal?.addEventListener('abort', () => {
          aborted.push(attempt);
          reject(new Error('aborted'));
        });
      });
    },
    subscribe: (onMessage) => inner.subscribe(onMessage),
  };
  return { transport, agent, attempts, aborted };
}

/** A store whose saga the test starts; `start` may be called again after cancelling (a restart). */
export function createDeliveryStore(options: Partial<A2uiOptions> = {}, extra: { middleware?: Middleware[] } = {}) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 1_000, ...options });
  const sagaMiddleware = createSagaMiddleware();
  const recorder = createActionRecorder();
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    middleware: (getDefault) => getDefault().prepend(recorder.middleware).concat(...(extra.middleware ?? []), sagaMiddleware),
  });
  const opened: string[] = [];
  const tasks: Task[] = [];
  const start = (ports: Partial<A2uiSagaPorts> & Pick<A2uiSagaPorts, 'transport'>): Task => {
    const task = sagaMiddleware.run(a2ui.saga, { openUrl: (url: string) => void opened.push(url), ...ports });
    tasks.push(task);
    return task;
  };
  const stop = () => {
    for (const task of tasks.splice(0)) task.cancel();
  };
  return { a2ui, store, start, stop, opened, recorded: recorder.actions, state: () => store.getState().a2ui };
}
