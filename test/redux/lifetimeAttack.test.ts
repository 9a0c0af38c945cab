/**
 * The saga against stopped, restarted, doubled, restored and reset runs: a real store with the
 * saga middleware, the real DevTools instrument enhancer and the real redux-persist. After each
 * disturbance every agent call settles once, every send reaches the agent once (or is reported),
 * and nothing that ran runs again.
 */
import { ActionCreators } from '@redux-devtools/instrument';
import { configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Storage } from 'redux-persist';
import { basicCatalog } from '../../src/catalog';
import { createA2ui, type A2ui } from '../../src/createA2ui';
import { REALM_TOKEN } from '../../src/redux/actions';
import type { A2uiState } from '../../src/redux/state';
import type { A2uiTransport } from '../../sagas';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { tableKeys } from '../../src/data/table';
import { createActionRecorder, createDevToolsStore } from '../helpers/reduxHarness';
import { echoSurface, goOpenLookupSurface } from '../helpers/reduxFixtures';
import type { A2uiOptions } from '../../src/createA2ui';
import { memoryStorage } from '../helpers/persistStorage';

const surface = goOpenLookupSurface();

const keyOf = (message: Record<string, unknown>) => Object.keys(message).find((k) => k !== 'version') ?? '?';
/** What the agent received, as [message kind, delivery id]. */
const receivedKinds = (agent: ReturnType<typeof createInMemoryTransport>['agent']) =>
  agent.received.map((r) => [keyOf(r.message as Record<string, unknown>), r.metadata?.a2uiDeliveryId]);
const callIdOf = (agent: ReturnType<typeof createInMemoryTransport>['agent'], n: number) =>
  (agent.received.filter((r) => 'callAgentFunction' in r.message)[n]?.message.callAgentFunction as { functionCallId: string }).functionCallId;

/**
 * A store whose saga the test starts and stops itself, recording every action; `wrap` puts a host
 * reducer around the slice (a logout). `flaky` is the transport failing while `failing` is set.
 */
function restartable(options: Partial<A2uiOptions>, wrap?: (a2ui: A2ui) => Reducer<A2uiState>) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], ...options });
  const sagaMiddleware = createSagaMiddleware();
  const { middleware: recorder, actions: seen } = createActionRecorder();
  const store = configureStore({ reducer: { a2ui: wrap === undefined ? a2ui.reducer : wrap(a2ui) }, middleware: (d) => d().prepend(recorder).concat(sagaMiddleware) });
  const { transport, agent } = createInMemoryTransport();
  const network = { failing: false };
  const flaky: A2uiTransport = {
    send: (message, metadata, sendOptions) => {
      if (network.failing) throw new Error('network down');
      transport.send(message, metadata, sendOptions);
    },
    subscribe: (listener) => transport.subscribe(listener),
  };
  const of = (type: string) => seen.filter((action) => action.type === `a2ui/${type}`).map((action) => action.payload as Record<string, unknown>);
  return { a2ui, store, sagaMiddleware, transport, flaky, network, agent, seen, of, state: (): A2uiState => store.getState().a2ui };
}
const pendingCalls = (a2ui: A2ui, state: unknown) => a2ui.selectors.selectPendingAgentCalls(state as never);

describe('DevTools: a jump to a state from before the saga restarted', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('re-sends, re-opens and re-arms nothing the first run carried out', async () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 1_000 });
    const { store, sagaMiddleware } = createDevToolsStore(a2ui, { maxDispatches: 5_000 });
    const { transport, agent } = createInMemoryTransport();
    const opened: string[] = [];
    const ports = { transport, openUrl: (url: string) => void opened.push(url) };
    const first = sagaMiddleware.run(a2ui.saga, ports);
    agent.send(surface);
    agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: callIdOf(agent, 0), value: 'A' } });
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'open' }));
    await jest.advanceTimersByTimeAsync(10);
    expect(receivedKinds(agent).map(([kind]) => kind)).toEqual(['callAgentFunction', 'action']);
    expect(opened).toEqual(['https://example.com/']);

    // Hot reload: the saga stops and a new run starts.
    first.cancel();
    const second = sagaMiddleware.run(a2ui.saga, ports);
    const recorded = store.liftedStore.getState().computedStates.length;
    for (let index = 0; index < recorded; index += 1) {
      store.liftedStore.dispatch(ActionCreators.jumpToState(index));
      store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' })); // wakes the workers
      await jest.advanceTimersByTimeAsync(1_500);
    }
    expect(receivedKinds(agent).map(([kind]) => kind)).toEqual(['callAgentFunction', 'action']);
    expect(opened).toEqual(['https://example.com/']);
    // The call answered in the first run never times out in the second.
    const actions = Object.values(store.liftedStore.getState().actionsById as Record<number, { action: UnknownAction }>).map((e) => e.action);
    expect(actions.filter((action) => a2ui.actions.agentCallTimedOut.match(action))).toEqual([]);
    second.cancel();
  });
});

