/**
 * `<A2uiSurface>`: one surface drawn from the store. It selects only the root's ref, the catalog
 * id and the diagnostics; every node below subscribes to itself through the surface's node feed
 * (node.tsx).
 */
import { useMemo, type ReactNode } from 'react';
import { useSelector, useStore } from 'react-redux';
import type { Diagnostic } from '../model/tree';
import { defaultComponents } from './components';
import { useA2uiContext } from './context';
import { readListWindowing } from './listWindow';
import { createNodeFeed, NodeView, SurfaceContext } from './node';
import { a2uiCss } from './styles';
import type { A2uiComponents, ListWindowing } from './types';

export interface A2uiSurfaceProps {
  surfaceId: string;
  /** The component map (`createComponents`); default the basic catalog's. */
  components?: A2uiComponents;
  /** Drawn while the surface does not exist or has no root yet. */
  fallback?: ReactNode;
  /** Lists the surface's diagnostics under it (default true); false does not collect them either. */
  diagnostics?: boolean;
  /** Adds the default stylesheet to the document once (default true). */
  styles?: boolean;
  /**
   * Vertical Lists longer than `threshold` rows (default 100) draw only the rows near the
   * viewport, `overscan` (default 10) more on each side; `false` draws every row (for
   * find-in-page, printing, or focus that must survive scrolling far away).
   */
  windowing?: Partial<ListWindowing> | false;
}

const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

function Diagnostics({ list }: { list: readonly Diagnostic[] }) {
  if (list.length === 0) return null;
  return (
    <ul className="a2ui-diagnostics" data-testid="diagnostics" aria-label="Diagnostics">
      {list.map((d, i) => (
        <li key={i} className={`a2ui-diagnostic-${d.severity}`} data-code={d.code}>
          <code>{d.code}</code> {d.message}
        </li>
      ))}
    </ul>
  );
}

/** Draws surface `surfaceId` of the nearest `<A2uiProvider>`'s instance. */
export function A2uiSurface({ surfaceId, components = defaultComponents, fallback = null, diagnostics = true, styles = true, windowing }: A2uiSurfaceProps) {
  const { selectors } = useA2uiContext();
  const rootRef = useSelector((state: unknown) => selectors.selectResolvedTree(state, surfaceId)?.root?.ref ?? null);
  const catalogId = useSelector((state: unknown) => selectors.selectSurface(state, surfaceId)?.catalogId ?? null);
  // A surface that does not list its diagnostics does not collect them (a walk of every node).
  const list = useSelector((state: unknown) => (diagnostics ? selectors.selectDiagnostics(state, surfaceId) : NO_DIAGNOSTICS));
  const store = useStore();
  const feed = useMemo(() => createNodeFeed(store, (state) => selectors.selectResolvedTree(state, surfaceId)), [store, selectors, surfaceId]);
  const read = readListWindowing(windowing);
  const windowed = read !== false;
  const threshold = read === false ? 0 : read.threshold;
  const overscan = read === false ? 0 : read.overscan;
  // Keyed on the numbers, so an inline `windowing={{ threshold: 50 }}` does not redraw every node.
  const context = useMemo(
    () => ({ surfaceId, components, feed, windowing: windowed ? { threshold, overscan } : (false as const) }),
    [surfaceId, components, feed, windowed, threshold, overscan],
  );
  // React 19 hoists a <style> with href and precedence into the head, once per href.
  const sheet = styles ? (
    <style href="a2ui-redux-react" precedence="a2ui">
      {a2uiCss}
    </style>
  ) : null;
  if (rootRef === null && fallback !== null) return <>{sheet}{fallback}</>;
  return (
    <section className="a2ui-surface" data-testid="surface" data-surface-id={surfaceId} data-catalog-id={catalogId ?? undefined} aria-label={`Surface ${surfaceId}`}>
      {sheet}
      <SurfaceContext.Provider value={context}>
        <div className="a2ui-surface-body">{rootRef !== null && <NodeView surfaceId={surfaceId} nodeRef={rootRef} />}</div>
      </SurfaceContext.Provider>
      {diagnostics && <Diagnostics list={list} />}
    </section>
  );
}
