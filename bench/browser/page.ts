/**
 * The in-page side of the browser benchmark, shared by both pages (no imports, so each page's
 * build resolves React from its own folder). The surface: a Column with a TextField bound to
 * `/query`, a Text showing `/query`, and a List templated over `/items`, each row a Text bound to
 * its item's `label`. Both sides are timed the same way:
 * - first render (after `prepare`, which builds the store or processor): from before the
 *   messages are applied to the first frame in which the field and the first row are in the
 *   document (commit), and to a task queued from that frame (paint). React commits a render
 *   whole, so for a list drawn in full that is the frame with every row; a windowed list draws
 *   the rows the viewport shows in that frame;
 * - scroll to the end: from scrolling the page to its bottom to the first frame in which the
 *   last row is in the document (what a windowed list defers to scrolling);
 * - keystroke: from the `input` event's time stamp to the first DOM mutation under the surface
 *   (commit), and to a task queued from the next frame after it (paint);
 * - components re-rendered: function and class components whose render ran in the keystroke's
 *   commit, read from the React DevTools hook (installed by the page before React loads).
 */

type Json = Record<string, unknown>;

/** The surface's components, in the shape both protocol versions share. */
export function components(): Json[] {
  return [
    { id: 'root', component: 'Column', children: ['query', 'echo', 'items'] },
    { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
    { id: 'echo', component: 'Text', text: { path: '/query' } },
    { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
    { id: 'row', component: 'Text', text: { path: 'label' } },
  ];
}

export function dataModel(n: number): Json {
  return { query: '', items: Array.from({ length: n }, (_, i) => ({ label: `item ${i}` })) };
}

export interface Side {
  /** Builds what the app would have before the agent speaks (store, processor); not timed. */
  prepare(): void;
  /** Applies the surface's messages for `n` rows and starts rendering it into `container`. */
  mount(container: HTMLElement, n: number): void;
  /** Unmounts and forgets the surface. */
  unmount(): void;
}

interface Fiber {
  tag: number;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
const PERFORMED_WORK = 1;

/** Counts the components rendered in React commits, from the DevTools hook. */
function installHook() {
  let root: { current: Fiber } | null = null;
  let previous = new WeakSet<Fiber>();
  let counting = false;
  let last = -1;
  const walk = (visit: (f: Fiber) => void) => {
    const stack: Fiber[] = root ? [root.current] : [];
    while (stack.length > 0) {
      const f = stack.pop() as Fiber;
      visit(f);
      if (f.sibling) stack.push(f.sibling);
      if (f.child) stack.push(f.child);
    }
  };
  const hook = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id: number, fiberRoot: { current: Fiber }) {
      root = fiberRoot;
      if (!counting) return;
      // A fiber rendered in this commit is not one of the last commit's (React double-buffers
      // fibers and clones the ones it visits) and has PerformedWork set.
      let n = 0;
      const seen = new WeakSet<Fiber>();
      walk((f) => {
        seen.add(f);
        if (COMPONENT_TAGS.has(f.tag) && !previous.has(f) && (f.flags & PERFORMED_WORK) !== 0) n++;
      });
      previous = seen;
      last = n;
    },
  };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
  return {
    start() {
      previous = new WeakSet();
      walk((f) => previous.add(f));
      counting = true;
      last = -1;
    },
    stop() {
      counting = false;
      return last;
    },
  };
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
const taskAfterFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

export interface Bench {
  first(n: number): Promise<{ commitMs: number; paintMs: number }>;
  /** Scrolls to the bottom; ms until the last row is in the document. */
  scrollToEnd(n: number): Promise<number>;
  /** Arms the keystroke measurement; `read` after the key was typed. */
  armKeystroke(count: boolean): void;
  readKeystroke(): Promise<{ commitMs: number; paintMs: number; rendered: number }>;
  unmount(): void;
}

/** Installs `window.bench` for the driver; call before React is imported. */
export function installBench(loadSide: () => Promise<Side>): void {
  const hook = installHook();
  let side: Side | null = null;
  let container: HTMLElement | null = null;
  let keystroke: Promise<{ commitMs: number; paintMs: number; rendered: number }> | null = null;
  let counting = false;

  const bench: Bench = {
    async first(n) {
      side ??= await loadSide();
      container?.remove();
      container = document.createElement('div');
      document.body.appendChild(container);
      const firstRow = 'item 0';
      side.prepare();
      const t0 = performance.now();
      side.mount(container, n);
      let commit = t0;
      for (;;) {
        commit = await nextFrame();
        if ((container.textContent ?? '').includes(firstRow) && container.querySelector('input')) break;
        // A surface that never draws (a limit, a placeholder) fails the run, not hangs it.
        if (commit - t0 > 60_000) throw new Error(`the first row ('${firstRow}') was not drawn within 60 s`);
      }
      const paint = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 0));
      return { commitMs: commit - t0, paintMs: paint - t0 };
    },
    async scrollToEnd(n) {
      const target = container as HTMLElement;
      const last = `item ${n - 1}`;
      const t0 = performance.now();
      window.scrollTo(0, document.documentElement.scrollHeight);
      for (;;) {
        const at = await nextFrame();
        // The labels run from 'item 0' to the last, so no other label contains the last one.
        if ((target.textContent ?? '').includes(last)) return at - t0;
        if (at - t0 > 60_000) throw new Error(`the last row ('${last}') was not drawn within 60 s of scrolling`);
        window.scrollTo(0, document.documentElement.scrollHeight);
      }
    },
    armKeystroke(count) {
      const target = container as HTMLElement;
      counting = count;
      if (count) hook.start();
      keystroke = new Promise((resolve) => {
        let inputAt = 0;
        const onInput = (event: Event) => {
          inputAt = event.timeStamp;
        };
        document.addEventListener('input', onInput, true);
        const observer = new MutationObserver(() => {
          if (inputAt === 0) return;
          const commitAt = performance.now();
          observer.disconnect();
          document.removeEventListener('input', onInput, true);
          void taskAfterFrame().then((paintAt) => {
            const rendered = counting ? hook.stop() : -1;
            resolve({ commitMs: commitAt - inputAt, paintMs: paintAt - inputAt, rendered });
          });
        });
        observer.observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
      });
    },
    readKeystroke() {
      if (!keystroke) throw new Error('armKeystroke first');
      return keystroke;
    },
    unmount() {
      side?.unmount();
      container?.remove();
      container = null;
    },
  };
  (window as unknown as { bench: Bench }).bench = bench;
}
