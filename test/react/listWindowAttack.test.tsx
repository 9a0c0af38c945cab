/**
 * @jest-environment jsdom
 *
 * A windowed List (src/react/listWindow.ts) under a layout that follows the DOM as a browser's
 * would: the top spacer at the list's top with the height the hook gave it, then the drawn rows
 * stacked one after another at their own heights. Every check compares the drawing with the rows
 * the viewport meets, worked out here row by row: the rows are contiguous and each drawn once,
 * `aria-posinset`/`aria-setsize` name their place, and the spacers stand for exactly the rows
 * not drawn.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { A2uiProvider, A2uiSurface, type A2uiSurfaceProps } from '../../src/react';
import { DEFAULT_LIST_WINDOWING } from '../../src/react/listWindow';
import { createSetup, surfaceMessage, type Setup } from './harness';

const OVERSCAN = DEFAULT_LIST_WINDOWING.overscan;
const VIEWPORT = 768;

const surface = [
  { id: 'root', component: 'Column', children: ['items'] },
  { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];
const items = (n: number, prefix = 'row') => Array.from({ length: n }, (_, i) => ({ label: `${prefix} ${i}` }));

const px = (value: string) => (value === '' ? 0 : Number.parseFloat(value));
const box = (top: number, height: number) => ({ top, height, bottom: top + height, left: 0, right: 100, width: 100, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;

/**
 * A layout read from the DOM: the list's top is `at.listTop` (viewport y), the top spacer is as
 * high as its style says, and row `i` is `heightOf(i)` high, placed after the rows drawn before it.
 */
function layout(heightOf: (index: number) => number) {
  const at = { listTop: 0 };
  const spy = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const list = this.closest('[role="list"]');
    if (list === null) return box(0, 0);
    // Nothing inside a closed dialog is laid out.
    const dialog = this.closest('dialog');
    if (dialog !== null && !dialog.open) return box(0, 0);
    const spacer = list.querySelector<HTMLElement>(':scope > [data-testid="list-spacer-before"]');
    if (this === list) {
      const after = list.querySelector<HTMLElement>(':scope > [data-testid="list-spacer-after"]');
      const rows = Array.from(list.querySelectorAll(':scope > [role="listitem"]')).reduce((sum, row) => sum + heightOf(Number(row.getAttribute('aria-posinset') ?? '0') - 1), 0);
      return box(at.listTop, px(spacer?.style.height ?? '') + rows + px(after?.style.height ?? ''));
    }
    if (this === spacer) return box(at.listTop, px(this.style.height));
    if (this.parentElement !== list) return box(0, 0);
    let top = at.listTop + (spacer === null ? 0 : px(spacer.style.height));
    for (const child of Array.from(list.children) as HTMLElement[]) {
      if (child.getAttribute('role') !== 'listitem') continue;
      const index = Number(child.getAttribute('aria-posinset') ?? '0') - 1;
      if (child === this) return box(top, heightOf(index));
      top += heightOf(index);
    }
    return box(0, 0);
  });
  return { at, restore: () => spy.mockRestore() };
}

