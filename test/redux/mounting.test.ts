/**
 * The a2ui reducer, selectors and saga mounted in a host store under keys other than `a2ui`,
 * beside the host's own slices: `getSelectors(selectSlice)` and `getSaga(selectSlice)`.
 */
import { combineReducers, configureStore, createSlice, type Middleware, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { createA2ui, type A2ui } from '../../src/createA2ui';
import type { A2uiState } from '../../src/redux/slice';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { FORM_REFS, formSurface, plainSurface } from '../helpers/reduxFixtures';
import { BASIC_CATALOG_ID, captureConsole, scriptAgent, type ConsoleCapture } from '../helpers/reduxHarness';
import { CONVERSATION_AGENT } from '../helpers/reduxConversation';

const chat = createSlice({
  name: 'chat',
  initialState: { messages: [] as string[] },
  reducers: {
    posted: (state, action: PayloadAction<string>) => {
      state.messages.push(action.payload);
    },
  },
});

let consoleCapture: ConsoleCapture;
const tasks: Task[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  consoleCapture = captureConsole();
});

afterEach(() => {
  for (const task of tasks.splice(0)) task.cancel();
  consoleCapture.restore();
  jest.useRealTimers();
});

/**
 * Builds a host store with `build` (given the saga middleware to install), runs `saga` on it with
 * an in-memory transport, and scripts the agent end like the conversation's agent.
 */
function host<Store>(build: (sagaMiddleware: Middleware) => Store, saga: ReturnType<A2ui['getSaga']>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = build(sagaMiddleware);
  const { transport, agent } = createInMemoryTransport();
  scriptAgent(agent, CONVERSATION_AGENT);
  tasks.push(sagaMiddleware.run(saga, { transport }));
  return { store, agent };
}

describe('mounted as { chat, ui: { a2ui } }', () => {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 2_000 });
  type Root = { chat: ReturnType<typeof chat.reducer>; ui: { a2ui: A2uiState } };
  const selectSlice = (state: Root) => state.ui.a2ui;

  function start() {
    const { store, agent } = host(
      (saga) => configureStore({ reducer: { chat: chat.reducer, ui: combineReducers({ a2ui: a2ui.reducer }) }, middleware: (d) => d().concat(saga) }),
      a2ui.getSaga(selectSlice),
    );
    return { store, agent, selectors: a2ui.getSelectors(selectSlice) };
  }

  it('runs the conversation through the nested mount point, next to an untouched host slice', async () => {
    const { store, agent, selectors } = start();
    store.dispatch(chat.actions.posted('hi'));
    agent.send(formSurface('form'));
    await jest.advanceTimersByTimeAsync(100);

    expect(store.getState().chat.messages).toEqual(['hi']);
    expect(selectors.selectSurfaces(store.getState()).map((x) => x.surfaceId)).toEqual(['form']);
    expect(selectors.selectNode(store.getState(), 'form', FORM_REFS.greeting)).toMatchObject({ busy: false, props: { text: 'Hello, Ada!' } });

    store.dispatch(a2ui.actions.valueWritten({ surfaceId: 'form', ref: FORM_REFS.name, property: 'value', value: 'Lin' }));
    store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 'form', ref: FORM_REFS.submit }));
    await jest.advanceTimersByTimeAsync(100);

    const action = agent.received.find((r) => 'action' in r.message);
    expect(action?.message.action).toMatchObject({ name: 'submit', context: { name: 'Lin', firstItem: 'apples', source: 'form' } });
    expect(action?.metadata?.a2uiRendererDataModel?.surfaces.form).toMatchObject({ name: 'Lin' });
    expect(selectors.selectNode(store.getState(), 'form', FORM_REFS.item2)?.props.text).toBe("Lin's basket");
    expect(selectors.selectNode(store.getState(), 'form', FORM_REFS.greeting)?.props.text).toBe('Hello, Lin!');

    // The unanswered call times out through the nested mount's saga.
    await jest.advanceTimersByTimeAsync(2_000);
    expect(selectors.selectNode(store.getState(), 'form', FORM_REFS.slow)).toMatchObject({ busy: false, props: { text: null } });
    expect(selectors.selectDiagnostics(store.getState(), 'form').map((d) => d.code)).toEqual(['AGENT_CALL_TIMEOUT']);
    expect(selectors.selectPendingAgentCalls(store.getState())).toEqual([]);
    expect(selectors.selectOutbox(store.getState())).toEqual([]);
    expect(selectors.selectLog(store.getState()).length).toBeGreaterThan(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(store.getState().chat.messages).toEqual(['hi']);
    expect(consoleCapture.calls).toEqual([]);
  });

  it('leaves the a2ui state alone on host actions and the host state alone on a2ui actions', () => {
    const { store } = start();
    store.dispatch(a2ui.actions.messageReceived(plainSurface('p')));
    const a2uiBefore = store.getState().ui.a2ui;
    store.dispatch(chat.actions.posted('x'));
    expect(store.getState().ui.a2ui).toBe(a2uiBefore);

    const chatBefore = store.getState().chat;
    store.dispatch(a2ui.actions.messageReceived(plainSurface('q')));
    store.dispatch(a2ui.actions.disposed());
    expect(store.getState().chat).toBe(chatBefore);
  });
});

