/**
 * Hostile interleavings of `agentCallDebounceMs` with the rest of an agent call's life, on a real
 * store with the saga (Jest fake timers): a surface deleted and made again under the same id while
 * a call waits, the session disposed while one waits, an answer forged for a waiting call, the
 * saga stopped until after a call fell due, and a state saved as JSON and loaded into a new store. Each
 * run checks the promises of the protocol layer: no call id reaches the agent twice, no call of a
 * deleted surface or disposed session is sent, and every call made settles exactly once.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { tableGet, tableKeys, tableSize } from '../../src/data/table';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import type { A2uiState } from '../../src/redux/state';
import { createDeliveryStore } from '../helpers/reduxDelivery';
import { echoSurface } from '../helpers/reduxFixtures';
import { createActionRecorder, type Harness , withFakeTimerHarness } from '../helpers/reduxHarness';

const DEBOUNCE = 300;

interface SentCall {
  surfaceId: string;
  functionCallId: string;
  q: unknown;
}

const sentCalls = (received: ReadonlyArray<{ message: Record<string, unknown> }>): SentCall[] =>
  received
    .filter((r) => 'callAgentFunction' in r.message)
    .map((r) => {
      const body = r.message.callAgentFunction as { surfaceId: string; functionCallId: string; callFunction: { args: { q: unknown } } };
      return { surfaceId: body.surfaceId, functionCallId: body.functionCallId, q: body.callFunction.args.q };
    });

/** Every call id made: those the agent received and those seen waiting. */
const callIdsMade = (calls: readonly SentCall[], waiting: readonly string[]): Set<string> => new Set([...calls.map((c) => c.functionCallId), ...waiting]);

const settledIds = (recorded: readonly UnknownAction[]): string[] =>
  recorded.filter((a) => a.type === 'a2ui/agentCallSettled').map((a) => (a.payload as { callId: string }).callId);

const type = (h: Harness, surfaceId: string, value: string) =>
  h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId, ref: 'field', property: 'value', value }));

