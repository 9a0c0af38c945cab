/**
 * The selectors over a real store (no saga): memoization counted with `recomputations()`,
 * identity of trees and nodes, stable empty results, and the conversation log.
 */
import { basicCatalog } from '../../src/catalog';
import { createA2ui, type A2ui } from '../../src/createA2ui';
import { BASIC_CATALOG_ID, captureConsole, createPlainStore, deepFreeze, type ConsoleCapture } from '../helpers/reduxHarness';
import { agentAnswer, dataUpdate, plainSurface } from '../helpers/reduxFixtures';
import type { OutboundMessage } from '../../src/model/effects';
import { tableGet, tableKeys, tableValues } from '../../src/data/table';

let a2ui: A2ui;
let store: ReturnType<typeof createPlainStore>;
let consoleCapture: ConsoleCapture;

beforeEach(() => {
  a2ui = createA2ui({ catalogs: [basicCatalog()] });
  store = createPlainStore(a2ui);
  consoleCapture = captureConsole();
});

afterEach(() => {
  // Every scenario runs with RTK's serializability and immutability checks and must stay silent.
  expect(consoleCapture.calls).toEqual([]);
  consoleCapture.restore();
});

const receive = (payload: unknown) => store.dispatch(a2ui.actions.messageReceived(payload));
const s = () => store.getState();
/** The functionCallIds of the callAgentFunction messages waiting in the outbox, oldest first. */
const outboxCallIds = (): string[] =>
  s().a2ui.session.outbox.flatMap((e) => (e.effect.type === 'send' && e.effect.message.callAgentFunction ? [(e.effect.message.callAgentFunction as { functionCallId: string }).functionCallId] : []));

/** A surface whose Text is bound to the agent function `lookup(q)`. */
const agentSurface = (surfaceId: string, q: string) =>
  deepFreeze({
    version: 'v1.0',
    createSurface: {
      surfaceId,
      catalogId: BASIC_CATALOG_ID,
      components: [{ id: 'root', component: 'Text', text: { call: 'lookup', args: { q } } }],
    },
  });

describe('selectResolvedTree memoization', () => {
  it('never recomputes surface B when surface A changes (data, components, agent calls)', () => {
    const { selectResolvedTree } = a2ui.selectors;
    receive(plainSurface('A'));
    receive(plainSurface('B'));
    const treeA = selectResolvedTree(s(), 'A');
    const treeB = selectResolvedTree(s(), 'B');
    expect(treeB?.root?.componentId).toBe('root');
    selectResolvedTree.resetRecomputations();

    receive(dataUpdate('A', '/title', 'Changed'));
    expect(selectResolvedTree(s(), 'B')).toBe(treeB);
    expect(selectResolvedTree.recomputations()).toBe(0);
    const treeA2 = selectResolvedTree(s(), 'A');
    expect(treeA2).not.toBe(treeA);
    expect(selectResolvedTree.recomputations()).toBe(1);

    // A change that touches the shared agent-call table still leaves B alone.
    receive({ version: 'v1.0', updateComponents: { surfaceId: 'A', components: [{ id: 'title', component: 'Text', text: { call: 'lookup', args: {} } }] } });
    expect(tableKeys(s().a2ui.session.core.agentCalls)).toEqual(outboxCallIds());
    expect(outboxCallIds()).toHaveLength(1);
    expect(selectResolvedTree(s(), 'B')).toBe(treeB);
    expect(selectResolvedTree.recomputations()).toBe(1);
    expect(selectResolvedTree(s(), 'A')?.nodes['title']?.busy).toBe(true);
    expect(selectResolvedTree.recomputations()).toBe(2);
  });

  it('recomputes once per relevant change, and not at all for actions that leave the surface alone', () => {
    const { selectResolvedTree } = a2ui.selectors;
    receive(plainSurface('A'));
    selectResolvedTree(s(), 'A');
    selectResolvedTree.resetRecomputations();

    store.dispatch(a2ui.actions.effectsDelivered({ ids: [] }));
    store.dispatch(a2ui.actions.transportStatusChanged({ status: 'open' }));
    selectResolvedTree(s(), 'A');
    selectResolvedTree(s(), 'A');
    expect(selectResolvedTree.recomputations()).toBe(0);

    receive(dataUpdate('A', '/title', 'One'));
    selectResolvedTree(s(), 'A');
    selectResolvedTree(s(), 'A');
    expect(selectResolvedTree.recomputations()).toBe(1);
  });

  it('keeps the same tree object when data nobody reads changes', () => {
    const { selectResolvedTree } = a2ui.selectors;
    receive(plainSurface('A'));
    const before = selectResolvedTree(s(), 'A');
    receive(dataUpdate('A', '/unread', { deep: [1, 2, 3] }));
    expect(s().a2ui.session.core.surfaces.A?.dataModel).toMatchObject({ unread: { deep: [1, 2, 3] } });
    expect(selectResolvedTree(s(), 'A')).toBe(before);
  });

  it('replaces only the nodes that read the changed path; the others keep their identity', () => {
    const { selectResolvedTree, selectNode } = a2ui.selectors;
    receive(plainSurface('A'));
    const root = selectNode(s(), 'A', 'root');
    const title = selectNode(s(), 'A', 'title');
    const body = selectNode(s(), 'A', 'body');

    receive(dataUpdate('A', '/title', 'New title'));
    const tree = selectResolvedTree(s(), 'A');
    expect(tree?.nodes['title']).not.toBe(title);
    expect(tree?.nodes['title']?.props.text).toBe('New title');
    expect(tree?.nodes['body']).toBe(body);
    expect(tree?.nodes.root).toBe(root);
  });
});

