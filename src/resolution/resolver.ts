/**
 * The node resolver: surface state → resolved tree, incrementally.
 *
 * Each surface keeps, outside state, the entries of its last resolution: per node ref, the node
 * object, what it read (data paths with the values seen, agent calls with the rows seen) and the
 * children it placed. A new resolution re-evaluates only the nodes whose reads changed; every
 * other node keeps its object identity. A change of components or catalogs walks the tree, still
 * reusing every node whose inputs are the same.
 */
import type { Catalog } from '../catalog/types';
import { agentCallIndexPrefix, changedCallIds, changedComponentIds, componentOf, type AgentCallRow, type ComponentRecord, type SessionState, type SurfaceState } from '../model/state';
import { componentConstraints, componentShape, type PropShape } from '../catalog/componentShape';
import { changedPaths } from './dataDiff';
import { hasCompositionRules } from '../processor/components';
import { DependencyIndex } from './dependencyIndex';
import { emptyStore, StoreWriter, storeGet, storeValues, type NodeStore } from './nodeStore';
import type { Diagnostic, NodeRef, ResolvedNode, ResolvedTree } from '../model/tree';
import type { ValidationResult } from '../protocol/catalogDefinition';
import {
  evaluateForResolution,
  type AgentCallRequest,
  type AgentLookup,
  type EvaluationScope,
} from './evaluation';
import { getAt, jsonEqual, resolvePath, splitPointer, tableGet, tableHas, tableSize } from '../data';
import { expressionLimits, type ExpressionLimits } from '../expressions';
import { cycleCutRef, nodeRefOf } from './refs';
import { hasOwn } from '../util/records';
import { recordTreeChange } from './changes';

/** Limits the resolver enforces; exceeding one gives a placeholder or a diagnostic, never a crash. */
export interface ResolutionLimits {
  /** Deepest nesting of components below the root. */
  maxDepth: number;
  /** Most items a single template expands. */
  maxTemplateItems: number;
  /** Most nodes in one tree. */
  maxNodes: number;
  /** Most function calls and data reads all the evaluations of one tree may make together. */
  maxWork?: number;
  /** Most characters the strings computed for one tree may add up to. */
  maxChars?: number;
  /** Most regex matcher steps the checks of one tree may take together. */
  maxRegexSteps?: number;
  /** Per-evaluation limits (see DEFAULT_EXPRESSION_LIMITS). */
  expressions?: Partial<ExpressionLimits>;
}

export const DEFAULT_RESOLUTION_LIMITS: ResolutionLimits = {
  maxDepth: 64,
  maxTemplateItems: 10_000,
  maxNodes: 100_000,
};

/** What a node's evaluations cost, counted against the tree's budgets. */
interface NodeCost {
  work: number;
  chars: number;
  regexSteps: number;
}

const NO_COST: NodeCost = Object.freeze({ work: 0, chars: 0, regexSteps: 0 });

/**
 * Nodes past a tree budget are placeholders. Which ones is decided in walk order (the order of a
 * resolution from scratch), so an incremental resolution gives the same tree: 'first' is the
 * first node past a budget (it carries the diagnostic), 'rest' every later one.
 */
type Capped = false | 'first' | 'rest';

/** What the resolver needs besides the surface: the catalogs and the session's choices. */
export interface ResolutionContext {
  catalogs: readonly Catalog[];
  /** Catalog id used for a surface that names none (the session's first catalog), or null. */
  implicitDefaultCatalogId: string | null;
  limits: ResolutionLimits;
}

/** Where a node sits: everything besides the components and data that decides what it shows. */
interface NodeSpec {
  ref: NodeRef;
  componentId: string;
  scope: string;
  index: number | undefined;
  parentRef: NodeRef | null;
  depth: number;
  /** A reference that closes a cycle: rendered as a 'cyclic' placeholder. */
  cut?: true;
}

interface DataDependency {
  segments: string[];
  path: string;
  /** 'value': the value at the path; 'length': a template's list length (or -1 when not a list). */
  kind: 'value' | 'length';
  seen: unknown;
}

interface NodeEntry {
  spec: NodeSpec;
  node: ResolvedNode;
  component: ComponentRecord | undefined;
  dataDeps: DataDependency[];
  agentDeps: Array<{ key: string; row: AgentCallRow | undefined }>;
  childSpecs: NodeSpec[];
  diagnostics: Diagnostic[];
  cost: NodeCost;
  capped: Capped;
  /**
   * Set when every value the node shows from the data model is a top-level prop bound alone
   * (`{ "path": … }`) and read there, and nothing else in it depends on data (no expression, no
   * checks, no agent call, no diagnostic): per data dependency (by index), the props that show it.
   * A change of those values alone then only puts the new values in (see `rebind`).
   */
  rebind: ReadonlyArray<readonly string[] | undefined> | undefined;
}

/**
 * Which nodes read which data paths and agent calls. Runs update it in place, so it describes
 * one node store only: `store`. Going back to an older resolution (time travel, a session
 * derived from an earlier one) rebuilds it from that resolution's nodes.
 */
interface DependencyIndexes {
  data: DependencyIndex;
  agent: Map<string, Set<NodeRef>>;
  /** The refs that show each component id (a changed component re-evaluates just those). */
  byComponent: Map<string, Set<NodeRef>>;
  store: NodeStore<NodeEntry> | null;
}

/** The incremental state of one surface's resolution: internal, never in Redux state. */
interface SurfaceResolution {
  surface: SurfaceState;
  calls: SessionState['agentCalls'];
  context: ResolutionContext;
  store: NodeStore<NodeEntry>;
  indexes: DependencyIndexes;
  tree: ResolvedTree;
  /** The summed cost of the store's entries, and how many of them are capped placeholders. */
  total: NodeCost;
  cappedCount: number;
  /**
   * Per ref, how many entries of `store` list it among their children. A node may be shown by
   * several parents, so a parent that stops listing a child removes it only at zero.
   */
  listedBy: NodeStore<number>;
}

/** Indexes describing exactly `resolution`'s nodes. */
function indexesFor(resolution: SurfaceResolution): DependencyIndexes {
  if (resolution.indexes.store === resolution.store) return resolution.indexes;
  const rebuilt: DependencyIndexes = { data: new DependencyIndex(), agent: new Map(), byComponent: new Map(), store: resolution.store };
  for (const entry of storeValues(resolution.store)) addToIndexes(rebuilt, entry);
  resolution.indexes = rebuilt;
  return rebuilt;
}

/** Whether two entries of one ref read the same data paths and agent calls (what the indexes hold). */
function sameDependencies(a: NodeEntry, b: NodeEntry): boolean {
  if (a.spec.componentId !== b.spec.componentId) return false;
  if (a.dataDeps.length !== b.dataDeps.length || a.agentDeps.length !== b.agentDeps.length) return false;
  for (let i = 0; i < a.dataDeps.length; i += 1) if (a.dataDeps[i]?.path !== b.dataDeps[i]?.path) return false;
  for (let i = 0; i < a.agentDeps.length; i += 1) if (a.agentDeps[i]?.key !== b.agentDeps[i]?.key) return false;
  return true;
}

