/**
 * Incremental = from scratch at the caps, with what this round added in the mix: the debounce
 * option on (waiting calls sent when due), component swaps that keep every node's place (the
 * in-place path at a cap), going back to an earlier state in the same runtime (time travel: the
 * shared resolver cache then holds a later tree) and a state that went through JSON (tables
 * rebuilt from plain data). After each step the tree must equal a resolution from scratch, and
 * the changed refs the resolver notes beside trees must name every node whose object differs
 * from the tree seen before (what the React surface relies on to wake nodes).
 */
import fc from 'fast-check';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import type { SessionLimits } from '../../src/processor/config';
import { createSession, handleMessage, resolvedTree, sendDebouncedAgentCall, sessionFrom, type Session } from '../../src/session/session';
import { changedNodeRefs } from '../../src/resolution/changes';
import { lookupNode } from '../../src/resolution/resolver';
import type { ResolvedTree } from '../../src/model/tree';
import type { SessionState } from '../../src/model/state';
import { tableValues } from '../../src/data/table';
import { applyCapsStep, type CapsStep } from './capsSteps';
import { logRuns, params, TEST_TIMEOUT_MS } from './config';
import { assertPrototypesClean, assertTrees, invariant } from './invariants';

jest.setTimeout(TEST_TIMEOUT_MS);
afterAll(() => logRuns('capsTimeTravel'));
afterEach(() => assertPrototypesClean());

const LIMITS: Partial<SessionLimits> = { maxNodes: 30, maxTemplateItems: 12, maxWorkPerSurface: 120, maxCharsPerSurface: 300, maxStringLength: 60 };

type Json = Record<string, unknown>;
const v = (body: Json): Json => ({ version: 'v1.0', ...body });

const ROWS: Json[] = [
  { id: 'row', component: 'Column', children: { componentId: 'cell', path: 'cells' } },
  { id: 'row', component: 'TextField', label: 'x', value: { path: 'title' } },
  { id: 'row', component: 'Text', text: { call: 'lookup', args: { q: { path: 'title' } } } },
];
/** Cells: the last two differ only in a literal, so swapping between them keeps every node's place. */
const CELLS: Json[] = [
  { id: 'cell', component: 'Text', text: { path: 'v' } },
  { id: 'cell', component: 'Text', text: { call: 'formatString', args: { value: '${v}-${v}' } } },
  { id: 'cell', component: 'Text', text: 'one' },
  { id: 'cell', component: 'Text', text: 'two' },
];

const textArb = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a'.repeat(40), 'b', ''));
const rowArb = fc.record({ title: textArb, cells: fc.array(fc.record({ v: textArb }), { maxLength: 5 }) });

type Step = CapsStep | { kind: 'due'; pick: number } | { kind: 'back'; pick: number } | { kind: 'json' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('rows' as const), rows: fc.array(rowArb, { maxLength: 14 }) }),
  { arbitrary: fc.record({ kind: fc.constant('title' as const), index: fc.nat(5), value: textArb }), weight: 3 },
  fc.record({ kind: fc.constant('cell' as const), index: fc.nat(13), cell: fc.nat(4), value: textArb }),
  fc.record({ kind: fc.constant('write' as const), pick: fc.nat(), value: textArb }),
  fc.record({ kind: fc.constant('row' as const), variant: fc.nat(ROWS.length - 1) }),
  fc.record({ kind: fc.constant('cellType' as const), variant: fc.nat(CELLS.length - 1) }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), value: textArb }),
  { arbitrary: fc.record({ kind: fc.constant('due' as const), pick: fc.nat() }), weight: 3 },
  fc.record({ kind: fc.constant('back' as const), pick: fc.nat() }),
  fc.constant({ kind: 'json' as const }),
);

/** How often a waiting call was sent, so the run shows the debounce path was taken. */
const counts = { sent: 0 };

function apply(session: Session, step: Step, history: readonly Session[]): Session {
  switch (step.kind) {
    case 'due': {
      const waiting = tableValues(session.state.agentCalls).filter((row) => row.debounced === true && row.status === 'pending');
      const row = waiting[step.pick % Math.max(1, waiting.length)];
      if (row === undefined) return session;
      counts.sent += 1;
      return sendDebouncedAgentCall(session, row.callId).session;
    }
    case 'back':
      return history.length === 0 ? session : (history[step.pick % history.length] as Session);
    case 'json':
      return sessionFrom(session.runtime, JSON.parse(JSON.stringify(session.state)) as SessionState);
    default:
      return applyCapsStep(session, step, ROWS, CELLS);
  }
}

/** Every ref whose node object differs between `from` and `to` must be among the noted changed refs. */
function assertChangedRefs(from: ResolvedTree | undefined, to: ResolvedTree | undefined, what: string): boolean {
  if (from === undefined || to === undefined) return false;
  const changed = changedNodeRefs(from, to);
  if (changed === undefined) return false;
  for (const ref of new Set([...Object.keys(from.nodes), ...Object.keys(to.nodes)])) {
    if (lookupNode(from, ref) !== lookupNode(to, ref)) invariant(changed.has(ref), () => `${what}: node '${ref}' changed but is not among the changed refs`);
  }
  return true;
}

describe('at the caps, with debounces, time travel and JSON round trips', () => {
  test('incremental trees equal fresh ones and changed refs cover every changed node', () => {
    let steps = 0;
    let stepsAtCap = 0;
    let linkedSteps = 0;
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 4, maxLength: 14 }), fc.constantFrom(0, 2, 2, 1), fc.array(stepArb, { minLength: 1, maxLength: 25 }), (rows, firstRow, script) => {
        let session = createSession([basicCatalog()], { limits: LIMITS, agentCallDebounceMs: 50 });
        const opened = handleMessage(session, v({ createSurface: {
          surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { rows },
          components: [{ id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } }, ROWS[firstRow], CELLS[0]],
        } }));
        invariant(opened.ok, 'the surface opens');
        session = opened.session;
        assertTrees(session, 'opened');
        const history: Session[] = [session];
        let seen = resolvedTree(session, 's');
        script.forEach((step, i) => {
          session = apply(session, step, history);
          history.push(session);
          const tree = resolvedTree(session, 's');
          if (assertChangedRefs(seen, tree, `step ${i} (${step.kind})`)) linkedSteps += 1;
          seen = tree;
          assertTrees(session, `step ${i} (${step.kind})`);
          steps += 1;
          if (Object.values(tree?.nodes ?? {}).some((n) => n.placeholder === 'missing')) stepsAtCap += 1;
        });
      }),
      params(0.5),
    );
    // Worth something only if the caps were met often and the changed refs were answered often.
    expect(stepsAtCap / steps).toBeGreaterThan(0.1);
    expect(linkedSteps / steps).toBeGreaterThan(0.3);
    expect(counts.sent).toBeGreaterThan(0);
  });
});