function setViewport(height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

/** Lets a scroll or resize listener's animation frame run. */
async function dispatch(type: 'scroll' | 'resize') {
  await act(async () => {
    window.dispatchEvent(new Event(type));
    await new Promise((done) => requestAnimationFrame(() => done(undefined)));
  });
}

function mount(dataModel: Record<string, unknown>, options: { strict?: boolean; surface?: Partial<A2uiSurfaceProps> } = {}) {
  const setup: Setup = createSetup();
  setup.receive(surfaceMessage('s', surface, dataModel));
  const tree = (props: Partial<A2uiSurfaceProps>) => {
    const inner = (
      <Provider store={setup.store}>
        <A2uiProvider a2ui={setup.a2ui}>
          <A2uiSurface surfaceId="s" {...props} />
        </A2uiProvider>
      </Provider>
    );
    return options.strict ? <StrictMode>{inner}</StrictMode> : inner;
  };
  const view = render(tree(options.surface ?? {}));
  return { ...setup, rerender: (props: Partial<A2uiSurfaceProps>) => view.rerender(tree(props)) };
}

function setItems(s: Setup, list: Array<{ label: string }>) {
  s.receive({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/items', value: list } });
}

/** The drawn rows' indexes, after checking their list semantics and labels. */
function drawnRows(count: number, prefix = 'row'): number[] {
  const rows = within(screen.getByRole('list')).getAllByRole('listitem');
  return rows.map((row) => {
    const index = Number(row.getAttribute('aria-posinset')) - 1;
    expect(row.getAttribute('aria-setsize')).toBe(String(count));
    expect(row.getAttribute('data-index')).toBe(String(index));
    expect(row.textContent).toBe(`${prefix} ${index}`);
    return index;
  });
}

const spacers = () => [px(screen.getByTestId('list-spacer-before').style.height), px(screen.getByTestId('list-spacer-after').style.height)];

/** The rows [start, end) of a list of `count` rows `rowHeight` high at `listTop` that the viewport meets. */
function met(count: number, listTop: number, rowHeight: number, viewport = VIEWPORT) {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const top = listTop + i * rowHeight;
    if (top < viewport && top + rowHeight > 0) seen.push(i);
  }
  return { first: seen[0] as number, last: seen[seen.length - 1] as number };
}

/**
 * Checks the drawing of a list of `count` uniform rows: contiguous, each once, covering the rows
 * the viewport meets plus the overscan, and spacers exactly as high as the rows not drawn.
 */
function expectWindow(count: number, listTop: number, rowHeight: number, prefix = 'row') {
  const rows = drawnRows(count, prefix);
  const start = rows[0] as number;
  const end = (rows[rows.length - 1] as number) + 1;
  expect(rows).toEqual(Array.from({ length: end - start }, (_, i) => start + i));
  const want = met(count, listTop, rowHeight);
  expect(start).toBeLessThanOrEqual(Math.max(0, want.first - OVERSCAN));
  expect(end).toBeGreaterThanOrEqual(Math.min(count, want.last + 1 + OVERSCAN));
  expect(spacers()).toEqual([start * rowHeight, (count - end) * rowHeight]);
  return { start, end };
}

beforeEach(() => setViewport(VIEWPORT));

describe('uniform rows', () => {
  const H = 24;
  let env: ReturnType<typeof layout>;
  beforeEach(() => {
    env = layout(() => H);
  });
  afterEach(() => env.restore());

  test('scrolling to the end and back to the top draws each window, spacers exact', async () => {
    const s = mount({ items: items(1000) });
    try {
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: 50 });
      env.at.listTop = -(1000 * H - VIEWPORT);
      await dispatch('scroll');
      expect(expectWindow(1000, env.at.listTop, H)).toEqual({ start: 968 - OVERSCAN, end: 1000 });
      env.at.listTop = 0;
      await dispatch('scroll');
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: 32 + OVERSCAN });
    } finally {
      s.stop();
    }
  });

  test('a viewport that grows after the first paint draws the rows it now shows; one that shrinks keeps them', async () => {
    const s = mount({ items: items(1000) });
    try {
      setViewport(2000);
      await dispatch('resize');
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: Math.ceil(2000 / H) + OVERSCAN });
      setViewport(300);
      await dispatch('resize');
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: Math.ceil(2000 / H) + OVERSCAN });
    } finally {
      s.stop();
    }
  });

  test('a list below a header in a scrolled page: the window follows the list, not the page', async () => {
    env.at.listTop = 300;
    const s = mount({ items: items(1000) });
    try {
      expectWindow(1000, 300, H);
      env.at.listTop = -1000;
      await dispatch('scroll');
      // Rows 41 (its top at -16) to 73 meet the viewport.
      expect(met(1000, -1000, H)).toEqual({ first: 41, last: 73 });
      expect(expectWindow(1000, -1000, H)).toEqual({ start: 31, end: 84 });
    } finally {
      s.stop();
    }
  });

  test('items shrinking below the drawn window while scrolled: the page scroll clamps and the end is drawn', async () => {
    const s = mount({ items: items(1000) });
    try {
      env.at.listTop = -500 * H;
      await dispatch('scroll');
      expectWindow(1000, env.at.listTop, H);
      setItems(s, items(200));
      // Whatever is drawn now, the spacers stand for exactly the rows not drawn.
      const rows = within(screen.getByRole('list')).queryAllByRole('listitem');
      const [before, after] = spacers();
      expect((before as number) + (after as number)).toBe((200 - rows.length) * H);
      // The page is now 200 rows long: its scroll clamps to the end.
      env.at.listTop = -(200 * H - VIEWPORT);
      await dispatch('scroll');
      expect(expectWindow(200, env.at.listTop, H)).toEqual({ start: 168 - OVERSCAN, end: 200 });
    } finally {
      s.stop();
    }
  });

  test('items growing past the drawn window, and replaced, while scrolled', async () => {
    const s = mount({ items: items(1000) });
    try {
      env.at.listTop = -500 * H;
      await dispatch('scroll');
      const drawn = expectWindow(1000, env.at.listTop, H);
      setItems(s, items(5000));
      expect(expectWindow(5000, env.at.listTop, H)).toEqual(drawn);
      setItems(s, items(5000, 'new'));
      expect(expectWindow(5000, env.at.listTop, H, 'new')).toEqual(drawn);
    } finally {
      s.stop();
    }
  });

  test('a list that drops below the threshold and grows back while the page is at its top draws its first rows', async () => {
    const s = mount({ items: items(1000) });
    try {
      env.at.listTop = -500 * H;
      await dispatch('scroll');
      setItems(s, items(50));
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(50);
      expect(screen.queryByTestId('list-spacer-before')).toBeNull();
      env.at.listTop = 0;
      setItems(s, items(1000));
      expectWindow(1000, 0, H);
    } finally {
      s.stop();
    }
  });

  test('windowing switched off and on at run time', async () => {
    const s = mount({ items: items(1000) });
    try {
      env.at.listTop = -500 * H;
      await dispatch('scroll');
      act(() => s.rerender({ windowing: false }));
      const rows = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(rows.map((r) => r.textContent)).toEqual(items(1000).map((i) => i.label));
      expect(screen.queryByTestId('list-spacer-before')).toBeNull();
      // Scrolled elsewhere while drawn whole, then windowed again.
      env.at.listTop = -100 * H;
      act(() => s.rerender({}));
      expectWindow(1000, env.at.listTop, H);
      env.at.listTop = -800 * H;
      await dispatch('scroll');
      expectWindow(1000, env.at.listTop, H);
    } finally {
      s.stop();
    }
  });

  test('StrictMode: the double effects leave one window and one set of listeners that still follow scrolling', async () => {
    const listening = new Map<string, number>();
    const count = (delta: number) => (type: string) => listening.set(type, (listening.get(type) ?? 0) + delta);
    const addListener = window.addEventListener.bind(window);
    const removeListener = window.removeEventListener.bind(window);
    const add = jest.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      count(1)(type);
      addListener(type, listener, options);
    });
    const remove = jest.spyOn(window, 'removeEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions) => {
      count(-1)(type);
      removeListener(type, listener, options);
    });
    const s = mount({ items: items(1000) }, { strict: true });
    try {
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: 50 });
      expect([listening.get('scroll'), listening.get('resize')]).toEqual([1, 1]);
      env.at.listTop = -300 * H;
      await dispatch('scroll');
      expectWindow(1000, env.at.listTop, H);
    } finally {
      add.mockRestore();
      remove.mockRestore();
      s.stop();
    }
  });
});

