/**
 * A full conversation through a real store (RTK default middleware, serializability and
 * immutability checks on), the root saga and a scripted agent on the in-memory transport.
 * Timing runs under Jest fake timers with `advanceTimersByTimeAsync`.
 */
import { AGENT_FUNCTIONS, FORM_REFS, formSurface } from '../helpers/reduxFixtures';
import { basicCatalog, defineCatalog } from '../../src/catalog';
import { BASIC_CATALOG_ID, captureConsole, createHarness, type ConsoleCapture, type Harness } from '../helpers/reduxHarness';
import { CONVERSATION_TIMEOUT_MS, createConversationHarness, runConversation } from '../helpers/reduxConversation';
import type { OutboundMessage } from '../../src/model/effects';
import { tableGet, tableValues } from '../../src/data/table';

let consoleCapture: ConsoleCapture;
const harnesses: Harness[] = [];

function start(): Harness {
  const h = createConversationHarness();
  harnesses.push(h);
  return h;
}

/** Lets microtasks and due timers run, without moving the clock. */
const flush = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
  consoleCapture = captureConsole();
});

afterEach(() => {
  for (const h of harnesses.splice(0)) h.task.cancel();
  consoleCapture.restore();
  jest.useRealTimers();
});

function expectNoConsoleWarnings(): void {
  expect(consoleCapture.calls).toEqual([]);
}

function expectJsonRoundTrip(value: unknown): void {
  expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
}

const formModel = (name: string, items: string[]) => ({ name, items: items.map((label) => ({ label })) });

/** The functionCallId of the n-th callAgentFunction the agent received. */
const callIdSent = (h: Harness, n: number): string => (h.receivedOf('callAgentFunction')[n]?.message.callAgentFunction as { functionCallId: string }).functionCallId;