describe('two saga runs for one instance at once (a host mistake)', () => {
  test('each message reaches the agent once and each URL opens once', async () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog()] });
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d().concat(sagaMiddleware) });
    const { transport, agent } = createInMemoryTransport();
    const opened: string[] = [];
    const ports = { transport, openUrl: (url: string) => void opened.push(url) };
    const one = sagaMiddleware.run(a2ui.saga, ports);
    const two = sagaMiddleware.run(a2ui.saga, { ...ports, transport: { send: transport.send.bind(transport) } });
    agent.send(surface);
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'open' }));
    await new Promise((resolve) => setTimeout(resolve, 30));

    const kinds = receivedKinds(agent);
    expect(kinds.map(([kind]) => kind)).toEqual(['callAgentFunction', 'action']);
    expect(new Set(kinds.map(([, id]) => id)).size).toBe(2);
    expect(opened).toEqual(['https://example.com/']);
    expect(store.getState().a2ui.session.outbox).toEqual([]);
    one.cancel();
    two.cancel();
  });
});

describe('a restart while sends retry and agent calls wait', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('each send reaches the agent once after the restart, and each pending call times out once', async () => {
    const { a2ui, store, sagaMiddleware, agent, flaky, network, seen } = restartable({ defaultTimeoutMs: 5_000 });
    network.failing = true;
    const ports = { transport: flaky, retryDelayMs: 1_000, maxSendAttempts: 10 };
    const first = sagaMiddleware.run(a2ui.saga, ports);
    agent.send(surface); // one agent call, its message failing
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
    await jest.advanceTimersByTimeAsync(1_500); // the call's send retries
    expect(store.getState().a2ui.session.outbox.filter((e: { delivery?: { status: string } }) => e.delivery?.status === 'retrying')).toHaveLength(1);

    first.cancel();
    network.failing = false;
    const second = sagaMiddleware.run(a2ui.saga, ports);
    await jest.advanceTimersByTimeAsync(10_000);
    const kinds = receivedKinds(agent);
    expect(kinds.map(([kind]) => kind)).toEqual(['callAgentFunction', 'action']);
    expect(new Set(kinds.map(([, id]) => id)).size).toBe(2);
    expect(store.getState().a2ui.session.outbox).toEqual([]);
    expect(seen.filter((action) => a2ui.actions.agentCallTimedOut.match(action))).toHaveLength(1);
    expect(pendingCalls(a2ui, store.getState())).toEqual([]);
    second.cancel();
  });
});

// ------------------------------------------------------------------ redux-persist

/** A store lifetime persisted under 'a2ui'; `sagaFirst` runs the saga before redux-persist rehydrates. */
function persistedLifetime(storage: Storage, timeoutMs: number) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: timeoutMs });
  const sagas = createSagaMiddleware();
  const { middleware: recorder, actions: seen } = createActionRecorder();
  const store = configureStore({
    reducer: { a2ui: persistReducer({ key: 'a2ui', storage, blacklist: ['log'], timeout: 0 }, a2ui.reducer) as unknown as Reducer<A2uiState> },
    middleware: (d) =>
      d({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .prepend(recorder)
        .concat(sagas),
  });
  const persist = async () => {
    const persistor = persistStore(store);
    await new Promise<void>((resolve) => {
      const check = () => persistor.getState().bootstrapped && resolve();
      persistor.subscribe(check);
      check();
    });
    return persistor;
  };
  return { a2ui, store, sagas, seen, persist };
}

describe('redux-persist rehydrating after the saga started', () => {
  test("the rehydrated pending call times out once, its unsent messages become unknown records, nothing is sent blindly", async () => {
    const storage = memoryStorage();
    const first = persistedLifetime(storage, 400);
    const firstPersistor = await first.persist();
    // No saga in the first lifetime: the call's message and the action wait in the outbox.
    first.store.dispatch(first.a2ui.actions.messageReceived(surface));
    first.store.dispatch(first.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
    await firstPersistor.flush();
    firstPersistor.pause();
    const other = 'zz' + REALM_TOKEN.slice(2);
    for (const [key, value] of storage.items) storage.items.set(key, value.split(REALM_TOKEN).join(other));

    const second = persistedLifetime(storage, 400);
    const { transport, agent } = createInMemoryTransport();
    const task: Task = second.sagas.run(second.a2ui.saga, { transport });
    const persistor = await second.persist(); // REHYDRATE arrives while the saga runs
    expect(pendingCalls(second.a2ui, second.store.getState())).toHaveLength(1);
    // Reported at once, not once the rehydrated call's timer ends.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const problems = second.a2ui.selectors.selectDeliveryProblems(second.store.getState());
    expect(problems.map((e) => e.delivery?.status)).toEqual(['unknown', 'unknown']);
    expect(pendingCalls(second.a2ui, second.store.getState())).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 700));

    expect(agent.received).toEqual([]);
    expect(second.seen.filter((action) => second.a2ui.actions.agentCallTimedOut.match(action))).toHaveLength(1);
    expect(pendingCalls(second.a2ui, second.store.getState())).toEqual([]);
    expect(tableKeys(second.store.getState().a2ui.session.deadlines)).toEqual([]);
    task.cancel();
    persistor.pause();
  });
});

