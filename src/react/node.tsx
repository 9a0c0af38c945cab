/**
 * Drawing one node. Each `NodeView` is a `React.memo` component that selects its own node with
 * `selectNode`: a node object keeps its identity while nothing it reads changes, so a keystroke
 * re-renders the field typed into and the nodes that read the same data, not the surface.
 */
import { createContext, memo, useContext } from 'react';
import type { A2uiComponents } from './types';
import { useA2uiNode } from './hooks';

/** The surface being drawn and its component map. */
export interface SurfaceContextValue {
  surfaceId: string;
  components: A2uiComponents;
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
  const node = useA2uiNode(surfaceId, nodeRef);
  const { nodes, states } = useA2uiComponents();
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
