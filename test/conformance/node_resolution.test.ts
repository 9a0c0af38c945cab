/**
 * core/node_resolution.yaml (action resolve_nodes): the node resolver, through the public session
 * API (createSession, handleMessage, write, invoke, dispose, resolvedTree). Fixtures are read
 * from test_data/node/; their catalog (`../specification/v0_9_1/…/basic/catalog.json`) is our
 * basicCatalog(), as HARNESS.md maps it, and they are sent as one createSurface message.
 *
 * The suite's node model, in our terms (a node is an immutable snapshot at a ref):
 * - the suite names nodes by tree place (`root/children/1/child`: parent, property, index); our
 *   refs name what a node is (component id, plus the template item's data path). The harness
 *   maps places onto refs by walking the resolved tree from the root through the props that hold
 *   child refs (test/helpers/places.ts); a component shown at two places is one node of ours and
 *   two places of the suite's. Every check below is made per place.
 * - node at place P: the node whose ref the walk finds at P; the set of places must equal the
 *   expected keys. `component_id` is componentId, `type` is component, `state` is
 *   `pending` for a 'missing' placeholder (`error` for other placeholders), else `resolved`;
 *   `data_path` is the node's scope ('/' outside templates).
 * - props: `{value, writable}` is the evaluated prop, writable when the prop is in `bindings`;
 *   `{node: P}` is the ref of the node at place P placed in that prop; `{action: true}` an action object.
 * - identity: the suite's node at place R survives a step when R is in the tree before and after and
 *   still renders the same component id in the same state (resolved or pending); otherwise the old
 *   node was replaced. `same_nodes` / `replaced_nodes` list refs of each kind.
 * - `emissions`: surviving nodes whose snapshot object changed (a new node is not an emission of
 *   its own); `destroyed`: refs that left the tree plus replaced refs, once each.
 * - ops: `write` is write() (the step's place mapped onto a ref first, as for `invoke`); `set_data` and `update_components` are updateDataModel and
 *   updateComponents messages; `invoke` is invoke(), whose `action` send effects are `events`
 *   and whose `openUrl` effects are the `functions` that ran (`{name: 'openUrl', args: {url}}`,
 *   the url compared as a URL, in WHATWG serialization, since the effect carries the parsed URL),
 *   both compared as lists (absent: none); `dispose` is dispose(), after which the surface has no
 *   resolved tree (API.md: dispose "drops resolved trees").
 * - `remove_component` has no v1.0 message (updateComponents only adds or replaces components),
 *   so the harness removes the definition from the surface state, the resolver's input, and
 *   continues with sessionFrom(runtime, state).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { BASIC_CATALOG_ID, basicCatalog } from '../../src/catalog';
import { getIn } from '../../src/data';
import type { ResolvedNode } from '../../src/model/tree';
import { invoke, write } from '../../src/session/interaction';
import { createSession, dispose, handleMessage, resolvedTree, sessionFrom, type Session } from '../../src/session/session';
import type { Effect } from '../../src/model/effects';
import { isRecord } from './mapping';
import { placesOf } from '../helpers/places';
import { loadSuite, runSuite, fixturePathOfCasePath, FIXTURES, type ConformanceCase } from './suite';
import { tableWith } from '../../src/data/table';

const cases = loadSuite('core/node_resolution.yaml');
const SURFACE = 'main';

interface Fixture {
  catalog: string;
  data: Record<string, unknown>;
  components: Array<Record<string, unknown>>;
}

interface Expectation {
  nodes?: Record<string, Record<string, unknown>>;
  data?: Record<string, unknown>;
  emissions?: Record<string, number>;
  same_nodes?: string[];
  replaced_nodes?: string[];
  destroyed?: Record<string, number>;
  events?: unknown[];
  functions?: unknown[];
}

interface Step {
  op: 'write' | 'set_data' | 'update_components' | 'remove_component' | 'invoke' | 'dispose';
  node?: string;
  property?: string;
  value?: unknown;
  path?: string;
  components?: unknown[];
  component_id?: string;
  expect: Expectation;
}

type Snapshot = Record<string, ResolvedNode>;

function loadFixture(casePath: string): Fixture {
  const shared = fixturePathOfCasePath(casePath);
  if (shared === null) throw new Error(`fixture ${casePath} is not in the vendored conformance data`);
  return parse(readFileSync(join(FIXTURES, shared), 'utf8')) as Fixture;
}

/** The nodes of the surface by tree place. */
function snapshot(session: Session | null): Snapshot {
  return placesOf(session === null ? undefined : resolvedTree(session, SURFACE));
}

