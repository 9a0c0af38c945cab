/** The transport port: the one shape the saga sends through and the included transports implement. */
import type { OutboundMessage, RendererDataModelMetadata } from '../model/effects';

/** Where renderer→agent messages go, and (optionally) where agent payloads come from. */
export interface A2uiTransport {
  send(message: OutboundMessage, metadata?: { a2uiRendererDataModel?: RendererDataModelMetadata }): void | Promise<void>;
  subscribe?(onMessage: (payload: unknown) => void): () => void;
}