function addToIndexes(indexes: DependencyIndexes, entry: NodeEntry): void {
  indexes.data.add(entry.spec.ref, entry.dataDeps.map((d) => d.segments));
  for (const dep of entry.agentDeps) {
    let refs = indexes.agent.get(dep.key);
    if (!refs) indexes.agent.set(dep.key, (refs = new Set()));
    refs.add(entry.spec.ref);
  }
  let shown = indexes.byComponent.get(entry.spec.componentId);
  if (!shown) indexes.byComponent.set(entry.spec.componentId, (shown = new Set()));
  shown.add(entry.spec.ref);
}

/** What one resolution pass did: for effects (agent calls to send, diagnostics) and tests. */
export interface ResolutionPass {
  /** Nodes built anew in this pass (new refs, or refs whose inputs changed and whose output differs). */
  emitted: NodeRef[];
  /** Refs that left the tree in this pass. */
  destroyed: NodeRef[];
  /** Diagnostics of the nodes evaluated in this pass. */
  diagnostics: Diagnostic[];
  /** Refs whose entry was built from its component definition in this pass (counted work). */
  built: NodeRef[];
  /** Refs whose node only took new values of props bound alone to data paths (no build). */
  rebound: NodeRef[];
  /** Agent calls the tree needs that have no row yet. */
  agentRequests: AgentCallRequest[];
  /** Agent call keys no node of the tree reads any more since this pass (their rows can go). */
  unreadAgentKeys: string[];
  /**
   * Nodes re-evaluated in this pass that stopped reading an agent call they read before (its
   * arguments changed), whether or not another node still reads that call.
   */
  leftAgentCalls: NodeRef[];
}

export interface ResolutionResult {
  tree: ResolvedTree;
  pass: ResolutionPass;
}

/**
 * The resolver cache shared by the pure session and the selectors: per surface id, the last
 * resolution; per exact input, the result (so asking twice does the work once).
 */
export interface ResolverCache {
  readonly surfaces: Map<string, SurfaceResolution>;
  /**
   * Per surface state, the resolutions made from it, one per call table (almost always one, so
   * no map per surface state: each keystroke makes a new surface state).
   */
  readonly exact: WeakMap<SurfaceState, SurfaceResolution | SurfaceResolution[]>;
}

export function createResolverCache(): ResolverCache {
  return { surfaces: new Map(), exact: new WeakMap() };
}

/** Forgets every resolved tree (the surfaces stay in state). */
export function clearResolverCache(cache: ResolverCache): void {
  cache.surfaces.clear();
}

const EMPTY_PASS: ResolutionPass = Object.freeze({
  emitted: [],
  destroyed: [],
  diagnostics: [],
  built: [],
  rebound: [],
  agentRequests: [],
  unreadAgentKeys: [],
  leftAgentCalls: [],
}) as unknown as ResolutionPass;

/**
 * Resolves `surface` against `calls` (the session's agent-call table), reusing what the cache
 * holds. Pure as seen from outside: the same inputs give the same tree object.
 */
export function resolveSurface(
  cache: ResolverCache,
  context: ResolutionContext,
  surface: SurfaceState,
  state: Pick<SessionState, 'agentCalls' | 'agentCallsByKey'>,
): ResolutionResult {
  const made = cache.exact.get(surface);
  const hit = made === undefined ? undefined : Array.isArray(made) ? made.find((r) => r.calls === state.agentCalls) : made.calls === state.agentCalls ? made : undefined;
  if (hit && hit.context === context) {
    // The same input again: the same tree, and later changes are diffed against it.
    cache.surfaces.set(surface.surfaceId, hit);
    return { tree: hit.tree, pass: EMPTY_PASS };
  }
  const previous = cache.surfaces.get(surface.surfaceId);
  const run = new ResolutionRun(context, surface, state, previous);
  const result = run.execute();
  cache.surfaces.set(surface.surfaceId, run.resolution);
  // A resolution for these calls under another context is replaced; other call tables are kept.
  const others = made === undefined ? [] : (Array.isArray(made) ? made : [made]).filter((r) => r.calls !== state.agentCalls);
  cache.exact.set(surface, others.length === 0 ? run.resolution : [...others, run.resolution]);
  return result;
}

/** Drops the cached resolution of one surface (deleted surfaces). */
export function forgetSurface(cache: ResolverCache, surfaceId: string): void {
  cache.surfaces.delete(surfaceId);
}

/** Looks up one node of a tree by ref without building the whole `nodes` record. */
export function lookupNode(tree: ResolvedTree, ref: NodeRef): ResolvedNode | undefined {
  const store = storeOfTree.get(tree);
  return store ? storeGet(store, ref)?.node : Object.prototype.hasOwnProperty.call(tree.nodes, ref) ? tree.nodes[ref] : undefined;
}

/** The scope and template index a node was resolved in (what an action evaluates against). */
export function nodeContext(tree: ResolvedTree, ref: NodeRef): { scope: string; index: number | undefined } | undefined {
  const store = storeOfTree.get(tree);
  const entry = store ? storeGet(store, ref) : undefined;
  return entry ? { scope: entry.spec.scope, index: entry.spec.index } : undefined;
}

const storeOfTree = new WeakMap<ResolvedTree, NodeStore<NodeEntry>>();
/** A tree's diagnostics once something asked for them (a later tree with the same ones reuses the array). */
const diagnosticsOfTree = new WeakMap<ResolvedTree, Diagnostic[]>();

/**
 * `inherited`: the previous tree's diagnostics when the update touched no entry with diagnostics
 * and the surface-level ones are the same, so the list is equal (and keeps its identity).
 */
function makeTree(surfaceId: string, store: NodeStore<NodeEntry>, surfaceDiagnostics: Diagnostic[], inherited?: Diagnostic[]): ResolvedTree {
  let nodes: Record<NodeRef, ResolvedNode> | undefined;
  let diagnostics: Diagnostic[] | undefined = inherited;
  const tree = {
    surfaceId,
    root: storeGet(store, 'root')?.node ?? null,
    get nodes(): Record<NodeRef, ResolvedNode> {
      if (!nodes) {
        nodes = {};
        for (const entry of storeValues(store)) {
          // Refs are component ids: '__proto__' must be an own key, not the prototype.
          if (entry.node.ref === '__proto__') Object.defineProperty(nodes, '__proto__', { value: entry.node, enumerable: true, writable: true, configurable: true });
          else nodes[entry.node.ref] = entry.node;
        }
      }
      return nodes;
    },
    get diagnostics(): Diagnostic[] {
      if (!diagnostics) {
        diagnostics = [...surfaceDiagnostics];
        for (const entry of storeValues(store)) diagnostics.push(...entry.diagnostics);
      }
      diagnosticsOfTree.set(tree, diagnostics);
      return diagnostics;
    },
  };
  // (Accessors of an object literal are enumerable own properties already; redefining them would
  // only turn the tree into a slow dictionary-mode object.)
  storeOfTree.set(tree, store);
  return tree;
}

const sameSpec = (a: NodeSpec, b: NodeSpec): boolean =>
  a.ref === b.ref &&
  a.componentId === b.componentId &&
  a.scope === b.scope &&
  a.index === b.index &&
  a.parentRef === b.parentRef &&
  a.depth === b.depth &&
  a.cut === b.cut;

