/**
 * Delivery through a real store and the real root saga, under Jest fake timers: a transport that
 * fails N times then recovers, one that never settles, the failed record's retry and abandon
 * actions, agent-call timers that start when the call is recorded and are re-armed by a restarted
 * saga, and a reset of the a2ui state while calls pend.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { BASIC_CATALOG_ID, deepFreeze } from '../helpers/reduxHarness';
import { createDeliveryStore, scriptedTransport } from '../helpers/reduxDelivery';
import type { OutboundMessage } from '../../src/model/effects';
import { emptyTable, tableGet, tableKeys, tableValues } from '../../src/data/table';

/** A surface with a Button that sends an event carrying /n, one that opens a URL, and a Text bound to agent function `lookup`. */
const surface = deepFreeze({
  version: 'v1.0',
  createSurface: {
    surfaceId: 'b',
    catalogId: BASIC_CATALOG_ID,
    components: [
      { id: 'root', component: 'Row', children: ['go', 'open'] },
      { id: 'go', component: 'Button', child: 'goLabel', action: { event: { name: 'go', context: { n: { path: '/n' } } } } },
      { id: 'goLabel', component: 'Text', text: 'Go' },
      { id: 'open', component: 'Button', child: 'openLabel', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com/' } } } },
      { id: 'openLabel', component: 'Text', text: 'Open' },
    ],
    dataModel: { n: 0 },
  },
});
const GO = 'go';
const OPEN = 'open';
const lookupSurface = deepFreeze({
  version: 'v1.0',
  createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: { call: 'lookup', args: { q: 'x' } } }] },
});

const actionNumber = (message: OutboundMessage) => (message.action as { context: { n: number } } | undefined)?.context.n;

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('a transport that fails twice, then recovers', () => {
  it('retries with backoff, in order, each message carried out once per attempt until acknowledged, none lost', async () => {
    const { transport, agent, attempts } = scriptedTransport((n) => (n <= 2 ? 'fail' : 'ok'));
    const d = createDeliveryStore();
    const diagnostics: unknown[] = [];
    d.start({ transport, retryDelayMs: 100, maxRetryDelayMs: 1_000, onDiagnostic: (x) => void diagnostics.push(x) });
    d.store.dispatch(d.a2ui.actions.messageReceived(surface));
    for (let n = 1; n <= 3; n += 1) {
      d.store.dispatch(d.a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 'b', path: '/n', value: n } }));
      d.store.dispatch(d.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: GO }));
    }
    await jest.advanceTimersByTimeAsync(0);
    // The first attempt failed: the message is kept, with its status, and nothing after it went out.
    expect(attempts.map((a) => actionNumber(a.message))).toEqual([1]);
    const [first] = d.state().session.outbox.filter((e) => e.effect.type === 'send');
    expect(first?.delivery).toEqual({ status: 'retrying', attempts: 1, lastError: 'HTTP 500 on attempt 1' });
    await jest.advanceTimersByTimeAsync(99);
    expect(attempts).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1); // first retry after 100 ms: fails again
    expect(attempts).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(199);
    expect(attempts).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1); // second retry after 200 ms: succeeds, the rest follow
    expect(attempts.map((a) => actionNumber(a.message))).toEqual([1, 1, 1, 2, 3]);
    expect(agent.received.map((r) => actionNumber(r.message))).toEqual([1, 2, 3]);
    // Every attempt of one message carries the same delivery id and its own AbortSignal.
    const ids = attempts.map((a) => a.metadata?.a2uiDeliveryId);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(new Set(ids).size).toBe(3);
    expect(attempts.every((a) => a.signal instanceof AbortSignal && !a.signal.aborted)).toBe(true);
    expect(d.state().session.outbox).toEqual([]);
    expect(d.state().log.entries.filter((e) => e.direction === 'out').map((e) => actionNumber((e as { message: OutboundMessage }).message))).toEqual([1, 2, 3]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', payload: expect.objectContaining({ code: 'DELIVERY_FAILED' }) }),
      expect.objectContaining({ severity: 'warning', payload: expect.objectContaining({ code: 'DELIVERY_FAILED' }) }),
    ]);
    d.stop();
  });
});

