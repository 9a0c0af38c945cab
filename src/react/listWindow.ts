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

/**
 * Drawings in a row that a measurement may ask for before the browser paints. Rows of different
 * heights give each drawing its own average height, which can point the window back and forth
 * between a region of short rows and one of tall rows; past this, the spacers are sized and the
 * next scroll measures again.
 */
const MAX_REDRAWS = 3;

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

/** The drawn slice of a windowed list. */
export interface ListWindow {
  /** Put on the list's element: its direct children are the spacers and the rows. */
  ref: RefObject<HTMLDivElement | null>;
  /** Put on the spacers before and after the rows (this hook sizes them; render them without a height). */
  before: RefObject<HTMLDivElement | null>;
  after: RefObject<HTMLDivElement | null>;
  start: number;
  end: number;
}

interface Range {
  start: number;
  end: number;
}

/**
 * Sets the heights of the spacers to the rows they stand for. Only this hook sizes them (React
 * renders them without a height), so a layout measured after a drawing resizes them without
 * drawing again.
 */
function sizeSpacers(before: HTMLElement | null, after: HTMLElement | null, drawn: Range, count: number, rowHeight: number): void {
  if (before === null || after === null) return;
  const top = `${drawn.start * rowHeight}px`;
  const bottom = `${(count - drawn.end) * rowHeight}px`;
  if (before.style.height !== top) before.style.height = top;
  if (after.style.height !== bottom) after.style.height = bottom;
}

/**
 * The window of a list of `count` rows, or null when the list is drawn whole (short, horizontal,
 * or windowing off). Rows carry `data-index`; the list element's first child is the top spacer.
 *
 * A drawing is measured before the browser paints it. When the rows drawn already cover the
 * window (the viewport's rows plus the overscan), only the spacers change and nothing is drawn
 * again; this is the usual first render, whose first rows fill a common viewport. Rows outside
 * the drawn range are drawn (a second render before the paint) only when the window needs them.
 */
export function useListWindow(count: number, horizontal: boolean): ListWindow | null {
  const surface = useContext(SurfaceContext);
  const options = surface === null ? DEFAULT_LIST_WINDOWING : surface.windowing;
  const active = options !== false && !horizontal && count > options.threshold;
  const overscan = options === false ? 0 : options.overscan;
  const ref = useRef<HTMLDivElement | null>(null);
  const before = useRef<HTMLDivElement | null>(null);
  const after = useRef<HTMLDivElement | null>(null);
  const [range, setRange] = useState<Range>(() => ({ start: 0, end: Math.min(count, INITIAL_ROWS) }));
  // The rows this render draws (the range clamped to the list); the rows drawn by the last commit
  // and the row height measured last.
  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);
  const drawn = useRef<Range>({ start, end });
  const rowHeight = useRef(0);
  // Drawings asked for by measurements since the last scroll, resize or outside render; whether
  // the render being committed is one of them.
  const redraws = useRef(0);
  const redrawing = useRef(false);

  const update = useCallback(() => {
    const element = ref.current;
    if (element === null) return;
    const rows = element.querySelectorAll<HTMLElement>(':scope > [data-index]');
    let measured = rowHeight.current;
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (first !== undefined && last !== undefined && rows.length >= 2) {
      measured = (last.getBoundingClientRect().top - first.getBoundingClientRect().top) / (rows.length - 1);
    } else if (first !== undefined) {
      measured = first.getBoundingClientRect().height;
    }
    // Nothing laid out (display: none, or no layout engine): keep what is drawn.
    if (!(measured > 0)) return;
    // Sub-pixel differences in the measured height must not resize (or re-render) in a loop.
    if (Math.abs(measured - rowHeight.current) >= 0.5) rowHeight.current = measured;
    const spacer = element.firstElementChild;
    const listTop = spacer === null ? element.getBoundingClientRect().top : spacer.getBoundingClientRect().top;
    const viewportHeight = element.ownerDocument.defaultView?.innerHeight ?? 0;
    const next = windowRange(count, { listTop, viewportHeight, rowHeight: rowHeight.current }, overscan);
    const now = drawn.current;
    if ((next.start < now.start || next.end > now.end) && redraws.current < MAX_REDRAWS) {
      // Rows the window needs are not drawn: draw the window (its layout effect sizes the spacers).
      redraws.current += 1;
      redrawing.current = true;
      setRange(next);
      return;
    }
    sizeSpacers(before.current, after.current, now, count, rowHeight.current);
  }, [count, overscan]);

  // Measure after every drawing, before the browser paints: a first render settles in one frame.
  useLayoutEffect(() => {
    drawn.current = { start, end };
    if (!redrawing.current) redraws.current = 0;
    redrawing.current = false;
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
        redraws.current = 0;
        update();
      });
    };
    // Capture: a scroll of any ancestor (scroll events do not bubble) moves the list too.
    view.addEventListener('scroll', onMove, { capture: true, passive: true });
    view.addEventListener('resize', onMove, { passive: true });
    // A list drawn before it is laid out (in a dialog opened by the same render, a panel shown by
    // the host) was not measured, and showing it scrolls and resizes nothing: measure when it
    // takes a size, not at every size change (a redraw changes the list's own height).
    const element = ref.current;
    let laidOut = false;
    const observer =
      typeof view.ResizeObserver === 'function' && element !== null
        ? new view.ResizeObserver((entries) => {
            const now = entries.some((entry) => entry.contentRect.height > 0);
            if (now && !laidOut) onMove();
            laidOut = now;
          })
        : null;
    if (element !== null) observer?.observe(element);
    return () => {
      observer?.disconnect();
      view.removeEventListener('scroll', onMove, { capture: true });
      view.removeEventListener('resize', onMove);
      if (frame !== 0) view.cancelAnimationFrame(frame);
    };
  }, [active, update]);

  if (!active) return null;
  return { ref, before, after, start, end };
}
