/** The transport port: the one shape the saga sends through and the included transports implement. */
import type { RendererDataModel } from '../protocol/dataModel';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';

/** What travels with a renderer→agent message besides the message. */
export interface TransportMetadata {
  /** The data models of `sendDataModel` surfaces, as the protocol defines. */
  a2uiRendererDataModel?: RendererDataModel;
  /**
   * The outbox entry this message came from: the same on every attempt, so an agent may drop a
   * message it already received (delivery is at least once: a failed or timed-out send may still
   * have arrived).
   */
  a2uiDeliveryId?: string;
}

/** Options of one send. */
export interface TransportSendOptions {
  /** Aborted when the saga gives up on this attempt (send timeout, saga cancelled). */
  signal?: AbortSignal;
}

/** Where renderer→agent messages go, and (optionally) where agent payloads come from. */
export interface A2uiTransport {
  /** Settles when the message was handed over; a rejection (or throw) makes the saga retry it. */
  send(message: RendererToAgentMessage, metadata?: TransportMetadata, options?: TransportSendOptions): void | Promise<void>;
  subscribe?(onMessage: (payload: unknown) => void): () => void;
}
