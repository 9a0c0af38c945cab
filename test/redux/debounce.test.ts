/**
 * `agentCallDebounceMs` on a real store with the saga middleware, under Jest fake timers: the
 * slice records when each debounced call is due, the saga's timer dispatches `agentCallDue`, and
 * only then does the call reach the agent. Replaying the recorded actions rebuilds the same state.
 */
import { tableGet, tableToRecord } from '../../src/data/table';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createPlainStore, type Harness , withFakeTimerHarness } from '../helpers/reduxHarness';
import { createA2ui } from '../../src/createA2ui';
import { basicCatalog } from '../../src/catalog';
import { createDeliveryStore, scriptedTransport } from '../helpers/reduxDelivery';
import { echoSurface } from '../helpers/reduxFixtures';

const DEBOUNCE = 300;
const TIMEOUT = 1_000;

/** The `q` argument of every callAgentFunction the agent received, in order. */
const receivedQueries = (h: Harness): unknown[] =>
  h.receivedOf('callAgentFunction').map((r) => (r.message.callAgentFunction as unknown as { callFunction: { args: { q: unknown } } }).callFunction.args.q);
const receivedIds = (h: Harness): string[] => h.receivedOf('callAgentFunction').map((r) => (r.message.callAgentFunction as { functionCallId: string }).functionCallId);
const recordedOf = (h: Harness, type: string) => h.recorded.filter((a) => a.type === `a2ui/${type}`).map((a) => a.payload as Record<string, unknown>);
const echoNode = (h: Harness) => h.a2ui.selectors.selectResolvedTree(h.store.getState(), 's')?.nodes.echo;

describe('agentCallDebounceMs with the saga (fake timers)', () => {
  const each = withFakeTimerHarness();

  async function typeSlowly(h: Harness, texts: readonly string[], gapMs: number): Promise<void> {
    for (const text of texts) {
      h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value: text }));
      await jest.advanceTimersByTimeAsync(gapMs);
    }
  }

  it('sends one call, for the last keystroke, once it stayed unchanged for the debounce; then its timeout runs', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: TIMEOUT });
    h.agent.send(echoSurface());
    await jest.advanceTimersByTimeAsync(0);
    expect(receivedQueries(h)).toEqual(['']);

    await typeSlowly(h, ['T', 'To', 'Tok'], 100);
    // 100 ms after the last keystroke: nothing more went out, and the node shows it is waiting.
    expect(receivedQueries(h)).toEqual(['']);
    expect(echoNode(h)?.busy).toBe(true);
    expect(Object.values(h.state().session.debounces ?? {})).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(DEBOUNCE - 100 - 1);
    expect(receivedQueries(h)).toEqual(['']);
    await jest.advanceTimersByTimeAsync(1);
    expect(receivedQueries(h)).toEqual(['', 'Tok']);
    const live = receivedIds(h)[1] as string;
    expect(recordedOf(h, 'agentCallDue')).toEqual([{ callId: live }]);
    expect(h.state().session.debounces).toEqual({});
    expect(tableToRecord(h.state().session.deadlines)).toEqual({ [live]: expect.any(Number) });

    // Its timeout counts from when it was sent.
    await jest.advanceTimersByTimeAsync(TIMEOUT - 1);
    expect(tableGet(h.state().session.core.agentCalls, live)?.status).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(tableGet(h.state().session.core.agentCalls, live)?.status).toBe('timeout');
    expect(jest.getTimerCount()).toBe(0);

    // Every call made settled exactly once: the first sent one and the two that waited were superseded.
    const settled = recordedOf(h, 'agentCallSettled').map((p) => p.callId as string);
    expect(settled).toHaveLength(new Set(settled).size);
    expect(settled).toHaveLength(4);
    expect(settled).toContain(live);
    expect(each.console().calls).toEqual([]);
  });

  it('a superseded waiting call produces no wire message and its timer is cleared', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: TIMEOUT });
    h.agent.send(echoSurface());
    await jest.advanceTimersByTimeAsync(0);
    await typeSlowly(h, ['a'], 10);
    const waiting = Object.keys(h.state().session.debounces ?? {});
    expect(waiting).toHaveLength(1);
    await typeSlowly(h, ['ab'], 10);
    expect(h.state().session.debounces).not.toHaveProperty(waiting[0] as string);
    await jest.advanceTimersByTimeAsync(5 * DEBOUNCE);
    expect(receivedQueries(h)).toEqual(['', 'ab']);
    expect(receivedIds(h)).not.toContain(waiting[0]);
    // The log holds what was delivered: no message of the superseded call.
    const outbound = JSON.stringify(h.state().log.entries.filter((e) => e.direction === 'out'));
    expect(outbound).not.toContain(`"${waiting[0] as string}"`);
  });

  it('deleting the surface drops the waiting call: nothing is sent and no timer is left', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: null });
    h.agent.send(echoSurface());
    await jest.advanceTimersByTimeAsync(0);
    await typeSlowly(h, ['x'], 10);
    expect(Object.keys(h.state().session.debounces ?? {})).toHaveLength(1);
    h.agent.send({ version: 'v1.0', deleteSurface: { surfaceId: 's' } });
    await jest.advanceTimersByTimeAsync(0);
    expect(h.state().session.debounces).toEqual({});
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(5 * DEBOUNCE);
    expect(receivedQueries(h)).toEqual(['']);
    expect(recordedOf(h, 'agentCallDue')).toEqual([]);
  });

  it('a restarted saga re-arms a waiting call with the time left, and sends it once', async () => {
    const { transport, agent } = scriptedTransport(() => 'ok');
    const d = createDeliveryStore({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: null });
    d.start({ transport });
    d.store.dispatch(d.a2ui.actions.messageReceived(echoSurface()));
    await jest.advanceTimersByTimeAsync(0);
    d.store.dispatch(d.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value: 'x' }));
    await jest.advanceTimersByTimeAsync(100);
    d.stop(); // hot reload: the saga goes away while the call waits
    expect(jest.getTimerCount()).toBe(0);
    d.start({ transport });
    const calls = () => agent.received.filter((r) => 'callAgentFunction' in r.message);
    await jest.advanceTimersByTimeAsync(DEBOUNCE - 100 - 1);
    expect(calls()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls()).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(5 * DEBOUNCE);
    expect(calls()).toHaveLength(2);
    d.stop();
  });

  it('replaying the recorded actions on a plain store gives the same state (the timer is an action)', async () => {
    const options = { catalogs: [basicCatalog()], agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: TIMEOUT };
    const h = each.start(options);
    h.agent.send(echoSurface());
    await jest.advanceTimersByTimeAsync(0);
    await typeSlowly(h, ['T', 'To'], 100);
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: receivedIds(h)[1], value: 'fare: 10' } });
    await jest.advanceTimersByTimeAsync(0);
    expect(echoNode(h)?.props.text).toBe('fare: 10');

    const store = createPlainStore(createA2ui(options));
    for (const action of JSON.parse(JSON.stringify(h.recorded)) as UnknownAction[]) store.dispatch(action);
    expect(store.getState()).toStrictEqual(h.store.getState());
  });
});