/**
 * Checks a drawing of `count` rows of different heights: contiguous, each once, and spacers that
 * give every row not drawn one height (the same above and below). Returns the drawn range.
 */
function expectConsistent(count: number) {
  const rows = drawnRows(count);
  const start = rows[0] as number;
  const end = (rows[rows.length - 1] as number) + 1;
  expect(rows).toEqual(Array.from({ length: end - start }, (_, i) => start + i));
  const [before, after] = spacers() as [number, number];
  if (start > 0 && end < count) expect(before / start).toBeCloseTo(after / (count - end), 6);
  if (start === 0) expect(before).toBe(0);
  if (end === count) expect(after).toBe(0);
  return { start, end };
}

describe('uniform rows, more', () => {
  const H = 24;
  let env: ReturnType<typeof layout>;
  beforeEach(() => {
    env = layout(() => H);
  });
  afterEach(() => env.restore());

  test('a wider overscan set at run time draws the wider window at once', () => {
    const s = mount({ items: items(1000) });
    try {
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: 50 });
      act(() => s.rerender({ windowing: { overscan: 40 } }));
      // The viewport meets rows 0–31; 40 more makes 72.
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: 32 + 40 });
    } finally {
      s.stop();
    }
  });

  test('at the end of the list, rows appended below the drawn ones are drawn where the viewport meets them', async () => {
    const s = mount({ items: items(1000) });
    try {
      env.at.listTop = -(1000 * H - VIEWPORT);
      await dispatch('scroll');
      expect(expectWindow(1000, env.at.listTop, H)).toEqual({ start: 958, end: 1000 });
      // The page below the list is long enough that its scroll stays where it was.
      setItems(s, items(1200));
      expect(expectWindow(1200, env.at.listTop, H)).toEqual({ start: 958, end: 1000 + OVERSCAN });
    } finally {
      s.stop();
    }
  });

  test('StrictMode with rows too short for the first rows to cover the viewport: one window, spacers exact', () => {
    env.restore();
    env = layout(() => 10);
    const s = mount({ items: items(1000) }, { strict: true });
    try {
      expect(expectWindow(1000, 0, 10)).toEqual({ start: 0, end: Math.ceil(VIEWPORT / 10) + OVERSCAN });
    } finally {
      s.stop();
    }
  });

  test('a scroll of the list element itself (a host that gives it a height) moves the window', async () => {
    const s = mount({ items: items(1000) });
    try {
      env.at.listTop = -400 * H;
      await act(async () => {
        // Scroll events do not bubble: this one reaches window only in its capture phase.
        screen.getByRole('list').dispatchEvent(new Event('scroll', { bubbles: false }));
        await new Promise((done) => requestAnimationFrame(() => done(undefined)));
      });
      expect(expectWindow(1000, env.at.listTop, H)).toEqual({ start: 390, end: 400 + 32 + OVERSCAN });
    } finally {
      s.stop();
    }
  });
});

