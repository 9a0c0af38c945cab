/**
 * Two instances in one store (two assistants on one page) never hear each other, and an
 * instance's slice mounts with RTK's `combineSlices(...).inject` and `slice.injectInto`.
 */
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { plainSurface } from '../helpers/reduxFixtures';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('two instances side by side', () => {
  const left = createA2ui({ reducerPath: 'left', catalogs: [basicCatalog()] });
  const right = createA2ui({ reducerPath: 'right', catalogs: [basicCatalog()] });

  it('have their own action types', () => {
    expect(left.actions.messageReceived.type).toBe('left/messageReceived');
    expect(right.actions.messageReceived.type).toBe('right/messageReceived');
    expect(left.reducerPath).toBe('left');
    expect(left.slice.reducerPath).toBe('left');
  });

  it("keep each agent's surfaces and errors to that agent", async () => {
    const sagas = createSagaMiddleware();
    const store = configureStore({ reducer: { [left.reducerPath]: left.reducer, [right.reducerPath]: right.reducer }, middleware: (d) => d().concat(sagas) });
    const l = createInMemoryTransport();
    const r = createInMemoryTransport();
    const tasks = [sagas.run(left.saga, { transport: l.transport }), sagas.run(right.saga, { transport: r.transport })];

    l.agent.send(plainSurface('only-left'));
    // An update for a surface that does not exist: its agent, and only its agent, hears the error.
    l.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 'missing', path: '/x', value: 1 } });
    await jest.advanceTimersByTimeAsync(0);

    expect(left.selectors.selectSurfaces(store.getState()).map((x) => x.surfaceId)).toEqual(['only-left']);
    expect(right.selectors.selectSurfaces(store.getState())).toEqual([]);
    expect(l.agent.received.map((x) => (x.message.error as { code: string }).code)).toEqual(['SURFACE_NOT_FOUND']);
    expect(r.agent.received).toEqual([]);
    expect(store.getState().right.session.lastError).toBeNull();
    expect(store.getState().right.log.entries).toEqual([]);
    for (const task of tasks) task.cancel();
  });
});

describe('mounting with combineSlices', () => {
  const host = createSlice({ name: 'host', initialState: { n: 0 }, reducers: { bumped: (s) => void (s.n += 1) } });

  it('works with combineSlices(...).inject', async () => {
    const a2ui = createA2ui({ reducerPath: 'assistant', catalogs: [basicCatalog()] });
    const root = combineSlices(host).withLazyLoadedSlices<{ assistant: ReturnType<typeof a2ui.reducer> }>();
    const sagas = createSagaMiddleware();
    const store = configureStore({ reducer: root, middleware: (d) => d().concat(sagas) });
    root.inject(a2ui.slice);
    // An injected slice's state appears with the next dispatch; the saga looks for it at start.
    store.dispatch(host.actions.bumped());
    const { transport, agent } = createInMemoryTransport();
    const task = sagas.run(a2ui.saga, { transport });
    agent.send(plainSurface('s'));
    await jest.advanceTimersByTimeAsync(0);
    expect(a2ui.selectors.selectSurfaces(store.getState() as never).map((x) => x.surfaceId)).toEqual(['s']);
    store.dispatch(host.actions.bumped());
    expect(store.getState().host.n).toBe(2);
    task.cancel();
  });

  it('works with slice.injectInto', () => {
    const a2ui = createA2ui({ reducerPath: 'chatUi', catalogs: [basicCatalog()] });
    const root = combineSlices(host);
    const store = configureStore({ reducer: root });
    const injected = a2ui.slice.injectInto(root);
    store.dispatch(a2ui.actions.messageReceived(plainSurface('t')));
    expect(Object.keys(injected.selectSlice(store.getState() as never).session.core.surfaces)).toEqual(['t']);
  });
});

describe('configuration mistakes throw at construction, naming the option', () => {
  it.each([[''], ['a/b'], [42]])('reducerPath %p', (reducerPath) => {
    expect(() => createA2ui({ catalogs: [basicCatalog()], reducerPath: reducerPath as string })).toThrow(/reducerPath/);
  });
  it('logMaxBytes', () => {
    expect(() => createA2ui({ catalogs: [basicCatalog()], logMaxBytes: -1 })).toThrow(/logMaxBytes/);
  });
});
