/**
 * Runs a generated conversation through a real store: RTK's default middleware (serializability
 * and immutability checks on), the root saga, and the in-memory transport, under Jest fake
 * timers. Checked after every step: nothing throws, no RTK warning, state stays plain data,
 * outbound messages are valid, trees are consistent, prototypes are clean; at the end, after
 * `disposed`, every agent call sent has settled exactly once (counted by `agentCallSettled`
 * actions) and every callRendererFunction got exactly one reply (but see BUG 1 in
 * test/security/knownBugs.test.ts).
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { parseRendererMessage } from '../../src/protocol/parse';
import { agentCallSettled } from '../../src/redux/actions';
import { createA2ui } from '../../src/createA2ui';
import { createInMemoryTransport } from '../../src/transports/inMemory';
import { pack, type Operation, type PayloadSpec, type Scenario } from './arbitraries';
import { forbiddenRuns, fuzzCatalog, RAN } from './catalog';
import { assertPrototypesClean, assertSerializable, assertTreeConsistent, invariant, isInternalFailure, short } from './invariants';
import { numberRendererCalls, payloadCalls, rendererCallIds } from './sessionRunner';
import { tableKeys } from '../../src/data/table';

const CATALOGS = [basicCatalog(), fuzzCatalog];

/** RTK's "took Nms" notices are about speed, not correctness. */
const isTimingNotice = (args: unknown[]): boolean => typeof args[0] === 'string' && /took \d+ms, which is more than the warning threshold/.test(args[0]);

function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