describe('selectNode, selectSurface(s), selectDiagnostics', () => {
  it('finds nodes by ref, template items included, and answers undefined for unknown refs or surfaces', () => {
    receive(
      deepFreeze({
        version: 'v1.0',
        createSurface: {
          surfaceId: 'L',
          catalogId: BASIC_CATALOG_ID,
          components: [
            { id: 'root', component: 'List', children: { path: '/rows', componentId: 'row' } },
            { id: 'row', component: 'Text', text: { path: 'name' } },
          ],
          dataModel: { rows: [{ name: 'x' }, { name: 'y' }] },
        },
      }),
    );
    const { selectNode, selectResolvedTree } = a2ui.selectors;
    expect(selectNode(s(), 'L', 'row@/rows/1')).toMatchObject({ componentId: 'row', props: { text: 'y' }, scope: '/rows/1' });
    expect(selectNode(s(), 'L', 'row@/rows/1')).toBe(selectResolvedTree(s(), 'L')?.nodes['row@/rows/1']);
    expect(selectNode(s(), 'L', 'row@/rows/2')).toBeUndefined();
    expect(selectNode(s(), 'L', '__proto__')).toBeUndefined();
    expect(selectNode(s(), 'nope', 'root')).toBeUndefined();
    expect(selectResolvedTree(s(), 'nope')).toBeUndefined();
  });

  it('lists surfaces sorted by id, keeps the list while surfaces are unchanged, and forgets deleted ones', () => {
    const { selectSurfaces, selectSurface, selectResolvedTree } = a2ui.selectors;
    receive(plainSurface('b'));
    receive(plainSurface('a'));
    const list = selectSurfaces(s());
    expect(list.map((x) => x.surfaceId)).toEqual(['a', 'b']);
    store.dispatch(a2ui.actions.effectsDelivered({ ids: [] }));
    expect(selectSurfaces(s())).toBe(list);

    receive({ version: 'v1.0', deleteSurface: { surfaceId: 'a' } });
    expect(selectSurfaces(s()).map((x) => x.surfaceId)).toEqual(['b']);
    expect(selectSurface(s(), 'a')).toBeUndefined();
    expect(selectSurface(s(), 'toString')).toBeUndefined();
    expect(selectResolvedTree(s(), 'a')).toBeUndefined();
  });

  it('returns a stable empty diagnostics array for clean or unknown surfaces, and the tree diagnostics otherwise', () => {
    const { selectDiagnostics } = a2ui.selectors;
    receive(plainSurface('A'));
    expect(selectDiagnostics(s(), 'nope')).toEqual([]);
    expect(selectDiagnostics(s(), 'nope')).toBe(selectDiagnostics(s(), 'other'));
    expect(selectDiagnostics(s(), 'A')).toEqual([]);

    receive(dataUpdate('A', '/body', null));
    expect(selectDiagnostics(s(), 'A')).toEqual([expect.objectContaining({ code: 'UNRESOLVED_BINDING', path: '/body', severity: 'warning' })]);
    expect(selectDiagnostics(s(), 'A')).toBe(selectDiagnostics(s(), 'A'));
  });
});

