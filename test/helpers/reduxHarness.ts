/**
 * Test harness for the Redux layer: a real `configureStore` (RTK default middleware, so the
 * serializability and immutability checks run) with the saga middleware, an action recorder for
 * replay, console capture for the checks' warnings, and a scripted agent on the in-memory
 * transport that reacts to what the renderer sends.
 */
import { instrument } from '@redux-devtools/instrument';
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { basicCatalog } from '../../src/catalog';
import { createA2ui, type A2ui, type A2uiOptions } from '../../src/createA2ui';
import type { A2uiState } from '../../src/redux/slice';
import type { Effect, OutboundMessage } from '../../src/model/effects';
import type { A2uiSagaPorts } from '../../sagas';
import { createInMemoryTransport, type InMemoryAgent, type InMemoryTransport } from '../../src/transports/inMemory';
import { deepFreeze } from '../data/helpers';
import { BASIC_CATALOG_ID } from '../../src/catalog';

/** Freezes a fixture all the way down (one helper for every suite). */
export { deepFreeze };

export { BASIC_CATALOG_ID };


/** Records console.error / console.warn calls (the RTK checks report through them). */
export interface ConsoleCapture {
  readonly calls: Array<{ level: 'error' | 'warn'; args: unknown[] }>;
  /**
   * RTK's "…Middleware took 87ms, which is more than the warning threshold of 32ms" notices: they
   * measure the machine's load, not the state, so they are kept apart from `calls`.
   */
  readonly slowChecks: string[];
  restore(): void;
}

const SLOW_CHECK = /^(SerializableStateInvariantMiddleware|ImmutableStateInvariantMiddleware) took \d+ms, which is more than the warning threshold/;

export function captureConsole(): ConsoleCapture {
  const calls: ConsoleCapture['calls'] = [];
  const slowChecks: string[] = [];
  const record = (level: 'error' | 'warn') => (...args: unknown[]) => {
    if (level === 'warn' && typeof args[0] === 'string' && SLOW_CHECK.test(args[0])) slowChecks.push(args[0]);
    else calls.push({ level, args });
  };
  const error = jest.spyOn(console, 'error').mockImplementation(record('error'));
  const warn = jest.spyOn(console, 'warn').mockImplementation(record('warn'));
  return {
    calls,
    slowChecks,
    restore() {
      error.mockRestore();
      warn.mockRestore();
    },
  };
}

/** A middleware that records every action on its way to the reducer, in order. */
export function createActionRecorder(): { middleware: Middleware; actions: UnknownAction[] } {
  const actions: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  return { middleware, actions };
}

/** A store with only the a2ui reducer mounted under `a2ui` and RTK's default middleware (no saga). */
export function createPlainStore(a2ui: A2ui) {
  return configureStore({ reducer: { a2ui: a2ui.reducer } });
}

/**
 * A store as a DevTools user has it: the a2ui reducer under `a2ui`, RTK's default middleware, the
 * saga middleware (returned, for the test to run its saga) and the real DevTools instrument
 * enhancer, whose lifted store jumps and toggles. `maxDispatches`: a middleware that throws past
 * that many dispatches, so a replay loop fails the test instead of hanging it.
 */
export function createDevToolsStore(a2ui: A2ui, options: { maxDispatches?: number } = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const { maxDispatches } = options;
  let dispatches = 0;
  const runaway: Middleware = () => (next) => (action) => {
    dispatches += 1;
    if (maxDispatches !== undefined && dispatches > maxDispatches) throw new Error('runaway dispatch loop');
    return next(action);
  };
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    middleware: (getDefault) => getDefault().concat(runaway, sagaMiddleware),
    enhancers: (getDefault) => getDefault().concat(instrument()),
    devTools: false,
  });
  /** How many actions were dispatched so far. */
  const dispatchCount = () => dispatches;
  return { store, sagaMiddleware, dispatchCount };
}

/** The agent functions a scripted agent answers, by name. */
export type AgentFunctions = Record<string, (args: Record<string, unknown>) => unknown>;

/** How the scripted agent reacts to an `action` message: the payload it sends back, if any. */
export type ActionHandler = (action: Record<string, unknown>, metadata: unknown) => unknown;

