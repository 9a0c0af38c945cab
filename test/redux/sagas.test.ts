/**
 * Behaviour of the root saga with expectSaga (real timers; providers pick race winners): the
 * agent-call race in both branches, the openUrl port, transport.send with the renderer data
 * model, and a failing transport that must not stop later deliveries. Timing (exact timeouts,
 * timers cleared, nothing dropped) runs on a real store under Jest fake timers.
 */
import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { delay } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import type { A2uiTransport } from '../../sagas';
import type { OutboundMessage } from '../../src/model/effects';
import { BASIC_CATALOG_ID, captureConsole, createHarness, deepFreeze, type ConsoleCapture, type Harness } from '../helpers/reduxHarness';

const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 40 });
const { actions } = a2ui;
const rootReducer = combineReducers({ a2ui: a2ui.reducer });
type Root = ReturnType<typeof rootReducer>;

/** The function behind redux-saga's `delay` effect, to provide it. */
const delayFn = (delay(0) as unknown as { payload: { fn: unknown } }).payload.fn;
const neverResolves = () => new Promise<never>(() => {});
const provideDelay = (value: () => unknown) => ({
  call(effect: { fn: unknown }, next: () => unknown) {
    return effect.fn === delayFn ? value() : next();
  },
});

/** A surface whose Text is bound to the agent function `lookup` (one call, call-1). */
const lookupSurface = deepFreeze({
  version: 'v1.0',
  createSurface: {
    surfaceId: 's',
    catalogId: BASIC_CATALOG_ID,
    components: [{ id: 'root', component: 'Text', text: { call: 'lookup', args: { q: 'x' } } }],
  },
});

/** A sendDataModel surface with a Button that opens a URL and one that sends an event. */
const buttonsSurface = deepFreeze({
  version: 'v1.0',
  createSurface: {
    surfaceId: 'b',
    catalogId: BASIC_CATALOG_ID,
    sendDataModel: true,
    components: [
      { id: 'root', component: 'Row', children: ['open', 'go', 'bad'] },
      { id: 'open', component: 'Button', child: 'openLabel', action: { functionCall: { call: 'openUrl', args: { url: { path: '/link' } } } } },
      { id: 'openLabel', component: 'Text', text: 'Open' },
      { id: 'go', component: 'Button', child: 'goLabel', action: { event: { name: 'go', context: { n: { path: '/n' } } } } },
      { id: 'goLabel', component: 'Text', text: 'Go' },
      { id: 'bad', component: 'Button', child: 'badLabel', action: { functionCall: { call: 'openUrl', args: { url: 'javascript:alert(1)' } } } },
      { id: 'badLabel', component: 'Text', text: 'Bad' },
    ],
    dataModel: { link: 'https://example.com/docs', n: 7 },
  },
});
const OPEN = 'open';
const GO = 'go';
const BAD = 'bad';

function recordingTransport(): A2uiTransport & { send: jest.Mock } {
  return { send: jest.fn() };
}

const rowOf = (state: Root, callId: string) => state.a2ui.session.core.agentCalls[callId];

