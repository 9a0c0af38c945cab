/**
 * Determinism and serializability: every action dispatched during the full conversation is
 * recorded and replayed on a fresh store without saga; the replay must give deep-equal state,
 * outbox and log included. The recorded actions and the state must survive JSON.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { basicCatalog } from '../../src/catalog';
import { createA2ui, type A2ui } from '../../src/createA2ui';
import { createConversationHarness, runConversation } from '../helpers/reduxConversation';
import { captureConsole, createPlainStore, type ConsoleCapture, type Harness } from '../helpers/reduxHarness';
import { plainSurface } from '../helpers/reduxFixtures';
import { BASIC_CATALOG_ID } from '../../src/catalog';

let consoleCapture: ConsoleCapture;

beforeEach(() => {
  jest.useFakeTimers();
  consoleCapture = captureConsole();
});

afterEach(() => {
  consoleCapture.restore();
  jest.useRealTimers();
});

function replay(a2ui: A2ui, actions: readonly UnknownAction[]) {
  const store = createPlainStore(a2ui);
  for (const action of actions) store.dispatch(action);
  return store.getState();
}

/** Runs the full conversation once and keeps the recorded actions with the action count at each step. */
async function recordConversation(): Promise<{ h: Harness; steps: Array<{ step: string; count: number; state: unknown }> }> {
  const h = createConversationHarness();
  const steps: Array<{ step: string; count: number; state: unknown }> = [];
  await runConversation(h, (step) => steps.push({ step, count: h.recorded.length, state: h.store.getState() }));
  h.task.cancel();
  return { h, steps };
}

const freshA2ui = () => createA2ui({ catalogs: [basicCatalog()], defaultTimeoutMs: 5_000 });

describe('replaying the recorded actions of the conversation', () => {
  it('rebuilds deep-equal state, outbox and log on a fresh store without saga', async () => {
    const { h } = await recordConversation();
    const live = h.store.getState();
    expect(h.recorded.length).toBeGreaterThan(10);
    expect(new Set(h.recorded.map((a) => a.type))).toEqual(
      new Set(['a2ui/messageReceived', 'a2ui/effectsDelivered', 'a2ui/valueWritten', 'a2ui/actionInvoked', 'a2ui/agentCallSettled', 'a2ui/agentCallTimedOut']),
    );

    const replayed = replay(freshA2ui(), h.recorded);
    expect(replayed).toStrictEqual(live);
    expect(replayed.a2ui.session.outbox).toEqual(live.a2ui.session.outbox);
    expect(replayed.a2ui.log).toEqual(live.a2ui.log);
    expect(consoleCapture.calls).toEqual([]);
  });

  it('matches the live state after every step when replaying the actions up to it', async () => {
    const { h, steps } = await recordConversation();
    expect(steps.map((s) => s.step)).toEqual(['createSurface', 'typed', 'pressed', 'lateAnswer']);
    for (const { count, state } of steps) {
      expect(replay(freshA2ui(), h.recorded.slice(0, count))).toStrictEqual(state);
    }
  });

  it('gives the same state from actions that went through JSON', async () => {
    const { h } = await recordConversation();
    const wire = JSON.parse(JSON.stringify(h.recorded)) as UnknownAction[];
    expect(wire).toStrictEqual(h.recorded);
    expect(replay(freshA2ui(), wire)).toStrictEqual(h.store.getState());
  });

  it('keeps the resolved trees equal too: selectors over the replayed state show what the live store showed', async () => {
    const { h } = await recordConversation();
    const a2ui = freshA2ui();
    const replayed = replay(a2ui, h.recorded);
    expect(a2ui.selectors.selectResolvedTree(replayed, 'form')).toEqual(h.a2ui.selectors.selectResolvedTree(h.store.getState(), 'form'));
    expect(a2ui.selectors.selectDiagnostics(replayed, 'form')).toEqual(h.a2ui.selectors.selectDiagnostics(h.store.getState(), 'form'));
  });

  it('rebuilds the same state with the same createA2ui instance the live store used', async () => {
    const { h } = await recordConversation();
    expect(replay(h.a2ui, h.recorded)).toStrictEqual(h.store.getState());
  });
});

describe('effects depend only on state and actions', () => {
  const write = (a2ui: A2ui, value: string) => a2ui.actions.valueWritten({ surfaceId: 'p', ref: 'field', property: 'value', value });
  const surfaceWithProblem = {
    version: 'v1.0',
    createSurface: {
      surfaceId: 'p',
      catalogId: BASIC_CATALOG_ID,
      components: [
        { id: 'root', component: 'Column', children: ['field', 'missing'] },
        { id: 'field', component: 'TextField', label: 'Field', value: { path: '/v' } },
        { id: 'missing', component: 'Text', text: { path: '/nothing' } },
      ],
      dataModel: { v: 'a' },
    },
  };

  it('gives the same outbox whether or not selectors were read between the actions', () => {
    const live = freshA2ui();
    const liveStore = createPlainStore(live);
    const actions = [live.actions.messageReceived(surfaceWithProblem), write(live, 'b'), live.actions.messageReceived(plainSurface('q')), write(live, 'c')];
    for (const action of actions) {
      liveStore.dispatch(action);
      live.selectors.selectResolvedTree(liveStore.getState(), 'p');
      live.selectors.selectResolvedTree(liveStore.getState(), 'q');
    }
    expect(replay(freshA2ui(), actions)).toStrictEqual(liveStore.getState());
  });

  // Regression: effects used to depend on the shared resolver cache's history (the incremental
  // resolution is kept per surface id in the runtime createA2ui closes over), so a second store
  // on the same instance made the first one re-report diagnostics of unchanged nodes.
  it('gives one store the same outbox whether or not another store shares its createA2ui instance', () => {
    const shared = freshA2ui();
    const first = createPlainStore(shared);
    const second = createPlainStore(shared);
    const firstActions = [shared.actions.messageReceived(surfaceWithProblem), shared.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 'p', path: '/other', value: 1 } })];
    first.dispatch(firstActions[0]!);
    second.dispatch(shared.actions.messageReceived(surfaceWithProblem));
    second.dispatch(write(shared, 'b'));
    first.dispatch(firstActions[1]!);
    expect(first.getState().a2ui.session.outbox).toEqual(replay(freshA2ui(), firstActions).a2ui.session.outbox);
  });

  // Regression: `dispose` clears the shared resolver cache from inside the reducer, so what the
  // next agent message reported used to depend on whether a selector had re-resolved the surface
  // in between (replay re-reported the UNRESOLVED_BINDING of 'missing', the live store did not).
  it('gives the same outbox after a dispose whether or not a selector read the surface in between', () => {
    const live = freshA2ui();
    const liveStore = createPlainStore(live);
    const actions = [
      live.actions.messageReceived(surfaceWithProblem),
      live.actions.disposed(),
      live.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 'p', path: '/v', value: 'b' } }),
    ];
    liveStore.dispatch(actions[0]!);
    liveStore.dispatch(actions[1]!);
    live.selectors.selectResolvedTree(liveStore.getState(), 'p');
    liveStore.dispatch(actions[2]!);
    expect(replay(freshA2ui(), actions).a2ui.session.outbox).toEqual(liveStore.getState().a2ui.session.outbox);
  });
});
