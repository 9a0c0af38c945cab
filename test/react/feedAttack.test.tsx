/**
 * @jest-environment jsdom
 *
 * Attacks on the node feed and the mount-effect subscription of each node (node.tsx), with a real
 * store (RTK, saga middleware running the root saga over the in-memory transport) rendered by
 * react-dom/client under `act`. The independent answer for what the DOM must show is a fresh
 * render of the same Redux state by a new a2ui instance (a fresh resolver cache) in a new root;
 * store listeners are counted by a store enhancer, and node commits by a Text drawing that counts
 * its layout effects.
 */
import { configureStore, type StoreEnhancer } from '@reduxjs/toolkit';
import { ActionCreators } from '@redux-devtools/instrument';
import fc from 'fast-check';
import { act, StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import type { A2uiState } from '../../src/redux/slice';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { A2uiProvider, A2uiSurface, basicComponents, createComponents, type A2uiComponents, type A2uiNodeProps, type AnyNodeComponent } from '../../src/react';
import { useA2uiWrite } from '../../src/react/hooks';
import { createDevToolsStore } from '../helpers/reduxHarness';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Json = Record<string, unknown>;

/** Counts the store listeners that are subscribed now. */
function listenerCounter() {
  const counter = { active: 0 };
  const enhancer: StoreEnhancer = (next) => (reducer, preloaded) => {
    const store = next(reducer, preloaded);
    return {
      ...store,
      subscribe(listener: () => void) {
        counter.active += 1;
        const unsubscribe = store.subscribe(listener);
        let done = false;
        return () => {
          if (!done) {
            done = true;
            counter.active -= 1;
          }
          unsubscribe();
        };
      },
    };
  };
  return { counter, enhancer };
}

function realStore(keys: readonly string[] = ['a2ui']) {
  const a2ui = createA2ui({ catalogs: [basicCatalog()] });
  const saga = createSagaMiddleware();
  const { counter, enhancer } = listenerCounter();
  const reducer = Object.fromEntries(keys.map((key) => [key, a2ui.reducer])) as Record<string, typeof a2ui.reducer>;
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(saga),
    enhancers: (getDefault) => getDefault().concat(enhancer),
  });
  const { transport } = createInMemoryTransport();
  // The root saga watches the first mount (effects of the others are not under test).
  const first = keys[0] as string;
  const root = first === 'a2ui' ? a2ui.saga : a2ui.getSaga((state: never) => (state as Record<string, A2uiState>)[first] as A2uiState);
  const task = saga.run(root, { transport, openUrl: () => undefined });
  const send = (message: unknown) => store.dispatch(a2ui.actions.messageReceived(message));
  return { a2ui, store, counter, send, stop: () => task.cancel() };
}
type Real = ReturnType<typeof realStore>;

/** The a2ui state mounted at `a2ui`. */
const sliceOf = (real: Real) => (real.store.getState() as Record<string, A2uiState>).a2ui as A2uiState;

const create = (components: Json[], dataModel: Json, surfaceId = 's') => ({
  version: 'v1.0',
  createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, components, dataModel },
});
const data = (path: string, value: unknown, surfaceId = 's') => ({ version: 'v1.0', updateDataModel: { surfaceId, path, value } });
const update = (components: Json[], surfaceId = 's') => ({ version: 'v1.0', updateComponents: { surfaceId, components } });

/** Commits per component id, counted by a Text drawing's layout effect (one per commit of it). */
function countingText() {
  const commits = new Map<string, number>();
  const BasicText = basicComponents.Text as AnyNodeComponent;
  const Counting = (props: A2uiNodeProps) => {
    useLayoutEffect(() => {
      commits.set(props.node.componentId, (commits.get(props.node.componentId) ?? 0) + 1);
    });
    return <BasicText {...props} />;
  };
  return { commits, components: createComponents({ Text: Counting } as never) };
}