describe('root saga: the agent-call race', () => {
  it('puts agentCallTimedOut when the timer wins (race provided), and the row ends as timeout', async () => {
    const transport = recordingTransport();
    const result = await expectSaga(a2ui.saga, { transport })
      .withReducer(rootReducer)
      .provide({ race: () => ({ timedOut: true }) })
      .put(actions.agentCallTimedOut({ callId: 'call-1' }))
      .put(actions.agentCallSettled({ callId: 'call-1', status: 'error' }))
      .dispatch(actions.messageReceived(lookupSurface))
      .silentRun(150);
    const state = result.storeState as Root;
    expect(rowOf(state, 'call-1')).toMatchObject({ status: 'timeout', error: { code: 'TIMEOUT' } });
    expect(a2ui.getSelectors((s: Root) => s.a2ui).selectNode(state, 's', 'root')).toMatchObject({ busy: false, props: { text: null } });
    expect(state.a2ui.session.outbox).toEqual([]);
  });

  it('puts no timeout when the settled branch wins (race provided); the row stays as the agent left it', async () => {
    const result = await expectSaga(a2ui.saga, { transport: recordingTransport() })
      .withReducer(rootReducer)
      .provide({ race: () => ({ settled: actions.agentCallSettled({ callId: 'call-1', status: 'ok' }) }) })
      .not.put.actionType(actions.agentCallTimedOut.type)
      .dispatch(actions.messageReceived(lookupSurface))
      .silentRun(150);
    expect(rowOf(result.storeState as Root, 'call-1')?.status).toBe('pending');
  });

  it('lets a dispatched agentCallSettled win against a delay that never fires', async () => {
    const result = await expectSaga(a2ui.saga, { transport: recordingTransport() })
      .withReducer(rootReducer)
      .provide(provideDelay(neverResolves))
      .not.put.actionType(actions.agentCallTimedOut.type)
      .put.like({ action: { type: actions.effectsDelivered.type } })
      .dispatch(actions.messageReceived(lookupSurface))
      .delay(10)
      .dispatch(actions.agentCallSettled({ callId: 'call-1', status: 'ok' }))
      .silentRun(150);
    // The drainer got past the race: everything acknowledged.
    expect((result.storeState as Root).a2ui.session.outbox).toEqual([]);
  });

  it('puts agentCallTimedOut at once when the provided delay fires immediately', async () => {
    await expectSaga(a2ui.saga, { transport: recordingTransport() })
      .withReducer(rootReducer)
      .provide(provideDelay(() => true))
      .put(actions.agentCallTimedOut({ callId: 'call-1' }))
      .dispatch(actions.messageReceived(lookupSurface))
      .silentRun(100);
  });

  it('times out with the real delay when nobody answers within timeoutMs', async () => {
    const result = await expectSaga(a2ui.saga, { transport: recordingTransport() })
      .withReducer(rootReducer)
      .put(actions.agentCallTimedOut({ callId: 'call-1' }))
      .dispatch(actions.messageReceived(lookupSurface))
      .silentRun(150);
    expect(result.effects.race?.length ?? 0).toBeGreaterThan(0);
    expect(rowOf(result.storeState as Root, 'call-1')?.status).toBe('timeout');
  });

  it("ends the race when the agent's answer arrives: the drainer puts agentCallSettled and acknowledges the outbox", async () => {
    const result = await expectSaga(a2ui.saga, { transport: recordingTransport() })
      .withReducer(rootReducer)
      .provide(provideDelay(neverResolves))
      .put(actions.agentCallSettled({ callId: 'call-1', status: 'ok' }))
      .not.put.actionType(actions.agentCallTimedOut.type)
      .dispatch(actions.messageReceived(lookupSurface))
      .delay(10)
      .dispatch(actions.messageReceived({ version: 'v1.0', agentFunctionResponse: { functionCallId: 'call-1', value: 'found' } }))
      .silentRun(200);
    expect((result.storeState as Root).a2ui.session.outbox).toEqual([]);
  });

  it('does not race calls that have no timeout (defaultTimeoutMs: null)', async () => {
    const untimed = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: null });
    const result = await expectSaga(untimed.saga, { transport: recordingTransport() })
      .withReducer(combineReducers({ a2ui: untimed.reducer }))
      .not.put.actionType(actions.agentCallTimedOut.type)
      .dispatch(actions.messageReceived(lookupSurface))
      .silentRun(150);
    expect(result.effects.race ?? []).toEqual([]);
    const state = result.storeState as { a2ui: Root['a2ui'] };
    expect(state.a2ui.session.core.agentCalls['call-1']).toMatchObject({ status: 'pending', timeoutMs: null });
    expect(state.a2ui.session.outbox).toEqual([]);
  });
});

