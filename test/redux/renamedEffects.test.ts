/**
 * Effect types renamed since an earlier release are still read back: an outbox entry whose effect
 * says `rpcSettled` (the old name of `agentCallSettled`) is carried out as an `agentCallSettled`.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { currentEffect, type Effect } from '../../src/model/effects';
import type { A2uiState } from '../../src/redux/slice';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { BASIC_CATALOG_ID, createActionRecorder } from '../helpers/reduxHarness';

describe('currentEffect', () => {
  test('reads an rpcSettled effect as agentCallSettled, keeping its call and outcome', () => {
    const outcome = { status: 'error' as const, error: { code: 'TIMEOUT', message: 'late' } };
    expect(currentEffect({ type: 'rpcSettled', callId: 'call-3', outcome })).toEqual({ type: 'agentCallSettled', callId: 'call-3', outcome });
  });

  test('returns an effect of a current type as it is', () => {
    const effect: Effect = { type: 'agentCallSettled', callId: 'call-1', outcome: { status: 'ok', value: 1 } };
    expect(currentEffect(effect)).toBe(effect);
  });
});

test('the saga carries out an outbox entry of the old type as agentCallSettled', async () => {
  // A conversation up to an answered agent call, on a store without a saga: its outbox keeps the entry.
  const a2ui = createA2ui({ catalogs: [basicCatalog()] });
  const first = configureStore({ reducer: { a2ui: a2ui.reducer } });
  first.dispatch(a2ui.actions.messageReceived({
    version: 'v1.0',
    createSurface: {
      surfaceId: 's',
      catalogId: BASIC_CATALOG_ID,
      components: [{ id: 'root', component: 'Text', text: { call: 'fetchGreeting', args: {} } }],
    },
  }));
  const sent = first.getState().a2ui.session.outbox.find((entry) => entry.effect.type === 'agentCallSent');
  const callId = sent?.effect.type === 'agentCallSent' ? sent.effect.callId : 'none';
  first.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', agentFunctionResponse: { functionCallId: callId, value: 'Hi' } }));
  const state: A2uiState = first.getState().a2ui;
  const settled = state.session.outbox.filter((entry) => entry.effect.type === 'agentCallSettled');
  expect(settled).toHaveLength(1);

  // The same state as an earlier release wrote it: the entry's effect under its old type.
  const older = JSON.parse(JSON.stringify(state).split('"type":"agentCallSettled"').join('"type":"rpcSettled"')) as A2uiState;
  expect(older.session.outbox.filter((entry) => (entry.effect.type as string) === 'rpcSettled')).toHaveLength(1);

  const recorder = createActionRecorder();
  const sagas = createSagaMiddleware();
  const second = configureStore({
    reducer: { a2ui: a2ui.reducer },
    preloadedState: { a2ui: older },
    middleware: (getDefault) => getDefault().concat(recorder.middleware, sagas),
  });
  const task = sagas.run(a2ui.saga, { transport: createInMemoryTransport().transport });
  await new Promise((resolve) => setTimeout(resolve, 20));
  task.cancel();

  const reports = recorder.actions.filter((action: UnknownAction) => action.type === 'a2ui/agentCallSettled');
  expect(reports.map((action) => action.payload)).toEqual([{ callId, status: 'ok' }]);
  expect(second.getState().a2ui.session.outbox.filter((entry) => entry.id === settled[0]?.id)).toEqual([]);
});