// ------------------------------------------------------------------ resets

describe('a host reducer resetting the slice (logout) while calls are in flight', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('late answers, timers and retries resurrect nothing and set no error', async () => {
    const logout = (a2ui: A2ui): Reducer<A2uiState> => (state, action) => (action.type === 'host/logout' ? a2ui.reducer(undefined, action) : a2ui.reducer(state, action));
    const { a2ui, store, sagaMiddleware, agent, flaky, network } = restartable({ defaultTimeoutMs: 2_000 }, logout);
    const task = sagaMiddleware.run(a2ui.saga, { transport: flaky, retryDelayMs: 500 });
    agent.send(surface);
    await jest.advanceTimersByTimeAsync(10);
    const callId = callIdOf(agent, 0);
    network.failing = true;
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' })); // retrying
    await jest.advanceTimersByTimeAsync(100);

    store.dispatch({ type: 'host/logout' });
    network.failing = false;
    agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: callId, value: 'late' } });
    await jest.advanceTimersByTimeAsync(5_000);

    const state: A2uiState = store.getState().a2ui;
    expect(state.session.outbox).toEqual([]);
    expect(state.session.core.surfaces).toEqual({});
    expect(receivedKinds(agent).map(([kind]) => kind)).toEqual(['callAgentFunction']);
    expect(state.session.lastError).toBeNull();
    task.cancel();
  });
});

// ------------------------------------------------------------------ more restarts


