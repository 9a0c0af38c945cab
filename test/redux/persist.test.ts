/**
 * Rehydration with the real redux-persist: an outbox persisted by another store lifetime (another
 * page load, so another realm token in its ids) is not sent blindly. Each send becomes a visible
 * `unknown` record, sent only when the host retries it.
 */
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Storage } from 'redux-persist';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { REALM_TOKEN } from '../../src/redux/actions';
import type { OutboxEntry } from '../../src/redux/state';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { BASIC_CATALOG_ID, deepFreeze } from '../helpers/reduxHarness';
import { memoryStorage } from '../helpers/persistStorage';

const surface = deepFreeze({
  version: 'v1.0',
  createSurface: {
    surfaceId: 'b',
    catalogId: BASIC_CATALOG_ID,
    components: [
      { id: 'root', component: 'Button', child: 'label', action: { event: { name: 'go' } } },
      { id: 'label', component: 'Text', text: 'Go' },
    ],
  },
});

/** One store lifetime: a fresh instance, persisted under 'a2ui' (the log left out, see the README). */
async function lifetime(storage: Storage) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()] });
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: { a2ui: persistReducer({ key: 'a2ui', storage, blacklist: ['log'], timeout: 0 }, a2ui.reducer) },
    // redux-persist's own actions carry functions; its documentation asks to ignore them.
    middleware: (d) => d({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(sagas),
  });
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });
  return { a2ui, store, sagas, persistor };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

it('turns a rehydrated pending send into an unknown record the host can retry, never sending it blindly', async () => {
  const storage = memoryStorage();
  const first = await lifetime(storage);
  first.store.dispatch(first.a2ui.actions.messageReceived(surface));
  first.store.dispatch(first.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: 'root' }));
  // The page closes before any saga sent it.
  await first.persistor.flush();
  const pendingId = first.store.getState().a2ui.session.outbox.find((e: OutboxEntry) => e.effect.type === 'send')?.id ?? 'none';

  // The next page load has another realm token; the stored ids keep the old one.
  const other = 'zz' + REALM_TOKEN.slice(2);
  for (const [key, value] of storage.items) storage.items.set(key, value.split(REALM_TOKEN).join(other));
  const oldId = pendingId.split(REALM_TOKEN).join(other);

  const second = await lifetime(storage);
  const { transport, agent } = createInMemoryTransport();
  const task = second.sagas.run(second.a2ui.saga, { transport });
  await settle();
  expect(agent.received).toEqual([]);
  const problems = second.a2ui.selectors.selectDeliveryProblems(second.store.getState());
  expect(problems.map((e) => [e.id, e.delivery?.status])).toEqual([[oldId, 'unknown']]);
  // The surface came back too, and the log was not persisted.
  expect(Object.keys(second.store.getState().a2ui.session.core.surfaces)).toEqual(['b']);

  second.store.dispatch(second.a2ui.actions.deliveryRetried({ id: oldId }));
  await settle();
  expect(agent.received.map((r) => [r.message.action && 'action', r.metadata?.a2uiDeliveryId])).toEqual([['action', oldId]]);
  expect(second.store.getState().a2ui.session.outbox.filter((e: OutboxEntry) => e.effect.type === 'send')).toEqual([]);
  task.cancel();
  first.persistor.pause();
  second.persistor.pause();
});
