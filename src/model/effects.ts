/**
 * Effects: what an operation asks the host to do, as plain data. The pure session returns them;
 * the Redux slice appends them to its outbox; sagas carry them out.
 */
import type { McpEffect } from '../mcp/types';
import type { RendererDataModel } from '../protocol/dataModel';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import type { Diagnostic, DiagnosticCode } from './tree';

export type { McpReply } from '../mcp/types';

/** The JSON-RPC code of an internal error: how an `mcpReply` answers a request nothing could act on. */
export const JSON_RPC_INTERNAL_ERROR = -32603;

/**
 * A renderer→agent message as sent on the wire.
 * @deprecated Use {@link RendererToAgentMessage}, the exact union this now names; the alias goes in the next minor version.
 */
export type OutboundMessage = RendererToAgentMessage;

/**
 * The renderer data model attached to outbound messages for `sendDataModel` surfaces.
 * @deprecated The same type as the protocol's `RendererDataModel`; use that name.
 */
export type RendererDataModelMetadata = RendererDataModel;

/** How an agent call settled. */
export type AgentCallOutcome =
  | { status: 'ok'; value: unknown }
  | { status: 'error'; error: { code: string; message: string } };

/** What an operation asks the host to do, as plain data. */
export type Effect =
  | { type: 'send'; message: RendererToAgentMessage; metadata?: { a2uiRendererDataModel?: RendererDataModelMetadata } }
  | { type: 'openUrl'; url: string }
  | { type: 'surfaceCreated'; surfaceId: string }
  | { type: 'surfaceDeleted'; surfaceId: string }
  | { type: 'componentsUpdated'; surfaceId: string; componentIds: string[] }
  | { type: 'dataModelUpdated'; surfaceId: string; path: string }
  /**
   * An agent call settled (answer, error, timeout, dispose, `SUPERSEDED`). The type keeps the API
   * contract's name; the saga reports it to the reducer as the `agentCallSettled` action.
   */
  | { type: 'rpcSettled'; callId: string; outcome: AgentCallOutcome }
  | { type: 'agentCallSent'; callId: string; timeoutMs: number | null }
  /** A binding's call waits `delayMs` before it is sent: call `sendDebouncedAgentCall` then (the saga does). */
  | { type: 'agentCallDebounced'; callId: string; delayMs: number }
  | McpEffect
  | {
      type: 'diagnostic';
      surfaceId: string;
      severity: 'error' | 'warning';
      payload: DiagnosticPayload;
    };

/** What a `diagnostic` effect says: a code of the closed set, and what it is about. */
export interface DiagnosticPayload {
  code: DiagnosticCode;
  message: string;
  componentId?: string;
  path?: string;
  ref?: string;
}

/** The diagnostic effect for a resolver diagnostic. */
export function diagnosticEffect(surfaceId: string, diagnostic: Diagnostic): Effect {
  const payload: DiagnosticPayload = {
    code: diagnostic.code,
    message: diagnostic.message,
  };
  if (diagnostic.componentId !== undefined) payload.componentId = diagnostic.componentId;
  if (diagnostic.path !== undefined) payload.path = diagnostic.path;
  if (diagnostic.ref !== undefined) payload.ref = diagnostic.ref;
  return { type: 'diagnostic', surfaceId, severity: diagnostic.severity, payload };
}

/**
 * The generic renderer→agent `error` message. The schema wants exactly one of `surfaceId` and
 * `functionCallId`, so `about` names one.
 */
export function agentErrorMessage(code: string, message: string, about: { surfaceId: string } | { functionCallId: string }): OutboundMessage {
  return { version: 'v1.0', error: { code, message, ...about } };
}

/** {@link agentErrorMessage} as a `send` effect. */
export function agentErrorEffect(code: string, message: string, about: { surfaceId: string } | { functionCallId: string }): Effect {
  return { type: 'send', message: agentErrorMessage(code, message, about) };
}
