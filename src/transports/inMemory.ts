/**
 * An in-process transport pair: the renderer end is an {@link A2uiTransport} for the root saga,
 * the agent end is a handle that tests, the demo and the playground drive by hand. Nothing is
 * serialized: payloads and messages cross by reference, synchronously.
 */
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import type { A2uiTransport, TransportMetadata, TransportSendOptions } from './types';

/** The metadata a renderer→agent message may carry (the renderer data model, the delivery id). */
export type { TransportMetadata } from './types';

/** One message the renderer sent, as the agent end recorded it. */
export interface ReceivedMessage {
  message: RendererToAgentMessage;
  /** Present only when the renderer passed metadata. */
  metadata?: TransportMetadata;
}

/** The agent end of an in-memory pair. */
export interface InMemoryAgent {
  /** Hands `payload` to every current renderer subscriber, synchronously and in order. */
  send(payload: unknown): void;
  /** Calls `listener` for every message the renderer sends from now on; returns the remover. */
  onMessage(listener: (message: RendererToAgentMessage, metadata?: TransportMetadata) => void): () => void;
  /** Every message the renderer sent, oldest first. */
  readonly received: ReceivedMessage[];
  /** How many renderer subscriptions are open (0 once the root saga stopped listening). */
  readonly subscriberCount: number;
}

/** The renderer end: `subscribe` is always present. */
export interface InMemoryTransport extends A2uiTransport {
  /** Hands the message over synchronously, so there is nothing for `options.signal` to abort. */
  send(message: RendererToAgentMessage, metadata?: TransportMetadata, options?: TransportSendOptions): void;
  subscribe(onMessage: (payload: unknown) => void): () => void;
}

/** Options of {@link createInMemoryTransport}. */
export interface InMemoryTransportOptions {
  /**
   * Called when a listener throws; the other listeners still run. Defaults to `console.error`,
   * so a broken listener in a test or demo stays visible without stopping delivery.
   */
  onListenerError?: (error: unknown, side: 'renderer' | 'agent') => void;
}

/** Calls each listener still registered when its turn comes; a throw is reported, not propagated. */
function dispatch<Args extends unknown[]>(
  listeners: Set<{ fn: (...args: Args) => void }>,
  args: Args,
  report: (error: unknown) => void,
): void {
  // A snapshot, so a listener added during dispatch waits for the next one; the `has` check skips
  // a listener removed by an earlier one.
  for (const entry of [...listeners]) {
    if (!listeners.has(entry)) continue;
    try {
      entry.fn(...args);
    } catch (error) {
      report(error);
    }
  }
}

/**
 * Creates a connected renderer/agent pair.
 * @example
 * const { transport, agent } = createInMemoryTransport();
 * sagaMiddleware.run(a2ui.saga, { transport });
 * agent.send({ version: 'v1.0', createSurface: { surfaceId: 'main', catalogId } });
 * expect(agent.received).toHaveLength(0);
 */
export function createInMemoryTransport(options: InMemoryTransportOptions = {}): {
  transport: InMemoryTransport;
  agent: InMemoryAgent;
} {
  const report = options.onListenerError ?? ((error: unknown, side: 'renderer' | 'agent') => console.error(`a2ui in-memory transport: a ${side} listener threw`, error));
  const rendererListeners = new Set<{ fn: (payload: unknown) => void }>();
  const agentListeners = new Set<{ fn: (message: RendererToAgentMessage, metadata?: TransportMetadata) => void }>();
  const received: ReceivedMessage[] = [];

  // Each registration gets its own entry, so the same function subscribed twice is called twice
  // and each remover only removes its own registration.
  function register<Fn>(set: Set<{ fn: Fn }>, fn: Fn): () => void {
    const entry = { fn };
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  const transport: InMemoryTransport = {
    send(message, metadata) {
      received.push(metadata === undefined ? { message } : { message, metadata });
      const args: [RendererToAgentMessage, TransportMetadata?] = metadata === undefined ? [message] : [message, metadata];
      dispatch(agentListeners, args, (error) => report(error, 'agent'));
    },
    subscribe(onMessage) {
      return register(rendererListeners, onMessage);
    },
  };

  const agent: InMemoryAgent = {
    send(payload) {
      dispatch(rendererListeners, [payload], (error) => report(error, 'renderer'));
    },
    onMessage(listener) {
      return register(agentListeners, listener);
    },
    received,
    get subscriberCount() {
      return rendererListeners.size;
    },
  };

  return { transport, agent };
}
