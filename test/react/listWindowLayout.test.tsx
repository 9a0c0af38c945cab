/**
 * @jest-environment jsdom
 *
 * The work of a windowed list's first render under a layout (jsdom has none, so element boxes are
 * given here: rows of a fixed height stacked from the list's top, in a 768 px viewport). Counted:
 * React commits of the surface (a React Profiler's renders), which rows the List draws and the
 * heights of its spacers. When the
 * first rows drawn cover the viewport plus the overscan, the measurement resizes the spacers and
 * draws nothing again; when they do not, one more render draws the window.
 */
import { act, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { A2uiSurface } from '../../src/react';
import { DEFAULT_LIST_WINDOWING, INITIAL_ROWS } from '../../src/react/listWindow';
import { createSetup, renderWith, surfaceMessage } from './harness';

const ROWS = 1000;
const VIEWPORT = 768;

/** Boxes for the list's rows and spacers: row i's top is `listTop + i * rowHeight`. */
function layout(rowHeight: number) {
  const at = { listTop: 0 };
  const box = (top: number, height: number) => ({ top, height, bottom: top + height, left: 0, right: 100, width: 100, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
  const spy = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = this.getAttribute('data-index');
    if (index !== null) return box(at.listTop + Number(index) * rowHeight, rowHeight);
    if (this.getAttribute('data-testid') === 'list-spacer-before') return box(at.listTop, 0);
    return box(0, 0);
  });
  return { at, restore: () => spy.mockRestore() };
}

/** Surface `s` rendered under a Profiler; `renders()` counts the commits that drew any of it. */
function renderCounted(dataModel: Record<string, unknown>) {
  let commits = 0;
  const setup = createSetup();
  setup.receive(surfaceMessage('s', surface, dataModel));
  renderWith(
    setup,
    <Profiler id="surface" onRender={() => (commits += 1)}>
      <A2uiSurface surfaceId="s" />
    </Profiler>,
  );
  return { ...setup, renders: () => commits };
}

const surface = [
  { id: 'root', component: 'Column', children: ['items'] },
  { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `row ${i}` }));

const drawn = () => within(screen.getByRole('list')).getAllByRole('listitem').map((row) => Number(row.getAttribute('aria-posinset')) - 1);
const spacerHeights = () => [screen.getByTestId('list-spacer-before').style.height, screen.getByTestId('list-spacer-after').style.height];

beforeAll(() => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
});

test('first rows that cover the viewport: the list renders once and the measurement only sizes the spacers', () => {
  // 24 px rows: the viewport meets rows 0–31, so the window is rows 0–41 (overscan 10), inside the first 50.
  const rowHeight = 24;
  expect(Math.ceil(VIEWPORT / rowHeight) + DEFAULT_LIST_WINDOWING.overscan).toBeLessThanOrEqual(INITIAL_ROWS);
  const { restore } = layout(rowHeight);
  const s = renderCounted({ items: items(ROWS) });
  const { renders } = s;
  try {
    expect(renders()).toBe(1);
    expect(drawn()).toEqual(Array.from({ length: INITIAL_ROWS }, (_, i) => i));
    // The spacers stand for the rows not drawn: none before, the other 950 after.
    expect(spacerHeights()).toEqual(['0px', `${(ROWS - INITIAL_ROWS) * rowHeight}px`]);
  } finally {
    s.stop();
    restore();
  }
});

test('first rows that do not cover the viewport: one more render draws the window before the paint', () => {
  // 10 px rows: the viewport meets rows 0–76, so the window is rows 0–86, past the first 50.
  const rowHeight = 10;
  const end = Math.ceil(VIEWPORT / rowHeight) + DEFAULT_LIST_WINDOWING.overscan;
  expect(end).toBeGreaterThan(INITIAL_ROWS);
  const { restore } = layout(rowHeight);
  const s = renderCounted({ items: items(ROWS) });
  const { renders } = s;
  try {
    expect(renders()).toBe(2);
    expect(drawn()).toEqual(Array.from({ length: end }, (_, i) => i));
    expect(spacerHeights()).toEqual(['0px', `${(ROWS - end) * rowHeight}px`]);
  } finally {
    s.stop();
    restore();
  }
});

test('scrolling past the drawn rows draws the new window once; the spacers follow it', async () => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  const rowHeight = 24;
  const { at, restore } = layout(rowHeight);
  const s = renderCounted({ items: items(ROWS) });
  const { renders } = s;
  try {
    expect(renders()).toBe(1);
    // Scrolled so that row 500 is at the viewport's top.
    at.listTop = -500 * rowHeight;
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    });
    const want = { start: 500 - DEFAULT_LIST_WINDOWING.overscan, end: 500 + Math.ceil(VIEWPORT / rowHeight) + DEFAULT_LIST_WINDOWING.overscan };
    expect(renders()).toBe(2);
    expect(drawn()).toEqual(Array.from({ length: want.end - want.start }, (_, i) => want.start + i));
    expect(spacerHeights()).toEqual([`${want.start * rowHeight}px`, `${(ROWS - want.end) * rowHeight}px`]);
    // A smaller viewport needs rows already drawn: nothing is drawn again.
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT / 2 });
    await act(async () => {
      window.dispatchEvent(new Event('resize'));
      await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    });
    expect(renders()).toBe(2);
    expect(drawn()).toEqual(Array.from({ length: want.end - want.start }, (_, i) => want.start + i));
  } finally {
    s.stop();
    restore();
  }
});
