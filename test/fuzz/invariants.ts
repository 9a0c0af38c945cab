/**
 * The properties every operation must keep, as checks that throw a descriptive Error (so they
 * work inside fast-check properties and plain tests alike).
 */
import type { Catalog } from '../../src/catalog/types';
import { A2UI_ERROR_CODES } from '../../src/protocol/errors';
import { parseRendererMessage } from '../../src/protocol/parse';
import { componentShape, type PropShape } from '../../src/catalog/componentShape';
import { createResolverCache, resolveSurface } from '../../src/resolution/resolver';
import type { ResolvedNode, ResolvedTree } from '../../src/model/tree';
import type { Effect } from '../../src/model/effects';
import { resolvedTree, surfaces, type Session } from '../../src/session/session';
import { tableValues } from '../../src/data/table';

export class InvariantError extends Error {
  override readonly name = 'InvariantError';
}

export function invariant(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) throw new InvariantError(typeof message === 'function' ? message() : message);
}

const short = (value: unknown, max = 300): string => {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
};
export { short };

// ------------------------------------------------------------------ prototypes

const ROOTS: Array<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
];
const snapshot = (): string[] => ROOTS.map(([, proto]) => Reflect.ownKeys(proto).map(String).sort().join(','));
const BASELINE = snapshot();
const BASELINE_TO_STRING = Object.prototype.toString;
const BASELINE_HAS_OWN = Object.prototype.hasOwnProperty;
const SENTINELS = ['polluted', 'isAdmin', 'hacked', 'a', 'b', 'name', 'value', 'x', 'length2'];

/** Object.prototype (and friends) never gained or lost a property, and nothing was replaced. */
export function assertPrototypesClean(): void {
  const now = snapshot();
  ROOTS.forEach(([name], i) => invariant(now[i] === BASELINE[i], () => `${name} changed: ${now[i]} (was ${BASELINE[i]})`));
  invariant(Object.prototype.toString === BASELINE_TO_STRING, 'Object.prototype.toString was replaced');
  invariant(Object.prototype.hasOwnProperty === BASELINE_HAS_OWN, 'Object.prototype.hasOwnProperty was replaced');
  const probe: Record<string, unknown> = {};
  for (const key of SENTINELS) invariant(probe[key] === undefined, `({}).${key} is defined: prototype pollution`);
  invariant(Object.getPrototypeOf(probe) === Object.prototype, 'a fresh object has a foreign prototype');
}

// ------------------------------------------------------------------ serializability

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The first thing that is not plain JSON data in `value` (functions, class instances, Maps,
 * Dates, undefined, non-finite numbers, accessors, cycles, sparse arrays), or null.
 */
