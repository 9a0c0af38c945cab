/**
 * `ui/open-link` through the Redux slice: one link per user activation the host reported holds
 * across actions too (each action runs the session with its own clock, so the rule cannot hang on
 * the runtime object of one action).
 */
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { basicCatalog } from '../../src/catalog';
import { mcpCatalog } from '../../src/mcp/catalog';
import { createA2ui } from '../../src/createA2ui';
import { APP_REF, SURFACE, appSurfaceMessages } from './fixtures';

function start() {
  const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()] });
  const store = configureStore({ reducer: { a2ui: a2ui.reducer } });
  store.dispatch(a2ui.actions.messageReceived(appSurfaceMessages()));
  const opened = () => store.getState().a2ui.session.outbox.filter((entry) => entry.effect.type === 'openUrl').map((entry) => (entry.effect as { url: string }).url);
  const openLink = (requestId: number, url: string, userActivationAt?: number) =>
    store.dispatch(a2ui.actions.mcpAppRequested({ requestId, surfaceId: SURFACE, ref: APP_REF, method: 'ui/open-link', params: { url }, ...(userActivationAt === undefined ? {} : { userActivationAt }) }));
  return { opened, openLink };
}

test('two links for one activation: the first opens, the second is refused; a later activation opens one more', () => {
  const { opened, openLink } = start();
  const clicked = Date.now();
  openLink(1, 'https://example.com/one', clicked);
  openLink(2, 'https://example.com/two', clicked);
  expect(opened()).toEqual(['https://example.com/one']);
  openLink(3, 'https://example.com/three', clicked + 1);
  expect(opened()).toEqual(['https://example.com/one', 'https://example.com/three']);
});

test('no activation reported, no link', () => {
  const { opened, openLink } = start();
  openLink(1, 'https://example.com/one');
  expect(opened()).toEqual([]);
});

test('the spent activation is state: replaying the recorded actions into a new store refuses the same activation again', () => {
  const a2ui = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()] });
  const recorded: unknown[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    recorded.push(JSON.parse(JSON.stringify(action)));
    return next(action);
  };
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    middleware: (getDefault) => getDefault().concat(recorder),
  });
  const clicked = Date.now();
  const request = (requestId: number, url: string) => a2ui.actions.mcpAppRequested({ requestId, surfaceId: SURFACE, ref: APP_REF, method: 'ui/open-link', params: { url }, userActivationAt: clicked });
  store.dispatch(a2ui.actions.messageReceived(appSurfaceMessages()));
  store.dispatch(request(1, 'https://example.com/one'));
  expect(store.getState().a2ui.session.core.surfaces[SURFACE]?.mcpLinkActivations).toEqual({ [APP_REF]: clicked });

  // A fresh instance (new runtime, new caches) fed the JSON of the same actions: the same state,
  // and the spent activation still refuses a second link.
  const replay = createA2ui({ catalogs: [basicCatalog(), mcpCatalog()] });
  const again = configureStore({ reducer: { a2ui: replay.reducer } });
  for (const action of recorded) again.dispatch(action as never);
  again.dispatch(request(2, 'https://example.com/two'));
  const urls = again.getState().a2ui.session.outbox.filter((entry) => entry.effect.type === 'openUrl').map((entry) => (entry.effect as { url: string }).url);
  expect(urls).toEqual(['https://example.com/one']);
});