describe('root saga: ports', () => {
  it('calls the openUrl port with the URL an openUrl action resolved', async () => {
    const openUrl = jest.fn();
    await expectSaga(a2ui.saga, { transport: recordingTransport(), openUrl })
      .withReducer(rootReducer)
      .call(openUrl, 'https://example.com/docs')
      .dispatch(actions.messageReceived(buttonsSurface))
      .dispatch(actions.actionInvoked({ surfaceId: 'b', ref: OPEN }))
      .silentRun(100);
    expect(openUrl.mock.calls).toEqual([['https://example.com/docs']]);
  });

  it('never calls openUrl for a refused scheme', async () => {
    const openUrl = jest.fn();
    const result = await expectSaga(a2ui.saga, { transport: recordingTransport(), openUrl })
      .withReducer(rootReducer)
      .dispatch(actions.messageReceived(buttonsSurface))
      .dispatch(actions.actionInvoked({ surfaceId: 'b', ref: BAD }))
      .silentRun(100);
    expect(openUrl).not.toHaveBeenCalled();
    expect((result.storeState as Root).a2ui.session.lastError).toMatchObject({ operation: 'actionInvoked' });
  });

  it('sends the action with the renderer data model as metadata, then logs it as delivered', async () => {
    const transport = recordingTransport();
    const pressed = actions.actionInvoked({ surfaceId: 'b', ref: GO });
    const message: OutboundMessage = {
      version: 'v1.0',
      action: { name: 'go', surfaceId: 'b', sourceComponentId: 'go', timestamp: pressed.payload.timestamp, context: { n: 7 } },
    };
    const metadata = { a2uiRendererDataModel: { version: 'v1.0', surfaces: { b: { link: 'https://example.com/docs', n: 7 } } } };
    const result = await expectSaga(a2ui.saga, { transport })
      .withReducer(rootReducer)
      .call([transport, transport.send], message, metadata)
      .put.like({ action: { type: actions.effectsDelivered.type, payload: { delivered: [{ message, metadata }] } } })
      .dispatch(actions.messageReceived(buttonsSurface))
      .dispatch(pressed)
      .silentRun(100);
    expect(transport.send.mock.calls).toEqual([[message, metadata]]);
    const out = (result.storeState as Root).a2ui.log.entries.filter((e) => e.direction === 'out');
    expect(out).toEqual([expect.objectContaining({ direction: 'out', message, metadata })]);
  });

  it('attaches the data model to messages the session built without it (callAgentFunction of a sendDataModel surface)', async () => {
    const transport = recordingTransport();
    const payload = deepFreeze({
      version: 'v1.0',
      createSurface: { ...lookupSurface.createSurface, sendDataModel: true, dataModel: { q: 1 } },
    });
    await expectSaga(a2ui.saga, { transport })
      .withReducer(rootReducer)
      .provide({ race: () => ({ settled: true }) })
      .dispatch(actions.messageReceived(payload))
      .silentRun(100);
    expect(transport.send.mock.calls).toEqual([
      [
        expect.objectContaining({ callAgentFunction: expect.objectContaining({ functionCallId: 'call-1' }) }),
        { a2uiRendererDataModel: { version: 'v1.0', surfaces: { s: { q: 1 } } } },
      ],
    ]);
  });

  it('reports diagnostic effects to onDiagnostic', async () => {
    const onDiagnostic = jest.fn();
    const payload = deepFreeze({
      version: 'v1.0',
      createSurface: { surfaceId: 'd', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: { path: '/missing' } }] },
    });
    await expectSaga(a2ui.saga, { transport: recordingTransport(), onDiagnostic })
      .withReducer(rootReducer)
      .dispatch(actions.messageReceived(payload))
      .silentRun(100);
    expect(onDiagnostic.mock.calls).toEqual([
      [expect.objectContaining({ type: 'diagnostic', surfaceId: 'd', severity: 'warning', payload: expect.objectContaining({ code: 'UNRESOLVED_BINDING' }) })],
    ]);
  });

  it('dispatches messageReceived for every payload the transport brings', async () => {
    let push: (payload: unknown) => void = () => {};
    const transport: A2uiTransport = {
      send: jest.fn(),
      subscribe(onMessage) {
        push = onMessage;
        return () => {
          push = () => {};
        };
      },
    };
    const saga = expectSaga(a2ui.saga, { transport }).withReducer(rootReducer);
    const running = saga.put.like({ action: { type: actions.messageReceived.type, payload: { payload: lookupSurface } } }).silentRun(100);
    setTimeout(() => push(lookupSurface), 5);
    const result = await running;
    expect(Object.keys((result.storeState as Root).a2ui.session.core.surfaces)).toEqual(['s']);
  });
});