/**
 * Whether the children an entry placed were cut where the ancestors now say they must be: a node
 * reused under other ancestors must not keep (or lack) a cycle cut.
 */
function cutsStillHold(entry: NodeEntry, ancestors: ReadonlySet<string>): boolean {
  for (const child of entry.childSpecs) {
    const mustCut = child.componentId === entry.spec.componentId || ancestors.has(child.componentId);
    if ((child.cut === true) !== mustCut) return false;
  }
  return true;
}

class ResolutionRun {
  private readonly writer: StoreWriter<NodeEntry>;
  private readonly listedBy: StoreWriter<number>;
  private readonly indexes: DependencyIndexes;
  private readonly emitted: NodeRef[] = [];
  private readonly destroyed: NodeRef[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly built: NodeRef[] = [];
  private readonly rebound: NodeRef[] = [];
  private readonly agentRequests: AgentCallRequest[] = [];
  private readonly requestedKeys = new Set<string>();
  /** Refs a components change re-evaluates even though what they read is the same. */
  private readonly forced = new Set<NodeRef>();
  /** Keys whose last reader left the dependency index during this pass. */
  private readonly droppedKeys = new Set<string>();
  private readonly leftAgentCalls: NodeRef[] = [];
  private readonly visited = new Set<NodeRef>();
  private nodeCount = 0;
  /** Whether any entry was written or removed; an untouched tree is handed out again as is. */
  private changed = false;
  /** Whether an entry written or removed had or has diagnostics (else the tree's list is unchanged). */
  private diagnosticsTouched = false;
  private walkAll = true;
  /** The summed cost of the entries in the writer, and how many are capped placeholders. */
  private readonly total: NodeCost;
  private cappedCount: number;
  /** Walk of the whole tree: the nodes visited so far, in walk order, and what they cost. */
  private position = 0;
  private readonly spent: NodeCost = { ...NO_COST };
  private capSeen = false;
  /** Incremental pass: a tree budget ran out, so a walk of the whole tree decides the placeholders. */
  private overflow = false;
  /**
   * Incremental pass over a tree already at a budget: valid only while every node keeps its place
   * in walk order and the budget spent before each one, so a changed child list ends it (overflow)
   * and a changed cost is noted for the check after the pass.
   */
  private atCap = false;
  private costChanged = false;
  /** Refs whose entry this run wrote: a walk of the whole tree after an incremental pass need not force them again. */
  private readonly written = new Set<NodeRef>();
  private readonly lookup: AgentLookup;
  resolution!: SurfaceResolution;

  constructor(
    private readonly context: ResolutionContext,
    private readonly surface: SurfaceState,
    private readonly state: Pick<SessionState, 'agentCalls' | 'agentCallsByKey'>,
    private readonly previous: SurfaceResolution | undefined,
  ) {
    const reusable = previous && previous.context === context;
    this.writer = new StoreWriter(reusable ? previous.store : emptyStore());
    this.listedBy = new StoreWriter(reusable ? previous.listedBy : emptyStore<number>());
    this.indexes = reusable ? indexesFor(previous) : { data: new DependencyIndex(), agent: new Map(), byComponent: new Map(), store: null };
    this.nodeCount = reusable ? previous.store.size : 0;
    this.total = reusable ? { ...previous.total } : { ...NO_COST };
    this.cappedCount = reusable ? previous.cappedCount : 0;
    const prefix = agentCallIndexPrefix(surface.surfaceId);
    this.lookup = (key) => {
      const id = state.agentCallsByKey[prefix + key];
      return id === undefined ? undefined : tableGet(state.agentCalls, id);
    };
  }

  execute(): ResolutionResult {
    const previous = this.previous && this.previous.context === this.context ? this.previous : undefined;
    const surfaceDiagnostics: Diagnostic[] = [];
    if (!componentOf(this.surface, 'root')) {
      surfaceDiagnostics.push({
        severity: tableSize(this.surface.components) > 0 ? 'error' : 'warning',
        code: 'MISSING_CHILD',
        componentId: 'root',
        message: `Surface '${this.surface.surfaceId}' has no component with id 'root' yet; nothing is rendered.`,
      });
    }
    const sameComponents = previous !== undefined && previous.surface.components === this.surface.components;
    // At a tree budget, which nodes are placeholders depends on walk order: walk the whole tree
    // (reusing every unchanged node) so the result is the one a resolution from scratch gives.
    // A components change the processor noted (ids replaced or added) re-evaluates the nodes that
    // show those ids, their parents and their children; any other change walks the whole tree.
    const componentIds = previous !== undefined && !sameComponents ? changedComponentIds(previous.surface.components, this.surface.components) : undefined;
    if (previous !== undefined && (sameComponents || componentIds !== undefined)) {
      // A tree at a budget is updated in place too when the update keeps every node's place in walk
      // order and what the nodes before it spent (see capsHold); otherwise the whole tree is walked.
      this.walkAll = false;
      this.atCap = previous.cappedCount > 0;
      this.incremental(previous, componentIds);
      if (this.atCap ? !this.capsHold(previous) : this.overflow || this.overBudget(this.total, this.nodeCount)) {
        this.walkAll = true;
        // The nodes the pass rebuilt are current: the walk reuses them instead of building them twice.
        for (const ref of this.written) this.forced.delete(ref);
        this.visited.clear();
        this.full();
      }
    } else {
      this.full();
    }
    // Surface-level findings (no root yet) are news only when the components changed.
    if (!sameComponents) this.diagnostics.push(...surfaceDiagnostics);
    const reuse = previous !== undefined && !this.changed && previous.surface.components === this.surface.components;
    const store = reuse ? previous.store : this.writer.commit();
    const listedBy = reuse ? previous.listedBy : this.listedBy.commit();
    let tree: ResolvedTree;
    if (reuse) tree = previous.tree;
    else {
      const inherited =
        previous !== undefined && !this.diagnosticsTouched && surfaceDiagnostics.length === 0 && tableHas(previous.surface.components, 'root')
          ? diagnosticsOfTree.get(previous.tree)
          : undefined;
      tree = makeTree(this.surface.surfaceId, store, surfaceDiagnostics, inherited);
      // Beside the tree: which refs changed since the previous one (emitted and destroyed cover them).
      recordTreeChange(tree, previous?.tree, previous === undefined ? [] : [...this.emitted, ...this.destroyed]);
    }
    this.resolution = {
      surface: this.surface,
      calls: this.state.agentCalls,
      context: this.context,
      store,
      indexes: this.indexes,
      tree,
      total: reuse ? previous.total : { ...this.total },
      cappedCount: reuse ? previous.cappedCount : this.cappedCount,
      listedBy,
    };
    this.indexes.store = store;
    return {
      tree,
      pass: {
        emitted: this.emitted,
        destroyed: this.destroyed,
        diagnostics: this.diagnostics,
        built: this.built,
        rebound: this.rebound,
        agentRequests: this.agentRequests,
        unreadAgentKeys: [...this.droppedKeys].filter((key) => !this.indexes.agent.has(key)),
        leftAgentCalls: this.leftAgentCalls,
      },
    };
  }

  /** Components or catalogs changed: walk the whole tree, reusing nodes whose inputs are unchanged. */
  private full(): void {
    const root: NodeSpec = { ref: nodeRefOf('root', null), componentId: 'root', scope: '/', index: undefined, parentRef: null, depth: 0 };
    if (componentOf(this.surface, 'root')) this.visit(root, new Set());
    // A node may be placed by several parents (the same component over the same data), so what
    // leaves the tree is decided after the walk: every entry it did not reach, one by one.
    const stale: NodeRef[] = [];
    for (const entry of this.writer.values()) {
      if (!this.visited.has(entry.spec.ref)) stale.push(entry.spec.ref);
    }
    for (const ref of stale) this.removeOne(ref);
  }

  /** Only data or agent rows changed: re-evaluate the nodes that read what changed. */
  private incremental(previous: SurfaceResolution, componentIds: ReadonlySet<string> | undefined): void {
    const candidates = new Set<NodeRef>();
    if (componentIds !== undefined) {
      for (const id of componentIds) {
        for (const ref of this.indexes.byComponent.get(id) ?? []) {
          const entry = this.writer.get(ref);
          if (!entry) continue;
          this.forced.add(ref);
          if (!this.context.catalogs.some(hasCompositionRules)) continue;
          // The parent checks its children's types, the children their parent's.
          if (entry.spec.parentRef !== null) this.forced.add(entry.spec.parentRef);
          for (const child of entry.childSpecs) this.forced.add(child.ref);
        }
      }
      for (const ref of this.forced) candidates.add(ref);
      if (componentIds.has('root') && !this.writer.get('root')) {
        this.visit({ ref: 'root', componentId: 'root', scope: '/', index: undefined, parentRef: null, depth: 0 }, new Set());
      }
    }
    if (previous.surface.dataModel !== this.surface.dataModel) {
      for (const change of changedPaths(previous.surface.dataModel, this.surface.dataModel)) {
        this.indexes.data.collect(change.segments, candidates, change.shallow);
      }
    }
    const changedIds = previous.calls === this.state.agentCalls ? undefined : changedCallIds(previous.calls, this.state.agentCalls);
    if (changedIds !== undefined) {
      // The rows this change touched, found through the table's change notes: no scan of every row.
      for (const id of changedIds) {
        const row = ownRow(this.state.agentCalls, id) ?? ownRow(previous.calls, id);
        if (row === undefined || row.surfaceId !== this.surface.surfaceId) continue;
        for (const ref of this.indexes.agent.get(row.key) ?? []) candidates.add(ref);
      }
    } else if (previous.calls !== this.state.agentCalls) {
      for (const [key, refs] of this.indexes.agent) {
        const row = this.lookup(key);
        for (const ref of refs) {
          const entry = this.writer.get(ref);
          if (entry?.agentDeps.some((d) => d.key === key && d.row !== row)) candidates.add(ref);
        }
      }
    }
    const ordered = [...candidates]
      .map((ref) => this.writer.get(ref))
      .filter((e): e is NodeEntry => e !== undefined)
      .sort((a, b) => a.spec.depth - b.spec.depth);
    for (const entry of ordered) {
      const current = this.writer.get(entry.spec.ref);
      if (current !== entry || (!this.forced.has(entry.spec.ref) && !this.inputsChanged(entry))) continue;
      this.visit(entry.spec, this.ancestorIds(entry.spec));
    }
  }

  /**
   * After an incremental pass over a tree at a budget: whether the placeholders are still the ones
   * a walk from scratch would choose. They are when no node changed its children (so walk order
   * and positions hold) and either no cost changed or no budget but maxNodes is met before or after
   * (the cap then sits at the same position).
   */
  private capsHold(previous: SurfaceResolution): boolean {
    if (this.overflow) return false;
    if (!this.costChanged) return true;
    return this.budgetMet(previous.total) === null && this.budgetMet(this.total) === null;
  }

  private ancestorIds(spec: NodeSpec): Set<string> {
    const ids = new Set<string>();
    let parent = spec.parentRef;
    while (parent !== null) {
      const entry = this.writer.get(parent);
      if (!entry) break;
      ids.add(entry.spec.componentId);
      parent = entry.spec.parentRef;
    }
    return ids;
  }

  /**
   * `entry` again if nothing it read changed; a copy showing the new values if only values of
   * props bound alone changed (and none became absent, which a build reports); else null (build).
   * What a build would give: the same props with those values, the same costs and no diagnostic.
   */
  private rebind(entry: NodeEntry): NodeEntry | null {
    const model = this.surface.dataModel;
    let props: Record<string, unknown> | null = null;
    let deps: DataDependency[] | null = null;
    for (let i = 0; i < entry.dataDeps.length; i += 1) {
      const dep = entry.dataDeps[i] as DataDependency;
      const now = getAt(model, dep.segments);
      if (dep.kind === 'length' ? listShape(now) === dep.seen : now === dep.seen) continue;
      const keys = entry.rebind?.[i];
      if (keys === undefined || now === undefined) return null;
      props ??= { ...entry.node.props };
      for (const key of keys) props[key] = now;
      deps ??= [...entry.dataDeps];
      deps[i] = { ...dep, seen: now };
    }
    for (const dep of entry.agentDeps) if (this.lookup(dep.key) !== dep.row) return null;
    if (props === null || deps === null) return entry;
    this.rebound.push(entry.spec.ref);
    return { ...entry, node: { ...entry.node, props }, dataDeps: deps };
  }

  private inputsChanged(entry: NodeEntry): boolean {
    const model = this.surface.dataModel;
    for (const dep of entry.dataDeps) {
      const now = getAt(model, dep.segments);
      if (dep.kind === 'length' ? listShape(now) !== dep.seen : now !== dep.seen) return true;
    }
    for (const dep of entry.agentDeps) if (this.lookup(dep.key) !== dep.row) return true;
    return false;
  }

  /** Resolves the node at `spec` and, recursively, the children it places. */
  private visit(spec: NodeSpec, ancestors: Set<string>): void {
    // A second place showing the same component over the same data is the same node.
    if (this.visited.has(spec.ref)) return;
    if (!this.walkAll && (this.overflow || (!this.atCap && this.overBudget(this.total, this.nodeCount)))) {
      // Stop here: the walk of the whole tree that follows places what is left.
      this.overflow = true;
      return;
    }
    this.visited.add(spec.ref);
    const previous = this.writer.get(spec.ref);
    const component = componentOf(this.surface, spec.componentId);
    // At a budget, an incremental pass keeps each node's place, so a placeholder stays one.
    const capped = this.walkAll ? this.capFor() : (previous?.capped ?? false);
    let entry: NodeEntry;
    // Same component, same place, nothing forcing a rebuild: only what it read can have changed.
    const samePlace =
      previous !== undefined &&
      previous.capped === capped &&
      !this.forced.has(spec.ref) &&
      previous.component === component &&
      sameSpec(previous.spec, spec) &&
      (capped !== false || (component !== undefined && !ancestors.has(spec.componentId) && cutsStillHold(previous, ancestors)));
    const rebound = samePlace && capped === false ? this.rebind(previous) : null;
    if (samePlace && (capped !== false || rebound === previous)) {
      entry = previous;
    } else {
      entry = rebound ?? (capped === false ? this.evaluate(spec, component, ancestors) : this.cappedEntry(spec, component, capped));
      if (this.atCap && !this.walkAll) {
        if (previous === undefined || !sameChildren(previous, entry)) {
          // Walk order changes from here on: the walk of the whole tree that follows decides.
          this.overflow = true;
          return;
        }
        // The placeholder's diagnostic names why the walk stopped there, which this pass cannot see; it is unchanged.
        if (capped !== false) entry = { ...entry, diagnostics: previous.diagnostics };
        if (!sameCost(previous.cost, entry.cost)) this.costChanged = true;
      }
      // Same reads as before (the usual case: a value changed): the indexes already hold them,
      // and dropping and re-adding them churns the maps of large lists.
      const indexed = previous !== undefined && sameDependencies(previous, entry);
      if (previous) {
        if (!indexed) {
          this.unindex(previous);
          if (previous.agentDeps.some((d) => !entry.agentDeps.some((e) => e.key === d.key))) this.leftAgentCalls.push(spec.ref);
        }
        if (sameNode(previous.node, entry.node)) entry = { ...entry, node: previous.node };
        else this.emitted.push(spec.ref);
      } else {
        this.emitted.push(spec.ref);
        this.nodeCount += 1;
      }
      if (!indexed) this.index(entry);
      this.put(entry, previous);
      if (previous && !this.walkAll) {
        // Children this node no longer lists leave unless another entry still lists them.
        const kept = new Set(entry.childSpecs.map((c) => c.ref));
        for (const child of previous.childSpecs) {
          if (kept.has(child.ref)) continue;
          if (this.listCount(child.ref) === 0) this.remove(child.ref);
          // Still shown by another parent, but placed under this one: its place is the next
          // parent's in walk order, which only the walk of the whole tree knows.
          else if (this.writer.get(child.ref)?.spec.parentRef === spec.ref) this.overflow = true;
        }
      }
      this.changed = true;
      this.diagnostics.push(...entry.diagnostics);
    }
    if (this.walkAll) {
      this.position += 1;
      addCost(this.spent, entry.cost);
      if (capped !== false) this.capSeen = true;
    }
    if (entry.childSpecs.length === 0) return;
    ancestors.add(spec.componentId);
    for (const child of entry.childSpecs) {
      if (!this.walkAll) {
        // Incremental pass: a child already in place handles its own changes as a candidate.
        const existing = this.writer.get(child.ref);
        if (existing && sameSpec(existing.spec, child)) continue;
        // A node another parent also shows keeps the place of the first parent in walk order
        // (where a resolution from scratch puts it, and the ancestors its cycle check reads):
        // which one that is, only the walk of the whole tree knows.
        if (existing && this.listCount(child.ref) > 1) {
          this.overflow = true;
          break;
        }
      }
      this.visit(child, ancestors);
    }
    ancestors.delete(spec.componentId);
  }

  /** Removes the entry of `ref` only (a full walk removes every entry it did not reach). */
  private removeOne(ref: NodeRef): void {
    const entry = this.writer.get(ref);
    if (!entry) return;
    this.unindex(entry);
    this.writer.delete(ref);
    if (entry.diagnostics.length > 0) this.diagnosticsTouched = true;
    this.unlist(entry.childSpecs);
    this.nodeCount -= 1;
    this.destroyed.push(ref);
    this.changed = true;
  }

  /** Removes `ref` and everything below it that no remaining entry lists. */
  private remove(ref: NodeRef): void {
    const stack = [ref];
    while (stack.length > 0) {
      const current = stack.pop() as NodeRef;
      const entry = this.writer.get(current);
      if (!entry) continue;
      this.unindex(entry);
      this.writer.delete(current);
      if (entry.diagnostics.length > 0) this.diagnosticsTouched = true;
      this.unlist(entry.childSpecs);
      subtractCost(this.total, entry.cost);
      if (entry.capped !== false) this.cappedCount -= 1;
      this.nodeCount -= 1;
      this.destroyed.push(current);
      this.changed = true;
      for (const child of entry.childSpecs) if (this.listCount(child.ref) === 0) stack.push(child.ref);
    }
  }

  private listCount(ref: NodeRef): number {
    return this.listedBy.get(ref) ?? 0;
  }

  /** Counts one more listing of each child (an entry that lists a child twice counts it once per listing). */
  private list(children: readonly NodeSpec[]): void {
    for (const child of children) this.listedBy.set(child.ref, this.listCount(child.ref) + 1);
  }

  private unlist(children: readonly NodeSpec[]): void {
    for (const child of children) {
      const count = this.listCount(child.ref) - 1;
      if (count > 0) this.listedBy.set(child.ref, count);
      else this.listedBy.delete(child.ref);
    }
  }

  /** Writes `entry` over `previous` (its ref's entry before, if any), keeping the totals. */
  private put(entry: NodeEntry, previous: NodeEntry | undefined): void {
    if (previous) {
      subtractCost(this.total, previous.cost);
      if (previous.capped !== false) this.cappedCount -= 1;
      this.unlist(previous.childSpecs);
    }
    this.list(entry.childSpecs);
    addCost(this.total, entry.cost);
    if (entry.capped !== false) this.cappedCount += 1;
    if (entry.diagnostics.length > 0 || (previous !== undefined && previous.diagnostics.length > 0)) this.diagnosticsTouched = true;
    this.writer.set(entry.spec.ref, entry);
    this.written.add(entry.spec.ref);
  }

  /** Whether a tree with these totals goes over one of its budgets. */
  private overBudget(cost: NodeCost, nodes: number): boolean {
    return nodes > this.context.limits.maxNodes || this.budgetMet(cost) !== null;
  }

  /** The tree budget `cost` goes over, described, or null. */
  private budgetMet(cost: NodeCost): string | null {
    const limits = this.context.limits;
    if (limits.maxWork !== undefined && cost.work > limits.maxWork) return `its expressions make more than ${limits.maxWork} function calls and data reads`;
    if (limits.maxChars !== undefined && cost.chars > limits.maxChars) return `its computed strings add up to more than ${limits.maxChars} characters`;
    if (limits.maxRegexSteps !== undefined && cost.regexSteps > limits.maxRegexSteps) return `its pattern checks take more than ${limits.maxRegexSteps} steps`;
    return null;
  }

  /** Whether the next node of the walk is past a tree budget (and whether it is the first). */
  private capFor(): Capped {
    if (this.position < this.context.limits.maxNodes && this.budgetMet(this.spent) === null) return false;
    return this.capSeen ? 'rest' : 'first';
  }

  /** A placeholder for a node past a tree budget; only the first carries the diagnostic. */
  private cappedEntry(spec: NodeSpec, component: ComponentRecord | undefined, capped: 'first' | 'rest'): NodeEntry {
    const builder = new NodeBuilder(this, spec, component, new Set<string>());
    const why = this.position >= this.context.limits.maxNodes ? `it has more than ${this.context.limits.maxNodes} nodes` : (this.budgetMet(this.spent) ?? 'it is over a limit');
    const entry = builder.placeholder('missing', 'LIMIT_EXCEEDED', `Surface '${this.surface.surfaceId}' is over a limit (${why}); the rest is not rendered.`);
    return { ...entry, capped, diagnostics: capped === 'first' ? entry.diagnostics : [] };
  }

  private index(entry: NodeEntry): void {
    addToIndexes(this.indexes, entry);
  }

  private unindex(entry: NodeEntry): void {
    const shown = this.indexes.byComponent.get(entry.spec.componentId);
    shown?.delete(entry.spec.ref);
    if (shown && shown.size === 0) this.indexes.byComponent.delete(entry.spec.componentId);
    this.indexes.data.remove(entry.spec.ref, entry.dataDeps.map((d) => d.segments));
    for (const dep of entry.agentDeps) {
      const refs = this.indexes.agent.get(dep.key);
      refs?.delete(entry.spec.ref);
      if (refs && refs.size === 0) {
        this.indexes.agent.delete(dep.key);
        this.droppedKeys.add(dep.key);
      }
    }
  }

  /** Builds the entry for one node from its component definition. */
  private evaluate(spec: NodeSpec, component: ComponentRecord | undefined, ancestors: Set<string>): NodeEntry {
    this.built.push(spec.ref);
    const builder = new NodeBuilder(this, spec, component, ancestors);
    if (!component) return builder.placeholder('missing', 'MISSING_CHILD', `Component '${spec.componentId}' is referenced but has not been sent.`);
    if (spec.cut === true || ancestors.has(spec.componentId)) {
      return builder.placeholder('cyclic', 'CYCLIC_REFERENCE', `Component '${spec.componentId}' contains itself; the cycle is cut here.`);
    }
    if (spec.depth > this.context.limits.maxDepth) {
      return builder.placeholder('cyclic', 'DEPTH_LIMIT', `Nesting deeper than ${this.context.limits.maxDepth} components; the tree is cut here.`);
    }
    const catalogId = component.catalogId ?? this.surface.catalogId ?? this.context.implicitDefaultCatalogId;
    const catalog = catalogId === null ? undefined : this.context.catalogs.find((c) => c.catalogId === catalogId);
    if (!catalog) {
      return builder.placeholder('unknown', 'UNKNOWN_COMPONENT', catalogId === null
        ? `Component '${spec.componentId}' names no catalogId and surface '${this.surface.surfaceId}' has no default catalog.`
        : `Catalog '${catalogId}' of component '${spec.componentId}' is not available.`);
    }
    const shape = componentShape(catalog, component.component);
    if (!shape) {
      return builder.placeholder('unknown', 'UNKNOWN_COMPONENT', `Catalog '${catalog.catalogId}' has no component type '${component.component}' (component '${spec.componentId}').`);
    }
    return builder.build(catalog, shape);
  }

  // --- what NodeBuilder needs from the run ---
  get limits(): ResolutionLimits {
    return this.context.limits;
  }
  private readsAllowed: number | undefined;
  /** How many data-model reads one evaluation may make (the evaluator's effective maxReads). */
  get maxReads(): number {
    this.readsAllowed ??= expressionLimits(this.context.limits.expressions).maxReads;
    return this.readsAllowed;
  }
  get catalogs(): readonly Catalog[] {
    return this.context.catalogs;
  }
  get surfaceState(): SurfaceState {
    return this.surface;
  }
  get implicitDefaultCatalogId(): string | null {
    return this.context.implicitDefaultCatalogId;
  }
  agentLookup(): AgentLookup {
    return this.lookup;
  }
  requestAgentCall(request: AgentCallRequest): void {
    if (this.requestedKeys.has(request.key)) return;
    this.requestedKeys.add(request.key);
    this.agentRequests.push(request);
  }
  parentComponentType(spec: NodeSpec): string | null {
    if (spec.parentRef === null) return 'Surface';
    return this.writer.get(spec.parentRef)?.node.component ?? null;
  }
}

function ownRow(table: SessionState['agentCalls'], id: string): AgentCallRow | undefined {
  return tableGet(table, id);
}

function sameCost(a: NodeCost, b: NodeCost): boolean {
  return a.work === b.work && a.chars === b.chars && a.regexSteps === b.regexSteps;
}

/** Whether two entries of one ref place the same children in the same places. */
function sameChildren(a: NodeEntry, b: NodeEntry): boolean {
  if (a.childSpecs.length !== b.childSpecs.length) return false;
  for (let i = 0; i < a.childSpecs.length; i += 1) if (!sameSpec(a.childSpecs[i] as NodeSpec, b.childSpecs[i] as NodeSpec)) return false;
  return true;
}

function addCost(into: NodeCost, cost: NodeCost): void {
  into.work += cost.work;
  into.chars += cost.chars;
  into.regexSteps += cost.regexSteps;
}

function subtractCost(from: NodeCost, cost: NodeCost): void {
  from.work -= cost.work;
  from.chars -= cost.chars;
  from.regexSteps -= cost.regexSteps;
}

/** What stands where a template reads its list, as its node depends on it: a list's length, else what the diagnostic names (nothing, or the type held). */
const NOT_A_LIST = ['undefined', 'string', 'number', 'boolean', 'object', 'bigint', 'symbol', 'function'];
function listShape(value: unknown): number {
  return Array.isArray(value) ? value.length : -1 - NOT_A_LIST.indexOf(typeof value);
}

const RESERVED_KEYS = new Set(['id', 'component', 'catalogId', 'checks']);

/** Evaluates one component's properties into a node, recording what it read. */
class NodeBuilder {
  private readonly dataDeps: DataDependency[] = [];
  private readonly seenPaths = new Set<string>();
  private readonly agentDeps: Array<{ key: string; row: AgentCallRow | undefined }> = [];
  private readonly childSpecs: NodeSpec[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly cost: NodeCost = { ...NO_COST };
  private busy = false;
  private checksPending = false;
  /** The top-level prop being evaluated, and whether every data read so far was one such prop bound alone. */
  private topKey: string | null = null;
  private plain = true;
  /** Per data dependency (by index), the top-level props that show its value as is. */
  private readonly shownBy: Array<string[] | undefined> = [];

  constructor(
    private readonly run: ResolutionRun,
    private readonly spec: NodeSpec,
    private readonly component: ComponentRecord | undefined,
    /** Component ids above this node: a child among them (or this node itself) closes a cycle. */
    private readonly ancestors: ReadonlySet<string>,
  ) {}

  placeholder(kind: 'missing' | 'unknown' | 'cyclic', code: Diagnostic['code'], message: string): NodeEntry {
    this.diagnostics.push({ severity: 'error', code, message, componentId: this.spec.componentId, ref: this.spec.ref });
    const node: ResolvedNode = {
      ref: this.spec.ref,
      componentId: this.spec.componentId,
      component: this.component?.component ?? '',
      catalogId: this.component?.catalogId ?? this.run.surfaceState.catalogId ?? this.run.implicitDefaultCatalogId ?? '',
      props: {},
      bindings: {},
      children: [],
      scope: this.spec.index === undefined ? null : this.spec.scope,
      busy: false,
      isValid: true,
      validation: [],
      placeholder: kind,
    };
    return this.entry(node);
  }

  build(catalog: Catalog, shape: Record<string, PropShape>): NodeEntry {
    const component = this.component as ComponentRecord;
    const props: Record<string, unknown> = {};
    const bindings: Record<string, string> = {};
    for (const [key, raw] of Object.entries(component)) {
      if (RESERVED_KEYS.has(key)) continue;
      const propShape = shape[key] ?? { kind: 'any' };
      if ((propShape.kind === 'dynamic' || propShape.kind === 'any') && isBinding(raw)) {
        bindings[key] = resolvePath(raw.path, this.spec.scope);
      }
      this.topKey = key;
      props[key] = this.evaluateShaped(raw, propShape, key);
      this.topKey = null;
    }
    const validation = Array.isArray(component.checks) ? this.evaluateChecks(component.checks) : [];
    this.checkComposition(catalog, component.component);
    const node: ResolvedNode = {
      ref: this.spec.ref,
      componentId: this.spec.componentId,
      component: component.component,
      catalogId: catalog.catalogId,
      props,
      bindings,
      children: this.childSpecs.map((c) => c.ref),
      scope: this.spec.index === undefined ? null : this.spec.scope,
      busy: this.busy,
      isValid: validation.every((v) => v.valid || (v.severity !== undefined && v.severity !== 'error')),
      validation,
    };
    if (this.checksPending) node.checksPending = true;
    const plain = this.plain && validation.length === 0 && this.agentDeps.length === 0 && this.diagnostics.length === 0 && !this.busy;
    // Only value reads can be rebound; a template's length decides children, so it rebuilds.
    return this.entry(node, plain ? this.dataDeps.map((dep, i) => (dep.kind === 'value' ? this.shownBy[i] : undefined)) : undefined);
  }

  private entry(node: ResolvedNode, rebind?: NodeEntry['rebind']): NodeEntry {
    // Every entry has the same fields (`rebind` too), so the resolver's loops see one object shape.
    return {
      spec: this.spec,
      node,
      component: this.component,
      dataDeps: this.dataDeps,
      agentDeps: this.agentDeps,
      childSpecs: this.childSpecs,
      diagnostics: this.diagnostics,
      cost: this.cost.work === 0 && this.cost.chars === 0 && this.cost.regexSteps === 0 ? NO_COST : this.cost,
      capped: false,
      rebind,
    };
  }

  private evaluateShaped(raw: unknown, shape: PropShape, slot: string): unknown {
    switch (shape.kind) {
      case 'child':
        if (typeof raw === 'string') return this.placeChild(raw, undefined, undefined);
        // A child slot holds a component id; anything else (a binding, a call, a list) would put a
        // value where renderers expect a node ref, so it renders as no child.
        if (raw !== undefined && raw !== null) this.diagnose('error', 'EXPRESSION_ERROR', `Property '${slot}' is not a component id.`);
        return null;
      case 'childList':
        return this.placeChildList(raw, slot);
      case 'action':
      case 'static':
        return raw;
      case 'checks':
        return raw;
      case 'dynamic':
      case 'any':
        return this.evaluateValue(raw, slot);
      case 'array':
        if (!Array.isArray(raw)) return this.evaluateValue(raw, slot);
        return raw.map((item, i) => this.evaluateShaped(item, shape.items, `${slot}/${i}`));
      case 'object': {
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || isBinding(raw) || isCall(raw)) {
          return this.evaluateValue(raw, slot);
        }
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(raw)) {
          out[key] = this.evaluateShaped(value, shape.properties[key] ?? shape.additional, `${slot}/${key}`);
        }
        return out;
      }
    }
  }