describe('rows of different heights', () => {
  test('rows alternating 20 and 40 px: each window drawn contiguous and covering the viewport', async () => {
    const env = layout((i) => (i % 2 === 0 ? 20 : 40));
    const s = mount({ items: items(1000) });
    try {
      for (const listTop of [0, -5000, -20000, -(1000 * 30 - VIEWPORT), 0]) {
        env.at.listTop = listTop;
        await dispatch('scroll');
        const { end } = expectConsistent(1000);
        // The first drawn row starts at or above the viewport's top; unless the list ends, the last ends below its bottom.
        const rows = within(screen.getByRole('list')).getAllByRole('listitem');
        expect(rows[0]!.getBoundingClientRect().top).toBeLessThanOrEqual(0);
        if (end < 1000) expect(rows[rows.length - 1]!.getBoundingClientRect().bottom).toBeGreaterThanOrEqual(VIEWPORT);
      }
    } finally {
      s.stop();
      env.restore();
    }
  });

  test('a region of short rows and a region of tall rows: measuring one does not send the window back and forth for ever', async () => {
    // Rows 0–999 are 10 px, the rest 40 px. Scrolled 20,000 px: at 10 px a row that is row 2,000,
    // which is 40 px high; at 40 px it is row 500, which is 10 px high.
    const env = layout((i) => (i < 1000 ? 10 : 40));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const s = mount({ items: items(3000) });
    try {
      env.at.listTop = -20000;
      await dispatch('scroll');
      expect(errors).not.toHaveBeenCalled();
      expectConsistent(3000);
      // Another scroll measures again, and settles again.
      env.at.listTop = -20010;
      await dispatch('scroll');
      expect(errors).not.toHaveBeenCalled();
      expectConsistent(3000);
      // Back at the top the first rows are drawn.
      env.at.listTop = 0;
      await dispatch('scroll');
      expect(errors).not.toHaveBeenCalled();
      expect(expectConsistent(3000).start).toBe(0);
    } finally {
      s.stop();
      env.restore();
      errors.mockRestore();
    }
  });
});