describe('root saga: a failing transport', () => {
  const go = () => actions.actionInvoked({ surfaceId: 'b', ref: GO });

  it('turns a throwing transport.send into workerFailed and keeps draining the effects after it', async () => {
    const transport = recordingTransport();
    transport.send.mockImplementationOnce(() => {
      throw new Error('socket closed');
    });
    const openUrl = jest.fn();
    const first = go();
    const second = go();
    const result = await expectSaga(a2ui.saga, { transport, openUrl })
      .withReducer(rootReducer)
      .put(actions.workerFailed({ worker: 'outbox:send', message: 'socket closed' }))
      .dispatch(actions.messageReceived(buttonsSurface))
      // After the failing send: an openUrl effect and a second send, both still carried out.
      .dispatch(first)
      .dispatch(actions.actionInvoked({ surfaceId: 'b', ref: OPEN }))
      .dispatch(second)
      .silentRun(150);
    expect(transport.send).toHaveBeenCalledTimes(2);
    expect(openUrl).toHaveBeenCalledWith('https://example.com/docs');
    const state = (result.storeState as Root).a2ui;
    expect(state.session.outbox).toEqual([]);
    // workerFailed recorded the failure; the successful operations after it cleared lastError again.
    expect(state.session.lastError).toBeNull();
    // Only what actually went out is logged as delivered.
    const delivered = state.log.entries.filter((e) => e.direction === 'out');
    expect(delivered).toHaveLength(1);
    expect((delivered[0] as { message: OutboundMessage }).message.action).toMatchObject({ timestamp: second.payload.timestamp });
  });

  it('turns a rejected transport.send into workerFailed and still delivers later messages', async () => {
    const transport = recordingTransport();
    transport.send.mockImplementationOnce(() => Promise.reject(new Error('503')));
    const result = await expectSaga(a2ui.saga, { transport })
      .withReducer(rootReducer)
      .put(actions.workerFailed({ worker: 'outbox:send', message: '503' }))
      .dispatch(actions.messageReceived(buttonsSurface))
      .dispatch(go())
      .delay(10)
      .dispatch(go())
      .silentRun(150);
    expect(transport.send).toHaveBeenCalledTimes(2);
    expect((result.storeState as Root).a2ui.session.outbox).toEqual([]);
  });

  it('keeps the root saga alive after a failing openUrl port', async () => {
    const transport = recordingTransport();
    const openUrl = jest.fn(() => {
      throw new Error('popup blocked');
    });
    const result = await expectSaga(a2ui.saga, { transport, openUrl })
      .withReducer(rootReducer)
      .put(actions.workerFailed({ worker: 'outbox:openUrl', message: 'popup blocked' }))
      .dispatch(actions.messageReceived(buttonsSurface))
      .dispatch(actions.actionInvoked({ surfaceId: 'b', ref: OPEN }))
      .delay(10)
      .dispatch(go())
      .silentRun(150);
    expect(transport.send).toHaveBeenCalledTimes(1);
    const actionsSeen = result.effects.put.map((p) => (p.payload.action as UnknownAction).type);
    expect(actionsSeen.filter((t) => t === actions.effectsDelivered.type).length).toBeGreaterThanOrEqual(2);
  });
});