export interface ScriptedAgentOptions {
  /** Functions the agent answers (after `latencyMs`); calls to other functions go unanswered. */
  functions?: AgentFunctions;
  /** Reply to `action` messages, after `latencyMs`. */
  onAction?: ActionHandler;
  /** Delay of every answer (a real `setTimeout`, so fake timers control it). Default 100 ms. */
  latencyMs?: number;
}

/**
 * Makes the agent end of the in-memory pair answer `callAgentFunction` and `action` messages,
 * asynchronously, as a remote agent would.
 */
export function scriptAgent(agent: InMemoryAgent, options: ScriptedAgentOptions): () => void {
  const latency = options.latencyMs ?? 100;
  return agent.onMessage((message, metadata) => {
    const call = message.callAgentFunction as
      | { functionCallId: string; callFunction: { call: string; args?: Record<string, unknown> } }
      | undefined;
    if (call) {
      const fn = options.functions?.[call.callFunction.call];
      if (!fn) return;
      const value = fn(call.callFunction.args ?? {});
      setTimeout(() => agent.send({ version: 'v1.0', agentFunctionResponse: { functionCallId: call.functionCallId, value } }), latency);
      return;
    }
    const action = message.action as Record<string, unknown> | undefined;
    if (action && options.onAction) {
      const reply = options.onAction(action, metadata);
      if (reply !== undefined) setTimeout(() => agent.send(reply), latency);
    }
  });
}

export interface HarnessOptions extends Partial<A2uiOptions> {
  agent?: ScriptedAgentOptions;
  /** Extra ports for the root saga. */
  ports?: Partial<A2uiSagaPorts>;
}

/** A running store + saga + scripted agent, mounted under `a2ui`. */
export function createHarness(options: HarnessOptions = {}) {
  const { agent: agentScript, ports, ...a2uiOptions } = options;
  const a2ui = createA2ui({ catalogs: [basicCatalog()], ...a2uiOptions });
  const recorder = createActionRecorder();
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer },
    middleware: (getDefault) => getDefault().prepend(recorder.middleware).concat(sagaMiddleware),
  });
  const { transport, agent } = createInMemoryTransport();
  const opened: string[] = [];
  const diagnostics: Array<Extract<Effect, { type: 'diagnostic' }>> = [];
  if (agentScript) scriptAgent(agent, agentScript);
  const task: Task = sagaMiddleware.run(a2ui.saga, {
    transport,
    openUrl: (url: string) => {
      opened.push(url);
    },
    onDiagnostic: (diagnostic) => {
      diagnostics.push(diagnostic);
    },
    ...ports,
  });
  const state = (): A2uiState => store.getState().a2ui;
  /** Messages the agent received with the given body key (`action`, `callAgentFunction`, …). */
  const receivedOf = (body: string) => agent.received.filter((r) => body in r.message);
  return { a2ui, store, state, transport: transport as InMemoryTransport, agent, task, recorded: recorder.actions, opened, diagnostics, receivedOf };
}

export type Harness = ReturnType<typeof createHarness>;

/**
 * For every test of the enclosing block: jest's fake timers, a console capture, and the harness
 * the test starts with `start` (its saga is cancelled after the test). `console()` is the
 * capture of the running test.
 */
export function withFakeTimerHarness(): { start(options?: HarnessOptions): Harness; console(): ConsoleCapture } {
  let capture: ConsoleCapture | undefined;
  let harness: Harness | undefined;
  beforeEach(() => {
    jest.useFakeTimers();
    capture = captureConsole();
  });
  afterEach(() => {
    harness?.task.cancel();
    harness = undefined;
    capture?.restore();
    jest.useRealTimers();
  });
  return {
    start: (options) => (harness = createHarness(options)),
    console: () => {
      if (capture === undefined) throw new Error('withFakeTimerHarness: console() is read inside a test');
      return capture;
    },
  };
}

/** The body of an outbound message, by key. */
export function bodyOf<T = Record<string, unknown>>(message: OutboundMessage, key: string): T {
  return (message as Record<string, unknown>)[key] as T;
}
