/**
 * Property-based tests of the pure session under hostile input: random and mutated message
 * sequences interleaved with write / invoke / timeoutAgentCall / dispose on refs of the current
 * tree. See ./invariants.ts for what is checked after every step.
 */
import fc from 'fast-check';
import { basicCatalog } from '../../src/catalog';
import { createSession, handleMessage } from '../../src/session/session';
import { garbagePayloadArb, messageArb, pack, payloadArb, scenarioArb, type Scenario } from './arbitraries';
import { logRuns, params, TEST_TIMEOUT_MS } from './config';
import { assertPrototypesClean, assertResultShape, assertSerializable, jsonEqual, short } from './invariants';
import { runSessionScenario } from './sessionRunner';



jest.setTimeout(TEST_TIMEOUT_MS);
afterAll(() => logRuns('session'));

afterEach(() => assertPrototypesClean());

describe('pure session under random and mutated conversations', () => {
  test('every invariant holds after every step of a conversation', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        runSessionScenario(scenario);
      }),
      params(0.3),
    );
  });

  test('handleMessage is total on garbage and on single hostile messages', () => {
    const session = createSession([basicCatalog()]);
    fc.assert(
      fc.property(fc.oneof(garbagePayloadArb, messageArb, payloadArb.map(pack)), (payload) => {
        let result: ReturnType<typeof handleMessage> | undefined;
        expect(() => {
          result = handleMessage(session, payload);
        }).not.toThrow();
        assertResultShape(result, 'handleMessage');
        assertSerializable(result?.session.state, 'state');
        assertSerializable(result?.effects, 'effects');
        assertPrototypesClean();
      }),
      params(1),
    );
  });

  test('determinism: the same operations from the same state give deep-equal state and effects', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario: Scenario) => {
        const first = runSessionScenario(scenario, { fresh: false });
        const second = runSessionScenario(scenario, { fresh: false });
        if (!jsonEqual(first.session.state, second.session.state)) throw new Error(`state differs: ${short(first.session.state)} vs ${short(second.session.state)}`);
        if (!jsonEqual(first.effects, second.effects)) throw new Error('effects differ');
      }),
      params(0.1),
    );
  });
});