describe('a conversation through a real store, the root saga and a scripted agent', () => {
  it('shows the form as soon as the surface arrives and sends the first agent call with the renderer data model', async () => {
    const h = start();
    h.agent.send(formSurface('form'));
    await flush();

    const { selectResolvedTree, selectNode, selectSurfaces } = h.a2ui.selectors;
    expect(selectSurfaces(h.store.getState()).map((s) => s.surfaceId)).toEqual(['form']);
    const tree = selectResolvedTree(h.store.getState(), 'form');
    expect(tree?.root?.children).toEqual([FORM_REFS.name, FORM_REFS.items, FORM_REFS.greeting, FORM_REFS.slow, FORM_REFS.submit]);

    const name = selectNode(h.store.getState(), 'form', FORM_REFS.name);
    expect(name).toMatchObject({ component: 'TextField', props: { label: 'Name', value: 'Ada' }, bindings: { value: '/name' } });
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.items)?.children).toEqual([FORM_REFS.item0, FORM_REFS.item1]);
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.item1)).toMatchObject({ props: { text: 'pears' }, scope: '/items/1' });
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.greeting)).toMatchObject({ busy: true, props: { text: null } });
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.slow)).toMatchObject({ busy: true, props: { text: null } });

    const [first] = h.receivedOf('callAgentFunction');
    expect(first).toEqual({
      message: {
        version: 'v1.0',
        callAgentFunction: {
          surfaceId: 'form',
          functionCallId: expect.stringMatching(/^call-.+-1$/),
          callFunction: { call: 'greeting', args: { who: 'Ada' }, catalogId: BASIC_CATALOG_ID },
        },
      },
      metadata: { a2uiRendererDataModel: { version: 'v1.0', surfaces: { form: formModel('Ada', ['apples', 'pears']) } }, a2uiDeliveryId: expect.any(String) },
    });
    expect(h.a2ui.selectors.selectPendingAgentCalls(h.store.getState()).map((row) => row.call.call).sort()).toEqual(['greeting', 'slowLookup']);
    expectNoConsoleWarnings();
  });

  it('updates the selectors when the user types into the bound field, and asks the agent again for what depends on it', async () => {
    const h = start();
    h.agent.send(formSurface('form'));
    await flush();
    const { selectNode, selectSurface, selectPendingAgentCalls } = h.a2ui.selectors;
    const itemsBefore = selectNode(h.store.getState(), 'form', FORM_REFS.items);

    h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId: 'form', ref: FORM_REFS.name, property: 'value', value: 'Grace' }));

    expect(h.state().session.lastError).toBeNull();
    expect(selectSurface(h.store.getState(), 'form')?.dataModel).toEqual(formModel('Grace', ['apples', 'pears']));
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.name)?.props.value).toBe('Grace');
    // The list does not read /name: same node object.
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.items)).toBe(itemsBefore);
    // greeting(who: /name) has new arguments: a new call, the node waits for it.
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.greeting)).toMatchObject({ busy: true, props: { text: null } });
    // The call for the old arguments was superseded (cancelled, its row released): only the new one waits.
    const greetings = selectPendingAgentCalls(h.store.getState()).filter((row) => row.call.call === 'greeting');
    expect(greetings.map((row) => row.call.args)).toEqual([{ who: 'Grace' }]);
    expect(tableValues(h.state().session.core.agentCalls).filter((row) => row.call.call === 'greeting').map((row) => row.call.args)).toEqual([{ who: 'Grace' }]);
    expectNoConsoleWarnings();
  });

  it("settles the node bound to an agent function when the agent answers: it stops being busy and shows the agent's value", async () => {
    const h = start();
    h.agent.send(formSurface('form'));
    await flush();

    await jest.advanceTimersByTimeAsync(99);
    expect(h.a2ui.selectors.selectNode(h.store.getState(), 'form', FORM_REFS.greeting)?.busy).toBe(true);
    await jest.advanceTimersByTimeAsync(1);

    const greeting = h.a2ui.selectors.selectNode(h.store.getState(), 'form', FORM_REFS.greeting);
    expect(greeting).toMatchObject({ busy: false, props: { text: 'Hello, Ada!' } });
    expect(tableGet(h.state().session.core.agentCalls, callIdSent(h, 0))).toMatchObject({ status: 'ok', value: 'Hello, Ada!' });
    expect(h.a2ui.selectors.selectDiagnostics(h.store.getState(), 'form')).toEqual([]);
    expectNoConsoleWarnings();
  });

  it('sends the action with its resolved context and the renderer data model when the button is pressed', async () => {
    const h = start();
    h.agent.send(formSurface('form'));
    await flush();
    h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId: 'form', ref: FORM_REFS.name, property: 'value', value: 'Grace' }));
    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 'form', ref: FORM_REFS.submit }));
    const pressed = h.recorded.find((a) => h.a2ui.actions.actionInvoked.match(a));
    const pressedAt = pressed && h.a2ui.actions.actionInvoked.match(pressed) ? pressed.payload.timestamp : 'never pressed';
    await flush();
    expect(h.receivedOf('action')).toHaveLength(1);
    // The scripted agent replies after its latency.
    await jest.advanceTimersByTimeAsync(100);

    const actions = h.receivedOf('action');
    expect(actions).toEqual([
      {
        message: {
          version: 'v1.0',
          action: {
            name: 'submit',
            surfaceId: 'form',
            sourceComponentId: 'submit',
            timestamp: pressedAt,
            context: { name: 'Grace', firstItem: 'apples', source: 'form' },
          },
        },
        metadata: { a2uiRendererDataModel: { version: 'v1.0', surfaces: { form: formModel('Grace', ['apples', 'pears']) } }, a2uiDeliveryId: expect.any(String) },
      },
    ]);
    // The agent's reply (a third list item) reached the List template.
    expect(h.a2ui.selectors.selectNode(h.store.getState(), 'form', FORM_REFS.items)?.children).toEqual([FORM_REFS.item0, FORM_REFS.item1, FORM_REFS.item2]);
    expect(h.a2ui.selectors.selectNode(h.store.getState(), 'form', FORM_REFS.item2)?.props.text).toBe("Grace's basket");
    expectNoConsoleWarnings();
  });

  // Regression: the drainer used to `call` carryOut, which waited for the race it forked, so the
  // outbox stalled behind every pending agent call until its timeout (fixed in cb8872e).
  it('keeps delivering while an agent call is pending: both calls and the button action go out at once', async () => {
    const h = start();
    h.agent.send(formSurface('form'));
    await flush();
    expect(h.receivedOf('callAgentFunction').map((r) => (r.message.callAgentFunction as { callFunction: { call: string } }).callFunction.call)).toEqual([
      'greeting',
      'slowLookup',
    ]);

    h.store.dispatch(h.a2ui.actions.actionInvoked({ surfaceId: 'form', ref: FORM_REFS.submit }));
    await flush();
    expect(h.receivedOf('action')).toHaveLength(1);
    expect(h.a2ui.selectors.selectOutbox(h.store.getState())).toEqual([]);
  });

  it('times out a call the agent never answers after exactly defaultTimeoutMs: the node shows null with AGENT_CALL_TIMEOUT', async () => {
    const h = start();
    h.agent.send(formSurface('form'));
    await flush();

    await jest.advanceTimersByTimeAsync(CONVERSATION_TIMEOUT_MS - 1);
    expect(h.a2ui.selectors.selectNode(h.store.getState(), 'form', FORM_REFS.slow)?.busy).toBe(true);
    await jest.advanceTimersByTimeAsync(1);

    const slow = h.a2ui.selectors.selectNode(h.store.getState(), 'form', FORM_REFS.slow);
    expect(slow).toMatchObject({ busy: false, props: { text: null } });
    expect(h.a2ui.selectors.selectDiagnostics(h.store.getState(), 'form')).toEqual([
      expect.objectContaining({ severity: 'error', code: 'AGENT_CALL_TIMEOUT', componentId: 'slow' }),
    ]);
  });

  it("clears an answered call's timer and empties the outbox as soon as the answer is in", async () => {
    const h = start();
    h.agent.send(formSurface('form'));
    await flush();
    await jest.advanceTimersByTimeAsync(100);
    expect(h.a2ui.selectors.selectNode(h.store.getState(), 'form', FORM_REFS.greeting)?.busy).toBe(false);

    // Only slowLookup's timeout is left.
    expect(jest.getTimerCount()).toBe(1);
    expect(h.a2ui.selectors.selectOutbox(h.store.getState())).toEqual([]);
  });

  it('runs the whole conversation: answer, timeout, late answer ignored; no timers left, empty outbox, zero warnings', async () => {
    const h = start();
    const { selectNode, selectDiagnostics, selectResolvedTree, selectPendingAgentCalls, selectOutbox } = h.a2ui.selectors;
    let beforeLate: { core: unknown; tree: unknown } | undefined;
    const run = await runConversation(h, (step) => {
      expect(h.state().session.lastError).toBeNull();
      if (step === 'pressed') {
        beforeLate = { core: h.state().session.core, tree: selectResolvedTree(h.store.getState(), 'form') };
      }
    });

    expect(selectNode(h.store.getState(), 'form', FORM_REFS.name)?.props.value).toBe('Grace');
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.greeting)).toMatchObject({ busy: false, props: { text: 'Hello, Grace!' } });
    expect(selectNode(h.store.getState(), 'form', FORM_REFS.slow)).toMatchObject({ busy: false, props: { text: null } });
    expect(selectDiagnostics(h.store.getState(), 'form')).toEqual([expect.objectContaining({ code: 'AGENT_CALL_TIMEOUT', componentId: 'slow' })]);
    expect(tableGet(h.state().session.core.agentCalls, run.slowCallId)).toMatchObject({ status: 'timeout' });

    // The late answer changed nothing but the log and the diagnostic it caused.
    expect(h.state().session.core).toBe(beforeLate?.core);
    expect(selectResolvedTree(h.store.getState(), 'form')).toBe(beforeLate?.tree);
    expect(h.diagnostics.filter((d) => d.payload.code === 'AGENT_RESPONSE_IGNORED')).toEqual([
      expect.objectContaining({ surfaceId: 'form', severity: 'warning' }),
    ]);

    // Every call the agent was asked settled exactly once; nothing left in flight.
    const calls = h.receivedOf('callAgentFunction').map((r) => (r.message.callAgentFunction as { functionCallId: string }).functionCallId);
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls.every((id) => tableGet(h.state().session.core.agentCalls, id)?.status !== 'pending')).toBe(true);
    expect(selectPendingAgentCalls(h.store.getState())).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
    expect(selectOutbox(h.store.getState())).toEqual([]);
    expect(h.receivedOf('action')).toHaveLength(1);
    expect(h.recorded.filter((a) => a.type === 'a2ui/workerFailed')).toEqual([]);
    expectNoConsoleWarnings();
  });

  it('keeps state and every dispatched action JSON-serializable after each step of the conversation', async () => {
    const h = start();
    const run = await runConversation(h, () => {
      expectJsonRoundTrip(h.store.getState());
    });
    expect(run.checkpoints.map((c) => c.step)).toEqual(['createSurface', 'typed', 'pressed', 'lateAnswer']);
    for (const action of h.recorded) expectJsonRoundTrip(action);
    expectNoConsoleWarnings();
  });

  it('answers each callAgentFunction of the conversation with the scripted agent, one response per call', async () => {
    const h = start();
    await runConversation(h);
    const sent = h.receivedOf('callAgentFunction').map((r) => r.message.callAgentFunction as { functionCallId: string; callFunction: { call: string; args: object } });
    expect(sent.map((c) => [c.callFunction.call, c.callFunction.args])).toEqual([
      ['greeting', { who: 'Ada' }],
      ['slowLookup', { topic: 'weather' }],
      ['greeting', { who: 'Grace' }],
    ]);
    const responses = h.state().log.entries.filter(
      (e) => e.direction === 'in' && typeof e.payload === 'object' && e.payload !== null && 'agentFunctionResponse' in e.payload,
    );
    // Two scripted answers (greeting ×2) and the late slowLookup answer.
    expect(responses).toHaveLength(3);
    expect(tableGet(h.state().session.core.agentCalls, callIdSent(h, 2))).toMatchObject({ status: 'ok', value: AGENT_FUNCTIONS.greeting({ who: 'Grace' }) });
  });

  it('answers every callRendererFunction with exactly one reply through the transport', async () => {
    const tools = defineCatalog({
      catalogId: 'https://example.com/tools',
      functions: {
        double: {
          definition: { returnType: 'number', allowedCallers: 'rendererOrAgent' },
          implementation: (args) => Number(args.n) * 2,
        },
      },
    });
    const h = createHarness({ catalogs: [basicCatalog(), tools] });
    harnesses.push(h);
    const ask = (id: string, call: string, catalogId: string, args: object) =>
      h.agent.send({ version: 'v1.0', callRendererFunction: { functionCallId: id, callFunction: { call, catalogId, args } } });
    ask('r1', 'double', 'https://example.com/tools', { n: 21 });
    ask('r2', 'formatString', BASIC_CATALOG_ID, { value: 'x' });
    ask('r3', 'nope', 'https://example.com/tools', {});
    await flush();

    const replies = h.agent.received.map((r) => r.message);
    expect(replies).toEqual([
      { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'r1', value: 42 } },
      { version: 'v1.0', error: expect.objectContaining({ functionCallId: 'r2', code: 'INVALID_FUNCTION_CALL' }) },
      { version: 'v1.0', error: expect.objectContaining({ functionCallId: 'r3', code: 'INVALID_FUNCTION_CALL' }) },
    ]);
    expect(h.state().session.outbox).toEqual([]);
    expectNoConsoleWarnings();
  });

  it('speaks only v1.0 to the agent and closes the transport subscription when the root saga is cancelled', async () => {
    const h = start();
    await runConversation(h);
    const outbound: OutboundMessage[] = h.agent.received.map((r) => r.message);
    expect(outbound.every((m) => m.version === 'v1.0')).toBe(true);
    expect(h.agent.subscriberCount).toBe(1);
    h.task.cancel();
    // Cancelling the root saga closes the transport subscription.
    expect(h.agent.subscriberCount).toBe(0);
    expectNoConsoleWarnings();
  });
});
