/**
 * The a2ui sagas: they carry out the outbox and feed the store. The outside world is reached only
 * through injected ports (transport, openUrl, MCP client, clock), so tests swap them freely.
 */
import { buffers, eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import {
  agentCallSettled,
  agentCallTimedOut,
  effectsDelivered,
  messageReceived,
  workerFailed,
  mcpToolReplied,
} from '../src/redux/actions';
import type { A2uiState, OutboxEntry } from '../src/redux/slice';
import { toJsonValue } from '../src/protocol/json';
import type { Effect, McpReply, OutboundMessage, RendererDataModelMetadata } from '../src/model/effects';
import { rendererDataModelOf, type McpToolClient } from '../src/session/session';
import type { SessionState } from '../src/model/state';
import type { A2uiTransport } from '../src/transports/types';
import { errorText } from '../src/util/errors';

export type { A2uiTransport } from '../src/transports/types';

/** The ports the root saga talks to. */
export interface A2uiSagaPorts {
  transport: A2uiTransport;
  /** Opens a URL the user asked for (the scheme was already checked). */
  openUrl?: (url: string) => void | Promise<void>;
  /** Called with each diagnostic effect (logging, telemetry). */
  onDiagnostic?: (diagnostic: Extract<Effect, { type: 'diagnostic' }>) => void;
  // --- MCP Apps
  /** Runs the tools of `mcpToolCall` effects; the MCP SDK's `Client` fits. */
  mcpClient?: McpToolClient;
  /** Answers the embedded app whose request had `requestId` (`mcpReply` effects). */
  mcpAppReply?: (requestId: string | number, reply: McpReply) => void | Promise<void>;
  /** Sends a notification to the embedded app of McpApp node `ref` (`mcpNotify` effects). */
  mcpAppNotify?: (surfaceId: string, ref: string, method: string, params: unknown) => void | Promise<void>;
}

type Delivered = { message: OutboundMessage; metadata?: { a2uiRendererDataModel?: RendererDataModelMetadata } };

// --- MCP Apps
type McpToolOutcome = Parameters<typeof mcpToolReplied>[0]['outcome'];

/** A tool's result as plain JSON (actions stay serializable), or an error outcome. */
function toolOutcome(result: unknown): McpToolOutcome {
  const copy = toJsonValue(result === undefined ? null : result, { maxDepth: 64 });
  return copy.ok ? { status: 'ok', result: copy.value } : { status: 'error', message: `The tool result is not JSON: ${copy.reason}.` };
}
// --- end MCP Apps

/** Runs `worker`, turning a throw into a `workerFailed` action so the caller keeps going. */
function* guarded(name: string, worker: () => SagaIterator | Generator): SagaIterator {
  try {
    yield call(worker);
  } catch (caught) {
    yield put(workerFailed({ worker: name, message: errorText(caught) }));
  }
}

/** The surface a renderer→agent message concerns, if any. */
function surfaceOf(message: OutboundMessage): string | undefined {
  for (const body of Object.values(message)) {
    if (typeof body === 'object' && body !== null && typeof (body as { surfaceId?: unknown }).surfaceId === 'string') {
      return (body as { surfaceId: string }).surfaceId;
    }
  }
  return undefined;
}

/**
 * Builds the root saga for an a2ui state found by `selectSlice`.
 * @example sagaMiddleware.run(createA2uiSaga((s) => s.a2ui), { transport, openUrl })
 */
export function createA2uiSaga<RootState>(
  selectSlice: (state: RootState) => A2uiState,
  /** Ports used when the caller of `run` leaves them out (createA2ui passes the session's MCP client). */
  defaultPorts: Partial<A2uiSagaPorts> = {},
) {
  const selectOutbox = (state: RootState): OutboxEntry[] => selectSlice(state).session.outbox;
  const selectCore = (state: RootState): SessionState => selectSlice(state).session.core;

  function* deliver(ports: A2uiSagaPorts, effect: Extract<Effect, { type: 'send' }>): SagaIterator {
    let metadata = effect.metadata;
    if (!metadata?.a2uiRendererDataModel) {
      const surfaceId = surfaceOf(effect.message);
      if (surfaceId !== undefined) {
        const core: SessionState = yield select(selectCore);
        const model = rendererDataModelOf(core, surfaceId);
        if (model) metadata = { ...metadata, a2uiRendererDataModel: model };
      }
    }
    yield call([ports.transport, ports.transport.send], effect.message, metadata);
    const delivered: Delivered = { message: effect.message };
    if (metadata) delivered.metadata = metadata;
    return delivered;
  }

  /** Races one agent call against its timeout; the loser is cleaned up. */
  function* watchAgentCall(callId: string, timeoutMs: number): SagaIterator {
    try {
      const { timedOut } = yield race({
        settled: take((action: Action) => agentCallSettled.match(action) && action.payload.callId === callId),
        timedOut: delay(timeoutMs),
      });
      if (timedOut) yield put(agentCallTimedOut({ callId }));
    } finally {
      if (yield cancelled()) {
        // The root saga stopped: the session's dispose settles the call, nothing to undo here.
      }
    }
  }

  function* carryOut(ports: A2uiSagaPorts, entry: OutboxEntry, delivered: Delivered[]): SagaIterator {
    const effect = entry.effect;
    switch (effect.type) {
      case 'send':
        delivered.push(yield call(deliver, ports, effect));
        break;
      case 'openUrl':
        if (ports.openUrl) yield call(ports.openUrl, effect.url);
        break;
      case 'agentCallSent':
        if (effect.timeoutMs !== null) yield fork(guarded, `agentCall:${effect.callId}`, () => watchAgentCall(effect.callId, effect.timeoutMs as number));
        break;
      case 'rpcSettled':
        yield put(agentCallSettled({ callId: effect.callId, status: effect.outcome.status }));
        break;
      case 'diagnostic':
        if (ports.onDiagnostic) yield call(ports.onDiagnostic, effect);
        break;
      // --- MCP Apps
      case 'mcpReply':
        if (ports.mcpAppReply) yield call(ports.mcpAppReply, effect.requestId, effect.reply);
        break;
      case 'mcpNotify':
        if (ports.mcpAppNotify) yield call(ports.mcpAppNotify, effect.surfaceId, effect.ref, effect.method, effect.params);
        break;
      case 'mcpToolCall':
        yield fork(guarded, `mcpToolCall:${String(effect.requestId)}`, () => runMcpToolCall(ports, effect));
        break;
      default:
        break;
    }
  }

  // --- MCP Apps
  /**
   * Runs one MCP tool call on the `mcpClient` port, raced against its timeout, and reports the
   * outcome as `mcpToolReplied`. A missing port, a rejection or a result that is not JSON is an
   * error outcome: the saga itself never fails.
   */
  function* runMcpToolCall(ports: A2uiSagaPorts, effect: Extract<Effect, { type: 'mcpToolCall' }>): SagaIterator {
    const client = ports.mcpClient;
    const request = { name: effect.name, arguments: effect.arguments };
    let outcome: McpToolOutcome;
    if (client === undefined) {
      outcome = { status: 'error', message: 'No mcpClient port was given to the a2ui saga.' };
    } else {
      try {
        if (effect.timeoutMs === null) {
          outcome = toolOutcome(yield call([client, client.callTool], request));
        } else {
          const { result, timedOut } = yield race({ result: call([client, client.callTool], request), timedOut: delay(effect.timeoutMs) });
          outcome = timedOut ? { status: 'timeout', message: `No result within ${effect.timeoutMs} ms.` } : toolOutcome(result);
        }
      } catch (caught) {
        outcome = { status: 'error', message: errorText(caught) };
      }
    }
    const replied: Parameters<typeof mcpToolReplied>[0] = {
      requestId: effect.requestId,
      surfaceId: effect.surfaceId,
      ref: effect.ref,
      outcome,
      origin: effect.origin,
      name: effect.name,
      arguments: effect.arguments,
    };
    if (effect.targetDataPath !== undefined) replied.targetDataPath = effect.targetDataPath;
    yield put(mcpToolReplied(replied));
  }
  // --- end MCP Apps

  /** Drains the outbox in order and acknowledges what it carried out. */
  function* drainOutbox(ports: A2uiSagaPorts): SagaIterator {
    for (;;) {
      const outbox: OutboxEntry[] = yield select(selectOutbox);
      if (outbox.length === 0) {
        yield take('*');
        continue;
      }
      const delivered: Delivered[] = [];
      let throughId = 0;
      for (const entry of outbox) {
        try {
          // Delegated, not `call`ed: a `call` would wait for the timers it forks.
          yield* carryOut(ports, entry, delivered);
        } catch (caught) {
          yield put(workerFailed({ worker: `outbox:${entry.effect.type}`, message: errorText(caught) }));
        }
        throughId = entry.id;
      }
      yield put(effectsDelivered(delivered.length > 0 ? { throughId, delivered } : { throughId }));
    }
  }

  function transportChannel(transport: A2uiTransport): EventChannel<{ payload: unknown }> {
    // Buffered: an agent may answer synchronously from inside transport.send, while the receiver
    // is still busy putting the previous payload; nothing it sends may be dropped.
    return eventChannel((emit) => {
      const unsubscribe = transport.subscribe?.((payload) => emit({ payload }));
      return () => unsubscribe?.();
    }, buffers.expanding<{ payload: unknown }>(16));
  }

  /** Dispatches `messageReceived` for every payload the transport brings. */
  function* receive(transport: A2uiTransport): SagaIterator {
    if (!transport.subscribe) return;
    const channel: EventChannel<{ payload: unknown }> = yield call(transportChannel, transport);
    try {
      for (;;) {
        const { payload } = yield take(channel);
        yield put(messageReceived(payload));
      }
    } finally {
      channel.close();
    }
  }

  /** Whether the slice selector finds an a2ui state; the problem as text otherwise. */
  function* probeMount(): SagaIterator {
    try {
      const slice: unknown = yield select(selectSlice);
      const session = (slice as A2uiState | undefined)?.session;
      return typeof session === 'object' && session !== null && Array.isArray(session.outbox) ? true : 'not an a2ui state';
    } catch (caught) {
      return errorText(caught);
    }
  }

  /** The root saga: run it with `sagaMiddleware.run(saga, ports)`. */
  return function* a2uiRootSaga(given: A2uiSagaPorts): SagaIterator {
    const ports: A2uiSagaPorts = { ...defaultPorts, ...given };
    // A saga pointed at the wrong place in the store says so once instead of failing forever.
    const mounted: unknown = yield call(probeMount);
    if (mounted !== true) {
      yield put(workerFailed({ worker: 'root', message: `no a2ui state where the saga looks (${String(mounted)}); mount a2ui.reducer there or use a2ui.getSaga(selectSlice)` }));
      return;
    }
    const receiver: Task = yield fork(guarded, 'transport', () => receive(ports.transport));
    // The drainer restarts after a failure so one bad effect never stops delivery.
    try {
      // Restarts back off, so an effect that fails every time cannot spin the thread.
      for (let failures = 0; ; failures += 1) {
        yield call(guarded, 'outbox', () => drainOutbox(ports));
        yield delay(Math.min(5_000, 10 * 2 ** Math.min(failures, 9)));
      }
    } finally {
      if (yield cancelled()) yield cancel(receiver);
    }
  };
}