interface Mounted {
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

function mount(element: ReactNode): Mounted {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return {
    container,
    root,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

function surfaceOf(real: Real, options: { components?: A2uiComponents; strict?: boolean; surfaceId?: string } = {}): ReactNode {
  const tree = (
    <Provider store={real.store}>
      <A2uiProvider a2ui={real.a2ui}>
        <A2uiSurface surfaceId={options.surfaceId ?? 's'} styles={false} {...(options.components ? { components: options.components } : {})} />
      </A2uiProvider>
    </Provider>
  );
  return options.strict ? <StrictMode>{tree}</StrictMode> : tree;
}

const PER_ROOT = new Set(['id', 'for', 'aria-describedby', 'aria-labelledby', 'aria-controls']);

/** A DOM subtree as text: attributes sorted (their order follows update history), per-root ids left out, input values read. */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (!(node instanceof Element)) return '';
  const attrs = Array.from(node.attributes).filter((a) => !PER_ROOT.has(a.name)).map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
  if (node instanceof HTMLInputElement) attrs.push(`(value)=${JSON.stringify(node.value)}`, `(checked)=${node.checked}`);
  return `<${node.tagName.toLowerCase()} ${attrs.join(' ')}>${Array.from(node.childNodes).map(canonical).join('')}</>`;
}

/** The surface's DOM, canonical. */
function markup(container: HTMLElement, surfaceId = 's'): string | null {
  const section = container.querySelector(`section[data-surface-id="${surfaceId}"]`);
  return section === null ? null : canonical(section);
}

/** What a fresh render of `slice` (an a2ui state) by a new instance in a new root shows. */
function freshMarkup(slice: A2uiState, surfaceId = 's'): string | null {
  const a2ui = createA2ui({ catalogs: [basicCatalog()] });
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, preloadedState: { a2ui: slice } });
  const fresh = mount(
    <Provider store={store}>
      <A2uiProvider a2ui={a2ui}>
        <A2uiSurface surfaceId={surfaceId} styles={false} />
      </A2uiProvider>
    </Provider>,
  );
  try {
    return markup(fresh.container, surfaceId);
  } finally {
    fresh.unmount();
  }
}

const text = (container: HTMLElement, id: string) => container.querySelector(`[data-component-id="${id}"]`)?.textContent ?? null;

const ECHOES: Json[] = [
  { id: 'root', component: 'Column', children: ['t', 'u', 'field', 'still'] },
  { id: 't', component: 'Text', text: { path: '/v' } },
  { id: 'u', component: 'Text', text: { path: '/v' } },
  { id: 'field', component: 'TextField', label: 'Field', value: { path: '/v' } },
  { id: 'still', component: 'Text', text: { path: '/other' } },
];

describe('StrictMode', () => {
  test('mounting twice leaves as many store listeners as one mount, each update commits each reader once, and unmounting leaves none', () => {
    const plain = realStore();
    const strict = realStore();
    const mountedPlain: Mounted[] = [];
    try {
      for (const real of [plain, strict]) real.send(create(ECHOES, { v: 'one', other: 'o' }));
      const baseline = strict.counter.active;
      const one = mount(surfaceOf(plain));
      mountedPlain.push(one);
      const { commits, components } = countingText();
      const twice = mount(surfaceOf(strict, { components, strict: true }));
      expect(strict.counter.active - baseline).toBe(plain.counter.active - baseline);
      expect(strict.counter.active).toBeGreaterThan(baseline);

      commits.clear();
      act(() => void strict.send(data('/v', 'two')));
      expect([text(twice.container, 't'), text(twice.container, 'u')]).toEqual(['two', 'two']);
      expect((twice.container.querySelector('input') as HTMLInputElement).value).toBe('two');
      // One commit per Text reading /v (a doubled subscription would draw them again), none for /other.
      expect(Object.fromEntries(commits)).toEqual({ t: 1, u: 1 });

      commits.clear();
      act(() => void strict.send(data('/other', 'changed')));
      expect(Object.fromEntries(commits)).toEqual({ still: 1 });
      expect(markup(twice.container)).toBe(freshMarkup(sliceOf(strict)));

      twice.unmount();
      expect(strict.counter.active).toBe(baseline);
      // Nothing is left to wake: a change after unmounting draws nothing and React reports nothing.
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        commits.clear();
        act(() => void strict.send(data('/v', 'three')));
        expect(commits.size).toBe(0);
        expect(errors).not.toHaveBeenCalled();
      } finally {
        errors.mockRestore();
      }
    } finally {
      for (const m of mountedPlain) m.unmount();
      plain.stop();
      strict.stop();
    }
  });
});

