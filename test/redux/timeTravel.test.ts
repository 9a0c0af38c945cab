/**
 * Redux DevTools time travel with the real `@redux-devtools/instrument` enhancer (the one the
 * browser extension installs): after a conversation that sent messages, opened a URL and armed
 * agent-call timers, jump to every recorded state and dispatch unrelated and own actions there.
 * Nothing may be sent, opened or timed out again, and no dispatch may loop.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { ActionCreators } from '@redux-devtools/instrument';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { createDevToolsStore } from '../helpers/reduxHarness';
import { goOpenLookupSurface } from '../helpers/reduxFixtures';

const surface = goOpenLookupSurface();

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('jumping to every recorded state and dispatching there re-sends, re-opens and re-arms nothing', async () => {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 1_000 });
  const { store, sagaMiddleware, dispatchCount } = createDevToolsStore(a2ui, { maxDispatches: 5_000 });
  const { transport, agent } = createInMemoryTransport();
  const opened: string[] = [];
  const task = sagaMiddleware.run(a2ui.saga, { transport, openUrl: (url) => void opened.push(url) });

  // The conversation: a surface with an agent call (answered once, the second left to time out),
  // an action message and an opened URL.
  agent.send(surface);
  const firstCall = (agent.received[0]?.message.callAgentFunction as { functionCallId: string }).functionCallId;
  agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: firstCall, value: 'A' } });
  store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
  store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'open' }));
  store.dispatch(a2ui.actions.valueWritten({ surfaceId: 'b', ref: 'go', property: 'label', value: 'x' }));
  agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 'b', path: '/q', value: 'b' } });
  await jest.advanceTimersByTimeAsync(1_000); // the second call times out
  const sent = agent.received.length;
  const timeouts = () => (store.liftedStore.getState().actionsById as Record<number, { action: UnknownAction }>);
  const countTimeouts = () => Object.values(timeouts()).filter((entry) => a2ui.actions.agentCallTimedOut.match(entry.action)).length;
  expect(sent).toBe(3); // two calls and the action
  expect(opened).toEqual(['https://example.com/']);
  expect(countTimeouts()).toBe(1);
  const recorded = store.liftedStore.getState().computedStates.length;
  expect(recorded).toBeGreaterThan(10);

  for (let index = 0; index < recorded; index += 1) {
    store.liftedStore.dispatch(ActionCreators.jumpToState(index));
    store.dispatch({ type: 'host/unrelated' });
    store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' })); // wakes the saga's workers
    await jest.advanceTimersByTimeAsync(1_500);
  }
  expect(agent.received).toHaveLength(sent);
  expect(opened).toEqual(['https://example.com/']);
  expect(countTimeouts()).toBe(1);
  expect(dispatchCount()).toBeLessThan(5_000);
  task.cancel();
});
