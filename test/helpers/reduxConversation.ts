/**
 * The full conversation of the Redux integration tests, as a script over a harness: the agent
 * creates the form, the user types and presses the button, the agent answers one agent function,
 * never answers the other (it times out), and answers it late. Between steps the script lets
 * enough (fake) time pass for everything in flight to finish, then calls the caller's check.
 */
import { AGENT_FUNCTIONS, FORM_REFS, agentAnswer, formSurface } from './reduxFixtures';
import { createHarness, type Harness, type HarnessOptions } from './reduxHarness';
import type { A2uiState } from '../../src/redux/slice';
import { tableValues } from '../../src/data/table';

/** Ample time for every answer, delivery and timeout in flight to finish. */
export const SETTLE_MS = 30_000;
export const CONVERSATION_TIMEOUT_MS = 5_000;

/** The scripted agent of the conversation: answers `greeting`, ignores `slowLookup`, adds a basket on submit. */
export const CONVERSATION_AGENT: NonNullable<HarnessOptions['agent']> = {
  functions: AGENT_FUNCTIONS,
  latencyMs: 100,
  onAction: (action, metadata) => {
    if (action.name !== 'submit') return undefined;
    const model = (metadata as { a2uiRendererDataModel?: { surfaces: Record<string, { items?: unknown[] }> } } | undefined)?.a2uiRendererDataModel;
    const items = model?.surfaces[action.surfaceId as string]?.items ?? [];
    const name = (action.context as Record<string, unknown>).name;
    return {
      version: 'v1.0',
      updateDataModel: { surfaceId: action.surfaceId, path: '/items', value: [...items, { label: `${String(name)}'s basket` }] },
    };
  },
};

export function createConversationHarness(extra: HarnessOptions = {}): Harness {
  return createHarness({ defaultTimeoutMs: CONVERSATION_TIMEOUT_MS, agent: CONVERSATION_AGENT, ...extra });
}

/** Snapshots of the a2ui state after each step, for the serializability checks. */
export interface ConversationRun {
  checkpoints: Array<{ step: string; state: A2uiState }>;
  slowCallId: string;
}

/**
 * Runs the whole conversation on `h` (fake timers must be on). `check` runs after each step with
 * the step's name.
 */
export async function runConversation(h: Harness, check: (step: string) => void = () => {}): Promise<ConversationRun> {
  const checkpoints: ConversationRun['checkpoints'] = [];
  const step = async (name: string, act: () => void) => {
    act();
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    checkpoints.push({ step: name, state: h.state() });
    check(name);
  };
  const { actions } = h.a2ui;
  await step('createSurface', () => h.agent.send(formSurface('form')));
  const slow = tableValues(h.state().session.core.agentCalls).find((row) => row.call.call === 'slowLookup');
  if (!slow) throw new Error('the slowLookup call was never recorded');
  await step('typed', () => h.store.dispatch(actions.valueWritten({ surfaceId: 'form', ref: FORM_REFS.name, property: 'value', value: 'Grace' })));
  await step('pressed', () => h.store.dispatch(actions.actionInvoked({ surfaceId: 'form', ref: FORM_REFS.submit })));
  await step('lateAnswer', () => h.agent.send(agentAnswer(slow.callId, 'sunny')));
  return { checkpoints, slowCallId: slow.callId };
}
