/**
 * Regression tests for the second adversarial review: payloads inside every per-expression limit
 * that used to freeze or crash the host, because nothing bounded a tree, a message or a session
 * as a whole. Each test builds the finding's payload (scaled down where the limit is configurable)
 * and checks the bound that now holds: LIMIT_EXCEEDED to the agent and a diagnostic, the parts
 * over the limit as placeholders, the rest rendered.
 */
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from '../../src/processor/config';
import { createSession, handleMessage, resolvedTree, type Session } from '../../src/session/session';
import { invoke, write } from '../../src/session/interaction';
import type { Effect } from '../../src/model/effects';
import type { ResolvedNode } from '../../src/model/tree';
import { refAt } from '../helpers/places';
import { assertPrototypesClean, BASIC, catalogs, diagnostics, openSurface, sentBodies } from './helpers';
import { tableKeys, tableValues } from '../../src/data/table';

afterEach(() => assertPrototypesClean());

type Json = Record<string, unknown>;
const v = (body: Json): Json => ({ version: 'v1.0', ...body });
const data = (path: string, value: unknown, surfaceId = 's') => v({ updateDataModel: { surfaceId, path, value } });
const components = (list: unknown[], surfaceId = 's') => v({ updateComponents: { surfaceId, components: list } });
const rows = (n: number) => Array.from({ length: n }, () => ({}));
const listOf = (item: Json): Json[] => [
  { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
  { id: 'row', ...item },
];

function sessionWith(limits: Partial<SessionLimits>, list: Json[], model: Json = {}): Session {
  return openSurface(list, model, { session: { limits } });
}

function nodes(session: Session, surfaceId = 's'): ResolvedNode[] {
  return Object.values(resolvedTree(session, surfaceId)?.nodes ?? {});
}

function limitErrors(effects: readonly Effect[]): Json[] {
  return sentBodies(effects, 'error').filter((e) => e.code === 'LIMIT_EXCEEDED');
}

describe('output amplification: a string result over the limit is an error, not a value', () => {
  test('formatString repeating ${/a} over a long string fails with LIMIT_EXCEEDED; nothing of it is kept', () => {
    const template = '${/a}'.repeat(1600);
    const session = sessionWith({}, [{ id: 'root', component: 'Text', text: 'start' }], { a: 'x'.repeat(100_000) });
    const result = handleMessage(session, components([{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: template } } }]));
    expect(result.ok).toBe(true);
    const root = resolvedTree(result.session, 's')?.root;
    // 1,600 × 100,000 characters would be 160,000,000; the limit is 100,000.
    expect(root?.props.text).toBeNull();
    expect(diagnostics(result.effects, 'LIMIT_EXCEEDED')[0]?.payload.message).toMatch(/at most 100000/);
    expect(limitErrors(result.effects)).toEqual([expect.objectContaining({ surfaceId: 's' })]);
  });

  test('a string exactly at maxStringLength is a value; one character more is an error', () => {
    const limits = { maxStringLength: 50 };
    const at = sessionWith(limits, [{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: '${/a}${/a}' } } }], { a: 'y'.repeat(25) });
    expect(resolvedTree(at, 's')?.root?.props.text).toBe('y'.repeat(50));
    const over = handleMessage(at, data('/a', 'y'.repeat(26)));
    expect(resolvedTree(over.session, 's')?.root?.props.text).toBeNull();
    expect(limitErrors(over.effects)).toHaveLength(1);
  });

  test('the strings computed for one tree are bounded: rows past maxCharsPerSurface are placeholders', () => {
    const limits = { maxCharsPerSurface: 1_000 };
    const session = sessionWith(limits, listOf({ component: 'Text', text: { call: 'formatString', args: { value: '${/a}${/a}' } } }), { a: 'z'.repeat(50), rows: rows(40) });
    const all = nodes(session);
    const rendered = all.filter((n) => n.component === 'Text' && !n.placeholder);
    const held = all.filter((n) => n.placeholder === 'missing');
    // Every row's string counts 100 characters at least (as the template's result and the call's);
    // the budget is passed after at most 10 rows and the next row is the first placeholder.
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThanOrEqual(11);
    expect(rendered.length + held.length).toBe(40);
    let chars = 0;
    for (const node of rendered) chars += String(node.props.text).length;
    expect(chars).toBeLessThanOrEqual(1_000 + 100);
    // One diagnostic for the tree, not one per placeholder.
    expect(resolvedTree(session, 's')?.diagnostics.filter((d) => d.code === 'LIMIT_EXCEEDED')).toHaveLength(1);
  });
});

