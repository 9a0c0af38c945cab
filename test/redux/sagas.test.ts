/**
 * Behaviour of the root saga on a real store: the openUrl and diagnostic ports, transport.send with
 * the renderer data model and the delivery id, and agent-call timers (exact timeouts, timers
 * cleared, nothing dropped) under Jest fake timers. Delivery failures: delivery.test.ts.
 */
import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import type { A2uiTransport } from '../../sagas';
import type { OutboundMessage } from '../../src/model/effects';
import { BASIC_CATALOG_ID, createHarness, deepFreeze, type Harness , withFakeTimerHarness } from '../helpers/reduxHarness';
import { emptyTable, tableGet } from '../../src/data/table';

const a2ui = createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 40 });
const { actions } = a2ui;
const rootReducer = combineReducers({ a2ui: a2ui.reducer });
type Root = ReturnType<typeof rootReducer>;

/** A surface whose Text is bound to the agent function `lookup` (one call). */
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

/** The functionCallId of the n-th callAgentFunction the agent received. */
const sentCallId = (h: Harness, n = 0): string => (h.receivedOf('callAgentFunction')[n]?.message.callAgentFunction as { functionCallId: string }).functionCallId;

describe('root saga: ports (real store, real timers)', () => {
  let harness: Harness | undefined;
  afterEach(() => {
    harness?.task.cancel();
    harness = undefined;
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('calls the openUrl port with the URL an openUrl action resolved', async () => {
    const h = (harness = createHarness({ defaultTimeoutMs: 40 }));
    h.store.dispatch(actions.messageReceived(buttonsSurface));
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: OPEN }));
    await settle();
    expect(h.opened).toEqual(['https://example.com/docs']);
  });

  it('never calls openUrl for a refused scheme', async () => {
    const h = (harness = createHarness({ defaultTimeoutMs: 40 }));
    h.store.dispatch(h.a2ui.actions.messageReceived(buttonsSurface));
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: BAD }));
    await settle();
    expect(h.opened).toEqual([]);
    expect(h.state().session.lastError).toMatchObject({ operation: 'actionInvoked' });
  });

  it('sends the action with the renderer data model and its delivery id as metadata, then logs it as delivered', async () => {
    const h = (harness = createHarness({ defaultTimeoutMs: 40 }));
    h.store.dispatch(h.a2ui.actions.messageReceived(buttonsSurface));
    const pressed = h.a2ui.actions.actionInvoked({ surfaceId: 'b', ref: GO });
    h.store.dispatch(pressed);
    await settle();
    const message: OutboundMessage = {
      version: 'v1.0',
      action: { name: 'go', surfaceId: 'b', sourceComponentId: 'go', timestamp: pressed.payload.timestamp, context: { n: 7 } },
    };
    const model = { version: 'v1.0', surfaces: { b: { link: 'https://example.com/docs', n: 7 } } };
    // The delivery id names the outbox entry: the pressing action's id and the effect's index.
    expect(h.receivedOf('action')).toEqual([{ message, metadata: { a2uiRendererDataModel: model, a2uiDeliveryId: `${pressed.meta.id}:0` } }]);
    const out = h.state().log.entries.filter((e) => e.direction === 'out');
    expect(out).toEqual([expect.objectContaining({ direction: 'out', id: `${pressed.meta.id}:0`, message, metadata: { a2uiRendererDataModel: model } })]);
    expect(h.state().session.outbox).toEqual([]);
  });

  it('attaches the data model to messages the session built without it (callAgentFunction of a sendDataModel surface)', async () => {
    const transport = recordingTransport();
    const h = (harness = createHarness({ defaultTimeoutMs: 40, ports: { transport } }));
    const payload = deepFreeze({
      version: 'v1.0',
      createSurface: { ...lookupSurface.createSurface, sendDataModel: true, dataModel: { q: 1 } },
    });
    h.store.dispatch(h.a2ui.actions.messageReceived(payload));
    await settle();
    expect(transport.send.mock.calls).toEqual([
      [
        expect.objectContaining({ callAgentFunction: expect.objectContaining({ functionCallId: expect.stringMatching(/^call-.+-1$/) }) }),
        { a2uiRendererDataModel: { version: 'v1.0', surfaces: { s: { q: 1 } } }, a2uiDeliveryId: expect.any(String) },
        { signal: expect.any(AbortSignal) },
      ],
    ]);
  });

  it('reports diagnostic effects to onDiagnostic', async () => {
    const h = (harness = createHarness({ defaultTimeoutMs: 40 }));
    const payload = deepFreeze({
      version: 'v1.0',
      createSurface: { surfaceId: 'd', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: { path: '/missing' } }] },
    });
    h.store.dispatch(h.a2ui.actions.messageReceived(payload));
    await settle();
    expect(h.diagnostics).toEqual([
      expect.objectContaining({ type: 'diagnostic', surfaceId: 'd', severity: 'warning', payload: expect.objectContaining({ code: 'UNRESOLVED_BINDING' }) }),
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

describe('root saga under a real store (fake timers)', () => {
  const each = withFakeTimerHarness();
  const startWith = (payload: unknown) => {
    const h = each.start({ defaultTimeoutMs: 1_000 });
    h.agent.send(payload);
    return h;
  };

  it('times out an unanswered call at exactly timeoutMs and leaves no timer behind', async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(999);
    const callId = sentCallId(h);
    expect(tableGet(h.state().session.core.agentCalls, callId)?.status).toBe('pending');
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.recorded.filter((a) => actions.agentCallTimedOut.match(a)).map((a) => a.payload)).toEqual([{ callId }]);
    expect(tableGet(h.state().session.core.agentCalls, callId)?.status).toBe('timeout');
    expect(jest.getTimerCount()).toBe(0);
    expect(h.state().session.outbox).toEqual([]);
    expect(each.console().calls).toEqual([]);
  });

  it('does not race calls that have no timeout (defaultTimeoutMs: null)', async () => {
    const h = each.start({ defaultTimeoutMs: null });
    h.agent.send(lookupSurface);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(jest.getTimerCount()).toBe(0);
    expect(tableGet(h.state().session.core.agentCalls, sentCallId(h))?.status).toBe('pending');
    expect(h.state().session.deadlines).toEqual(emptyTable());
  });

  it('cancels a pending race with the root saga: its timer is cleared', async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(10);
    expect(jest.getTimerCount()).toBe(1);
    h.task.cancel();
    expect(jest.getTimerCount()).toBe(0);
    expect(h.agent.subscriberCount).toBe(0);
    expect(each.console().calls).toEqual([]);
  });

  // Regressions of the outbox stall fixed in cb8872e: the drainer `call`ed carryOut, which waited
  // for the race it forked, so an answered call (or a dispose) left its timer running and the outbox
  // blocked until the timeout.
  it("frees the outbox as soon as the agent answers: timer cleared, outbox empty", async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(10);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: sentCallId(h), value: 'found' } });
    await jest.advanceTimersByTimeAsync(0);
    expect(tableGet(h.state().session.core.agentCalls, sentCallId(h))?.status).toBe('ok');
    expect(jest.getTimerCount()).toBe(0);
    expect(h.state().session.outbox).toEqual([]);
    expect(each.console().calls).toEqual([]);
  });

  it('ends pending races when the session is disposed', async () => {
    const h = startWith(lookupSurface);
    await jest.advanceTimersByTimeAsync(10);
    h.store.dispatch(actions.disposed());
    await jest.advanceTimersByTimeAsync(0);
    expect(tableGet(h.state().session.core.agentCalls, sentCallId(h))?.status).toBe('cancelled');
    expect(jest.getTimerCount()).toBe(0);
    expect(h.state().session.outbox).toEqual([]);
    expect(each.console().calls).toEqual([]);
  });

  it('applies payloads a transport emits back to back in one tick, in order', async () => {
    const h = each.start({ defaultTimeoutMs: 1_000 });
    h.agent.send([lookupSurface]);
    const callId = sentCallId(h);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: callId, value: 'first' } });
    h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/x', value: 1 } });
    await jest.advanceTimersByTimeAsync(0);
    expect(h.recorded.filter((a) => actions.messageReceived.match(a))).toHaveLength(3);
    expect(tableGet(h.state().session.core.agentCalls, callId)).toMatchObject({ status: 'ok', value: 'first' });
    expect(jest.getTimerCount()).toBe(0);
    expect(each.console().calls).toEqual([]);
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
    const h = each.start({ defaultTimeoutMs: 1_000 });
    h.agent.onMessage((message) => {
      const call = message.callAgentFunction as { functionCallId: string } | undefined;
      if (call) h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: call.functionCallId, value: 'at once' } });
    });
    h.agent.send(lookupSurface);
    await jest.advanceTimersByTimeAsync(0);
    expect(h.recorded.filter((a) => actions.messageReceived.match(a))).toHaveLength(2);
    expect(tableGet(h.state().session.core.agentCalls, sentCallId(h))).toMatchObject({ status: 'ok', value: 'at once' });
    expect(jest.getTimerCount()).toBe(0);
  });
});
