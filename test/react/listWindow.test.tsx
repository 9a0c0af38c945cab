/**
 * @jest-environment jsdom
 *
 * Windowed long lists (src/react/listWindow.ts). The layout math is checked against a row-by-row
 * intersection with the viewport; the drawing (jsdom has no layout, so a windowed list keeps its
 * first rows) is checked for what does not need layout: which lists window, the list semantics
 * (role, aria-setsize, aria-posinset), the spacers, the opt-out, and that rows follow the data.
 */
import fc from 'fast-check';
import { screen, within } from '@testing-library/react';
import { DEFAULT_LIST_WINDOWING, INITIAL_ROWS, windowRange } from '../../src/react/listWindow';
import { renderSurface } from './harness';

/** The rows a viewport meets, found one row at a time, widened by `overscan` and clamped. */
function rowsMeetingViewport(count: number, listTop: number, viewportHeight: number, rowHeight: number, overscan: number) {
  const visible: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const top = listTop + i * rowHeight;
    if (top < viewportHeight && top + rowHeight > 0) visible.push(i);
  }
  if (visible.length === 0) return undefined;
  return { start: Math.max(0, (visible[0] as number) - overscan), end: Math.min(count, (visible[visible.length - 1] as number) + 1 + overscan) };
}

describe('windowRange', () => {
  test('covers every row the viewport meets, plus the overscan, and not much more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: -60_000, max: 2_000 }),
        fc.integer({ min: 100, max: 1500 }),
        fc.integer({ min: 5, max: 120 }),
        fc.integer({ min: 0, max: 20 }),
        (count, listTop, viewportHeight, rowHeight, overscan) => {
          const got = windowRange(count, { listTop, viewportHeight, rowHeight }, overscan);
          expect(got.start).toBeGreaterThanOrEqual(0);
          expect(got.end).toBeLessThanOrEqual(count);
          expect(got.start).toBeLessThanOrEqual(got.end);
          const want = rowsMeetingViewport(count, listTop, viewportHeight, rowHeight, overscan);
          if (want === undefined) {
            // Nothing on screen: at most an overscan's worth of rows is drawn.
            expect(got.end - got.start).toBeLessThanOrEqual(overscan + 1);
            return;
          }
          expect(got.start).toBeLessThanOrEqual(want.start);
          expect(got.end).toBeGreaterThanOrEqual(want.end);
          // At most one row more on each side than the rows met plus the overscan (edges that touch).
          expect(want.start - got.start).toBeLessThanOrEqual(1);
          expect(got.end - want.end).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('before anything is measured it draws the first rows', () => {
    expect(windowRange(10_000, { listTop: 0, viewportHeight: 900, rowHeight: 0 }, 10)).toEqual({ start: 0, end: INITIAL_ROWS });
    expect(windowRange(7, { listTop: 0, viewportHeight: 900, rowHeight: 0 }, 10)).toEqual({ start: 0, end: 7 });
  });

  test('a 10,000-row list scrolled to its middle draws a screenful', () => {
    // 24 px rows, the viewport (900 px) showing rows 5,000 to 5,037.
    const got = windowRange(10_000, { listTop: -5000 * 24, viewportHeight: 900, rowHeight: 24 }, 10);
    expect(got).toEqual({ start: 4990, end: 5048 });
  });
});

const listSurface = (direction?: 'horizontal') => [
  { id: 'root', component: 'Column', children: ['items'] },
  { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' }, ...(direction ? { direction } : {}) },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `row ${i}` }));

describe('drawing', () => {
  test('a list longer than the threshold keeps list semantics for every row it draws', () => {
    const count = DEFAULT_LIST_WINDOWING.threshold + 200;
    const s = renderSurface(listSurface(), { items: items(count) });
    try {
      const list = screen.getByRole('list');
      const rows = within(list).getAllByRole('listitem');
      expect(rows.length).toBe(INITIAL_ROWS);
      rows.forEach((row, i) => {
        expect(row.getAttribute('aria-setsize')).toBe(String(count));
        expect(row.getAttribute('aria-posinset')).toBe(String(i + 1));
        expect(row.textContent).toBe(`row ${i}`);
      });
      // Two spacers stand for the rest, hidden from assistive technology.
      expect(within(list).getByTestId('list-spacer-before').getAttribute('aria-hidden')).toBe('true');
      expect(within(list).getByTestId('list-spacer-after').getAttribute('aria-hidden')).toBe('true');
    } finally {
      s.stop();
    }
  });

  test('windowing={false} draws every row, without spacers', () => {
    const count = DEFAULT_LIST_WINDOWING.threshold + 200;
    const s = renderSurface(listSurface(), { items: items(count) }, { surface: { windowing: false } });
    try {
      const rows = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(rows.map((r) => r.textContent)).toEqual(items(count).map((i) => i.label));
      expect(rows[0]?.hasAttribute('aria-setsize')).toBe(false);
      expect(screen.queryByTestId('list-spacer-before')).toBeNull();
    } finally {
      s.stop();
    }
  });

  test('a higher threshold, a short list and a horizontal list are drawn whole', () => {
    const count = DEFAULT_LIST_WINDOWING.threshold + 50;
    for (const [components, options] of [
      [listSurface(), { surface: { windowing: { threshold: count } } }],
      [listSurface('horizontal'), {}],
    ] as const) {
      const s = renderSurface(components, { items: items(count) }, options);
      try {
        expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(count);
      } finally {
        s.stop();
        document.body.innerHTML = '';
      }
    }
    const short = renderSurface(listSurface(), { items: items(DEFAULT_LIST_WINDOWING.threshold) });
    try {
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(DEFAULT_LIST_WINDOWING.threshold);
    } finally {
      short.stop();
    }
  });

  test('the drawn rows and the set size follow the data', () => {
    const s = renderSurface(listSurface(), { items: items(500) });
    try {
      s.receive({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/items', value: [{ label: 'first' }, ...items(999)] } });
      const rows = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(rows[0]?.textContent).toBe('first');
      expect(rows[1]?.textContent).toBe('row 0');
      expect(rows[0]?.getAttribute('aria-setsize')).toBe('1000');
      s.receive({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/items', value: items(3) } });
      expect(within(screen.getByRole('list')).getAllByRole('listitem').map((r) => r.textContent)).toEqual(['row 0', 'row 1', 'row 2']);
      expect(screen.queryByTestId('list-spacer-before')).toBeNull();
    } finally {
      s.stop();
    }
  });
});