/** Runs `scenario` through a store (fake timers must be on); throws InvariantError on a violation. */
export async function runReduxScenario(scenario: Scenario, delays: readonly number[]): Promise<{ sent: number; replies: number }> {
  RAN.length = 0;
  const problems: string[] = [];
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!isTimingNotice(args)) problems.push(`console.error: ${args.map((a) => (a instanceof Error ? a.message : short(a, 200))).join(' ')}`);
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!isTimingNotice(args)) problems.push(`console.warn: ${args.map((a) => short(a, 200)).join(' ')}`);
  });
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const a2ui = createA2ui({ catalogs: CATALOGS, ...scenario.options, logLimit: 50 });
  const sagaMiddleware = createSagaMiddleware({ onError: (e) => problems.push(`saga error: ${e.message}`) });
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    middleware: (getDefault) => getDefault().prepend(recorder).concat(sagaMiddleware),
  });
  const { transport, agent } = createInMemoryTransport({ onListenerError: (e) => problems.push(`listener threw: ${String(e)}`) });
  const opened: string[] = [];
  const task = sagaMiddleware.run(a2ui.saga, { transport, openUrl: (url: string) => void opened.push(url) });
  const rf = { n: 1 };
  const expectedReplies: string[] = [];
  const { actions: creators, selectors } = a2ui;

  const check = (what: string): void => {
    invariant(problems.length === 0, () => `${what}: ${problems.join(' | ')}`);
    const state = store.getState().a2ui;
    assertSerializable(state, `${what}: store state`);
    for (const s of selectors.selectSurfaces(store.getState())) {
      const tree = selectors.selectResolvedTree(store.getState(), s.surfaceId);
      invariant(tree !== undefined, `${what}: no tree for ${s.surfaceId}`);
      assertTreeConsistent(tree, CATALOGS, `${what} [surface ${s.surfaceId}]`);
    }
    for (const url of opened) invariant(/^https?:/.test(url), () => `${what}: opened ${short(url)}`);
    const forbidden = forbiddenRuns();
    invariant(forbidden.length === 0, () => `${what}: ${forbidden.join('; ')}`);
    assertPrototypesClean();
  };

  try {
    for (const [step, operation] of scenario.operations.entries()) {
      const what = `step ${step} (${operation.kind})`;
      apply(operation);
      await jest.advanceTimersByTimeAsync(delays[step % Math.max(1, delays.length)] ?? 0);
      check(what);
      invariant(selectors.selectOutbox(store.getState()).length === 0, `${what}: the outbox was not drained`);
    }
    store.dispatch(creators.disposed());
    await jest.advanceTimersByTimeAsync(0);
    check('disposed');

    // Every agent call sent settles exactly once.
    const sent = agent.received
      .map((r) => r.message.callAgentFunction as { functionCallId?: string } | undefined)
      .filter((body): body is { functionCallId: string } => typeof body?.functionCallId === 'string')
      .map((body) => body.functionCallId);
    invariant(new Set(sent).size === sent.length, () => `a call id was sent twice: ${short(sent)}`);
    const settled = new Map<string, number>();
    for (const action of actions) {
      if (agentCallSettled.match(action)) settled.set(action.payload.callId, (settled.get(action.payload.callId) ?? 0) + 1);
    }
    for (const id of sent) invariant(settled.get(id) === 1, () => `agent call ${id} settled ${settled.get(id) ?? 0} times`);
    for (const id of settled.keys()) invariant(sent.includes(id), `agent call ${id} settled but was never sent`);
    invariant(selectors.selectPendingAgentCalls(store.getState()).length === 0, 'calls still pending after disposed');

    // Every callRendererFunction gets exactly one reply, delivered to the agent.
    const replies = new Map<string, number>();
    for (const { message } of agent.received) {
      invariant(parseRendererMessage(message).ok, () => `invalid outbound message ${short(message)}`);
      const body = (message.rendererFunctionResponse ?? message.error) as { functionCallId?: unknown } | undefined;
      if (typeof body?.functionCallId === 'string') replies.set(body.functionCallId, (replies.get(body.functionCallId) ?? 0) + 1);
    }
    for (const id of expectedReplies) invariant(replies.get(id) === 1, () => `callRendererFunction ${id} got ${replies.get(id) ?? 0} replies`);
    return { sent: sent.length, replies: expectedReplies.length };
  } finally {
    task.cancel();
    error.mockRestore();
    warn.mockRestore();
  }

  function apply(operation: Operation): void {
    const state = store.getState();
    switch (operation.kind) {
      case 'payload': {
        const packed = pack({ ...operation.payload, messages: numberRendererCalls(operation.payload.messages, rf) } as PayloadSpec);
        // What a transport hands over is parsed JSON (or text); raw non-JSON values in the log are a
        // known issue with its own failing test.
        const payload = typeof packed === 'string' ? packed : jsonCopy(packed);
        if (operation.userActivated || operation.surfaceId !== undefined) {
          const options: { userActivated?: boolean; surfaceId?: string } = {};
          if (operation.userActivated) options.userActivated = true;
          if (operation.surfaceId !== undefined) options.surfaceId = operation.surfaceId;
          store.dispatch(creators.messageReceived(payload, options));
        } else {
          agent.send(payload);
        }
        const lastError = store.getState().a2ui.session.lastError;
        if (lastError !== null) invariant(!isInternalFailure(lastError), () => `internal exception: ${lastError.message}`);
        const { raw, answered } = payloadCalls(payload, scenario.options);
        // After `disposed` the session is terminal and answers nothing (API.md: dispose sends nothing).
        const disposed = store.getState().a2ui.session.core.disposed === true;
        for (const id of rendererCallIds(raw)) if (id !== null && answered && !disposed) expectedReplies.push(id);
        return;
      }
      case 'garbage':
        // The transport hands over what it parsed; JSON text stands for what a real transport would pass.
        agent.send(typeof operation.payload === 'string' ? operation.payload : safeJson(operation.payload));
        return;
      case 'write':
      case 'invoke': {
        const list = selectors.selectSurfaces(state);
        const surfaceId = pick(list, operation.surface)?.surfaceId ?? 'A';
        const tree = selectors.selectResolvedTree(state, surfaceId);
        const refs = tree ? Object.keys(tree.nodes).sort() : [];
        const fitting = refs.filter((r) => (operation.kind === 'write' ? Object.keys(tree?.nodes[r]?.bindings ?? {}).length > 0 : tree?.nodes[r]?.props.action !== undefined));
        const ref = pick(operation.node % 4 !== 0 && fitting.length > 0 ? fitting : refs, operation.node) ?? 'root';
        const node = tree?.nodes[ref];
        if (operation.kind === 'write') {
          const property = typeof operation.property === 'string' ? operation.property : (pick(Object.keys(node?.bindings ?? {}).sort(), operation.property) ?? 'value');
          // A UI dispatches values it can serialize (a non-JSON value would make RTK warn about the action itself).
          store.dispatch(creators.valueWritten({ surfaceId, ref, property, value: jsonCopy(operation.value) }));
        } else {
          const property = typeof operation.property === 'string' ? operation.property : 'action';
          store.dispatch(creators.actionInvoked({ surfaceId, ref, property }));
        }
        return;
      }
      case 'timeout': {
        const ids = tableKeys(state.a2ui.session.core.agentCalls).sort();
        const callId = typeof operation.call === 'string' ? operation.call : (pick(ids, operation.call) ?? 'call-1');
        store.dispatch(creators.agentCallTimedOut({ callId }));
        return;
      }
      case 'answer': {
        const pending = selectors.selectPendingAgentCalls(state).map((row) => row.callId).sort();
        const callId = pick(pending, operation.call);
        if (callId !== undefined) agent.send(jsonCopy({ version: 'v1.0', agentFunctionResponse: { functionCallId: callId, ...operation.outcome } }));
        return;
      }
      case 'dispose':
        store.dispatch(creators.disposed());
        return;
    }
  }
}

/** The value as a transport would deliver it: through JSON text. */
function jsonCopy(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
  } catch {
    return 'not JSON';
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '{';
  }
}
