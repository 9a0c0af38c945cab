/**
 * Redux DevTools time travel (the real `@redux-devtools/instrument` enhancer) over debounced
 * agent calls: jumps back to states where a call was waiting, inside and after its wait, with
 * actions dispatched there. No call id may reach the agent twice, and a superseded call never
 * reaches it.
 */
import { ActionCreators } from '@redux-devtools/instrument';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { echoSurface } from '../helpers/reduxFixtures';
import { createDevToolsStore } from '../helpers/reduxHarness';

const DEBOUNCE = 300;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('jumping among states with waiting calls sends no call twice and never a superseded one', async () => {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 2_000, agentCallDebounceMs: DEBOUNCE });
  const { store, sagaMiddleware } = createDevToolsStore(a2ui);
  const { transport, agent } = createInMemoryTransport();
  const task = sagaMiddleware.run(a2ui.saga, { transport });
  const callIds = () => agent.received.flatMap((r) => ('callAgentFunction' in r.message ? [(r.message.callAgentFunction as { functionCallId: string }).functionCallId] : []));
  const type = (value: string) => store.dispatch(a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value }));

  agent.send(echoSurface());
  await jest.advanceTimersByTimeAsync(0);
  type('a');
  const superseded = Object.keys(store.getState().a2ui.session.debounces ?? {});
  expect(superseded).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(100);
  type('ab');
  const last = Object.keys(store.getState().a2ui.session.debounces ?? {});
  expect(last).toHaveLength(1);
  const recordedWhileWaiting = store.liftedStore.getState().computedStates.length;
  // Back to a state where 'a' was waiting, while the wait of 'ab' still runs.
  store.liftedStore.dispatch(ActionCreators.jumpToState(recordedWhileWaiting - 2));
  await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
  store.liftedStore.dispatch(ActionCreators.jumpToState(recordedWhileWaiting - 1));
  await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
  const live = callIds();
  expect(new Set(live).size).toBe(live.length);

  const recorded = store.liftedStore.getState().computedStates.length;
  for (let index = 0; index < recorded; index += 1) {
    store.liftedStore.dispatch(ActionCreators.jumpToState(index));
    store.dispatch({ type: 'host/unrelated' });
    store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' }));
    await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
  }
  // A due time that passed while the view showed an older state is recorded but not shown, so
  // the last call may first go out when its state is jumped to; it goes out once, and the
  // superseded call never does.
  const after = callIds();
  expect(new Set(after).size).toBe(after.length);
  expect(after.slice(0, live.length)).toEqual(live);
  expect(after).not.toContain(superseded[0]);
  expect(after.filter((id) => id === last[0]).length).toBeLessThanOrEqual(1);
  expect(after.length).toBeLessThanOrEqual(2);
  task.cancel();
});
