/**
 * One surface's bad input never reaches another: after any payload aimed at surface A (most of
 * them failing), surface B's state is the same object, its resolved tree is the same object,
 * and B's pending agent calls are untouched.
 */
import fc from 'fast-check';
import { basicCatalog } from '../../src/catalog';
import { createSession, handleMessage, resolvedTree } from '../../src/session/session';
import { messageArb, mutateExample, mutationArb, openingArb, pack, wellFormedMessagesArb, type Packing } from './arbitraries';
import { fuzzCatalog } from './catalog';
import { logRuns, params, TEST_TIMEOUT_MS } from './config';
import { assertPrototypesClean, invariant, isInternalFailure, short } from './invariants';
import { tableGet, tableValues } from '../../src/data/table';

jest.setTimeout(TEST_TIMEOUT_MS);
afterAll(() => logRuns('isolation'));
afterEach(() => assertPrototypesClean());

const CATALOGS = [basicCatalog(), fuzzCatalog];

/**
 * Messages aimed at surface A: well-formed or random, then mutated, every surfaceId set to 'A'.
 * Agent responses are left out: they address a call (possibly one of B's), not a surface.
 */
const aimedAtA = fc
  .tuple(fc.oneof(wellFormedMessagesArb, fc.array(messageArb, { minLength: 1, maxLength: 3 })), fc.array(mutationArb, { maxLength: 3 }))
  .map(([messages, mutations]) =>
    mutateExample(messages, [...mutations, { op: 'surface', to: 'A' }]).filter(
      // (A message turned into a string by a mutation would be read as JSON text when sent alone,
      // with its surfaceIds unrenamed; such strings are dropped too.)
      (m) => typeof m !== 'string' && !(typeof m === 'object' && m !== null && Object.prototype.hasOwnProperty.call(m, 'agentFunctionResponse')),
    ),
  )
  .filter((messages) => messages.length > 0);

describe('surface isolation', () => {
  test("a payload aimed at surface A never changes surface B's state, tree or calls", () => {
    const seen = { failed: 0, total: 0 };
    fc.assert(
      fc.property(
        openingArb('A'),
        openingArb('B'),
        aimedAtA,
        fc.constantFrom<Packing>('single', 'array', 'text'),
        fc.boolean(),
        (openA, openB, messages, packing, userActivated) => {
          let session = createSession(CATALOGS, { validation: 'strict' });
          for (const op of [openA, openB]) {
            if (op.kind !== 'payload') continue;
            const opened = handleMessage(session, pack(op.payload));
            if (opened.ok) session = opened.session;
          }
          const b = session.state.surfaces.B;
          if (b === undefined) return;
          const treeB = resolvedTree(session, 'B');
          const rowsB = tableValues(session.state.agentCalls).filter((row) => row.surfaceId === 'B');
          const result = handleMessage(session, pack({ messages, packing }), userActivated ? { userActivated, surfaceId: 'A' } : { surfaceId: 'A' });
          seen.total += 1;
          if (!result.ok) seen.failed += 1;
          if (!result.ok) invariant(!isInternalFailure(result.error), () => `internal exception: ${result.error.message}`);
          invariant(result.session.state.surfaces.B === b, () => `surface B changed after ${short(messages)}`);
          invariant(resolvedTree(result.session, 'B') === treeB, 'the tree of surface B changed');
          for (const row of rowsB) invariant(tableGet(result.session.state.agentCalls, row.callId) === row, `B's call ${row.callId} changed`);
          for (const effect of result.effects) {
            if ('surfaceId' in effect) invariant(effect.surfaceId !== 'B', () => `an effect names surface B: ${short(effect)}`);
          }
        },
      ),
      params(0.4),
    );
    // Not vacuous: a good share of the payloads were refused.
    expect(seen.failed).toBeGreaterThan(seen.total / 10);
  });
});