/** The ref of the node at a place the step names. */
function refOfPlace(session: Session, place: string | undefined): string {
  const node = snapshot(session)[place as string];
  if (!node) throw new Error(`no node at place ${String(place)}`);
  return node.ref;
}

function applied(result: { ok: true; session: Session; effects: Effect[] } | { ok: false; error: { message: string } }): { session: Session; effects: Effect[] } {
  if (!result.ok) throw new Error(`step failed: ${result.error.message}`);
  return result;
}

/** The suite's node state. */
function stateOf(node: ResolvedNode): string {
  if (node.placeholder === undefined) return 'resolved';
  return node.placeholder === 'missing' ? 'pending' : 'error';
}

/** Whether the suite's node at a ref survived from `before` to `after`. */
function survived(before: ResolvedNode, after: ResolvedNode): boolean {
  return before.componentId === after.componentId && stateOf(before) === stateOf(after);
}

function isActionObject(value: unknown): boolean {
  return isRecord(value) && ('event' in value || 'functionCall' in value);
}

function checkProp(places: Snapshot, node: ResolvedNode, key: string, actual: unknown, expected: unknown, where: string): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${where}: expected ${expected.length} items, got ${JSON.stringify(actual)}`];
    return expected.flatMap((item, i) => checkProp(places, node, key, actual[i], item, `${where}/${i}`));
  }
  if (!isRecord(expected)) return [`${where}: unreadable expectation ${JSON.stringify(expected)}`];
  const problems: string[] = [];
  if ('node' in expected) {
    const child = places[expected.node as string];
    if (child === undefined || actual !== child.ref || !node.children.includes(child.ref)) problems.push(`${where}: expected child ${String(expected.node)}, got ${JSON.stringify(actual)}`);
  }
  if ('action' in expected && isActionObject(actual) !== expected.action) problems.push(`${where}: expected an action, got ${JSON.stringify(actual)}`);
  if ('value' in expected && JSON.stringify(actual) !== JSON.stringify(expected.value)) problems.push(`${where}: expected ${JSON.stringify(expected.value)}, got ${JSON.stringify(actual)}`);
  if ('writable' in expected && key in node.bindings !== expected.writable) problems.push(`${where}: expected writable ${String(expected.writable)}`);
  return problems;
}

function checkNodes(after: Snapshot, expected: NonNullable<Expectation['nodes']>): void {
  expect(Object.keys(after).sort()).toEqual(Object.keys(expected).sort());
  const problems: string[] = [];
  for (const [ref, want] of Object.entries(expected)) {
    const node = after[ref];
    if (!node) continue;
    if ('component_id' in want && node.componentId !== want.component_id) problems.push(`${ref}: component_id ${node.componentId}`);
    if ('type' in want && node.component !== want.type) problems.push(`${ref}: type ${node.component}`);
    if ('state' in want && stateOf(node) !== want.state) problems.push(`${ref}: state ${stateOf(node)}`);
    if ('data_path' in want && (node.scope ?? '/') !== want.data_path) problems.push(`${ref}: data_path ${String(node.scope)}`);
    for (const [key, prop] of Object.entries((want.props as Record<string, unknown> | undefined) ?? {})) {
      problems.push(...checkProp(after, node, key, node.props[key], prop, `${ref}.${key}`));
    }
  }
  expect(problems).toEqual([]);
}

function checkIdentity(before: Snapshot, after: Snapshot, expected: Expectation): void {
  const emissions: Record<string, number> = {};
  const destroyed: Record<string, number> = {};
  const same: string[] = [];
  const replaced: string[] = [];
  for (const [ref, old] of Object.entries(before)) {
    const now = after[ref];
    if (now === undefined) destroyed[ref] = 1;
    else if (!survived(old, now)) {
      destroyed[ref] = 1;
      replaced.push(ref);
    } else {
      same.push(ref);
      if (now !== old) emissions[ref] = 1;
    }
  }
  if (expected.emissions !== undefined) expect({ emissions }).toEqual({ emissions: expected.emissions });
  if (expected.destroyed !== undefined) expect({ destroyed }).toEqual({ destroyed: expected.destroyed });
  for (const ref of expected.same_nodes ?? []) expect({ ref, same: same.includes(ref) }).toEqual({ ref, same: true });
  for (const ref of expected.replaced_nodes ?? []) expect({ ref, replaced: replaced.includes(ref) }).toEqual({ ref, replaced: true });
}

function checkInvocation(effects: Effect[], expected: Expectation): void {
  const events: unknown[] = [];
  const functions: unknown[] = [];
  for (const effect of effects) {
    if (effect.type === 'send' && isRecord(effect.message.action)) {
      const action = effect.message.action as { name: string; sourceComponentId: string; context: unknown };
      events.push({ name: action.name, source_component_id: action.sourceComponentId, context: action.context });
    }
    if (effect.type === 'openUrl') functions.push({ name: 'openUrl', args: { url: effect.url } });
  }
  const wanted = (expected.functions ?? []).map((f) => {
    const call = f as { name: string; args: { url?: string } };
    return call.name === 'openUrl' && typeof call.args.url === 'string' ? { ...call, args: { ...call.args, url: new URL(call.args.url).href } } : call;
  });
  expect({ events, functions }).toEqual({ events: expected.events ?? [], functions: wanted });
}

function applyStep(session: Session, step: Step): { session: Session | null; effects: Effect[] } {
  switch (step.op) {
    case 'write':
      return applied(write(session, SURFACE, refOfPlace(session, step.node), step.property as string, step.value));
    case 'set_data':
      return applied(handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: SURFACE, path: step.path, value: step.value } }));
    case 'update_components':
      return applied(handleMessage(session, { version: 'v1.0', updateComponents: { surfaceId: SURFACE, components: step.components } }));
    case 'remove_component': {
      const state = session.state;
      const surface = state.surfaces[SURFACE];
      if (!surface) throw new Error('no surface');
      const components = tableWith(surface.components, [], [step.component_id as string]);
      const next = { ...state, surfaces: { ...state.surfaces, [SURFACE]: { ...surface, components } } };
      return { session: sessionFrom(session.runtime, next), effects: [] };
    }
    case 'invoke':
      return applied(invoke(session, SURFACE, refOfPlace(session, step.node), step.property ?? 'action'));
    case 'dispose':
      return { session: null, effects: dispose(session).effects };
  }
}

function run(c: ConformanceCase): void {
  expect(c.action).toBe('resolve_nodes');
  const fixture = loadFixture(c.fixture as string);
  let session: Session | null = createSession([basicCatalog()]);
  const created = handleMessage(session, {
    version: 'v1.0',
    createSurface: {
      surfaceId: SURFACE,
      catalogId: BASIC_CATALOG_ID,
      dataModel: fixture.data,
      // createSurface.components has minItems 1: an empty fixture sends none.
      ...(fixture.components.length > 0 ? { components: fixture.components } : {}),
    },
  });
  if (!created.ok) throw new Error(`fixture rejected: ${created.error.message}`);
  session = created.session;
  let before = snapshot(session);
  checkNodes(before, (c.expect as Expectation).nodes ?? {});
  for (const step of (c.steps as Step[] | undefined) ?? []) {
    if (session === null) throw new Error('a step after dispose');
    const { session: next, effects } = applyStep(session, step);
    session = next;
    const after = snapshot(session);
    if (step.expect.nodes !== undefined) checkNodes(after, step.expect.nodes);
    for (const [path, value] of Object.entries(step.expect.data ?? {})) {
      expect({ path, value: session === null ? undefined : getIn(session.state.surfaces[SURFACE]?.dataModel, path) }).toEqual({ path, value });
    }
    checkIdentity(before, after, step.expect);
    if (step.op === 'invoke') checkInvocation(effects, step.expect);
    before = after;
  }
}

/** API.md's identity rule, where the suite's parents hold their children's node objects. */
const PARENT_KEEPS_IDENTITY =
  'API.md decides that a node keeps "its object identity while nothing it reads changed", and a parent reads its children by ref (NodeRef: "what the node is, not where it sits": the child\'s component id); when the child is replaced (pending ⇄ resolved), the parent\'s snapshot is unchanged, so root keeps its object and does not emit, where the suite\'s parents hold their child node objects and emit once. Everything else the case checks (replaced and destroyed nodes, surviving identities, props) matches';

const known: Record<string, string> = {
  shared_definition_independent_instances: PARENT_KEEPS_IDENTITY,
  pending_child_replacement: PARENT_KEEPS_IDENTITY,
};

runSuite('node_resolution', cases, run, { known });