describe('CPU per tree: evaluations, reads and regex steps are budgeted per surface', () => {
  const bomb = '${formatString(value: ${/t})}${formatString(value: ${/t})}${formatString(value: ${/t})}';

  test('300 template rows of a self-referencing template: each row stops at its call limits, the tree at maxWorkPerSurface', () => {
    const session = createSession(catalogs(), { limits: { maxWorkPerSurface: 2_000, maxCallsPerEvaluation: 100 } });
    const result = handleMessage(session, v({ createSurface: {
      surfaceId: 's', catalogId: BASIC, dataModel: { t: bomb, rows: rows(300) },
      components: listOf({ component: 'Text', text: { call: 'formatString', args: { value: { path: '/t' } } } }),
    } }));
    expect(result.ok).toBe(true);
    const all = nodes(result.session);
    const evaluated = all.filter((n) => n.component === 'Text' && !n.placeholder);
    // Each row makes at least 32 nested calls before a call limit stops it, so at most
    // 2,000 / 32 + 1 rows are evaluated; every other row is a placeholder.
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(63);
    expect(all.filter((n) => n.placeholder === 'missing').length).toBe(300 - evaluated.length);
    expect(limitErrors(result.effects)).toEqual([expect.objectContaining({ surfaceId: 's' })]);
  });

  test('data reads are counted: an expression reading more than maxReadsPerEvaluation paths fails', () => {
    const value = '${/a}'.repeat(30);
    const session = sessionWith({ maxReadsPerEvaluation: 20 }, [{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value } } }], { a: 'b' });
    const tree = resolvedTree(session, 's');
    expect(tree?.root?.props.text).toBeNull();
    expect(tree?.diagnostics.map((d) => d.message).join(' ')).toMatch(/at most 20 times/);
  });

  test('regex steps are shared by the pattern checks of one evaluation', () => {
    // Each check alone is within its per-test budget; together they are over the evaluation's.
    const check = { call: 'regex', args: { value: { path: '/v' }, pattern: '^(a|aa)*b$' } };
    const condition = { call: 'and', args: { values: [check, check, check, check, check, check] } };
    const list = [{ id: 'root', component: 'TextField', label: 'x', value: { path: '/v' }, checks: [{ condition, message: 'no' }] }];
    const session = sessionWith({ maxRegexStepsPerEvaluation: 50_000 }, list, { v: 'a'.repeat(2_000) });
    const tree = resolvedTree(session, 's');
    expect(tree?.root?.isValid).toBe(false);
    expect(tree?.diagnostics.map((d) => d.message).join(' ')).toMatch(/50000 steps/);
  });

  test('regex steps are budgeted per surface: rows past maxRegexStepsPerSurface are placeholders', () => {
    const checks = [{ condition: { call: 'regex', args: { value: { path: '/v' }, pattern: '^(a|aa)*b$' } }, message: 'no' }];
    const session = sessionWith({ maxRegexStepsPerSurface: 100_000 }, listOf({ component: 'TextField', label: 'x', value: { path: '/v' }, checks }), { v: 'a'.repeat(2_000), rows: rows(200) });
    const all = nodes(session);
    const evaluated = all.filter((n) => n.component === 'TextField' && !n.placeholder);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThan(200);
    expect(all.filter((n) => n.placeholder === 'missing').length).toBe(200 - evaluated.length);
  });
});

describe('at maxNodes, an incremental update gives the tree a resolution from scratch gives', () => {
  test('one data update at the cap does not turn rendered fields into placeholders', () => {
    const list = listOf({ component: 'TextField', label: 'x', value: { path: 'v' } });
    const model = { rows: Array.from({ length: 60 }, (_, i) => ({ v: `${i}` })) };
    const session = sessionWith({ maxNodes: 40 }, list, model);
    const before = nodes(session);
    expect(before.filter((n) => !n.placeholder)).toHaveLength(40);
    const typed = write(session, 's', refAt(resolvedTree(session, 's'), 'root/children/3'), 'value', 'typed');
    expect(typed.ok).toBe(true);
    if (!typed.ok) return;
    const after = nodes(typed.session);
    expect(after.filter((n) => !n.placeholder)).toHaveLength(40);
    expect(typed.session.state.surfaces.s?.dataModel).toMatchObject({ rows: expect.arrayContaining([{ v: 'typed' }]) });
    const fresh = createSession(catalogs(), { limits: { maxNodes: 40 } });
    const scratch = handleMessage(fresh, v({ createSurface: { surfaceId: 's', catalogId: BASIC, components: list, dataModel: typed.session.state.surfaces.s?.dataModel } }));
    expect(JSON.parse(JSON.stringify(resolvedTree(typed.session, 's')?.nodes))).toEqual(JSON.parse(JSON.stringify(resolvedTree(scratch.session, 's')?.nodes)));
  });

  test('a list that grows past the cap and shrinks back renders every row again', () => {
    const list = listOf({ component: 'Text', text: { path: 'v' } });
    let session = sessionWith({ maxNodes: 30 }, list, { rows: [{ v: 'a' }] });
    session = handleMessage(session, data('/rows', Array.from({ length: 100 }, (_, i) => ({ v: `${i}` })))).session;
    expect(nodes(session).filter((n) => !n.placeholder)).toHaveLength(30);
    session = handleMessage(session, data('/rows', Array.from({ length: 10 }, (_, i) => ({ v: `${i}` })))).session;
    expect(nodes(session).filter((n) => n.placeholder)).toHaveLength(0);
    expect(nodes(session)).toHaveLength(11);
  });
});