describe('mounted as { widgets }', () => {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 500 });
  type Root = { widgets: A2uiState };
  const selectSlice = (state: Root) => state.widgets;

  it('drives selectors and saga through getSelectors/getSaga', async () => {
    const { store, agent } = host(
      (saga) => configureStore({ reducer: { widgets: a2ui.reducer }, middleware: (d) => d().concat(saga) }),
      a2ui.getSaga(selectSlice),
    );
    const selectors = a2ui.getSelectors(selectSlice);
    agent.send({
      version: 'v1.0',
      createSurface: {
        surfaceId: 'w',
        catalogId: BASIC_CATALOG_ID,
        components: [{ id: 'root', component: 'Text', text: { call: 'slowLookup', args: {} } }],
      },
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(selectors.selectNode(store.getState(), 'w', 'root')?.busy).toBe(true);
    expect(agent.received.map((r) => Object.keys(r.message))).toEqual([['version', 'callAgentFunction']]);

    await jest.advanceTimersByTimeAsync(499);
    expect(selectors.selectPendingAgentCalls(store.getState())).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(selectors.selectPendingAgentCalls(store.getState())).toEqual([]);
    expect(selectors.selectDiagnostics(store.getState(), 'w').map((d) => d.code)).toEqual(['AGENT_CALL_TIMEOUT']);
    expect(jest.getTimerCount()).toBe(0);
    expect(consoleCapture.calls).toEqual([]);
  });

  it("throws from the default selectors, which look under 'a2ui', instead of inventing an empty state", () => {
    const store = configureStore({ reducer: { widgets: a2ui.reducer } });
    expect(() => a2ui.selectors.selectSurfaces(store.getState() as unknown as { a2ui: A2uiState })).toThrow(TypeError);
  });

  // A saga that looks where nothing is mounted fails at start, loudly, naming where it looked and
  // the way out (reducerPath, getSaga), instead of idling (or, as it once did, spinning).
  test('fails at start with an error naming reducerPath and getSaga when nothing is mounted where it looks', async () => {
    let failures = 0;
    const runaway: Middleware = () => (next) => (action) => {
      if ((action as UnknownAction).type === a2ui.actions.workerFailed.type && ++failures > 50) throw new Error('runaway workerFailed loop');
      return next(action);
    };
    const sagaMiddleware = createSagaMiddleware({ onError: () => undefined });
    configureStore({ reducer: { widgets: a2ui.reducer }, middleware: (d) => d().concat(runaway, sagaMiddleware) });
    const { transport } = createInMemoryTransport();
    const task = sagaMiddleware.run(a2ui.saga as unknown as ReturnType<A2ui['getSaga']>, { transport });
    await expect(task.toPromise()).rejects.toThrow(/no a2ui state at state\.a2ui \(reducerPath 'a2ui'\).*getSaga/);
    expect(failures).toBe(0);
  });
});