describe('selectPendingAgentCalls', () => {
  it('returns one stable empty array whenever nothing is pending', () => {
    const { selectPendingAgentCalls } = a2ui.selectors;
    const empty = selectPendingAgentCalls(s());
    expect(empty).toEqual([]);
    receive(plainSurface('A'));
    expect(selectPendingAgentCalls(s())).toBe(empty);

    receive(agentSurface('Q', 'x'));
    const pending = selectPendingAgentCalls(s());
    const [callId = 'none'] = outboxCallIds();
    expect(pending).toEqual([expect.objectContaining({ callId, surfaceId: 'Q', status: 'pending', origin: 'binding' })]);
    store.dispatch(a2ui.actions.effectsDelivered({ ids: [] }));
    expect(selectPendingAgentCalls(s())).toBe(pending);

    receive(agentAnswer(callId, 'done'));
    expect(selectPendingAgentCalls(s())).toBe(empty);
    store.dispatch(a2ui.actions.agentCallTimedOut({ callId }));
    expect(selectPendingAgentCalls(s())).toBe(empty);
    expect(tableGet(s().a2ui.session.core.agentCalls, callId)?.status).toBe('ok');
  });

  it('lists the calls of every surface and drops the ones a dispose cancels', () => {
    const { selectPendingAgentCalls } = a2ui.selectors;
    receive(agentSurface('Q', 'x'));
    receive(agentSurface('R', 'y'));
    expect(selectPendingAgentCalls(s()).map((row) => [row.surfaceId, row.call.args])).toEqual([
      ['Q', { q: 'x' }],
      ['R', { q: 'y' }],
    ]);
    store.dispatch(a2ui.actions.disposed());
    expect(selectPendingAgentCalls(s())).toEqual([]);
    expect(tableValues(s().a2ui.session.core.agentCalls).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('selectLog', () => {
  const sent = (n: number): OutboundMessage => ({ version: 'v1.0', action: { name: `a${n}`, surfaceId: 'A', sourceComponentId: 'x', timestamp: 't', context: {} } });

  /** Acknowledges every outbox entry, as the saga does once it carried them out; returns the sends. */
  const ackAll = (target = store, instance: A2ui = a2ui): OutboundMessage[] => {
    const outbox = target.getState().a2ui.session.outbox;
    target.dispatch(instance.actions.effectsDelivered({ ids: outbox.map((e) => e.id) }));
    return outbox.flatMap((e) => (e.effect.type === 'send' ? [e.effect.message] : []));
  };

  it('shows the payloads received and the messages delivered from the outbox, in the order they happened', () => {
    const { selectLog } = a2ui.selectors;
    const first = plainSurface('A');
    const asText = JSON.stringify(dataUpdate('A', '/title', 'T'));
    receive(first);
    // An update for a surface that does not exist: the agent is sent an error.
    receive(dataUpdate('nowhere', '/n', 1));
    const sent = ackAll();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.error).toMatchObject({ code: 'SURFACE_NOT_FOUND', surfaceId: 'nowhere' });
    receive(asText);

    const log = selectLog(s());
    expect(log.map((e) => [e.seq, e.direction])).toEqual([
      [1, 'in'],
      [2, 'in'],
      [3, 'out'],
      [4, 'in'],
    ]);
    expect(log[0]).toMatchObject({ direction: 'in', payload: first });
    expect(log[2]).toMatchObject({ direction: 'out', message: sent[0] });
    expect(log[3]).toMatchObject({ direction: 'in', payload: asText });
    // Acknowledging again (a restored state, a stale ack) logs nothing twice: those ids are gone.
    store.dispatch(a2ui.actions.effectsDelivered({ ids: log.filter((e) => e.direction === 'out').map((e) => (e as { id: string }).id) }));
    expect(selectLog(s())).toBe(log);
    // A malformed payload is logged too: the log is what arrived, not what applied.
    receive('{not json');
    expect(selectLog(s()).at(-1)).toMatchObject({ seq: 5, direction: 'in', payload: '{not json' });
    expect(s().a2ui.session.lastError).toMatchObject({ operation: 'messageReceived' });
  });

  it('is bounded by logLimit: the oldest entries go first and `dropped` counts them', () => {
    const small = createA2ui({ catalogs: [basicCatalog()], logLimit: 3 });
    const bounded = createPlainStore(small);
    for (let i = 1; i <= 4; i += 1) bounded.dispatch(small.actions.messageReceived(dataUpdate('nowhere', '/n', i)));
    const outbox = bounded.getState().a2ui.session.outbox.filter((e) => e.effect.type === 'send');
    bounded.dispatch(small.actions.effectsDelivered({ ids: outbox.slice(0, 2).map((e) => e.id) }));

    const { log } = bounded.getState().a2ui;
    expect(log.entries.map((e) => e.seq)).toEqual([4, 5, 6]);
    expect(log.entries.map((e) => e.direction)).toEqual(['in', 'out', 'out']);
    expect(log).toMatchObject({ limit: 3, dropped: 3, nextSeq: 7 });
    expect(small.selectors.selectLog(bounded.getState())).toBe(log.entries);
  });

  it('keeps nothing with logLimit 0 but still counts what it dropped', () => {
    const none = createA2ui({ catalogs: [basicCatalog()], logLimit: 0 });
    const bare = createPlainStore(none);
    bare.dispatch(none.actions.messageReceived(dataUpdate('nowhere', '/n', 1)));
    ackAll(bare, none);
    expect(bare.getState().a2ui.log).toMatchObject({ entries: [], limit: 0, dropped: 2 });
  });
});