  private placeChild(componentId: string, scope: string | undefined, index: number | undefined): NodeRef {
    const childScope = scope ?? this.spec.scope;
    const childIndex = index ?? this.spec.index;
    const cut = componentId === this.spec.componentId || this.ancestors.has(componentId);
    const ref = cut ? cycleCutRef(componentId, this.spec.ref) : nodeRefOf(componentId, childIndex === undefined ? null : childScope);
    const spec: NodeSpec = { ref, componentId, scope: childScope, index: childIndex, parentRef: this.spec.ref, depth: this.spec.depth + 1 };
    if (cut) spec.cut = true;
    this.childSpecs.push(spec);
    return ref;
  }

  private placeChildList(raw: unknown, slot: string): NodeRef[] {
    if (Array.isArray(raw)) {
      return raw.flatMap((id) => (typeof id === 'string' ? [this.placeChild(id, undefined, undefined)] : []));
    }
    if (typeof raw === 'object' && raw !== null && typeof (raw as { componentId?: unknown }).componentId === 'string' && typeof (raw as { path?: unknown }).path === 'string') {
      const template = raw as { componentId: string; path: string };
      const listPath = resolvePath(template.path, this.spec.scope);
      const list = this.depend(listPath, 'length');
      if (list === undefined) {
        this.diagnose('warning', 'UNRESOLVED_BINDING', `Template list '${listPath}' is not in the data model yet.`, listPath);
        return [];
      }
      if (!Array.isArray(list)) {
        this.diagnose('error', 'UNRESOLVED_BINDING', `Template path '${listPath}' holds ${typeof list}, not a list.`, listPath);
        return [];
      }
      const max = this.run.limits.maxTemplateItems;
      if (list.length > max) this.diagnose('error', 'LIMIT_EXCEEDED', `Template list '${listPath}' has ${list.length} items; only the first ${max} are rendered.`, listPath);
      const refs: NodeRef[] = [];
      const base = listPath === '/' ? '' : listPath;
      for (let i = 0; i < Math.min(list.length, max); i += 1) {
        refs.push(this.placeChild(template.componentId, `${base}/${i}`, i));
      }
      return refs;
    }
    this.diagnose('error', 'EXPRESSION_ERROR', `Property '${slot}' is neither a list of component ids nor a template.`);
    return [];
  }

