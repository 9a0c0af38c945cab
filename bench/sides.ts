/**
 * The three things measured, behind one small surface each:
 * - `Ours`: the pure session (handleMessage / write / resolvedTree / lookupNode);
 * - `OursRedux`: the same through createA2ui + configureStore (dispatch → selectResolvedTree);
 * - `Theirs`: @a2ui/web_core v0.9 (MessageProcessor, plus a NodeResolver per surface for the tree).
 */
import { configureStore } from '@reduxjs/toolkit';
import {
  MessageProcessor,
  NodeResolver,
  isWritable,
  peekValue,
  ResolvedBinding,
  type A2uiMessage,
  type ComponentNode,
  type SurfaceModel,
} from '@a2ui/web_core/v0_9';
import { basicCatalog as theirBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { basicCatalog } from '../src/catalog';
import { createA2ui, type A2ui } from '../src/createA2ui';
import { effectsDelivered, messageReceived, valueWritten } from '../src/redux/actions';
import { lookupNode } from '../src/resolution/resolver';
import type { ResolvedNode, ResolvedTree } from '../src/model/tree';
import { write } from '../src/session/interaction';
import { createSession, handleMessage, resolvedTree, type Session } from '../src/session/session';

// ------------------------------------------------------------------------------------- ours

/**
 * Our session options for every case: the defaults, except that a template may expand past the
 * default 10,000 items and a surface past the default 10,000 nodes (a 10,000-row list with its
 * root, and one appended, must render every row, as web_core's does).
 */
export const OUR_OPTIONS = { limits: { maxTemplateItems: 100_000, maxNodes: 100_000 } } as const;

export class Ours {
  session: Session = createSession([basicCatalog()], OUR_OPTIONS);

  ingest(payload: unknown): void {
    const result = handleMessage(this.session, payload);
    if (!result.ok) throw new Error(`ours: ${result.error.code}: ${result.error.message}`);
    this.session = result.session;
  }

  write(surfaceId: string, ref: string, property: string, value: unknown): void {
    const result = write(this.session, surfaceId, ref, property, value);
    if (!result.ok) throw new Error(`ours write: ${result.error.code}: ${result.error.message}`);
    this.session = result.session;
  }

  tree(surfaceId: string): ResolvedTree {
    const tree = resolvedTree(this.session, surfaceId);
    if (!tree) throw new Error(`ours: no tree for ${surfaceId}`);
    return tree;
  }

  node(surfaceId: string, ref: string): ResolvedNode {
    const node = lookupNode(this.tree(surfaceId), ref);
    if (!node) throw new Error(`ours: no node ${ref} in ${surfaceId}`);
    return node;
  }
}

export class OursRedux {
  readonly a2ui: A2ui = createA2ui({ catalogs: [basicCatalog()], ...OUR_OPTIONS });
  // Production configuration: RTK's development-only immutability and serializability checks
  // walk the whole state on every dispatch and are off when NODE_ENV=production.
  readonly store = configureStore({
    reducer: { a2ui: this.a2ui.reducer },
    middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false, thunk: false }),
  });

  ingest(payload: unknown): void {
    this.store.dispatch(messageReceived(payload));
    const error = this.store.getState().a2ui.session.lastError;
    if (error) throw new Error(`ours-redux: ${error.code}: ${error.message}`);
  }

  write(surfaceId: string, ref: string, property: string, value: unknown): void {
    this.store.dispatch(valueWritten({ surfaceId, ref, property, value }));
    const error = this.store.getState().a2ui.session.lastError;
    if (error) throw new Error(`ours-redux write: ${error.code}: ${error.message}`);
  }

  /** Acknowledges the outbox, as the package's saga does after carrying effects out. */
  drain(): void {
    const outbox = this.store.getState().a2ui.session.outbox;
    if (outbox.length > 0) this.store.dispatch(effectsDelivered({ ids: outbox.map((entry) => entry.id) }));
  }

  tree(surfaceId: string): ResolvedTree {
    const tree = this.a2ui.selectors.selectResolvedTree(this.store.getState(), surfaceId);
    if (!tree) throw new Error(`ours-redux: no tree for ${surfaceId}`);
    return tree;
  }

  node(surfaceId: string, ref: string): ResolvedNode {
    const node = lookupNode(this.tree(surfaceId), ref);
    if (!node) throw new Error(`ours-redux: no node ${ref} in ${surfaceId}`);
    return node;
  }
}

export type OurSide = Ours | OursRedux;

// ------------------------------------------------------------------------------------- theirs

export class Theirs {
  readonly processor = new MessageProcessor([theirBasicCatalog]);
  readonly resolvers = new Map<string, NodeResolver>();
  readonly errors: string[] = [];

  /** `collectErrors` subscribes to every surface's errors (for the sanity checks, not in timed cases). */
  constructor(options: { collectErrors?: boolean } = {}) {
    if (options.collectErrors) {
      this.processor.onSurfaceCreated((surface) => {
        surface.onError.subscribe((e) => {
          this.errors.push(`${surface.id}: ${e.code}: ${e.message}`);
        });
      });
    }
  }

  ingest(messages: unknown[]): void {
    this.processor.processMessages(messages as A2uiMessage[]);
  }

  surface(surfaceId: string): SurfaceModel<never> {
    const surface = this.processor.model.getSurface(surfaceId);
    if (!surface) throw new Error(`theirs: no surface ${surfaceId}`);
    return surface as unknown as SurfaceModel<never>;
  }

  /** Builds the live node tree of a surface: a ComponentContext, binder and data subscriptions per node. */
  buildTree(surfaceId: string): NodeResolver {
    const surface = this.processor.model.getSurface(surfaceId);
    if (!surface) throw new Error(`theirs: no surface ${surfaceId}`);
    const resolver = new NodeResolver(surface, surface.catalog);
    this.resolvers.set(surfaceId, resolver);
    return resolver;
  }

  root(surfaceId: string): ComponentNode {
    const root = this.resolvers.get(surfaceId) && peekValue((this.resolvers.get(surfaceId) as NodeResolver).rootNode);
    if (!root) throw new Error(`theirs: no root node for ${surfaceId}`);
    return root;
  }

  /** The i-th child node of the root's `children` prop. */
  child(surfaceId: string, index: number): ComponentNode {
    const children = peekValue(this.root(surfaceId).props).children;
    const child = Array.isArray(children) ? (children[index] as ComponentNode | undefined) : undefined;
    if (!child) throw new Error(`theirs: root of ${surfaceId} has no child ${index}`);
    return child;
  }

  childCount(surfaceId: string): number {
    const children = peekValue(this.root(surfaceId).props).children;
    return Array.isArray(children) ? children.length : 0;
  }

  /** The resolved value of a node's dynamic property (what a renderer would draw). */
  static bound(node: ComponentNode, property: string): ResolvedBinding<unknown> {
    const binding = peekValue(node.props)[property];
    if (!(binding instanceof ResolvedBinding)) throw new Error(`theirs: ${node.instanceId}.${property} is not a binding`);
    return binding;
  }

  /** Writes through a node's two-way binding, as an input component would. */
  static write(node: ComponentNode, property: string, value: unknown): void {
    const binding = Theirs.bound(node, property);
    if (!isWritable(binding)) throw new Error(`theirs: ${node.instanceId}.${property} is not writable`);
    binding.set(value);
  }
}
