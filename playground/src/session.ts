/**
 * One playground session: a real Redux store (RTK `configureStore`, so Redux DevTools attach when
 * the extension is present) with the a2ui reducer and root saga on the in-memory transport, the
 * scripted agent on the transport's other end, and a `player` slice that steps through the chosen
 * conversation. Reset builds a fresh session; the old one is cancelled and its timers cleared.
 */
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { basicCatalog, createA2ui, createInMemoryTransport, mcpCatalog, type OutboundMessage } from '../../src/index';
import { travelCatalog } from '../../src/cli/demo';
import { createMcpAppHost, type McpAppHost } from '../../src/react/index';
import { SANDBOX_URL } from 'virtual:mcp-sandbox';
import { answer, type AgentReply } from './agent';
import type { Conversation, Step } from './conversations';

/** How long an agent function may take before the renderer gives up (the seat map never answers). */
export const AGENT_CALL_TIMEOUT_MS = 4000;

/**
 * One a2ui instance for the page: the basic catalog, the demo's travel catalog, and the MCP
 * catalog. The playground has no MCP client, so an MCP App's tool calls go to the agent as actions.
 */
export const a2ui = createA2ui({
  catalogs: [basicCatalog(), travelCatalog(), mcpCatalog()],
  defaultTimeoutMs: AGENT_CALL_TIMEOUT_MS,
  logLimit: 1000,
});

/** Something outside the a2ui state worth showing: a URL the renderer asked to open, the agent's choices. */
export interface HostEvent {
  id: number;
  kind: 'openUrl' | 'agent' | 'diagnostic';
  text: string;
}

export interface PlayerState {
  conversationId: string;
  title: string;
  blurb: string;
  steps: Step[];
  /** Index of the next step to send. */
  cursor: number;
  agent: {
    /** Milliseconds the agent waits before each reply. */
    delayMs: number;
    /** Replies wait in `held` until released. */
    hold: boolean;
    held: AgentReply[];
  };
  events: HostEvent[];
  nextEventId: number;
}

const MAX_EVENTS = 200;

function initialPlayer(conversation: Conversation, agent?: PlayerState['agent']): PlayerState {
  return {
    conversationId: conversation.id,
    title: conversation.title,
    blurb: conversation.blurb,
    steps: conversation.steps,
    cursor: 0,
    agent: { delayMs: agent?.delayMs ?? 500, hold: agent?.hold ?? false, held: [] },
    events: [],
    nextEventId: 1,
  };
}

const playerSlice = createSlice({
  name: 'player',
  initialState: initialPlayer({ id: 'none', title: '', blurb: '', steps: [] }),
  reducers: {
    stepSent(state) {
      state.cursor = Math.min(state.cursor + 1, state.steps.length);
    },
    delayChanged(state, action: PayloadAction<number>) {
      state.agent.delayMs = action.payload;
    },
    holdChanged(state, action: PayloadAction<boolean>) {
      state.agent.hold = action.payload;
    },
    replyHeld(state, action: PayloadAction<AgentReply>) {
      state.agent.held.push(action.payload);
    },
    heldReleased(state) {
      state.agent.held = [];
    },
    eventAdded(state, action: PayloadAction<Omit<HostEvent, 'id'>>) {
      state.events.push({ ...action.payload, id: state.nextEventId++ });
      if (state.events.length > MAX_EVENTS) state.events.splice(0, state.events.length - MAX_EVENTS);
    },
  },
});

export const playerActions = playerSlice.actions;

function makeStore(player: PlayerState) {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: { a2ui: a2ui.reducer, player: playerSlice.reducer },
    preloadedState: { player },
    middleware: (getDefault) => getDefault().concat(sagas),
    devTools: { name: 'a2ui-redux playground' },
  });
  return { store, sagas };
}

export type PlaygroundStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<PlaygroundStore['getState']>;
export type AppDispatch = PlaygroundStore['dispatch'];

export interface PlaygroundSession {
  store: PlaygroundStore;
  /** The host of the session's MCP Apps (null when no sandbox page is served). */
  mcpApps: McpAppHost | null;
  /** Sends the next step of the conversation (false when there is none). */
  next(): boolean;
  /** Sends every remaining step. */
  playAll(): void;
  /** Sends the replies the agent is holding. */
  release(): void;
  setHold(hold: boolean): void;
  setDelay(ms: number): void;
  /** Stops the saga, the agent and its timers. */
  dispose(): void;
}

/** Builds a session for `conversation`; agent settings carry over from `previous` when given. */
export function createPlaygroundSession(conversation: Conversation, previous?: PlaygroundSession): PlaygroundSession {
  const { store, sagas } = makeStore(initialPlayer(conversation, previous?.store.getState().player.agent));
  const { transport, agent } = createInMemoryTransport();
  const mcpApps = SANDBOX_URL ? createMcpAppHost({ sandboxUrl: SANDBOX_URL, hostInfo: { name: 'a2ui-redux playground', version: '1' } }) : null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let disposed = false;
  const event = (kind: HostEvent['kind'], text: string) => {
    if (!disposed) store.dispatch(playerActions.eventAdded({ kind, text }));
  };

  const task = sagas.run(a2ui.saga, {
    transport,
    ...(mcpApps ? mcpApps.ports : {}),
    openUrl: (url: string) => event('openUrl', url),
    onDiagnostic: (effect) => {
      // Resolver diagnostics show under each surface; these are about the conversation itself.
      if (/^AGENT_/.test(effect.payload.code)) event('diagnostic', `${effect.payload.code}: ${effect.payload.message}`);
    },
  });

  const sendNow = (reply: AgentReply) => {
    if (disposed) return;
    event('agent', `agent ${reply.note}`);
    agent.send(reply.payload);
  };
  const deliver = (reply: AgentReply) => {
    const { hold, delayMs } = store.getState().player.agent;
    if (hold) {
      store.dispatch(playerActions.replyHeld(reply));
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      sendNow(reply);
    }, delayMs);
    timers.add(timer);
  };
  const stopListening = agent.onMessage((message: OutboundMessage) => {
    // Answer after the renderer's current dispatch has finished, as a remote agent would.
    queueMicrotask(() => {
      if (disposed) return;
      const { replies, notes } = answer(message);
      for (const note of notes) event('agent', `agent ${note}`);
      for (const reply of replies) deliver(reply);
    });
  });

  const release = () => {
    const held = store.getState().player.agent.held;
    store.dispatch(playerActions.heldReleased());
    for (const reply of held) sendNow(reply);
  };

  return {
    store,
    mcpApps,
    next() {
      const { steps, cursor } = store.getState().player;
      const step = steps[cursor];
      if (step === undefined || disposed) return false;
      store.dispatch(playerActions.stepSent());
      agent.send(step.payload);
      return true;
    },
    playAll() {
      while (this.next()) {
        // every remaining step, in order
      }
    },
    release,
    setHold(hold) {
      store.dispatch(playerActions.holdChanged(hold));
      if (!hold) release();
    },
    setDelay(ms) {
      store.dispatch(playerActions.delayChanged(ms));
    },
    dispose() {
      disposed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      stopListening();
      store.dispatch(a2ui.actions.disposed());
      task.cancel();
    },
  };
}