test('a child slot that switches to another ref follows the new node only', () => {
  const real = realStore();
  const { commits, components } = countingText();
  const card = (child: string) => ({ id: 'card', component: 'Card', child });
  // x stays in the tree (the root shows it too) after the Card's slot leaves it.
  real.send(
    create(
      [
        { id: 'root', component: 'Column', children: ['card', 'x'] },
        card('x'),
        { id: 'x', component: 'Text', text: { path: '/x' } },
        { id: 'y', component: 'Text', text: { path: '/y' } },
      ],
      { x: 'x0', y: 'y0' },
    ),
  );
  const view = mount(surfaceOf(real, { components }));
  try {
    const inCard = () => view.container.querySelector('[data-component-id="card"] [data-component-id]')?.textContent ?? null;
    expect(inCard()).toBe('x0');
    // The Card's one NodeView now draws y (same element, another ref).
    act(() => void real.send(update([card('y')])));
    expect(inCard()).toBe('y0');
    commits.clear();
    act(() => void real.send(data('/x', 'x1')));
    // Only the root's x is drawn again: the Card's subscription to x went when its ref changed.
    expect(Object.fromEntries(commits)).toEqual({ x: 1 });
    commits.clear();
    act(() => void real.send(data('/y', 'y1')));
    expect(inCard()).toBe('y1');
    expect(Object.fromEntries(commits)).toEqual({ y: 1 });
    // And back, then x changes while y is gone.
    act(() => void real.send(update([card('x')])));
    act(() => void real.send(data('/x', 'x2')));
    expect(inCard()).toBe('x2');
    expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
  } finally {
    view.unmount();
    real.stop();
  }
});

describe('a surface deleted and created again with the same id', () => {
  const first: Json[] = [
    { id: 'root', component: 'Column', children: ['a', 'b'] },
    { id: 'a', component: 'Text', text: { path: '/v' } },
    { id: 'b', component: 'TextField', label: 'B', value: { path: '/w' } },
  ];
  const second: Json[] = [
    { id: 'root', component: 'Column', children: ['b', 'a'] },
    { id: 'a', component: 'TextField', label: 'A', value: { path: '/v' } },
    { id: 'b', component: 'Text', text: { call: 'formatString', args: { value: 'w=${/w}' } } },
  ];

  test('in separate renders', () => {
    const real = realStore();
    real.send(create(first, { v: 'v0', w: 'w0' }));
    const view = mount(surfaceOf(real));
    try {
      act(() => void real.send({ version: 'v1.0', deleteSurface: { surfaceId: 's' } }));
      expect([text(view.container, 'a'), text(view.container, 'b')]).toEqual([null, null]);
      act(() => void real.send(create(second, { v: 'v1', w: 'w1' })));
      expect(text(view.container, 'b')).toBe('w=w1');
      expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
      act(() => void real.send(data('/w', 'w2')));
      expect(text(view.container, 'b')).toBe('w=w2');
      expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
    } finally {
      view.unmount();
      real.stop();
    }
  });

  test('in one batch, so the nodes stay mounted across it', () => {
    const real = realStore();
    real.send(create(first, { v: 'v0', w: 'w0' }));
    const view = mount(surfaceOf(real));
    try {
      act(() => {
        real.send({ version: 'v1.0', deleteSurface: { surfaceId: 's' } });
        real.send(create(second, { v: 'v1', w: 'w1' }));
      });
      expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
      act(() => {
        real.send({ version: 'v1.0', deleteSurface: { surfaceId: 's' } });
        real.send(create(first, { v: 'v2', w: 'w2' }));
        real.send(data('/v', 'v3'));
      });
      expect(text(view.container, 'a')).toBe('v3');
      expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
    } finally {
      view.unmount();
      real.stop();
    }
  });
});

