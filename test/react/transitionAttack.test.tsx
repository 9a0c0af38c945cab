/**
 * @jest-environment jsdom
 *
 * Concurrent rendering against the node feed, with React's real scheduler (no `act`, which renders
 * without yielding): a transition render that yields between slow nodes while a second
 * transition's dispatch changes the store. Every commit the user can see must show one state: all
 * the Texts bound to the same path show the same value in every DOM the browser could paint (read
 * by a MutationObserver after each commit, before the next task), and the last DOM shows the
 * store's value.
 */
import { configureStore } from '@reduxjs/toolkit';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { A2uiProvider, A2uiSurface, basicComponents, createComponents, type A2uiNodeProps, type AnyNodeComponent } from '../../src/react';

// Real scheduling: React time-slices only outside `act`.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const COUNT = 8;
const ids = Array.from({ length: COUNT }, (_, i) => `t${i}`);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (check()) return;
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// A node that read the store when it rendered and heard of changes only through a subscription made
// in a mount effect tore here: a store change while a transition render yields left the nodes drawn
// before it with the old value and those after with the new one, and React committed that mix.
// useSyncExternalStore checks every snapshot before committing a concurrent render and redraws a
// torn one (this test fails against the mount-effect subscription).
test('a transition render that yields while another transition changes the store commits no DOM mixing the two values', async () => {
  const a2ui = createA2ui({ catalogs: [basicCatalog()] });
  const saga = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (getDefault) => getDefault().concat(saga) });
  const { transport } = createInMemoryTransport();
  const task = saga.run(a2ui.saga, { transport, openUrl: () => undefined });
  const setV = (value: string) => store.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/v', value } }));
  store.dispatch(
    a2ui.actions.messageReceived({
      version: 'v1.0',
      createSurface: {
        surfaceId: 's',
        catalogId: BASIC_CATALOG_ID,
        components: [{ id: 'root', component: 'Column', children: ids }, ...ids.map((id) => ({ id, component: 'Text', text: { path: '/v' } }))],
        dataModel: { v: 'A' },
      },
    }),
  );

  // A Text that takes longer than a scheduler slice to draw while `slow` is set; the first time it
  // draws 'B' it has the next transition ('C') dispatched from a task, which runs while React yields.
  const slow = { on: false, fired: false };
  const BasicText = basicComponents.Text as AnyNodeComponent;
  const SlowText = (props: A2uiNodeProps) => {
    if (slow.on) {
      const end = Date.now() + 12;
      while (Date.now() < end) {
        // busy: a slow component
      }
      if (props.node.props.text === 'B' && !slow.fired) {
        slow.fired = true;
        setTimeout(() => startTransition(() => void setV('C')), 0);
      }
    }
    return <BasicText {...props} />;
  };
  const components = createComponents({ Text: SlowText } as never);

  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const texts = () => ids.map((id) => container.querySelector(`[data-component-id="${id}"]`)?.textContent ?? null);
  const mixed: Array<Array<string | null>> = [];
  const observer = new MutationObserver(() => {
    const now = texts();
    if (new Set(now).size > 1) mixed.push(now);
  });
  try {
    root.render(
      <Provider store={store}>
        <A2uiProvider a2ui={a2ui}>
          <A2uiSurface surfaceId="s" components={components} styles={false} />
        </A2uiProvider>
      </Provider>,
    );
    await until(() => texts().every((t) => t === 'A'), 'the first render');
    await sleep(20);
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    slow.on = true;
    startTransition(() => void setV('B'));
    await until(() => slow.fired && texts().every((t) => t === 'C'), "every Text to show 'C'");
    await sleep(50);
    observer.takeRecords();
    expect(texts()).toEqual(ids.map(() => 'C'));
    // Each commit showed one value (useSyncExternalStore re-renders a torn transition before committing it).
    expect(mixed).toEqual([]);
  } finally {
    observer.disconnect();
    slow.on = false;
    root.unmount();
    container.remove();
    task.cancel();
  }
});
