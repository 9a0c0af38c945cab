/**
 * Renders surfaces with the package's React entry over a real store: RTK's configureStore with
 * the saga middleware, the root saga on the in-memory transport, and the agent's end of it
 * recording what the renderer sends. Agent payloads go in through `messageReceived`.
 */
import { configureStore } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { createA2ui, type A2uiOptions } from '../../src/createA2ui';
import type { OutboundMessage } from '../../src/model/effects';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { A2uiProvider, A2uiSurface, type A2uiComponents, type A2uiSurfaceProps } from '../../src/react';

export { BASIC_CATALOG_ID };

/** A createSurface message for the basic catalog with `components` and `dataModel`. */
export function surfaceMessage(surfaceId: string, components: Array<Record<string, unknown>>, dataModel: Record<string, unknown> = {}) {
  return { version: 'v1.0', createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, components, dataModel } };
}

export interface Setup {
  a2ui: ReturnType<typeof createA2ui>;
  store: ReturnType<typeof makeStore>['store'];
  /** What the renderer sent the agent, in order. */
  sent: OutboundMessage[];
  /** URLs the renderer asked to open. */
  opened: string[];
  /** Applies an agent payload. */
  receive(payload: unknown): void;
  /** The surface's data model now. */
  dataModel(surfaceId?: string): Record<string, unknown>;
  /** The agent's `action` messages. */
  actions(): Array<Record<string, unknown>>;
  stop(): void;
}

function makeStore(options: Partial<A2uiOptions>) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()], ...options });
  const saga = createSagaMiddleware();
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (getDefault) => getDefault().concat(saga) });
  return { a2ui, saga, store };
}

/** A store, the saga and the agent end, without anything rendered. */
export function createSetup(options: Partial<A2uiOptions> = {}): Setup {
  const { a2ui, saga, store } = makeStore(options);
  const { transport, agent } = createInMemoryTransport();
  const sent: OutboundMessage[] = [];
  const opened: string[] = [];
  const stopListening = agent.onMessage((message) => {
    sent.push(message);
  });
  const task = saga.run(a2ui.saga, { transport, openUrl: (url: string) => void opened.push(url) });
  return {
    a2ui,
    store,
    sent,
    opened,
    receive(payload) {
      act(() => {
        store.dispatch(a2ui.actions.messageReceived(payload));
      });
    },
    dataModel(surfaceId = 's') {
      return a2ui.selectors.selectSurface(store.getState(), surfaceId)?.dataModel ?? {};
    },
    actions() {
      return sent.flatMap((m) => (typeof m.action === 'object' && m.action !== null ? [m.action as Record<string, unknown>] : []));
    },
    stop() {
      stopListening();
      task.cancel();
    },
  };
}

/** Renders `children` (default: surface `s`) inside react-redux's and a2ui's providers. */
export function renderWith(setup: Setup, children?: ReactNode, components?: A2uiComponents, surface: Partial<A2uiSurfaceProps> = {}) {
  return render(
    <Provider store={setup.store}>
      <A2uiProvider a2ui={setup.a2ui}>{children ?? <A2uiSurface surfaceId="s" {...surface} {...(components ? { components } : {})} />}</A2uiProvider>
    </Provider>,
  );
}

/** A setup with surface `s` made of `components` and `dataModel`, rendered. */
export function renderSurface(components: Array<Record<string, unknown>>, dataModel: Record<string, unknown> = {}, options: { components?: A2uiComponents; a2ui?: Partial<A2uiOptions>; surface?: Partial<A2uiSurfaceProps> } = {}) {
  const setup = createSetup(options.a2ui);
  setup.receive(surfaceMessage('s', components, dataModel));
  const view = renderWith(setup, undefined, options.components, options.surface);
  return { ...setup, view };
}