describe('two instances side by side', () => {
  test('two stores, each with its own surface s, in one React root: an update to one draws only there', () => {
    const left = realStore();
    const right = realStore();
    left.send(create(ECHOES, { v: 'left', other: 'l' }));
    right.send(create(ECHOES, { v: 'right', other: 'r' }));
    const view = mount(
      <>
        <div data-side="left">{surfaceOf(left)}</div>
        <div data-side="right">{surfaceOf(right)}</div>
      </>,
    );
    try {
      const side = (name: string) => view.container.querySelector(`[data-side="${name}"]`) as HTMLElement;
      act(() => void left.send(data('/v', 'left 2')));
      act(() => void right.send(update([{ id: 't', component: 'Text', text: { path: '/other' } }])));
      act(() => void right.send(data('/other', 'r2')));
      expect([text(side('left'), 't'), text(side('right'), 't')]).toEqual(['left 2', 'r2']);
      expect(markup(side('left'))).toBe(freshMarkup(sliceOf(left)));
      expect(markup(side('right'))).toBe(freshMarkup(sliceOf(right)));
    } finally {
      view.unmount();
      left.stop();
      right.stop();
    }
  });

  test('one instance mounted under two keys of one store, each key with its own provider, share a resolver cache without mixing', () => {
    const real = realStore(['one', 'two']);
    // Both slices take every message, so they hold equal but separate states: the two reducers and
    // the two providers' selectors resolve surface s through one cache, each after the other.
    real.send(create(ECHOES, { v: 'same', other: 'o' }));
    const selectOne = (state: never) => (state as { one: A2uiState }).one;
    const selectTwo = (state: never) => (state as { two: A2uiState }).two;
    const view = mount(
      <Provider store={real.store}>
        <div data-side="one">
          <A2uiProvider a2ui={real.a2ui} selectSlice={selectOne}>
            <A2uiSurface surfaceId="s" styles={false} />
          </A2uiProvider>
        </div>
        <div data-side="two">
          <A2uiProvider a2ui={real.a2ui} selectSlice={selectTwo}>
            <A2uiSurface surfaceId="s" styles={false} />
          </A2uiProvider>
        </div>
      </Provider>,
    );
    try {
      const side = (name: string) => view.container.querySelector(`[data-side="${name}"]`) as HTMLElement;
      const state = () => real.store.getState() as unknown as { one: A2uiState; two: A2uiState };
      for (let i = 0; i < 5; i += 1) {
        act(() => void real.send(data('/v', `both ${i}`)));
        act(() => void real.send(data('/other', `other ${i}`)));
        expect(markup(side('one'))).toBe(freshMarkup(state().one));
        expect(markup(side('two'))).toBe(freshMarkup(state().two));
      }
      expect(text(side('one'), 't')).toBe('both 4');
    } finally {
      view.unmount();
      real.stop();
    }
  });
});

describe('dispatches from inside the tree', () => {
  test("a write from a field's passive mount effect reaches nodes that subscribed before and after it", () => {
    const real = realStore();
    const TextField = basicComponents.TextField as AnyNodeComponent;
    const components = createComponents({
      TextField: function WritesAfterMount(props: A2uiNodeProps) {
        const write = useA2uiWrite(props.surfaceId, props.node.ref);
        useEffect(() => {
          write('written');
        }, [write]);
        return <TextField {...props} />;
      },
    } as never);
    real.send(
      create(
        [
          { id: 'root', component: 'Column', children: ['before', 'field', 'after'] },
          { id: 'before', component: 'Text', text: { path: '/v' } },
          { id: 'field', component: 'TextField', label: 'F', value: { path: '/v' } },
          { id: 'after', component: 'Text', text: { path: '/v' } },
        ],
        { v: 'initial' },
      ),
    );
    const view = mount(surfaceOf(real, { components }));
    try {
      const model = real.a2ui.selectors.selectSurface({ a2ui: sliceOf(real) }, 's')?.dataModel as Json;
      expect(model.v).toBe('written');
      expect([text(view.container, 'before'), text(view.container, 'after')]).toEqual(['written', 'written']);
      expect((view.container.querySelector('input') as HTMLInputElement).value).toBe('written');
    } finally {
      view.unmount();
      real.stop();
    }
  });

  test('a drawing that dispatches while it renders (once) still leaves every node showing the store, and no listener behind', () => {
    const real = realStore();
    const baseline = real.counter.active;
    let fired = false;
    const BasicText = basicComponents.Text as AnyNodeComponent;
    const components = createComponents({
      Text: function DispatchesInRender(props: A2uiNodeProps) {
        if (props.node.componentId === 'middle' && props.node.props.text === 'go' && !fired) {
          fired = true;
          real.send(data('/v', 'changed in render'));
        }
        return <BasicText {...props} />;
      },
    } as never);
    real.send(
      create(
        [
          { id: 'root', component: 'Column', children: ['first', 'middle', 'last'] },
          { id: 'first', component: 'Text', text: { path: '/v' } },
          { id: 'middle', component: 'Text', text: { path: '/m' } },
          { id: 'last', component: 'Text', text: { path: '/v' } },
        ],
        { v: 'start', m: 'wait' },
      ),
    );
    const view = mount(surfaceOf(real, { components }));
    // React reports a store update from another component's render; that is the drawing's fault.
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      act(() => void real.send(data('/m', 'go')));
      expect(fired).toBe(true);
      expect([text(view.container, 'first'), text(view.container, 'last')]).toEqual(['changed in render', 'changed in render']);
      expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
    } finally {
      errors.mockRestore();
      view.unmount();
      real.stop();
    }
    expect(real.counter.active).toBe(baseline);
  });
});

