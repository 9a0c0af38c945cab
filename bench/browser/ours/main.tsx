/** The benchmark page for a2ui-redux's React entry (v1.0 messages, react-redux). */
import { installBench, components, dataModel } from '../page';

installBench(async () => {
  const [{ configureStore }, { createRoot }, { Provider }, { basicCatalog, createA2ui, BASIC_CATALOG_ID }, { A2uiProvider, A2uiSurface }] = await Promise.all([
    import('@reduxjs/toolkit'),
    import('react-dom/client'),
    import('react-redux'),
    import('../../../src/index'),
    import('../../../src/react/index'),
  ]);
  let root: ReturnType<typeof createRoot> | null = null;
  let surface = 0;
  // How long the last mount spent applying the messages (the store's dispatch), for profile.ts.
  let appliedMs = 0;
  // The largest surface has 10,004 nodes, past the default maxNodes (10,000): raise it so every
  // row is drawn, as the official renderer draws them (capped rows would be placeholders, and a
  // tree at a budget is re-walked whole on every update).
  const options = () => ({ catalogs: [basicCatalog()], limits: { maxNodes: 20_000 } });
  let a2ui = createA2ui(options());
  let store = configureStore({ reducer: { a2ui: a2ui.reducer } });
  // For bench/browser/profile.ts: the store and instance of the page, to time dispatches in place.
  (window as unknown as { benchOurs: unknown }).benchOurs = { store: () => store, a2ui: () => a2ui };
  (window as unknown as { benchApplied: () => number }).benchApplied = () => appliedMs;
  return {
    prepare() {
      a2ui = createA2ui(options());
      store = configureStore({ reducer: { a2ui: a2ui.reducer } });
    },
    mount(container, n) {
      const surfaceId = `s${++surface}`;
      const t0 = performance.now();
      store.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, components: components(), dataModel: dataModel(n) } }));
      appliedMs = performance.now() - t0;
      root = createRoot(container);
      root.render(
        <Provider store={store}>
          <A2uiProvider a2ui={a2ui}>
            <A2uiSurface surfaceId={surfaceId} diagnostics={false} />
          </A2uiProvider>
        </Provider>,
      );
    },
    unmount() {
      root?.unmount();
      root = null;
    },
  };
});