  private scope(): EvaluationScope {
    return {
      catalogs: this.run.catalogs,
      surfaceId: this.run.surfaceState.surfaceId,
      surfaceCatalogId: this.run.surfaceState.catalogId ?? this.run.implicitDefaultCatalogId,
      dataModel: this.run.surfaceState.dataModel,
      scope: this.spec.scope,
      index: this.spec.index,
      agentLookup: this.run.agentLookup(),
      limits: this.run.limits.expressions,
    };
  }

  private evaluateValue(raw: unknown, slot: string): unknown {
    if (isBinding(raw)) {
      // The evaluator reads own keys: an own `path`, no own `call` (JSON input always has them so).
      if (hasOwn(raw, 'path') && !hasOwn(raw, 'call') && this.run.maxReads >= 1) {
        const plain = this.readBinding(raw.path, slot);
        if (plain !== NOT_PLAIN) return plain;
      }
    } else if (!containsDynamic(raw)) return raw;
    this.plain = false;
    const result = evaluateForResolution(raw, this.scope());
    // One unit for the evaluation itself, one per call and read it made.
    this.cost.work += 1 + result.work.calls + result.work.reads;
    this.cost.chars += result.work.chars;
    this.cost.regexSteps += result.work.regexSteps;
    for (const path of result.reads) this.depend(path, 'value');
    for (const call of result.agentCalls) {
      this.agentDeps.push({ key: call.key, row: call.row });
      if (call.row === undefined) this.run.requestAgentCall({ ...call.request, componentId: this.spec.componentId, ref: this.spec.ref });
      if (call.row === undefined || call.row.status === 'pending') this.busy = true;
      else if (call.row.status !== 'ok') {
        const code = call.row.status === 'timeout' ? 'AGENT_CALL_TIMEOUT' : call.row.status === 'cancelled' ? 'AGENT_CALL_CANCELLED' : 'AGENT_CALL_FAILED';
        this.diagnose('error', code, `Agent function '${call.request.call.call}' (call ${call.row.callId}) for '${slot}' ${call.row.status === 'error' ? `failed: ${call.row.error?.message ?? 'error'}` : call.row.status === 'timeout' ? 'timed out' : 'was cancelled'}.`);
      }
    }
    // A resource limit keeps its code: the session tells the agent about limits, not about every expression error.
    for (const error of result.errors) this.diagnose('error', error.code === 'LIMIT_EXCEEDED' ? 'LIMIT_EXCEEDED' : 'EXPRESSION_ERROR', `${slot}: ${error.message}`);
    if (isBinding(raw) && result.value === undefined) {
      this.diagnose('warning', 'UNRESOLVED_BINDING', `'${slot}' is bound to '${resolvePath(raw.path, this.spec.scope)}', which is not in the data model yet.`, resolvePath(raw.path, this.spec.scope));
    }
    return result.value === undefined ? null : result.value;
  }

