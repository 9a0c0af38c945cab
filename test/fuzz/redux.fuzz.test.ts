/**
 * Property-based test of the Redux integration under hostile input: a real RTK store (default
 * middleware, so the serializability and immutability checks run), the root saga and the
 * in-memory transport, driven by the same generated conversations as the pure session, with
 * random delays under fake timers so agent-call timeouts race the answers.
 */
import fc from 'fast-check';
import { scenarioArb } from './arbitraries';
import { logRuns, params, TEST_TIMEOUT_MS } from './config';
import { assertPrototypesClean } from './invariants';
import { runReduxScenario } from './reduxRunner';

jest.setTimeout(TEST_TIMEOUT_MS);
afterAll(() => logRuns('redux'));

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
  assertPrototypesClean();
});

describe('store + saga + in-memory transport under random and mutated conversations', () => {
  test('no throw, no RTK warning, plain state, consistent trees; every call settles once and every callRendererFunction is answered once', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, fc.array(fc.constantFrom(0, 0, 10, 60, 200, 20_000), { minLength: 1, maxLength: 6 }), async (scenario, delays) => {
        await runReduxScenario(scenario, delays);
      }),
      params(0.15),
    );
  });
});