export function serializationProblem(value: unknown, path = '', ancestors: Set<object> = new Set(), depth = 0): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path || '/'}: non-finite number ${value}`;
  if (typeof value !== 'object') return `${path || '/'}: ${typeof value}`;
  if (depth > 400) return `${path}: nested deeper than 400`;
  if (ancestors.has(value)) return `${path}: cycle`;
  if (Array.isArray(value)) {
    ancestors.add(value);
    for (let i = 0; i < value.length; i += 1) {
      if (!(i in value)) return `${path}/${i}: hole in array`;
      const problem = serializationProblem(value[i], `${path}/${i}`, ancestors, depth + 1);
      if (problem) return problem;
    }
    ancestors.delete(value);
    return null;
  }
  if (!isPlain(value)) return `${path || '/'}: instance of ${(value as { constructor?: { name?: string } }).constructor?.name ?? 'unknown class'}`;
  ancestors.add(value);
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'symbol') return `${path}: symbol key ${String(key)}`;
    const descriptor = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
    if (!descriptor.enumerable) return `${path}/${key}: non-enumerable property`;
    if (descriptor.get || descriptor.set) return `${path}/${key}: accessor property`;
    if (descriptor.value === undefined) return `${path}/${key}: undefined value`;
    const problem = serializationProblem(descriptor.value, `${path}/${key}`, ancestors, depth + 1);
    if (problem) return problem;
  }
  ancestors.delete(value);
  return null;
}

/** Deep equality for JSON data (0 and -0 equal, key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const key of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** Plain data that survives a JSON round trip unchanged. */
export function assertSerializable(value: unknown, what: string): void {
  const problem = serializationProblem(value);
  invariant(problem === null, () => `${what} is not serializable: ${problem}`);
  const copy: unknown = JSON.parse(JSON.stringify(value));
  invariant(jsonEqual(copy, value), () => `${what} changes in a JSON round trip`);
}

// ------------------------------------------------------------------ results and effects

/**
 * Whether a failure is the catch-all of a public function for an exception thrown inside it
 * ("The payload could not be processed: …", "write failed: …", "invoke failed: …"): the function
 * did not throw, but something inside it did, which is a bug.
 */
export function isInternalFailure(error: { message: string }): boolean {
  return /^(The payload could not be processed|write failed|invoke failed):/.test(error.message);
}

const ERROR_CODES = new Set<string>(A2UI_ERROR_CODES);

/** A public operation's result: the documented shape, and a known error code with a message. */
export function assertResultShape(result: unknown, what: string): void {
  invariant(typeof result === 'object' && result !== null, () => `${what} returned ${short(result)}`);
  const r = result as { ok?: unknown; error?: { code?: unknown; message?: unknown }; effects?: unknown };
  invariant(typeof r.ok === 'boolean', `${what}: result has no boolean ok`);
  if (r.ok === false) {
    invariant(typeof r.error === 'object' && r.error !== null, `${what}: failure without error`);
    invariant(ERROR_CODES.has(String(r.error.code)), () => `${what}: unknown error code ${short(r.error?.code)}`);
    invariant(typeof r.error.message === 'string' && r.error.message.length > 0, `${what}: error without message`);
  }
  if (r.effects !== undefined) invariant(Array.isArray(r.effects), `${what}: effects is not an array`);
}

/** Outbound messages must be valid renderer→agent messages (their own schema says so). */
export function assertOutboundValid(effects: readonly Effect[], what: string): void {
  for (const effect of effects) {
    if (effect.type !== 'send') continue;
    const parsed = parseRendererMessage(effect.message);
    invariant(parsed.ok, () => `${what}: invalid outbound message ${short(effect.message)}: ${parsed.ok ? '' : parsed.error.message}`);
  }
}

/** The `error` bodies sent, by the surface or call they name. */
export function errorSends(effects: readonly Effect[]): Array<Record<string, unknown>> {
  return effects.flatMap((e) => (e.type === 'send' && 'error' in e.message ? [e.message.error as Record<string, unknown>] : []));
}

// ------------------------------------------------------------------ agent calls

/**
 * Bookkeeping of agent calls across a whole conversation: each id is sent once, settles at most
 * once (and only if it was sent), and after dispose every id sent has settled exactly once.
 */
export class CallLedger {
  readonly sent = new Set<string>();
  readonly settled = new Map<string, number>();

  observe(effects: readonly Effect[], what: string): void {
    const announced = new Set<string>();
    for (const effect of effects) {
      if (effect.type === 'agentCallSent') {
        invariant(!this.sent.has(effect.callId), `${what}: agent call ${effect.callId} sent twice`);
        this.sent.add(effect.callId);
        announced.add(effect.callId);
      }
      if (effect.type === 'send' && 'callAgentFunction' in effect.message) {
        const id = (effect.message.callAgentFunction as { functionCallId: string }).functionCallId;
        invariant(effects.some((e) => e.type === 'agentCallSent' && e.callId === id), `${what}: callAgentFunction ${id} without agentCallSent`);
      }
      if (effect.type === 'rpcSettled') {
        invariant(this.sent.has(effect.callId), `${what}: rpcSettled for ${effect.callId}, which was never sent`);
        const count = (this.settled.get(effect.callId) ?? 0) + 1;
        invariant(count === 1, `${what}: agent call ${effect.callId} settled ${count} times`);
        this.settled.set(effect.callId, count);
      }
    }
  }

  /** After dispose: every call sent settled exactly once. */
  assertAllSettled(what: string): void {
    for (const id of this.sent) invariant(this.settled.get(id) === 1, `${what}: agent call ${id} settled ${this.settled.get(id) ?? 0} times after dispose`);
  }
}

/** The pending rows in state agree with the ledger. */
export function assertCallTable(session: Session, ledger: CallLedger, what: string): void {
  for (const row of tableValues(session.state.agentCalls)) {
    invariant(ledger.sent.has(row.callId), `${what}: row ${row.callId} in state was never announced`);
    const settled = ledger.settled.get(row.callId) === 1;
    invariant((row.status === 'pending') === !settled, `${what}: row ${row.callId} is ${row.status} but settled=${settled}`);
  }
}

// ------------------------------------------------------------------ resolved trees

function catalogOf(catalogs: readonly Catalog[], id: string): Catalog | undefined {
  return catalogs.find((c) => c.catalogId === id);
}

/** Child refs a node's props hold, by its catalog shape (child, childList, nested slots). */
function childRefProps(node: ResolvedNode, shape: Record<string, PropShape>): Array<{ slot: string; value: unknown; list: boolean }> {
  const out: Array<{ slot: string; value: unknown; list: boolean }> = [];
  const visit = (value: unknown, propShape: PropShape | undefined, slot: string): void => {
    if (!propShape) return;
    if (propShape.kind === 'child') out.push({ slot, value, list: false });
    else if (propShape.kind === 'childList') out.push({ slot, value, list: true });
    else if (propShape.kind === 'array' && Array.isArray(value)) value.forEach((item, i) => visit(item, propShape.items, `${slot}/${i}`));
    else if (propShape.kind === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) visit(inner, propShape.properties[key], `${slot}/${key}`);
    }
  };
  for (const [key, value] of Object.entries(node.props)) visit(value, shape[key], key);
  return out;
}

/**
 * A tree has no dangling refs: every child in `children` and every child-ref prop names a node of
 * the tree; every node but the root is some node's child; `root` is `nodes.root`.
 */
export function assertTreeConsistent(tree: ResolvedTree, catalogs: readonly Catalog[], what: string): void {
  const nodes = tree.nodes;
  invariant(tree.root === (nodes.root ?? null), `${what}: tree.root is not nodes.root`);
  const placed = new Set<string>(['root']);
  for (const [ref, node] of Object.entries(nodes)) {
    invariant(node.ref === ref, `${what}: node under '${ref}' says its ref is '${node.ref}'`);
    for (const child of node.children) {
      invariant(Object.prototype.hasOwnProperty.call(nodes, child), `${what}: node '${ref}' lists child '${child}', which is not in the tree`);
      // A component shown twice over the same data is one node (API.md), so a ref may be placed twice.
      placed.add(child);
    }
    if (node.placeholder) {
      invariant(node.children.length === 0, `${what}: placeholder '${ref}' has children`);
      continue;
    }
    const catalog = catalogOf(catalogs, node.catalogId);
    const shape = catalog ? componentShape(catalog, node.component) : null;
    if (!shape) continue;
    for (const { slot, value, list } of childRefProps(node, shape)) {
      const refs = list ? (Array.isArray(value) ? value : [value]) : [value];
      for (const child of refs) {
        if (child === null) continue;
        invariant(
          typeof child === 'string' && Object.prototype.hasOwnProperty.call(nodes, child) && node.children.includes(child),
          () => `${what}: prop '${slot}' of node '${ref}' (${node.component}) holds ${short(child)}, which is not a child node of the tree`,
        );
      }
    }
  }
  for (const ref of Object.keys(nodes)) invariant(placed.has(ref), `${what}: node '${ref}' is in the tree but no node places it`);
  // Refs form no cycle: a renderer that walks children from the root always ends.
  const state = new Map<string, 'open' | 'done'>();
  const walk = (ref: string): void => {
    state.set(ref, 'open');
    for (const child of nodes[ref]?.children ?? []) {
      invariant(state.get(child) !== 'open', `${what}: '${child}' is its own ancestor`);
      if (!state.has(child)) walk(child);
    }
    state.set(ref, 'done');
  };
  if (tree.root) walk(tree.root.ref);
}

/** Every surface's tree is consistent, and equal to a resolution from scratch (incremental = full). */
export function assertTrees(session: Session, what: string, options: { fresh?: boolean } = {}): void {
  for (const s of surfaces(session)) {
    const tree = resolvedTree(session, s.surfaceId);
    invariant(tree !== undefined, `${what}: surface '${s.surfaceId}' has no tree`);
    assertTreeConsistent(tree, session.runtime.catalogs, `${what} [surface ${s.surfaceId}]`);
    if (options.fresh !== false) {
      const fresh = resolveSurface(createResolverCache(), session.runtime.resolution, s, session.state).tree;
      const a = Object.keys(tree.nodes).sort();
      const b = Object.keys(fresh.nodes).sort();
      invariant(jsonEqual(a, b), () => `${what} [surface ${s.surfaceId}]: incremental tree has nodes ${short(a)}, a fresh resolution ${short(b)}`);
      for (const ref of a) {
        invariant(jsonEqual(tree.nodes[ref], fresh.nodes[ref]), () => `${what} [surface ${s.surfaceId}]: node '${ref}' differs from a fresh resolution: ${short(tree.nodes[ref])} vs ${short(fresh.nodes[ref])}`);
      }
    }
  }
}
