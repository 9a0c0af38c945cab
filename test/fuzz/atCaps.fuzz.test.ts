/**
 * Incremental = from scratch, at the caps. With limits scaled down so a few random operations
 * reach them (nodes, evaluation work, computed characters, regex steps, string length, template
 * items), random data updates, user writes, component swaps and agent answers drive a surface
 * over and under every cap; after each step the incremental tree must equal a resolution from
 * scratch of the same state, node for node. The run also checks that the caps were met often
 * enough for the property to mean something.
 */
import fc from 'fast-check';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import type { SessionLimits } from '../../src/processor/config';
import { createSession, handleMessage, resolvedTree, type Session } from '../../src/session/session';
import { logRuns, params, TEST_TIMEOUT_MS } from './config';
import { assertPrototypesClean, assertTrees, invariant } from './invariants';
import { applyCapsStep, type CapsStep } from './capsSteps';

jest.setTimeout(TEST_TIMEOUT_MS);
afterAll(() => logRuns('atCaps'));
afterEach(() => assertPrototypesClean());

const LIMITS: Partial<SessionLimits> = {
  maxNodes: 30,
  maxTemplateItems: 12,
  maxWorkPerSurface: 120,
  maxCharsPerSurface: 300,
  maxRegexStepsPerSurface: 20_000,
  maxStringLength: 60,
  maxRegexStepsPerEvaluation: 8_000,
};

type Json = Record<string, unknown>;
const v = (body: Json): Json => ({ version: 'v1.0', ...body });

/** Row component variants: plain, computed (chars and work), checked (regex steps), agent-backed. */
const ROWS: Json[] = [
  { id: 'row', component: 'Column', children: { componentId: 'cell', path: 'cells' } },
  { id: 'row', component: 'Text', text: { call: 'formatString', args: { value: '${title}${title}' } } },
  { id: 'row', component: 'TextField', label: 'x', value: { path: 'title' }, checks: [{ condition: { call: 'regex', args: { value: { path: 'title' }, pattern: '^(a|aa)*b$' } }, message: 'no' }] },
  { id: 'row', component: 'Text', text: { call: 'lookup', args: { q: { path: 'title' } } } },
];
const CELLS: Json[] = [
  { id: 'cell', component: 'Text', text: { path: 'v' } },
  { id: 'cell', component: 'Text', text: { call: 'formatString', args: { value: '${v}-${v}-${v}' } } },
];

const textArb = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('a'.repeat(25), 'a'.repeat(40), 'b', ''));
const rowArb = fc.record({ title: textArb, cells: fc.array(fc.record({ v: textArb }), { maxLength: 6 }) });

type Step = CapsStep;

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('rows' as const), rows: fc.array(rowArb, { maxLength: 16 }) }),
  fc.record({ kind: fc.constant('title' as const), index: fc.nat(15), value: textArb }),
  fc.record({ kind: fc.constant('cell' as const), index: fc.nat(15), cell: fc.nat(5), value: textArb }),
  fc.record({ kind: fc.constant('write' as const), pick: fc.nat(), value: textArb }),
  fc.record({ kind: fc.constant('row' as const), variant: fc.nat(ROWS.length - 1) }),
  fc.record({ kind: fc.constant('cellType' as const), variant: fc.nat(CELLS.length - 1) }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), value: textArb }),
);

function apply(session: Session, step: Step): Session {
  return applyCapsStep(session, step, ROWS, CELLS);
}

describe('incremental resolution equals resolution from scratch at every cap', () => {
  test('random steps over and under maxNodes and the tree budgets', () => {
    let stepsAtCap = 0;
    let steps = 0;
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 16 }), fc.array(stepArb, { minLength: 1, maxLength: 25 }), (rows, script) => {
        let session = createSession([basicCatalog()], { limits: LIMITS });
        const opened = handleMessage(session, v({ createSurface: {
          surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { rows },
          components: [{ id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } }, ROWS[0], CELLS[0]],
        } }));
        invariant(opened.ok, 'the surface opens');
        session = opened.session;
        assertTrees(session, 'opened');
        script.forEach((step, i) => {
          session = apply(session, step);
          assertTrees(session, `step ${i} (${step.kind})`);
          steps += 1;
          if (Object.values(resolvedTree(session, 's')?.nodes ?? {}).some((n) => n.placeholder === 'missing')) stepsAtCap += 1;
        });
      }),
      params(0.5),
    );
    // The property is only worth something if the caps were met in a fair share of the steps.
    expect(stepsAtCap / steps).toBeGreaterThan(0.1);
  });
});