describe('debounced agent calls under hostile interleavings', () => {
  const each = withFakeTimerHarness();

  it('a surface deleted and made again under the same id while a call waits: the old call is never sent, the new one once', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: 1_000 });
    h.agent.send(echoSurface('s'));
    await jest.advanceTimersByTimeAsync(0);
    type(h, 's', 'old');
    await jest.advanceTimersByTimeAsync(DEBOUNCE / 2);
    const waiting = Object.keys(h.state().session.debounces ?? {});
    expect(waiting).toHaveLength(1);
    h.agent.send({ version: 'v1.0', deleteSurface: { surfaceId: 's' } });
    h.agent.send(echoSurface('s'));
    await jest.advanceTimersByTimeAsync(0);
    type(h, 's', 'new');
    // The old call would have been due now; the new one is due later.
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await jest.advanceTimersByTimeAsync(5_000);

    const calls = sentCalls(h.agent.received);
    expect(calls.map((c) => c.q)).toEqual(['', '', 'new']);
    expect(calls.map((c) => c.functionCallId)).not.toContain(waiting[0]);
    const ids = calls.map((c) => c.functionCallId);
    expect(new Set(ids).size).toBe(ids.length);
    // Every call made settled exactly once (the new one by its timeout).
    const settled = settledIds(h.recorded);
    expect(new Set(settled).size).toBe(settled.length);
    expect(new Set(settled)).toEqual(callIdsMade(calls, waiting));
    expect(h.state().session.debounces).toEqual({});
    expect(jest.getTimerCount()).toBe(0);
    expect(each.console().calls).toEqual([]);
  });

  it('disposing while a call waits: it is cancelled once and never sent, and its timer does nothing', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: 1_000 });
    h.agent.send(echoSurface('s'));
    await jest.advanceTimersByTimeAsync(0);
    type(h, 's', 'x');
    await jest.advanceTimersByTimeAsync(10);
    const waiting = Object.keys(h.state().session.debounces ?? {})[0] as string;
    h.store.dispatch(h.a2ui.actions.disposed());
    await jest.advanceTimersByTimeAsync(5_000);
    expect(sentCalls(h.agent.received).map((c) => c.q)).toEqual(['']);
    const settled = settledIds(h.recorded);
    expect(settled.filter((id) => id === waiting)).toHaveLength(1);
    expect(new Set(settled)).toEqual(callIdsMade(sentCalls(h.agent.received), [waiting]));
    expect(tableGet(h.state().session.core.agentCalls, waiting)?.status ?? 'released').not.toBe('pending');
    expect(h.state().session.debounces).toEqual({});
    expect(jest.getTimerCount()).toBe(0);
  });

  it('an answer forged for a waiting call is ignored: the call is still sent once when due, and settles once', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: 1_000 });
    h.agent.send(echoSurface('s'));
    await jest.advanceTimersByTimeAsync(0);
    type(h, 's', 'x');
    const waiting = Object.keys(h.state().session.debounces ?? {})[0] as string;
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: waiting, value: 'guessed' } });
    await jest.advanceTimersByTimeAsync(0);
    expect(h.a2ui.selectors.selectResolvedTree(h.store.getState(), 's')?.nodes.echo?.props.text).not.toBe('guessed');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    expect(sentCalls(h.agent.received).map((c) => c.functionCallId).filter((id) => id === waiting)).toHaveLength(1);
    h.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: waiting, value: 'real' } });
    await jest.advanceTimersByTimeAsync(0);
    expect(h.a2ui.selectors.selectResolvedTree(h.store.getState(), 's')?.nodes.echo?.props.text).toBe('real');
    expect(settledIds(h.recorded).filter((id) => id === waiting)).toHaveLength(1);
  });

  it('a node moving off a call another node still reads waits out the debounce, then its call is sent once', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: null });
    const echo = echoSurface('s');
    // A second Text reading the call the echo makes for an empty field.
    const shared = {
      ...echo,
      createSurface: {
        ...echo.createSurface,
        components: [
          { id: 'root', component: 'Column', children: ['field', 'echo', 'fixed'] },
          ...echo.createSurface.components.slice(1),
          { id: 'fixed', component: 'Text', text: { call: 'lookup', args: { q: '' } } },
        ],
      },
    };
    h.agent.send(shared);
    await jest.advanceTimersByTimeAsync(0);
    expect(sentCalls(h.agent.received).map((c) => c.q)).toEqual(['']);
    type(h, 's', 'x');
    await jest.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(sentCalls(h.agent.received).map((c) => c.q)).toEqual(['']);
    await jest.advanceTimersByTimeAsync(1);
    expect(sentCalls(h.agent.received).map((c) => c.q)).toEqual(['', 'x']);
    await jest.advanceTimersByTimeAsync(5 * DEBOUNCE);
    expect(sentCalls(h.agent.received)).toHaveLength(2);
  });

  it('agentCallDue dispatched by hand (early, twice, for unknown or hostile ids) sends the waiting call once and nothing else', async () => {
    const h = each.start({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: null });
    h.agent.send(echoSurface('s'));
    await jest.advanceTimersByTimeAsync(0);
    type(h, 's', 'x');
    const waiting = Object.keys(h.state().session.debounces ?? {})[0] as string;
    for (const callId of [waiting, waiting, 'call-999', '__proto__', 'constructor', 42 as unknown as string]) {
      h.store.dispatch(h.a2ui.actions.agentCallDue({ callId }));
    }
    await jest.advanceTimersByTimeAsync(5 * DEBOUNCE);
    const calls = sentCalls(h.agent.received);
    expect(calls.map((c) => c.q)).toEqual(['', 'x']);
    expect(calls[1]?.functionCallId).toBe(waiting);
    expect(h.state().session.debounces).toEqual({});
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(each.console().calls).toEqual([]);
  });
});

