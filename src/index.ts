/**
 * a2ui-redux: the renderer side of an A2UI v1.0 conversation for Redux apps.
 *
 * The root entry is the Redux wrapper (createA2ui, actions, selectors, sagas, transports) plus
 * everything of `a2ui-redux/core` (the pure session and the catalogs). The zod wire schemas and
 * parsers are in `a2ui-redux/protocol`. Each name is documented where it is declared.
 *
 * @example
 * import { configureStore } from '@reduxjs/toolkit';
 * import createSagaMiddleware from 'redux-saga';
 * import { createA2ui, basicCatalog, createInMemoryTransport } from 'a2ui-redux';
 *
 * const a2ui = createA2ui({ catalogs: [basicCatalog()] });
 * const sagas = createSagaMiddleware();
 * const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d().concat(sagas) });
 * sagas.run(a2ui.saga, { transport: createInMemoryTransport().transport });
 */

// ---- the pure core
export * from './core';
export * from './mcp/catalog/entry';
// The basic catalog's document with its prose; bundles drop it unless the app imports it.
export { BASIC_CATALOG_JSON } from './catalog/basic/catalogJson';

// ---- Redux
export { createA2ui } from './createA2ui';
export type { A2uiOptions, A2ui } from './createA2ui';

// ---- actions
export {
  a2uiActions,
  messageReceived,
  valueWritten,
  actionInvoked,
  agentCallTimedOut,
  agentCallDue,
  agentCallSettled,
  disposed,
  effectsDelivered,
  mcpAppRequested,
  mcpToolReplied,
  workerFailed,
  transportStatusChanged,
  deliveryAttemptFailed,
  deliveryFailed,
  deliveryUnknown,
  deliveryRetried,
  deliveryAbandoned,
} from './redux/actions';
export type { A2uiActions, A2uiActionMeta } from './redux/actions';
export { a2uiDevToolsSanitizers } from './redux/devtools';
export type { A2uiDevToolsSanitizerOptions } from './redux/devtools';

// ---- state
export type { A2uiState, A2uiSessionSlice, A2uiLogSlice, LogEntry, LogRecord, LogStub, OutboxEntry, DeliveryStatus, A2uiLastError, A2uiSlice } from './redux/slice';

// ---- selectors
export { createA2uiSelectors } from '../selectors';
export type { A2uiSelectors } from '../selectors';

// ---- sagas
export { createA2uiSaga } from '../sagas';
export type { A2uiSagaPorts, A2uiSagaOptions, A2uiRootSaga } from '../sagas';

// ---- transports
export { createInMemoryTransport } from './transports/inMemory';
export { createHttpSseTransport } from './transports/httpSse';
export type { A2uiTransport, TransportMetadata, TransportSendOptions } from './transports/types';
export type { InMemoryTransport, InMemoryTransportOptions, InMemoryAgent, ReceivedMessage } from './transports/inMemory';
export type { HttpSseTransport, HttpSseTransportOptions, HttpSseStatus, HttpSseEventError, SseLimits, SseLimitProblem } from './transports/httpSse';