  /**
   * A binding alone (`{ path }`, most props and every template row) read directly, with the same
   * value, reads, cost and diagnostics the evaluator gives it (one read, no calls), without
   * building an evaluator per node. NOT_PLAIN when the path does not resolve (the evaluator
   * decides that case).
   */
  private readBinding(path: string, slot: string): unknown {
    const absolute = resolvePath(path, this.spec.scope === '' ? '/' : this.spec.scope);
    if (absolute === null) return NOT_PLAIN;
    // One unit for the evaluation itself, one for its read.
    this.cost.work += 2;
    const value = this.depend(absolute, 'value');
    if (value !== undefined) {
      if (slot === this.topKey) {
        // The prop shows this value as is (a nested binding's place is not recorded: no rebind).
        const at = this.dataDeps.findIndex((d) => d.kind === 'value' && d.path === absolute);
        (this.shownBy[at] ??= []).push(slot);
      } else this.plain = false;
      return value;
    }
    this.diagnose('warning', 'UNRESOLVED_BINDING', `'${slot}' is bound to '${resolvePath(path, this.spec.scope)}', which is not in the data model yet.`, resolvePath(path, this.spec.scope));
    return null;
  }

  /**
   * The checks' results. A check whose condition waits for an agent function is pending: not
   * valid (so the node does not act) but with no failure message, and the node says
   * `checksPending`. A failing check shows the rule's own message when it has one (the agent
   * wrote it for this field), the function's otherwise.
   */
  private evaluateChecks(checks: unknown[]): ValidationResult[] {
    return checks.map((rule, i) => {
      const condition = typeof rule === 'object' && rule !== null ? (rule as { condition?: unknown }).condition : undefined;
      const own = typeof rule === 'object' && rule !== null ? (rule as { message?: unknown }).message : undefined;
      const busyBefore = this.busy;
      this.busy = false;
      const value = this.evaluateValue(condition, `checks/${i}`);
      const waiting = this.busy;
      this.busy = busyBefore || waiting;
      if (waiting) {
        this.checksPending = true;
        return { valid: false };
      }
      const result = toValidationResult(value);
      if (!result.valid && typeof own === 'string') return { ...result, message: own };
      return result;
    });
  }