describe('root saga under a real store (fake timers)', () => {
  let consoleCapture: ConsoleCapture;
  let harness: Harness | undefined;
  beforeEach(() => {
    jest.useFakeTimers();
    consoleCapture = captureConsole();
  });
  afterEach(() => {
    harness?.task.cancel();
    harness = undefined;
    consoleCapture.restore();
    jest.useRealTimers();
  });
  const startWith = (payload: unknown) => {
    harness = createHarness({ defaultTimeoutMs: 1_000 });
    harness.agent.send(payload);
    return harness;
  };

  it('times out an unanswered call at exactly timeoutMs and leaves no timer behind', async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(999);
    expect(h.state().session.core.agentCalls['call-1']?.status).toBe('pending');
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.recorded.filter((a) => actions.agentCallTimedOut.match(a))).toEqual([actions.agentCallTimedOut({ callId: 'call-1' })]);
    expect(h.state().session.core.agentCalls['call-1']?.status).toBe('timeout');
    expect(jest.getTimerCount()).toBe(0);
    expect(h.state().session.outbox).toEqual([]);
    expect(consoleCapture.calls).toEqual([]);
  });

  it('cancels a pending race with the root saga: its timer is cleared', async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(10);
    expect(jest.getTimerCount()).toBe(1);
    h.task.cancel();
    expect(jest.getTimerCount()).toBe(0);
    expect(h.agent.subscriberCount).toBe(0);
    expect(consoleCapture.calls).toEqual([]);
  });

  // Regressions of the outbox stall fixed in cb8872e: the drainer `call`ed carryOut, which waited
  // for the race it forked, so an answered call (or a dispose) left its timer running and the outbox
  // blocked until the timeout.
  it("frees the outbox as soon as the agent answers: timer cleared, outbox empty", async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(10);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: 'call-1', value: 'found' } });
    await jest.advanceTimersByTimeAsync(0);
    expect(h.state().session.core.agentCalls['call-1']?.status).toBe('ok');
    expect(jest.getTimerCount()).toBe(0);
    expect(h.state().session.outbox).toEqual([]);
    expect(consoleCapture.calls).toEqual([]);
  });

  it('ends pending races when the session is disposed', async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(10);
    h.store.dispatch(actions.disposed());
    await jest.advanceTimersByTimeAsync(0);
    expect(h.state().session.core.agentCalls['call-1']?.status).toBe('cancelled');
    expect(jest.getTimerCount()).toBe(0);
    expect(h.state().session.outbox).toEqual([]);
    expect(consoleCapture.calls).toEqual([]);
  });

  it('applies payloads a transport emits back to back in one tick, in order', async () => {
    const h = createHarness({ defaultTimeoutMs: 1_000 });
    harness = h;
    h.agent.send([lookupSurface]);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: 'call-1', value: 'first' } });
    h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/x', value: 1 } });
    await jest.advanceTimersByTimeAsync(0);
    expect(h.recorded.filter((a) => actions.messageReceived.match(a))).toHaveLength(3);
    expect(h.state().session.core.agentCalls['call-1']).toMatchObject({ status: 'ok', value: 'first' });
    expect(jest.getTimerCount()).toBe(0);
    expect(consoleCapture.calls).toEqual([]);
  });

  // BUG: a payload the transport delivers while the receiving saga is busy is silently dropped.
  // sagas/index.ts `transportChannel` builds `eventChannel(...)` with the default buffer, which is
  // `buffers.none()`: an emit with no taker waiting is discarded. The receiver is not waiting while
  // its own `put(messageReceived)` runs, and that put runs the drainer synchronously, which calls
  // transport.send; an agent end that answers synchronously (the in-memory transport crosses
  // synchronously by design) emits its answer right then, and it is lost: the call stays pending
  // until it times out although the agent answered, and nothing is logged. Proposed fix
  // (sagas/index.ts, transportChannel): `eventChannel(subscribe, buffers.expanding(16))` (import
  // `buffers` from 'redux-saga'), so payloads that arrive while the receiver is busy are queued in
  // order instead of dropped.
  test('applies an answer the agent sends synchronously from inside transport.send', async () => {
    const h = createHarness({ defaultTimeoutMs: 1_000 });
    harness = h;
    h.agent.onMessage((message) => {
      const call = message.callAgentFunction as { functionCallId: string } | undefined;
      if (call) h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: call.functionCallId, value: 'at once' } });
    });
    h.agent.send(lookupSurface);
    await jest.advanceTimersByTimeAsync(0);
    expect(h.recorded.filter((a) => actions.messageReceived.match(a))).toHaveLength(2);
    expect(h.state().session.core.agentCalls['call-1']).toMatchObject({ status: 'ok', value: 'at once' });
    expect(jest.getTimerCount()).toBe(0);
  });
});