it('a saga stopped until after a waiting call fell due sends it once on restart, then its timeout runs once', async () => {
  jest.useFakeTimers();
  try {
    const { transport, agent } = createInMemoryTransport();
    const d = createDeliveryStore({ agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: 1_000 });
    d.start({ transport });
    agent.send(echoSurface('s'));
    await jest.advanceTimersByTimeAsync(0);
    d.store.dispatch(d.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value: 'late' }));
    const waiting = Object.keys(d.state().session.debounces ?? {});
    d.stop();
    await jest.advanceTimersByTimeAsync(3 * DEBOUNCE);
    expect(sentCalls(agent.received).map((c) => c.q)).toEqual(['']);
    d.start({ transport });
    await jest.advanceTimersByTimeAsync(0);
    expect(sentCalls(agent.received).map((c) => c.q)).toEqual(['', 'late']);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(sentCalls(agent.received)).toHaveLength(2);
    const timedOut = d.recorded.filter((a) => a.type === 'a2ui/agentCallTimedOut').map((a) => (a.payload as { callId: string }).callId);
    expect(timedOut.filter((id) => id === waiting[0])).toHaveLength(1);
    expect(settledIds(d.recorded).filter((id) => id === waiting[0])).toHaveLength(1);
    d.stop();
  } finally {
    jest.useRealTimers();
  }
});

describe('a state saved as JSON and loaded into a new store (tables, deadlines and debounces in it)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function lifetime(preloaded?: unknown) {
    const a2ui = createA2ui({ catalogs: [basicCatalog()], agentCallDebounceMs: DEBOUNCE, defaultTimeoutMs: 1_000 });
    const sagaMiddleware = createSagaMiddleware();
    const recorder = createActionRecorder();
    const store = configureStore({
      reducer: { a2ui: a2ui.reducer },
      preloadedState: preloaded as { a2ui: A2uiState } | undefined,
      middleware: (d) => d().prepend(recorder.middleware).concat(sagaMiddleware),
    });
    const { transport, agent } = createInMemoryTransport();
    const task = sagaMiddleware.run(a2ui.saga, { transport });
    return { a2ui, store, agent, task, recorded: recorder.actions };
  }

  it('a waiting call and a sent one survive the reload: the waiting one is sent once when due, the sent one times out once, the surface keeps working', async () => {
    const first = lifetime();
    first.agent.send(echoSurface('s'));
    // Many components, so the component table has rehashed into many buckets before it is saved.
    const extra = Array.from({ length: 300 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: `row ${i}` }));
    first.agent.send({ version: 'v1.0', updateComponents: { surfaceId: 's', components: extra } });
    await jest.advanceTimersByTimeAsync(0);
    first.store.dispatch(first.a2ui.actions.valueWritten({ surfaceId: 's', ref: 'field', property: 'value', value: 'saved' }));
    await jest.advanceTimersByTimeAsync(10);
    const state = first.store.getState();
    const waiting = Object.keys(state.a2ui.session.debounces ?? {});
    expect(waiting).toHaveLength(1);
    expect(tableSize(state.a2ui.session.core.surfaces.s!.components)).toBe(303);
    const saved = JSON.stringify(state);
    first.task.cancel();

    const second = lifetime(JSON.parse(saved));
    expect(second.store.getState()).toEqual(JSON.parse(saved));
    expect(tableKeys(second.store.getState().a2ui.session.core.surfaces.s!.components).sort()).toEqual(
      tableKeys(state.a2ui.session.core.surfaces.s!.components).sort(),
    );
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    const calls = sentCalls(second.agent.received);
    expect(calls).toEqual([{ surfaceId: 's', functionCallId: waiting[0], q: 'saved' }]);
    // A component update after the reload reads and writes the reloaded table.
    second.agent.send({ version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 't7', component: 'Text', text: 'changed' }] } });
    second.agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: waiting[0], value: 'answer' } });
    await jest.advanceTimersByTimeAsync(0);
    const tree = second.a2ui.selectors.selectResolvedTree(second.store.getState(), 's');
    expect(tree?.nodes.echo?.props.text).toBe('answer');
    const components = second.store.getState().a2ui.session.core.surfaces.s!.components;
    expect(tableSize(components)).toBe(303);
    expect(tableGet(components, 't7')).toMatchObject({ text: 'changed' });
    expect(tableGet(components, 't8')).toMatchObject({ text: 'row 8' });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(sentCalls(second.agent.received)).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
    second.task.cancel();
  });
});