describe('a send that never settles', () => {
  it('is aborted after the send timeout and retried; timers and openUrl still happen meanwhile; later sends wait only behind it', async () => {
    const { transport, agent, attempts, aborted } = scriptedTransport((n) => (n <= 2 ? 'hang' : 'ok'));
    const d = createDeliveryStore({ defaultTimeoutMs: 500 });
    d.start({ transport, sendTimeoutMs: 2_000, retryDelayMs: 100, maxSendAttempts: 2 });
    d.store.dispatch(d.a2ui.actions.messageReceived(surface));
    d.store.dispatch(d.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: GO })); // hangs
    d.store.dispatch(d.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: OPEN }));
    d.store.dispatch(d.a2ui.actions.messageReceived(lookupSurface)); // an agent call, stuck behind the send
    await jest.advanceTimersByTimeAsync(0);
    expect(d.opened).toEqual(['https://example.com/']);
    expect(attempts).toHaveLength(1);
    // The call's timer started when it was recorded, although its message is not out yet.
    await jest.advanceTimersByTimeAsync(500);
    const rows = tableValues(d.state().session.core.agentCalls);
    expect(rows.map((r) => r.status)).toEqual(['timeout']);
    expect(agent.received).toEqual([]);
    // The send timeout aborts the first attempt; the retry hangs too and uses up the budget of 2.
    await jest.advanceTimersByTimeAsync(1_500);
    expect(aborted).toHaveLength(1);
    expect(aborted[0]?.signal?.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(100 + 2_000);
    expect(aborted).toHaveLength(2);
    const failed = d.state().session.outbox.find((e) => e.delivery?.status === 'failed');
    expect(failed?.delivery).toMatchObject({ status: 'failed', attempts: 2, lastError: expect.stringContaining('not settled within 2000 ms') });
    expect(d.a2ui.selectors.selectDeliveryProblems(d.store.getState())).toEqual([failed]);
    // A failed record no longer holds back later sends: the call message went out.
    await jest.advanceTimersByTimeAsync(0);
    expect(agent.received.map((r) => Object.keys(r.message).filter((k) => k !== 'version')[0])).toEqual(['callAgentFunction']);
    // Retry: sent once more, then acknowledged and logged.
    d.store.dispatch(d.a2ui.actions.deliveryRetried({ id: failed?.id ?? '' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(agent.received.at(-1)?.message.action).toMatchObject({ name: 'go' });
    expect(agent.received.at(-1)?.metadata?.a2uiDeliveryId).toBe(failed?.id);
    expect(d.state().session.outbox).toEqual([]);
    d.stop();
  });

  it('abandons a failed record on request: it leaves the outbox unsent', async () => {
    const { transport, agent } = scriptedTransport(() => 'fail');
    const d = createDeliveryStore();
    d.start({ transport, retryDelayMs: 10, maxSendAttempts: 3 });
    d.store.dispatch(d.a2ui.actions.messageReceived(surface));
    d.store.dispatch(d.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: GO }));
    await jest.advanceTimersByTimeAsync(1_000);
    const [failed] = d.a2ui.selectors.selectDeliveryProblems(d.store.getState());
    expect(failed?.delivery).toMatchObject({ status: 'failed', attempts: 3 });
    d.store.dispatch(d.a2ui.actions.deliveryAbandoned({ id: failed?.id ?? '' }));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(d.state().session.outbox).toEqual([]);
    expect(agent.received).toEqual([]);
    expect(d.state().log.entries.filter((e) => e.direction === 'out')).toEqual([]);
    d.stop();
  });
});

describe('agent-call timers across saga restarts and state resets', () => {
  it('a restarted saga re-arms a pending call with the time left to its recorded deadline', async () => {
    const { transport, agent } = scriptedTransport(() => 'ok');
    const d = createDeliveryStore({ defaultTimeoutMs: 1_000 });
    d.start({ transport });
    d.store.dispatch(d.a2ui.actions.messageReceived(lookupSurface));
    await jest.advanceTimersByTimeAsync(400);
    d.stop(); // hot reload: the saga goes away with the call pending
    expect(jest.getTimerCount()).toBe(0);
    d.start({ transport });
    const [row] = tableValues(d.state().session.core.agentCalls);
    await jest.advanceTimersByTimeAsync(599);
    expect(tableGet(d.state().session.core.agentCalls, row?.callId ?? '')?.status).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(tableGet(d.state().session.core.agentCalls, row?.callId ?? '')?.status).toBe('timeout');
    // The restart did not send the call again.
    expect(agent.received.filter((r) => 'callAgentFunction' in r.message)).toHaveLength(1);
    d.stop();
  });

  it('after a reset, an old timer, an old answer and an old acknowledgement touch nothing of the new session', async () => {
    const { transport, agent } = scriptedTransport(() => 'ok');
    const d = createDeliveryStore({ defaultTimeoutMs: 1_000 }, {});
    // A host root reducer that resets the a2ui state on logout.
    const logout = { type: 'app/logout' };
    const inner = d.a2ui.reducer;
    d.store.replaceReducer(((state: { a2ui: ReturnType<typeof inner> } | undefined, action: UnknownAction) => ({
      a2ui: inner(action.type === logout.type ? undefined : state?.a2ui, action),
    })) as never);
    d.start({ transport });
    d.store.dispatch(d.a2ui.actions.messageReceived(lookupSurface));
    await jest.advanceTimersByTimeAsync(600);
    const [oldCall] = tableKeys(d.state().session.core.agentCalls);
    d.store.dispatch(logout);
    expect(d.state().session.core.agentCalls).toEqual(emptyTable());
    d.store.dispatch(d.a2ui.actions.messageReceived(lookupSurface));
    await jest.advanceTimersByTimeAsync(0);
    const [newCall] = tableKeys(d.state().session.core.agentCalls);
    expect(newCall).toBeDefined();
    expect(newCall).not.toBe(oldCall);
    // The old call's answer arrives late: it is not the new call's.
    agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: oldCall, value: 'stale' } });
    await jest.advanceTimersByTimeAsync(400); // the old timer fires now
    expect(tableGet(d.state().session.core.agentCalls, newCall ?? '')?.status).toBe('pending');
    await jest.advanceTimersByTimeAsync(600); // the new call's own deadline
    expect(tableGet(d.state().session.core.agentCalls, newCall ?? '')?.status).toBe('timeout');
    expect(agent.received.filter((r) => 'callAgentFunction' in r.message).map((r) => (r.message.callAgentFunction as { functionCallId: string }).functionCallId)).toEqual([oldCall, newCall]);
    d.stop();
  });
});
