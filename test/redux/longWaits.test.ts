/**
 * Waits longer than one timer can hold (setTimeout takes at most 2^31 - 1 ms, about 24.8 days):
 * an `agentCallDebounceMs` or a timeout that long is a valid option, and the saga must wait all of
 * it, neither failing its worker (so the call would never be sent or never time out) nor cutting
 * it short.
 */
import { echoSurface } from '../helpers/reduxFixtures';
import { captureConsole, createHarness, type ConsoleCapture } from '../helpers/reduxHarness';

const LONG = 3_000_000_000; // ms, about 34.7 days: more than one timer holds

let consoleCapture: ConsoleCapture;
beforeEach(() => {
  jest.useFakeTimers();
  consoleCapture = captureConsole();
});
afterEach(() => {
  consoleCapture.restore();
  jest.useRealTimers();
});

it('a debounce and a timeout longer than one timer run their whole length, once', async () => {
  const h = createHarness({ agentCallDebounceMs: LONG, defaultTimeoutMs: LONG });
  try {
    h.agent.send(echoSurface());
    await jest.advanceTimersByTimeAsync(0);
    h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value: 'x' }));
    const sent = () => h.receivedOf('callAgentFunction').length;
    const timedOut = () => h.recorded.filter((a) => a.type === 'a2ui/agentCallTimedOut').length;

    await jest.advanceTimersByTimeAsync(LONG - 1);
    expect(sent()).toBe(1); // the opening call; the debounced one still waits
    expect(h.recorded.filter((a) => a.type === 'a2ui/workerFailed')).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent()).toBe(2);
    // The opening call was superseded; the sent one times out a whole LONG after it was sent.
    await jest.advanceTimersByTimeAsync(LONG - 1);
    expect(timedOut()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(timedOut()).toBe(1);
    expect(h.recorded.filter((a) => a.type === 'a2ui/workerFailed')).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  } finally {
    h.task.cancel();
  }
});