test('many messages in one batch (more than the changed-refs chain holds) draw what a fresh render draws', () => {
  const real = realStore();
  real.send(
    create(
      [
        { id: 'root', component: 'Column', children: ['title', 'list', 'field'] },
        { id: 'title', component: 'Text', text: { path: '/title' } },
        { id: 'list', component: 'List', children: { path: '/items', componentId: 'row' } },
        { id: 'row', component: 'Text', text: { path: 'label' } },
        { id: 'field', component: 'TextField', label: 'F', value: { path: '/title' } },
      ],
      { title: 't0', items: [{ label: 'a' }, { label: 'b' }] },
    ),
  );
  const view = mount(surfaceOf(real));
  try {
    act(() => {
      for (let i = 0; i < 90; i += 1) {
        real.send(data('/title', `t${i}`));
        if (i % 7 === 0) real.send(data(`/items/${i % 5}`, { label: `row ${i}` }));
        if (i % 11 === 0) real.send(data('/items', Array.from({ length: i % 4 }, (_, k) => ({ label: `fresh ${i}.${k}` }))));
        if (i === 45) real.send(update([{ id: 'title', component: 'Text', text: { call: 'formatString', args: { value: '[${/title}]' } } }]));
      }
    });
    expect(text(view.container, 'title')).toBe('[t89]');
    expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
  } finally {
    view.unmount();
    real.stop();
  }
});