describe('limit bypass: the data-size check counts array padding', () => {
  test('writes past an array end that pad nulls are refused once the padded model is over the limit', () => {
    let session = sessionWith({ maxDataModelBytes: 20_000 }, [{ id: 'root', component: 'Text', text: 'x' }]);
    let refused = 0;
    for (let i = 0; i < 20; i += 1) {
      const result = handleMessage(session, data(`/a${i}/1000`, 1));
      if (!result.ok) refused += 1;
      session = result.session;
    }
    // Each write adds a 1,001-element array, 1,000 of them padding nulls: "a0":[null,…,1] is
    // 5,008 characters. Three fit in 20,000 (a fourth would make 20,032); the rest are refused.
    expect(refused).toBe(17);
    expect(JSON.stringify(session.state.surfaces.s?.dataModel).length).toBeLessThanOrEqual(20_000);
  });

  test('padding an existing array is counted too', () => {
    let session = sessionWith({ maxDataModelBytes: 3_000 }, [{ id: 'root', component: 'Text', text: 'x' }], { list: [1] });
    session = handleMessage(session, data('/list/500', 2)).session;
    const result = handleMessage(session, data('/list/1000', 3));
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result.session.state.surfaces.s?.dataModel).length).toBeLessThanOrEqual(3_000);
  });
});

describe('maxSurfaces', () => {
  test('createSurface past the limit is LIMIT_EXCEEDED, told to the agent; deleting one makes room', () => {
    let session = createSession(catalogs(), { limits: { maxSurfaces: 3 } });
    const created = handleMessage(session, [1, 2, 3].map((i) => v({ createSurface: { surfaceId: `s${i}`, catalogId: BASIC } })));
    expect(created.ok).toBe(true);
    session = created.session;
    const refused = handleMessage(session, v({ createSurface: { surfaceId: 's4', catalogId: BASIC } }));
    expect(refused.ok).toBe(false);
    expect(limitErrors(refused.effects)).toEqual([expect.objectContaining({ surfaceId: 's4' })]);
    session = handleMessage(session, v({ deleteSurface: { surfaceId: 's1' } })).session;
    expect(handleMessage(session, v({ createSurface: { surfaceId: 's4', catalogId: BASIC } })).ok).toBe(true);
  });

  test('the default is documented', () => {
    expect(DEFAULT_SESSION_LIMITS.maxSurfaces).toBe(1_000);
  });
});