describe('restarts around debounces, URLs and agent answers (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a debounce waiting when the saga restarts sends its call once, at its time, and every call settles once', async () => {
    const h = restartable({ agentCallDebounceMs: 300, defaultTimeoutMs: 1_000 });
    const first = h.sagaMiddleware.run(h.a2ui.saga, { transport: h.transport });
    h.agent.send(echoSurface());
    await jest.advanceTimersByTimeAsync(0);
    h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value: 'To' }));
    await jest.advanceTimersByTimeAsync(100);
    first.cancel();
    const second = h.sagaMiddleware.run(h.a2ui.saga, { transport: h.transport });
    await jest.advanceTimersByTimeAsync(199);
    const queries = () => h.agent.received.flatMap((r) => ('callAgentFunction' in r.message ? [(r.message.callAgentFunction as unknown as { callFunction: { args: { q: unknown } } }).callFunction.args.q] : []));
    expect(queries()).toEqual(['']);
    await jest.advanceTimersByTimeAsync(1);
    expect(queries()).toEqual(['', 'To']);
    expect(h.of('agentCallDue')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(queries()).toEqual(['', 'To']);
    const settled = h.of('agentCallSettled').map((p) => p.callId);
    expect(settled).toHaveLength(2); // the first call superseded, the second timed out
    expect(new Set(settled).size).toBe(2);
    expect(pendingCalls(h.a2ui, h.store.getState())).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
    second.cancel();
  });

  test('a URL whose opening hangs when the saga restarts is not opened again', async () => {
    const h = restartable({});
    const opened: string[] = [];
    const hanging = { transport: h.transport, openUrl: (url: string) => new Promise<void>(() => void opened.push(url)) };
    const first = h.sagaMiddleware.run(h.a2ui.saga, hanging);
    h.agent.send(surface);
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'open' }));
    await jest.advanceTimersByTimeAsync(10);
    first.cancel();
    const second = h.sagaMiddleware.run(h.a2ui.saga, hanging);
    h.store.dispatch(h.a2ui.actions.transportStatusChanged({ status: 'open' }));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(opened).toEqual(['https://example.com/']);
    expect(h.state().session.outbox.filter((e) => e.effect.type === 'openUrl')).toEqual([]);
    second.cancel();
  });

  test('a saga restarted while a call waits carries out new effects at once, and the answer stops the timer', async () => {
    const h = restartable({ defaultTimeoutMs: 10_000 });
    const first = h.sagaMiddleware.run(h.a2ui.saga, { transport: h.transport });
    h.agent.send(surface);
    await jest.advanceTimersByTimeAsync(500);
    first.cancel();
    const second = h.sagaMiddleware.run(h.a2ui.saga, { transport: h.transport });
    // Not held back until the pending call's timer ends (10 s).
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
    await jest.advanceTimersByTimeAsync(10);
    expect(h.agent.received.map((r) => keyOf(r.message as Record<string, unknown>))).toEqual(['callAgentFunction', 'action']);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: callIdOf(h.agent, 0), value: 'A' } });
    await jest.advanceTimersByTimeAsync(10);
    expect(h.of('agentCallSettled')).toEqual([{ callId: callIdOf(h.agent, 0), status: 'ok' }]);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(h.of('agentCallTimedOut')).toEqual([]);
    expect(h.state().session.outbox).toEqual([]);
    second.cancel();
  });

  test('two runs at once: a pending call times out and settles once', async () => {
    const h = restartable({ defaultTimeoutMs: 1_000 });
    const one = h.sagaMiddleware.run(h.a2ui.saga, { transport: h.transport });
    const two = h.sagaMiddleware.run(h.a2ui.saga, { transport: { send: h.transport.send.bind(h.transport) } });
    h.agent.send(surface);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(h.agent.received.map((r) => keyOf(r.message as Record<string, unknown>))).toEqual(['callAgentFunction']);
    expect(h.of('agentCallSettled')).toEqual([{ callId: callIdOf(h.agent, 0), status: 'error' }]);
    expect(pendingCalls(h.a2ui, h.store.getState())).toEqual([]);
    expect(h.state().session.lastError).toBeNull();
    one.cancel();
    two.cancel();
  });
});

describe('two runs at once, one stopping while calls wait (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  // Which run carries the effects out depends on the order redux-saga wakes them: stop each in turn.
  test.each(['first', 'second'])("the other run takes over the stopped run's timers and debounces (the %s run stops)", async (stopping) => {
    const h = restartable({ agentCallDebounceMs: 300, defaultTimeoutMs: 1_000 });
    const one = h.sagaMiddleware.run(h.a2ui.saga, { transport: h.transport });
    const two = h.sagaMiddleware.run(h.a2ui.saga, { transport: { send: h.transport.send.bind(h.transport) } });
    h.agent.send(echoSurface());
    await jest.advanceTimersByTimeAsync(10);
    h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value: 'To' }));
    await jest.advanceTimersByTimeAsync(10);
    const [stopped, going] = stopping === 'first' ? [one, two] : [two, one];
    stopped.cancel();
    await jest.advanceTimersByTimeAsync(300);
    const queries = () => h.agent.received.flatMap((r) => ('callAgentFunction' in r.message ? [(r.message.callAgentFunction as unknown as { callFunction: { args: { q: unknown } } }).callFunction.args.q] : []));
    expect(queries()).toEqual(['', 'To']);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(h.of('agentCallDue')).toHaveLength(1);
    expect(h.of('agentCallTimedOut')).toHaveLength(1);
    expect(pendingCalls(h.a2ui, h.store.getState())).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
    going.cancel();
  });
});

describe('two runs at once, one stopping mid-send (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('the other run sends the message at once, with no action to wake it, and the later one after it', async () => {
    const h = restartable({});
    const hung: unknown[] = [];
    const one = h.sagaMiddleware.run(h.a2ui.saga, { transport: { send: (message) => new Promise<void>(() => void hung.push(message)), subscribe: (l) => h.transport.subscribe(l) } });
    h.agent.send(surface);
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
    await jest.advanceTimersByTimeAsync(10);
    expect(hung).toHaveLength(1); // the call's message, stuck in run one
    const two = h.sagaMiddleware.run(h.a2ui.saga, { transport: { send: h.transport.send.bind(h.transport) } });
    await jest.advanceTimersByTimeAsync(10);
    expect(h.agent.received).toEqual([]); // its turn is taken by run one
    one.cancel();
    await jest.advanceTimersByTimeAsync(10);
    expect(receivedKinds(h.agent).map(([kind]) => kind)).toEqual(['callAgentFunction', 'action']);
    expect(hung).toHaveLength(1);
    expect(h.state().session.outbox).toEqual([]);
    two.cancel();
  });
});