describe('Redux DevTools time travel (the real instrument enhancer)', () => {
  const PATHS = ['/v', '/w', '/items/0/label', '/items/1'];
  const valueArb = fc.oneof(
    fc.constantFrom('a', 'b', ''),
    fc.integer({ min: 0, max: 2 }),
    fc.constant(null),
    fc.record({ label: fc.constantFrom('o', 'p') }),
    fc.constant(0).map(() => JSON.parse('{"__proto__": {"label": "proto"}, "constructor": "c", "label": "own"}') as unknown),
    fc.array(fc.record({ label: fc.constantFrom('r', 's', 't') }), { maxLength: 3 }),
  );
  const leafArb = (id: string) =>
    fc.oneof(
      fc.constantFrom('/v', '/w', '/items/0/label').map((path) => ({ id, component: 'Text', text: { path } })),
      fc.constantFrom('/v', '/w').map((path) => ({ id, component: 'Text', text: { call: 'formatString', args: { value: `<\${${path}}>` } } })),
      fc.constantFrom('/v', '/w').map((path) => ({ id, component: 'TextField', label: id, value: { path } })),
      fc.constantFrom('/v', '/w').map((path) => ({ id, component: 'TextField', label: id, value: { path }, checks: [{ condition: { call: 'required', args: { value: { path } } }, message: 'needed' }] })),
      fc.constant({ id, component: 'Column', children: { path: '/items', componentId: 'row' } }),
    );
  type Step =
    | { kind: 'message'; message: unknown }
    | { kind: 'write'; ref: string; value: unknown }
    | { kind: 'jump'; pick: number }
    | { kind: 'toggle'; pick: number };
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ path: fc.constantFrom(...PATHS), value: valueArb }).map(({ path, value }): Step => ({ kind: 'message', message: data(path, value) })) },
    // The template's list: a list, nothing, or something else (each draws its own diagnostic).
    { weight: 2, arbitrary: fc.oneof(fc.option(fc.array(fc.record({ label: fc.constantFrom('x', 'y') }), { maxLength: 3 })), fc.constantFrom('text', 7, true, { label: 'x' })).map((value): Step => ({ kind: 'message', message: data('/items', value) })) },
    { weight: 2, arbitrary: fc.constantFrom('a', 'b', 'c').chain(leafArb).map((c): Step => ({ kind: 'message', message: update([c]) })) },
    { weight: 2, arbitrary: fc.record({ ref: fc.constantFrom('a', 'b', 'c'), value: fc.constantFrom('typed', 'more', '') }).map((r): Step => ({ kind: 'write', ...r })) },
    { weight: 3, arbitrary: fc.nat().map((pick): Step => ({ kind: 'jump', pick })) },
    { weight: 1, arbitrary: fc.nat().map((pick): Step => ({ kind: 'toggle', pick })) },
  );

  test('after every jump, action toggle or new message, the DOM equals a fresh render of the state shown', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 2, maxLength: 14 }), (steps) => {
        const a2ui = createA2ui({ catalogs: [basicCatalog()] });
        const { store, sagaMiddleware: saga } = createDevToolsStore(a2ui);
        const { transport } = createInMemoryTransport();
        const task = saga.run(a2ui.saga, { transport, openUrl: () => undefined });
        store.dispatch(
          a2ui.actions.messageReceived(
            create(
              [
                { id: 'root', component: 'Column', children: ['a', 'b', 'c'] },
                { id: 'a', component: 'TextField', label: 'a', value: { path: '/v' } },
                { id: 'b', component: 'Text', text: { path: '/v' } },
                { id: 'c', component: 'Column', children: { path: '/items', componentId: 'row' } },
                { id: 'row', component: 'Text', text: { path: 'label' } },
              ],
              { v: 'start', w: 'w', items: [{ label: 'r0' }, { label: 'r1' }] },
            ),
          ),
        );
        const view = mount(
          <Provider store={store}>
            <A2uiProvider a2ui={a2ui}>
              <A2uiSurface surfaceId="s" styles={false} />
            </A2uiProvider>
          </Provider>,
        );
        try {
          steps.forEach((step, i) => {
            const lifted = store.liftedStore;
            const count = lifted.getState().computedStates.length;
            act(() => {
              if (step.kind === 'message') store.dispatch(a2ui.actions.messageReceived(step.message));
              else if (step.kind === 'write') store.dispatch(a2ui.actions.valueWritten({ surfaceId: 's', ref: step.ref, property: 'value', value: step.value }));
              else if (step.kind === 'jump') lifted.dispatch(ActionCreators.jumpToState(step.pick % count));
              // Action 0 is the store's init; toggling a later one recomputes every state after it.
              else if (count > 1) lifted.dispatch(ActionCreators.toggleAction(1 + (step.pick % (count - 1))));
            });
            const slice = store.getState().a2ui;
            expect({ step: i, kind: step.kind, dom: markup(view.container) }).toEqual({ step: i, kind: step.kind, dom: freshMarkup(slice) });
          });
        } finally {
          view.unmount();
          task.cancel();
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
    );
  }, 120_000);
});