/**
 * Known limit, not fixed here: the window and the spacers use one average row height, taken from
 * the rows drawn. Where the rows' heights differ by region, the average of the rows drawn maps the
 * scroll position to rows of the other region, so the drawing settles (after a bounded number of
 * redraws) on rows that do not meet the viewport: the user sees the spacer's blank until the next
 * scroll. A fix needs the heights of rows measured so far kept per row (and the scroll position
 * kept on the row at the top when an estimate changes), which is more than a small change.
 */
test.failing('a region of short rows and a region of tall rows: the settled drawing covers the viewport', async () => {
  const env = layout((i) => (i < 1000 ? 10 : 40));
  const s = mount({ items: items(3000) });
  try {
    env.at.listTop = -20000;
    await dispatch('scroll');
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows[0]!.getBoundingClientRect().top).toBeLessThanOrEqual(0);
    expect(rows[rows.length - 1]!.getBoundingClientRect().bottom).toBeGreaterThanOrEqual(VIEWPORT);
  } finally {
    s.stop();
    env.restore();
  }
});

describe('a list laid out after it is drawn', () => {
  /** ResizeObserver as a browser has it (jsdom has none): each observed element's size is delivered on `deliver()`. */
  class FakeResizeObserver {
    static all: FakeResizeObserver[] = [];
    readonly targets: Element[] = [];
    constructor(private readonly callback: ResizeObserverCallback) {
      FakeResizeObserver.all.push(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.targets.length = 0;
    }
    static deliver() {
      for (const o of FakeResizeObserver.all) {
        if (o.targets.length === 0) continue;
        o.callback(o.targets.map((target) => ({ target, contentRect: target.getBoundingClientRect() }) as unknown as ResizeObserverEntry), o as unknown as ResizeObserver);
      }
    }
  }

  test('a list in a Modal, drawn before the dialog opens, measures when it is shown', async () => {
    const H = 10;
    const env = layout(() => H);
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: FakeResizeObserver });
    const setup = createSetup();
    setup.receive(
      surfaceMessage(
        's',
        [
          { id: 'root', component: 'Modal', trigger: 'open', content: 'items' },
          { id: 'open', component: 'Button', child: 'open_label', action: { event: { name: 'opened' } } },
          { id: 'open_label', component: 'Text', text: 'Show all' },
          { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
          { id: 'row', component: 'Text', text: { path: 'label' } },
        ],
        { items: items(1000) },
      ),
    );
    render(
      <Provider store={setup.store}>
        <A2uiProvider a2ui={setup.a2ui}>
          <A2uiSurface surfaceId="s" />
        </A2uiProvider>
      </Provider>,
    );
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
      expect((screen.getByTestId('modal-dialog') as HTMLDialogElement).open).toBe(true);
      // The browser lays the dialog out and reports the list's size.
      await act(async () => {
        FakeResizeObserver.deliver();
        await new Promise((done) => requestAnimationFrame(() => done(undefined)));
      });
      // 10 px rows: the viewport meets rows 0–76, so the window is rows 0–86.
      expect(expectWindow(1000, 0, H)).toEqual({ start: 0, end: Math.ceil(VIEWPORT / H) + OVERSCAN });
    } finally {
      setup.stop();
      env.restore();
      delete (window as { ResizeObserver?: unknown }).ResizeObserver;
    }
  });
});