describe('DevTools reset and commit while an agent call is pending (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('after a reset, the late answer and the timer resurrect nothing and set no error', async () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 1_000 });
    const { store, sagaMiddleware } = createDevToolsStore(a2ui, { maxDispatches: 2_000 });
    const { transport, agent } = createInMemoryTransport();
    const task = sagaMiddleware.run(a2ui.saga, { transport });
    agent.send(surface);
    await jest.advanceTimersByTimeAsync(100);
    store.liftedStore.dispatch(ActionCreators.reset());
    agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: callIdOf(agent, 0), value: 'late' } });
    await jest.advanceTimersByTimeAsync(2_000);
    const state = (store.getState() as { a2ui: A2uiState }).a2ui;
    expect(state.session.core.surfaces).toEqual({});
    expect(state.session.outbox).toEqual([]);
    expect(agent.received.map((r) => keyOf(r.message as Record<string, unknown>))).toEqual(['callAgentFunction']);
    expect(state.session.lastError).toBeNull();
    task.cancel();
  });

  test('after a commit, the pending call still times out once', async () => {
    const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 1_000 });
    const { store, sagaMiddleware } = createDevToolsStore(a2ui, { maxDispatches: 2_000 });
    const { transport, agent } = createInMemoryTransport();
    const task = sagaMiddleware.run(a2ui.saga, { transport });
    agent.send(surface);
    await jest.advanceTimersByTimeAsync(100);
    store.liftedStore.dispatch(ActionCreators.commit());
    await jest.advanceTimersByTimeAsync(2_000);
    const lifted = store.liftedStore.getState();
    const actions = lifted.stagedActionIds.map((id: number) => lifted.actionsById[id]?.action as UnknownAction);
    expect(actions.filter((action: UnknownAction) => a2ui.actions.agentCallTimedOut.match(action))).toHaveLength(1);
    expect(pendingCalls(a2ui, store.getState())).toEqual([]);
    task.cancel();
  });
});

describe('DevTools import of a session of another lifetime while a call is in flight (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('nothing imported is sent blindly or opened, its pending call times out once, the late answer sets no error', async () => {
    // The exported session: a surface with a pending call, an unsent action and a URL to open.
    const exported = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 1_000 });
    const elsewhere = createDevToolsStore(exported);
    elsewhere.store.dispatch(exported.actions.messageReceived(surface));
    elsewhere.store.dispatch(exported.actions.actionInvoked({ surfaceId: 'b', ref: 'go' }));
    elsewhere.store.dispatch(exported.actions.actionInvoked({ surfaceId: 'b', ref: 'open' }));
    const other = 'zz' + REALM_TOKEN.slice(2);
    const lifted = JSON.parse(JSON.stringify(elsewhere.store.liftedStore.getState()).split(REALM_TOKEN).join(other));

    const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 1_000 });
    const { store, sagaMiddleware } = createDevToolsStore(a2ui, { maxDispatches: 2_000 });
    const { transport, agent } = createInMemoryTransport();
    const opened: string[] = [];
    const task = sagaMiddleware.run(a2ui.saga, { transport, openUrl: (url) => void opened.push(url) });
    agent.send({ ...surface, createSurface: { ...surface.createSurface, surfaceId: 'here' } });
    await jest.advanceTimersByTimeAsync(100);
    const inFlight = callIdOf(agent, 0);

    store.liftedStore.dispatch(ActionCreators.importState(lifted));
    store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' })); // wakes the saga
    await jest.advanceTimersByTimeAsync(10);
    agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: inFlight, value: 'late' } });
    await jest.advanceTimersByTimeAsync(2_000);

    const state = (store.getState() as { a2ui: A2uiState }).a2ui;
    expect(receivedKinds(agent).map(([kind]) => kind)).toEqual(['callAgentFunction']);
    expect(opened).toEqual([]);
    expect(state.session.outbox.map((e) => [e.effect.type, e.delivery?.status])).toEqual([
      ['send', 'unknown'],
      ['send', 'unknown'],
    ]);
    expect(pendingCalls(a2ui, store.getState())).toEqual([]);
    expect(state.session.lastError).toBeNull();
    task.cancel();
  });
});
