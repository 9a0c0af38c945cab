/**
 * @jest-environment jsdom
 *
 * Redux DevTools time travel under a rendered surface, with the real `@redux-devtools/instrument`
 * enhancer: the surface's nodes wake through the changed refs noted beside each resolved tree, and
 * a jump back goes against the direction those notes were made in. After every jump the DOM must
 * show the data of the state jumped to (read from that state's data model, not from the tree):
 * a bound Text, a windowed List whose length changes, and a surface held at maxNodes, whose
 * updates take the in-place path.
 */
import { configureStore } from '@reduxjs/toolkit';
import { ActionCreators, instrument } from '@redux-devtools/instrument';
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { createA2ui, type A2uiOptions } from '../../src/createA2ui';
import { A2uiProvider, A2uiSurface } from '../../src/react';
import { DEFAULT_LIST_WINDOWING, INITIAL_ROWS } from '../../src/react/listWindow';

function instrumentedStore(options: Partial<A2uiOptions> = {}) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], ...options });
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    enhancers: (getDefault) => getDefault().concat(instrument()),
    devTools: false,
  });
  const receive = (payload: unknown) => act(() => void store.dispatch(a2ui.actions.messageReceived(payload)));
  const jump = (index: number) => act(() => void store.liftedStore.dispatch(ActionCreators.jumpToState(index)));
  const states = () => store.liftedStore.getState().computedStates.length;
  const dataModel = () => a2ui.selectors.selectSurface(store.getState(), 's')?.dataModel as Record<string, unknown> | undefined;
  const view = render(
    <Provider store={store}>
      <A2uiProvider a2ui={a2ui}>
        <A2uiSurface surfaceId="s" />
      </A2uiProvider>
    </Provider>,
  );
  return { store, receive, jump, states, dataModel, view };
}

const update = (path: string, value: unknown) => ({ version: 'v1.0', updateDataModel: { surfaceId: 's', path, value } });
const items = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ label: `${tag} ${i}` }));

test('jumping back and forth shows each state\'s data: a bound Text and a windowed List that grows and shrinks', () => {
  const t = instrumentedStore();
  try {
    t.receive({
      version: 'v1.0',
      createSurface: {
        surfaceId: 's',
        catalogId: BASIC_CATALOG_ID,
        components: [
          { id: 'root', component: 'Column', children: ['title', 'items'] },
          { id: 'title', component: 'Text', text: { path: '/q' } },
          { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
          { id: 'row', component: 'Text', text: { path: 'label' } },
        ],
        dataModel: { q: 'first', items: items(DEFAULT_LIST_WINDOWING.threshold + 100, 'a') },
      },
    });
    t.receive(update('/q', 'second'));
    t.receive(update('/items', items(3, 'b')));
    t.receive(update('/q', 'third'));
    t.receive(update('/items/1/label', 'changed'));
    t.receive(update('/items', items(DEFAULT_LIST_WINDOWING.threshold + 1, 'c')));
    const count = t.states();

    const check = (where: string) => {
      const model = t.dataModel();
      const list = screen.queryByRole('list');
      if (model === undefined) {
        expect(list).toBeNull();
        return;
      }
      const labels = (model.items as Array<{ label: string }>).map((i) => i.label);
      expect(screen.getByText(model.q as string)).toBeTruthy();
      const rows = within(list as HTMLElement).getAllByRole('listitem').map((r) => r.textContent);
      const windowed = labels.length > DEFAULT_LIST_WINDOWING.threshold;
      expect({ where, rows }).toEqual({ where, rows: windowed ? labels.slice(0, INITIAL_ROWS) : labels });
    };
    // Every order a DevTools user can produce in a few clicks: back one by one, then far jumps.
    const order = [...Array.from({ length: count }, (_, i) => count - 1 - i), 0, count - 1, 2, count - 2, 1, 3, count - 1];
    for (const index of order) {
      t.jump(index);
      check(`state ${index}`);
    }
  } finally {
    t.view.unmount();
  }
});

test('a surface held at maxNodes, updated in place, shows the right rows after jumps', () => {
  const t = instrumentedStore({ limits: { maxNodes: 12 } });
  try {
    t.receive({
      version: 'v1.0',
      createSurface: {
        surfaceId: 's',
        catalogId: BASIC_CATALOG_ID,
        components: [
          { id: 'root', component: 'Column', children: { path: '/items', componentId: 'row' } },
          { id: 'row', component: 'Text', text: { path: 'label' } },
        ],
        dataModel: { items: items(30, 'a') },
      },
    });
    // Updates that keep every node's place: the tree at its cap is updated in place.
    for (let step = 0; step < 6; step += 1) t.receive(update(`/items/${step}/label`, `edit ${step}`));
    const count = t.states();
    const shown = () => screen.queryAllByText(/^(a|edit) \d+$/).map((e) => e.textContent);
    for (const index of [count - 1, 1, count - 1, 3, 0, count - 2, count - 1]) {
      t.jump(index);
      const model = t.dataModel();
      if (model === undefined) {
        expect(shown()).toEqual([]);
        continue;
      }
      // The root and the first 11 rows fit under maxNodes = 12.
      const labels = (model.items as Array<{ label: string }>).map((i) => i.label).slice(0, 11);
      expect({ index, shown: shown() }).toEqual({ index, shown: labels });
    }
  } finally {
    t.view.unmount();
  }
});
