import { runSaga, stdChannel } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import type { A2uiState } from '../../src/redux/slice';
import type { OutboundMessage } from '../../src/model/effects';

const action: OutboundMessage = Object.freeze({
  version: 'v1.0',
  action: { name: 'submit', surfaceId: 'main', sourceComponentId: 'ok', timestamp: '2025-01-01T00:00:00Z', context: {} },
});
const metadata = Object.freeze({ a2uiRendererDataModel: { version: 'v1.0' as const, surfaces: { main: { name: 'Ada' } } } });

describe('createInMemoryTransport', () => {
  it('hands agent payloads to every renderer subscriber, synchronously and in order', () => {
    const { transport, agent } = createInMemoryTransport();
    const first: unknown[] = [];
    const second: unknown[] = [];
    transport.subscribe((payload) => first.push(payload));
    transport.subscribe((payload) => second.push(payload));

    agent.send({ n: 1 });
    expect(first).toEqual([{ n: 1 }]);
    agent.send({ n: 2 });
    agent.send('text');

    expect(first).toEqual([{ n: 1 }, { n: 2 }, 'text']);
    expect(second).toEqual(first);
  });

  it('records what the renderer sends and tells agent listeners, metadata only when given', () => {
    const { transport, agent } = createInMemoryTransport();
    const heard: unknown[][] = [];
    agent.onMessage((...args) => heard.push(args));

    transport.send(action);
    transport.send(action, metadata);

    expect(agent.received).toEqual([{ message: action }, { message: action, metadata }]);
    expect('metadata' in agent.received[0]!).toBe(false);
    expect(heard).toEqual([[action], [action, metadata]]);
  });

  it('stops delivering to removed subscriptions, each remover acting once on its own registration', () => {
    const { transport, agent } = createInMemoryTransport();
    const seen: unknown[] = [];
    const listener = (payload: unknown) => seen.push(payload);
    const removeA = transport.subscribe(listener);
    const removeB = transport.subscribe(listener);
    expect(agent.subscriberCount).toBe(2);

    agent.send(1);
    removeA();
    removeA();
    agent.send(2);
    removeB();
    agent.send(3);

    expect(seen).toEqual([1, 1, 2]);
    expect(agent.subscriberCount).toBe(0);

    const heard: unknown[] = [];
    const stop = agent.onMessage((message) => heard.push(message));
    transport.send(action);
    stop();
    transport.send(action);
    expect(heard).toHaveLength(1);
    expect(agent.received).toHaveLength(2);
  });

  it('skips a subscriber removed by an earlier one during the same delivery, and defers one added', () => {
    const { transport, agent } = createInMemoryTransport();
    const seen: string[] = [];
    let removeLate = (): void => undefined;
    transport.subscribe(() => {
      seen.push('first');
      removeLate();
      transport.subscribe(() => seen.push('added'));
    });
    removeLate = transport.subscribe(() => seen.push('late'));

    agent.send('x');
    expect(seen).toEqual(['first']);
  });

  it('keeps calling the other listeners when one throws, and reports the error', () => {
    const errors: Array<[unknown, string]> = [];
    const { transport, agent } = createInMemoryTransport({ onListenerError: (error, side) => errors.push([error, side]) });
    const seen: unknown[] = [];
    transport.subscribe(() => {
      throw new Error('renderer boom');
    });
    transport.subscribe((payload) => seen.push(payload));
    agent.onMessage(() => {
      throw new Error('agent boom');
    });
    agent.onMessage((message) => seen.push(message));

    expect(() => agent.send('p')).not.toThrow();
    expect(() => transport.send(action)).not.toThrow();

    expect(seen).toEqual(['p', action]);
    expect(errors.map(([error, side]) => [(error as Error).message, side])).toEqual([
      ['renderer boom', 'renderer'],
      ['agent boom', 'agent'],
    ]);
  });

  it('reports a throwing listener on console.error by default', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { transport, agent } = createInMemoryTransport();
      transport.subscribe(() => {
        throw new Error('boom');
      });
      agent.send(1);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('feeds the root saga, which unsubscribes when cancelled', async () => {
    // Loaded here so a problem elsewhere in the saga's imports fails this test alone.
    const { createA2uiSaga } = await import('../../sagas');
    const { messageReceived } = await import('../../src/redux/actions');
    const { transport, agent } = createInMemoryTransport();
    const channel = stdChannel();
    const dispatched: UnknownAction[] = [];
    const state = { a2ui: { session: { outbox: [], core: {} } } } as unknown as { a2ui: A2uiState };
    const task = runSaga(
      {
        channel,
        dispatch: (a: UnknownAction) => {
          dispatched.push(a);
          channel.put(a);
        },
        getState: () => state,
      },
      createA2uiSaga((s: { a2ui: A2uiState }) => s.a2ui),
      { transport },
    );
    expect(agent.subscriberCount).toBe(1);

    agent.send({ version: 'v1.0', deleteSurface: { surfaceId: 'a' } });
    agent.send({ version: 'v1.0', deleteSurface: { surfaceId: 'b' } });
    expect(dispatched.filter(messageReceived.match).map((a) => a.payload.payload)).toEqual([
      { version: 'v1.0', deleteSurface: { surfaceId: 'a' } },
      { version: 'v1.0', deleteSurface: { surfaceId: 'b' } },
    ]);

    task.cancel();
    expect(agent.subscriberCount).toBe(0);
  });
});
