/** The transport port: the one shape the saga sends through and the included transports implement. */
import type { RendererDataModelMetadata } from '../model/effects';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';

/** Where renderer→agent messages go, and (optionally) where agent payloads come from. */
export interface A2uiTransport {
  send(message: RendererToAgentMessage, metadata?: { a2uiRendererDataModel?: RendererDataModelMetadata }): void | Promise<void>;
  subscribe?(onMessage: (payload: unknown) => void): () => void;
}