describe('leaks: agent-call rows are released when settled and no longer read', () => {
  const echo = [
    { id: 'root', component: 'Column', children: ['field', 'echo'] },
    { id: 'field', component: 'TextField', label: 'q', value: { path: '/q' } },
    { id: 'echo', component: 'Text', text: { call: 'lookup', args: { q: { path: '/q' } } } },
  ];

  test('create / call / delete cycles leave no rows behind', () => {
    let session = createSession(catalogs());
    for (let i = 0; i < 200; i += 1) {
      session = handleMessage(session, v({ createSurface: { surfaceId: 'c', catalogId: BASIC, components: echo, dataModel: { q: `${i}` } } })).session;
      session = handleMessage(session, v({ deleteSurface: { surfaceId: 'c' } })).session;
    }
    expect(tableKeys(session.state.agentCalls)).toEqual([]);
    expect(Object.keys(session.state.agentCallsByKey)).toEqual([]);
  });

  test('a keystroke supersedes the pending call: SUPERSEDED, no diagnostic, its late answer ignored', () => {
    let session = openSurface(echo, { q: 'a' });
    const first = tableKeys(session.state.agentCalls);
    expect(first).toEqual(['call-1']);
    const typed = write(session, 's', 'field', 'value', 'ab');
    expect(typed.ok).toBe(true);
    if (!typed.ok) return;
    const settled = typed.effects.filter((e) => e.type === 'rpcSettled');
    expect(settled).toEqual([{ type: 'rpcSettled', callId: 'call-1', outcome: { status: 'error', error: expect.objectContaining({ code: 'SUPERSEDED' }) } }]);
    expect(diagnostics(typed.effects).filter((d) => d.payload.code !== 'UNRESOLVED_BINDING')).toEqual([]);
    expect(sentBodies(typed.effects, 'callAgentFunction')).toEqual([expect.objectContaining({ functionCallId: 'call-2' })]);
    session = typed.session;
    expect(tableKeys(session.state.agentCalls)).toEqual(['call-2']);
    // The late answer to the superseded call changes nothing.
    const late = handleMessage(session, v({ agentFunctionResponse: { functionCallId: 'call-1', value: 'stale' } }));
    expect(late.session.state).toBe(session.state);
    expect(late.effects.some((e) => e.type === 'rpcSettled')).toBe(false);
    expect(resolvedTree(late.session, 's')?.nodes.echo?.props.text).toBeNull();
  });

  test('2,000 keystrokes keep one row: the live call', () => {
    let session = openSurface(echo, { q: '' });
    for (let i = 0; i < 2_000; i += 1) {
      const typed = write(session, 's', 'field', 'value', `q${i}`);
      if (typed.ok) session = typed.session;
    }
    expect(tableValues(session.state.agentCalls).map((row) => row.status)).toEqual(['pending']);
  });

  test('an answered binding call stays while its node shows it, and goes when the node stops reading it', () => {
    let session = openSurface(echo, { q: 'a' });
    session = handleMessage(session, v({ agentFunctionResponse: { functionCallId: 'call-1', value: 'A' } })).session;
    expect(resolvedTree(session, 's')?.nodes.echo?.props.text).toBe('A');
    expect(tableKeys(session.state.agentCalls)).toEqual(['call-1']);
    session = handleMessage(session, components([{ id: 'echo', component: 'Text', text: 'static' }])).session;
    expect(tableKeys(session.state.agentCalls)).toEqual([]);
  });

  test('an action call leaves the table when it settles', () => {
    const button = [
      { id: 'root', component: 'Button', child: 'label', action: { functionCall: { call: 'save', args: {} } } },
      { id: 'label', component: 'Text', text: 'Save' },
    ];
    const session = openSurface(button);
    const pressed = invoke(session, 's', 'root');
    expect(pressed.ok).toBe(true);
    if (!pressed.ok) return;
    const callId = tableKeys(pressed.session.state.agentCalls)[0] as string;
    expect(callId).toBeDefined();
    const answered = handleMessage(pressed.session, v({ agentFunctionResponse: { functionCallId: callId, value: true } }));
    expect(answered.effects.filter((e) => e.type === 'rpcSettled')).toHaveLength(1);
    expect(tableKeys(answered.session.state.agentCalls)).toEqual([]);
  });
});

describe('root-key writes in one payload', () => {
  test('6,000 root-key writes apply in order; the state before the payload is unchanged', () => {
    const session = sessionWith({}, [{ id: 'root', component: 'Text', text: { path: '/k5999' } }], { k0: 'old' });
    const before = JSON.stringify(session.state);
    const writes = Array.from({ length: 6_000 }, (_, i) => data(`/k${i}`, i));
    const result = handleMessage(session, [...writes, data('/k1', null)]);
    expect(result.ok).toBe(true);
    const model = result.session.state.surfaces.s?.dataModel as Record<string, unknown>;
    expect(Object.keys(model)).toHaveLength(5_999);
    expect(model.k0).toBe(0);
    expect(model).not.toHaveProperty('k1');
    expect(resolvedTree(result.session, 's')?.root?.props.text).toBe(5999);
    expect(JSON.stringify(session.state)).toBe(before);
  });

  test('a root-key write over the size limit fails whole: the model keeps the earlier writes of the payload only', () => {
    const session = sessionWith({ maxDataModelBytes: 2_000 }, [{ id: 'root', component: 'Text', text: 'x' }]);
    const result = handleMessage(session, [data('/a', 'x'.repeat(100)), data('/b', 'y'.repeat(100)), data('/c', 'z'.repeat(5_000)), data('/d', 1)]);
    expect(result.ok).toBe(false);
    expect(result.session.state.surfaces.s?.dataModel).toEqual({ a: 'x'.repeat(100), b: 'y'.repeat(100) });
    expect(limitErrors(result.effects)).toEqual([expect.objectContaining({ surfaceId: 's' })]);
    // The size kept for the model is right: writes up to the limit still go in.
    const next = handleMessage(result.session, data('/c', 'z'.repeat(1_500)));
    expect(next.ok).toBe(true);
    // {"a":…,"b":…,"c":…} is 1,722 characters; "d" with 250 more fits in 2,000, with 300 it does not.
    const more = handleMessage(next.session, [data('/e', 1), data('/d', 'w'.repeat(300))]);
    expect(more.ok).toBe(false);
    expect(handleMessage(next.session, [data('/e', 1), data('/d', 'w'.repeat(250))]).ok).toBe(true);
  });
});