test('component ids and data keys named constructor, toString and hasOwnProperty are drawn and updated like any other; a __proto__ key is refused', () => {
  const real = realStore();
  const hostile = (json: string) => JSON.parse(json) as unknown;
  real.send({
    version: 'v1.0',
    createSurface: {
      surfaceId: 's',
      catalogId: BASIC_CATALOG_ID,
      components: hostile(
        '[{"id":"root","component":"Column","children":["constructor","toString","hasOwnProperty"]},' +
          '{"id":"constructor","component":"Text","text":{"path":"/constructor"}},' +
          '{"id":"toString","component":"TextField","label":"T","value":{"path":"/toString"}},' +
          '{"id":"hasOwnProperty","component":"Text","text":{"path":"/obj/constructor/x"}}]',
      ),
      dataModel: hostile('{"constructor":"c0","toString":"t0","obj":{"constructor":{"x":"x0"}}}'),
    },
  });
  const view = mount(surfaceOf(real));
  try {
    const input = () => (view.container.querySelector('input') as HTMLInputElement).value;
    // What the data model holds, read with own-key lookups (the independent answer).
    const held = () => {
      const model = real.a2ui.selectors.selectSurface({ a2ui: sliceOf(real) }, 's')?.dataModel as Json;
      const own = (o: unknown, k: string) => (typeof o === 'object' && o !== null && Object.prototype.hasOwnProperty.call(o, k) ? (o as Json)[k] : undefined);
      return [own(model, 'constructor'), own(model, 'toString'), own(own(own(model, 'obj'), 'constructor'), 'x')];
    };
    const shown = () => [text(view.container, 'constructor'), input(), text(view.container, 'hasOwnProperty')];
    expect(held()).toEqual(['c0', 't0', 'x0']);
    expect(shown()).toEqual(held());
    act(() => {
      real.send(data('/constructor', 'c1'));
      real.send(data('/obj/constructor/x', { x: 'an object' }));
    });
    act(() => void real.store.dispatch(real.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'toString', property: 'value', value: 'typed' })));
    expect(held()).toEqual(['c1', 'typed', { x: 'an object' }]);
    expect(shown().slice(0, 2)).toEqual(['c1', 'typed']);
    expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
    // A value holding a __proto__ key is refused at the door: the screen and the model stay.
    const before = markup(view.container);
    act(() => void real.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/constructor', value: hostile('{"__proto__":{"x":"polluted"}}') } }));
    expect(held()[0]).toBe('c1');
    expect(markup(view.container)).toBe(before);
    expect(({} as Json).x).toBeUndefined();
  } finally {
    view.unmount();
    real.stop();
  }
});

test('a surface element switched to another surface id follows the new surface only', () => {
  const real = realStore();
  const { commits, components } = countingText();
  const page = [
    { id: 'root', component: 'Column', children: ['t'] },
    { id: 't', component: 'Text', text: { path: '/v' } },
  ];
  real.send(create(page, { v: 'in s' }, 's'));
  real.send(create(page, { v: 'in other' }, 'other'));
  const element = (surfaceId: string) => (
    <Provider store={real.store}>
      <A2uiProvider a2ui={real.a2ui}>
        <A2uiSurface surfaceId={surfaceId} styles={false} components={components} />
      </A2uiProvider>
    </Provider>
  );
  const view = mount(element('s'));
  try {
    expect(text(view.container, 't')).toBe('in s');
    act(() => view.root.render(element('other')));
    expect(text(view.container, 't')).toBe('in other');
    commits.clear();
    act(() => void real.send(data('/v', 's changed', 's')));
    // The nodes left surface s's feed with the element's surface id.
    expect(Object.fromEntries(commits)).toEqual({});
    expect(text(view.container, 't')).toBe('in other');
    act(() => void real.send(data('/v', 'other changed', 'other')));
    expect(text(view.container, 't')).toBe('other changed');
    expect(Object.fromEntries(commits)).toEqual({ t: 1 });
    expect(markup(view.container, 'other')).toBe(freshMarkup(sliceOf(real), 'other'));
  } finally {
    view.unmount();
    real.stop();
  }
});

// A component shown by two parents keeps the place of the first in walk order (see
// test/resolution/rebindAttack.test.ts); a later change must not cut a cycle that does not exist,
// which the user would see as a "Cyclic reference" placeholder a fresh render does not show.
test('a component shown by two parents and then rearranged draws what a fresh render draws, with no cycle placeholder', () => {
  const real = realStore();
  real.send(
    create(
      [
        { id: 'root', component: 'Column', children: ['a', 'c'] },
        { id: 'a', component: 'Text', text: 'a' },
        { id: 'c', component: 'Column', children: { path: '/items', componentId: 'row' } },
        { id: 'row', component: 'Text', text: { path: 'label' } },
      ],
      { items: [{ label: 'r0' }] },
    ),
  );
  const view = mount(surfaceOf(real));
  try {
    act(() => void real.send(update([{ id: 'c', component: 'Column', children: ['a'] }])));
    act(() =>
      void real.send(
        update([
          { id: 'a', component: 'Column', children: ['c'] },
          { id: 'c', component: 'Column', children: { path: '/items', componentId: 'row' } },
        ]),
      ),
    );
    expect(view.container.textContent).not.toMatch(/Cyclic reference/);
    expect(markup(view.container)).toBe(freshMarkup(sliceOf(real)));
  } finally {
    view.unmount();
    real.stop();
  }
});