  private checkComposition(catalog: Catalog, type: string): void {
    const parentType = this.run.parentComponentType(this.spec);
    const own = constraintsOf(catalog, type);
    if (parentType !== null && own.allowedParents && !own.allowedParents.includes(parentType)) {
      this.diagnose('error', 'UNALLOWED_PARENT', `Component '${this.spec.componentId}' (${type}) cannot be placed under ${parentType}; allowed parents: ${own.allowedParents.join(', ')}.`);
    }
    if (own.allowedChildren) {
      for (const child of this.childSpecs) {
        const childType = componentOf(this.run.surfaceState, child.componentId)?.component;
        if (childType !== undefined && !own.allowedChildren.includes(childType)) {
          this.diagnose('error', 'UNALLOWED_CHILD', `Container '${this.spec.componentId}' (${type}) cannot contain '${child.componentId}' (${childType}); allowed children: ${own.allowedChildren.join(', ')}.`);
        }
      }
    }
  }

  /** Records that this node read `path` (its value, or a template its length); returns the value there. */
  private depend(path: string, kind: 'value' | 'length'): unknown {
    const segments = splitPointer(path);
    const value = getAt(this.run.surfaceState.dataModel, segments);
    const id = `${kind}:${path}`;
    if (!this.seenPaths.has(id)) {
      this.seenPaths.add(id);
      this.dataDeps.push({ segments, path, kind, seen: kind === 'length' ? listShape(value) : value });
    }
    return value;
  }

