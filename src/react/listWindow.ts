/**
 * Windowed long lists: a vertical List with more rows than a threshold draws only the rows near
 * the viewport (plus some overscan) between two spacers that stand for the rest, as production
 * list renderers do (Flutter's ListView.builder, Android's RecyclerView). At 10,000 rows the DOM
 * itself is most of a first render; windowed, a first render draws a screenful.
 *
 * Rows keep `role=listitem` with `aria-setsize`/`aria-posinset`, so assistive technology hears the
 * whole list's size and each row's place. Rows outside the window are not in the document, so
 * find-in-page does not see them and focus inside a row that scrolls far away is lost; a host
 * that needs every row in the document passes `windowing={false}` to `<A2uiSurface>`.
 */
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { SurfaceContext } from './node';
import type { ListWindowing } from './types';

export const DEFAULT_LIST_WINDOWING: ListWindowing = Object.freeze({ threshold: 100, overscan: 10 });

/**
 * The windowing of `<A2uiSurface windowing>`: the defaults filled in, a negative overscan read as
 * none. A value that is not a number (NaN, a string) is a host mistake and throws, naming it:
 * it would otherwise become NaN row indexes and draw no rows.
 */
export function readListWindowing(windowing: Partial<ListWindowing> | false | undefined): ListWindowing | false {
  if (windowing === false) return false;
  const read = (name: keyof ListWindowing): number => {
    const value: unknown = windowing?.[name];
    if (value === undefined) return DEFAULT_LIST_WINDOWING[name];
    if (typeof value !== 'number' || Number.isNaN(value)) {
      throw new TypeError(`<A2uiSurface>: windowing.${name} must be a number, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
    }
    return value;
  };
  return { threshold: read('threshold'), overscan: Math.max(0, read('overscan')) };
}

/** Rows drawn before anything is measured (a first frame's worth at common row heights). */
export const INITIAL_ROWS = 50;

/** Where a list sits, in viewport pixels: the top of its first row and the height of one row. */
export interface ListGeometry {
  /** The viewport y of row 0's top (negative when scrolled past). */
  listTop: number;
  viewportHeight: number;
  /** The distance from one row's top to the next (gaps and margins included). */
  rowHeight: number;
}

/** The rows `[start, end)` of `count` that meet the viewport, widened by `overscan` on each side. */
export function windowRange(count: number, geometry: ListGeometry, overscan: number): { start: number; end: number } {
  const { listTop, viewportHeight, rowHeight } = geometry;
  if (!(rowHeight > 0) || !Number.isFinite(listTop)) return { start: 0, end: Math.min(count, INITIAL_ROWS) };
  const first = Math.floor(Math.max(0, -listTop) / rowHeight);
  const last = Math.ceil(Math.max(0, viewportHeight - listTop) / rowHeight);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end };
}

/** The drawn slice of a windowed list and the heights its spacers stand for. */
export interface ListWindow {
  /** Put on the list's element: its direct children are the spacers and the rows. */
  ref: RefObject<HTMLDivElement | null>;
  start: number;
  end: number;
  /** Heights (px) of the spacers before and after the drawn rows. */
  before: number;
  after: number;
}

interface WindowState {
  start: number;
  end: number;
  rowHeight: number;
}

/**
 * The window of a list of `count` rows, or null when the list is drawn whole (short, horizontal,
 * or windowing off). Rows carry `data-index`; the first child of the list element is the top spacer.
 */
export function useListWindow(count: number, horizontal: boolean): ListWindow | null {
  const surface = useContext(SurfaceContext);
  const options = surface === null ? DEFAULT_LIST_WINDOWING : surface.windowing;
  const active = options !== false && !horizontal && count > options.threshold;
  const overscan = options === false ? 0 : options.overscan;
  const ref = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<WindowState>(() => ({ start: 0, end: Math.min(count, INITIAL_ROWS), rowHeight: 0 }));
  const current = useRef(state);
  current.current = state;

  const update = useCallback(() => {
    const element = ref.current;
    if (element === null) return;
    const rows = element.querySelectorAll<HTMLElement>(':scope > [data-index]');
    let rowHeight = current.current.rowHeight;
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (first !== undefined && last !== undefined && rows.length >= 2) {
      rowHeight = (last.getBoundingClientRect().top - first.getBoundingClientRect().top) / (rows.length - 1);
    } else if (first !== undefined) {
      rowHeight = first.getBoundingClientRect().height;
    }
    // Nothing laid out (display: none, or no layout engine): keep what is drawn.
    if (!(rowHeight > 0)) return;
    const spacer = element.firstElementChild;
    const listTop = spacer === null ? element.getBoundingClientRect().top : spacer.getBoundingClientRect().top;
    const viewportHeight = element.ownerDocument.defaultView?.innerHeight ?? 0;
    const next = windowRange(count, { listTop, viewportHeight, rowHeight }, overscan);
    const was = current.current;
    // Sub-pixel differences in the measured height must not re-render in a loop.
    const height = Math.abs(rowHeight - was.rowHeight) < 0.5 ? was.rowHeight : rowHeight;
    if (next.start !== was.start || next.end !== was.end || height !== was.rowHeight) setState({ ...next, rowHeight: height });
  }, [count, overscan]);

  // Measure after every drawing, before the browser paints: a first render settles in one frame.
  useLayoutEffect(() => {
    if (active) update();
  });

  useEffect(() => {
    if (!active) return;
    const view = ref.current?.ownerDocument.defaultView;
    if (!view) return;
    let frame = 0;
    const onMove = () => {
      if (frame !== 0) return;
      frame = view.requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    // Capture: a scroll of any ancestor (scroll events do not bubble) moves the list too.
    view.addEventListener('scroll', onMove, { capture: true, passive: true });
    view.addEventListener('resize', onMove, { passive: true });
    return () => {
      view.removeEventListener('scroll', onMove, { capture: true });
      view.removeEventListener('resize', onMove);
      if (frame !== 0) view.cancelAnimationFrame(frame);
    };
  }, [active, update]);

  if (!active) return null;
  const start = Math.min(state.start, count);
  const end = Math.min(Math.max(state.end, start), count);
  return { ref, start, end, before: start * state.rowHeight, after: (count - end) * state.rowHeight };
}
