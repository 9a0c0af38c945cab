/**
 * `ui/open-link` through the Redux slice: one link per user activation the host reported holds
 * across actions too (each action runs the session with its own clock, so the rule cannot hang on
 * the runtime object of one action).
 */
import { configureStore } from '@reduxjs/toolkit';
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