  private diagnose(severity: Diagnostic['severity'], code: Diagnostic['code'], message: string, path?: string): void {
    const diagnostic: Diagnostic = { severity, code, message, componentId: this.spec.componentId, ref: this.spec.ref };
    if (path !== undefined) diagnostic.path = path;
    this.diagnostics.push(diagnostic);
  }
}

type Constraints = ReturnType<typeof componentConstraints>;
/** Composition constraints by catalog and type, read once (every node of a type asks for the same). */
const constraintsByCatalog = new WeakMap<Catalog, Map<string, Constraints>>();

function constraintsOf(catalog: Catalog, type: string): Constraints {
  let byType = constraintsByCatalog.get(catalog);
  if (!byType) constraintsByCatalog.set(catalog, (byType = new Map()));
  let constraints = byType.get(type);
  if (!constraints) byType.set(type, (constraints = componentConstraints(catalog, type)));
  return constraints;
}

const NOT_PLAIN: unique symbol = Symbol('not a plain binding');

function isBinding(value: unknown): value is { path: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { path?: unknown }).path === 'string' &&
    Object.keys(value).length === 1
  );
}

function isCall(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { call?: unknown }).call === 'string';
}

/** Whether a raw value holds a binding or call anywhere (literals skip the evaluator). */
function containsDynamic(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > 32) return true;
  if (isBinding(value) || isCall(value)) return true;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (containsDynamic(item, depth + 1)) return true;
  return false;
}

function toValidationResult(value: unknown): ValidationResult {
  if (typeof value === 'boolean') return { valid: value };
  if (typeof value === 'object' && value !== null && typeof (value as { valid?: unknown }).valid === 'boolean') {
    return value as ValidationResult;
  }
  // A condition that is pending or failed counts as invalid (protocol: "Validation Rule Failure").
  return { valid: false };
}

/** Structural equality of two nodes, so an unchanged result keeps the old object. */
function sameNode(a: ResolvedNode, b: ResolvedNode): boolean {
  return jsonEqual(a, b);
}

