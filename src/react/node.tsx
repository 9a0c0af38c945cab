/**
 * Drawing one node. Each `NodeView` is a `React.memo` component subscribed to its own node: a
 * node object keeps its identity while nothing it reads changes, so a keystroke re-renders the
 * field typed into and the nodes that read the same data, not the surface.
 *
 * The nodes of a surface share one store subscription (a node feed) rather than one
 * `useSelector` each: on a store change the feed selects the tree once, asks the resolver which
 * refs changed since the tree it saw last (changes.ts), and wakes only those of its nodes whose
 * object changed. An update costs the nodes it changed, not the nodes drawn; when the resolver
 * cannot tell (time travel, many updates at once) the feed compares every node it watches.
 */
import { createContext, memo, useCallback, useContext, useSyncExternalStore } from 'react';
import { changedNodeRefs } from '../resolution/changes';
import { lookupNode } from '../resolution/resolver';
import type { ResolvedNode, ResolvedTree } from '../model/tree';
import type { A2uiComponents, ListWindowing } from './types';

/** One surface's nodes by ref, with change notification per ref. */
export interface NodeFeed {
  subscribe(ref: string, listener: () => void): () => void;
  get(ref: string): ResolvedNode | undefined;
}

interface StoreLike {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

const seenNothing = Symbol('no state yet');

/** A feed over `store` for the tree `selectTree` returns (memoized per state). */
export function createNodeFeed(store: StoreLike, selectTree: (state: unknown) => ResolvedTree | undefined): NodeFeed {
  // The tree of the last state asked about: a first render asks once per node for one state.
  let seenState: unknown = seenNothing;
  let seenTree: ResolvedTree | undefined;
  const current = (): ResolvedTree | undefined => {
    const state = store.getState();
    if (state !== seenState) {
      seenState = state;
      seenTree = selectTree(state);
    }
    return seenTree;
  };
  const find = (tree: ResolvedTree | undefined, ref: string) => (tree ? lookupNode(tree, ref) : undefined);
  type Watch = { node: ResolvedNode | undefined; listeners: Set<() => void> };
  const watched = new Map<string, Watch>();
  let tree = current();
  let unsubscribe: (() => void) | null = null;
  const wake = (ref: string, watch: Watch, next: ResolvedTree | undefined) => {
    const node = find(next, ref);
    if (node === watch.node) return;
    watch.node = node;
    for (const listener of watch.listeners) listener();
  };
  const onChange = () => {
    const next = current();
    if (next === tree) return;
    const changed = tree !== undefined && next !== undefined ? changedNodeRefs(tree, next) : undefined;
    tree = next;
    if (changed !== undefined && changed.size < watched.size) {
      for (const ref of changed) {
        const watch = watched.get(ref);
        if (watch !== undefined) wake(ref, watch, next);
      }
      return;
    }
    for (const [ref, watch] of watched) wake(ref, watch, next);
  };
  return {
    subscribe(ref, listener) {
      if (unsubscribe === null) {
        tree = current();
        unsubscribe = store.subscribe(onChange);
      }
      let watch = watched.get(ref);
      if (!watch) {
        watch = { node: find(tree, ref), listeners: new Set() };
        watched.set(ref, watch);
      }
      const own = watch;
      own.listeners.add(listener);
      return () => {
        own.listeners.delete(listener);
        if (own.listeners.size === 0 && watched.get(ref) === own) watched.delete(ref);
        if (watched.size === 0 && unsubscribe !== null) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
    get: (ref) => find(current(), ref),
  };
}

/** The surface being drawn, its component map and its node feed. */
export interface SurfaceContextValue {
  surfaceId: string;
  components: A2uiComponents;
  feed: NodeFeed;
  /** How long lists are windowed; false draws every row. */
  windowing: ListWindowing | false;
}

export const SurfaceContext = createContext<SurfaceContextValue | null>(null);

/** The component map of the surface being drawn. */
export function useA2uiComponents(): A2uiComponents {
  const value = useContext(SurfaceContext);
  if (value === null) throw new Error('a2ui-redux/react: node components render inside <A2uiSurface>.');
  return value.components;
}

const PLACEHOLDER_TEXT = {
  unknown: (component: string, id: string) => `Unknown component type '${component}' (id '${id}')`,
  cyclic: (_component: string, id: string) => `Cyclic reference to '${id}'`,
  missing: (_component: string, id: string) => `Component '${id}' is referenced but has not been sent`,
} as const;

/** One node by ref, drawn by the surface's component map (or a placeholder). */
export const NodeView = memo(function NodeView({ surfaceId, nodeRef }: { surfaceId: string; nodeRef: string }) {
  const surface = useContext(SurfaceContext);
  if (surface === null) throw new Error('a2ui-redux/react: node components render inside <A2uiSurface>.');
  const { feed } = surface;
  const subscribe = useCallback((listener: () => void) => feed.subscribe(nodeRef, listener), [feed, nodeRef]);
  const get = useCallback(() => feed.get(nodeRef), [feed, nodeRef]);
  const node = useSyncExternalStore(subscribe, get, get);
  const { nodes, states } = surface.components;
  const { Placeholder } = states;
  if (node === undefined) return <Placeholder kind="missing" label={`nothing at ${nodeRef}`} nodeRef={nodeRef} />;
  if (node.placeholder !== undefined) {
    return <Placeholder kind={node.placeholder} label={PLACEHOLDER_TEXT[node.placeholder](node.component, node.componentId)} nodeRef={node.ref} node={node} />;
  }
  const Draw = Object.prototype.hasOwnProperty.call(nodes, node.component) ? nodes[node.component] : undefined;
  if (Draw === undefined) {
    return <Placeholder kind="unsupported" label={`No component draws '${node.component}' (id '${node.componentId}')`} nodeRef={node.ref} node={node} />;
  }
  return <Draw node={node} surfaceId={surfaceId} />;
});

/** Child nodes by ref, in order. */
export function A2uiChildren({ surfaceId, refs }: { surfaceId: string; refs: readonly string[] }) {
  return (
    <>
      {refs.map((ref) => (
        <NodeView key={ref} surfaceId={surfaceId} nodeRef={ref} />
      ))}
    </>
  );
}

/** One child from a child property (a ref string; anything else draws nothing). */
export function A2uiChild({ surfaceId, value }: { surfaceId: string; value: unknown }) {
  return typeof value === 'string' ? <NodeView surfaceId={surfaceId} nodeRef={value} /> : null;
}
