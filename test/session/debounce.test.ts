/**
 * `agentCallDebounceMs`: a binding's agent call whose arguments changed waits before it is sent,
 * and one superseded while it waits never reaches the agent. The pure session has no timers: it
 * says how long to wait (`agentCallDebounced`), and the host calls `sendDebouncedAgentCall` when
 * the wait is over. The scheduler below plays the host with an explicit clock.
 */
import { tableGet, tableKeys, tableSize } from '../../src/data/table';
import { createSession, handleMessage, resolvedTree, sendDebouncedAgentCall, timeoutAgentCall, type Session } from '../../src/session/session';
import { write } from '../../src/session/interaction';
import type { Effect } from '../../src/model/effects';
import { BASIC, catalogs, diagnostics, openSurface, sentBodies } from '../security/helpers';

type Json = Record<string, unknown>;
const v = (body: Json): Json => ({ version: 'v1.0', ...body });

/** A field bound to /q and a Text whose value is the agent's `lookup(q)`. */
const ECHO = [
  { id: 'root', component: 'Column', children: ['field', 'echo'] },
  { id: 'field', component: 'TextField', label: 'q', value: { path: '/q' } },
  { id: 'echo', component: 'Text', text: { call: 'lookup', args: { q: { path: '/q' } } } },
];

const calls = (effects: readonly Effect[]) => sentBodies(effects, 'callAgentFunction');
const debounced = (effects: readonly Effect[]) => effects.filter((e) => e.type === 'agentCallDebounced');
const settledIds = (effects: readonly Effect[]) => effects.flatMap((e) => (e.type === 'rpcSettled' ? [e.callId] : []));

function typed(session: Session, text: string) {
  const result = write(session, 's', 'field', 'value', text);
  if (!result.ok) throw new Error(`write refused: ${result.error.message}`);
  return result;
}

describe('agentCallDebounceMs in the pure session', () => {
  test('the opening call goes out at once; a keystroke\'s call waits, unsent, with the node busy', () => {
    const opened = handleMessage(createSession(catalogs(), { agentCallDebounceMs: 300 }), v({ createSurface: { surfaceId: 's', catalogId: BASIC, components: ECHO, dataModel: { q: '' } } }));
    expect(calls(opened.effects)).toEqual([expect.objectContaining({ functionCallId: 'call-1' })]);
    expect(debounced(opened.effects)).toEqual([]);

    const a = typed(opened.session, 'a');
    expect(calls(a.effects)).toEqual([]);
    expect(a.effects.some((e) => e.type === 'agentCallSent')).toBe(false);
    expect(debounced(a.effects)).toEqual([{ type: 'agentCallDebounced', callId: 'call-2', delayMs: 300 }]);
    // The sent call it replaces is cancelled as today.
    expect(a.effects).toContainEqual({ type: 'rpcSettled', callId: 'call-1', outcome: { status: 'error', error: expect.objectContaining({ code: 'SUPERSEDED' }) } });
    expect(tableGet(a.session.state.agentCalls, 'call-2')).toMatchObject({ status: 'pending', debounced: true, call: { call: 'lookup', args: { q: 'a' } } });
    expect(resolvedTree(a.session, 's')?.nodes.echo?.busy).toBe(true);
  });

  test('a waiting call superseded by the next keystroke is never sent; the last one is, once due', () => {
    let session = openSurface(ECHO, { q: '' }, { session: { agentCallDebounceMs: 300 } });
    const all: Effect[] = [];
    for (const text of ['a', 'ab', 'abc']) {
      const result = typed(session, text);
      all.push(...result.effects);
      session = result.session;
    }
    // call-2 ('a') and call-3 ('ab') were superseded while waiting: settled once, with no message.
    expect(all).toContainEqual({ type: 'rpcSettled', callId: 'call-2', outcome: { status: 'error', error: expect.objectContaining({ code: 'SUPERSEDED' }) } });
    expect(all).toContainEqual({ type: 'rpcSettled', callId: 'call-3', outcome: { status: 'error', error: expect.objectContaining({ code: 'SUPERSEDED' }) } });
    expect(calls(all)).toEqual([]);
    expect(diagnostics(all).filter((d) => d.payload.code !== 'UNRESOLVED_BINDING')).toEqual([]);
    expect(tableKeys(session.state.agentCalls)).toEqual(['call-4']);

    // A late timer of a superseded call does nothing.
    const stale = sendDebouncedAgentCall(session, 'call-2');
    expect(stale.effects).toEqual([]);
    expect(stale.session).toBe(session);

    const due = sendDebouncedAgentCall(session, 'call-4');
    expect(calls(due.effects)).toEqual([{ surfaceId: 's', functionCallId: 'call-4', callFunction: expect.objectContaining({ call: 'lookup', args: { q: 'abc' } }) }]);
    expect(due.effects).toContainEqual({ type: 'agentCallSent', callId: 'call-4', timeoutMs: 10_000 });
    expect(tableGet(due.session.state.agentCalls, 'call-4')?.debounced).toBeUndefined();
    expect(resolvedTree(due.session, 's')?.nodes.echo?.busy).toBe(true);
    // Sent once: a second timer for it sends nothing.
    expect(sendDebouncedAgentCall(due.session, 'call-4').effects).toEqual([]);

    const answered = handleMessage(due.session, v({ agentFunctionResponse: { functionCallId: 'call-4', value: 'ABC' } }));
    expect(answered.effects).toContainEqual({ type: 'rpcSettled', callId: 'call-4', outcome: { status: 'ok', value: 'ABC' } });
    expect(resolvedTree(answered.session, 's')?.nodes.echo).toMatchObject({ busy: false, props: { text: 'ABC' } });
  });

  test('an answer to a call that was never sent is ignored, and a timeout does not apply to it', () => {
    const session = typed(openSurface(ECHO, { q: '' }, { session: { agentCallDebounceMs: 300 } }), 'a').session;
    const forged = handleMessage(session, v({ agentFunctionResponse: { functionCallId: 'call-2', value: 'guessed' } }));
    expect(diagnostics(forged.effects, 'AGENT_RESPONSE_IGNORED')).toHaveLength(1);
    expect(forged.session.state).toBe(session.state);
    const timedOut = timeoutAgentCall(session, 'call-2');
    expect(timedOut.effects).toEqual([]);
    expect(timedOut.session.state).toBe(session.state);
  });

  test('deleting the surface drops a waiting call: settled once as cancelled, never sent', () => {
    const session = typed(openSurface(ECHO, { q: '' }, { session: { agentCallDebounceMs: 300 } }), 'a').session;
    const deleted = handleMessage(session, v({ deleteSurface: { surfaceId: 's' } }));
    expect(deleted.effects).toContainEqual({ type: 'rpcSettled', callId: 'call-2', outcome: { status: 'error', error: expect.objectContaining({ code: 'SURFACE_DELETED' }) } });
    expect(calls(deleted.effects)).toEqual([]);
    expect(tableSize(deleted.session.state.agentCalls)).toBe(0);
    expect(sendDebouncedAgentCall(deleted.session, 'call-2').effects).toEqual([]);
  });

  test('an agent update that changes the arguments is debounced too', () => {
    const session = openSurface(ECHO, { q: 'x' }, { session: { agentCallDebounceMs: 50 } });
    const updated = handleMessage(session, v({ updateDataModel: { surfaceId: 's', path: '/q', value: 'y' } }));
    expect(calls(updated.effects)).toEqual([]);
    expect(debounced(updated.effects)).toEqual([{ type: 'agentCallDebounced', callId: 'call-2', delayMs: 50 }]);
  });

  test('default 0: every keystroke\'s call is sent at once, as before', () => {
    const session = openSurface(ECHO, { q: '' });
    const a = typed(session, 'a');
    expect(calls(a.effects)).toEqual([expect.objectContaining({ functionCallId: 'call-2', callFunction: expect.objectContaining({ args: { q: 'a' } }) })]);
    expect(debounced(a.effects)).toEqual([]);
  });

  test.each([-1, Number.NaN, Number.POSITIVE_INFINITY, '300', null])('agentCallDebounceMs %p is a configuration error naming the option', (value) => {
    expect(() => createSession(catalogs(), { agentCallDebounceMs: value as number })).toThrow(/agentCallDebounceMs/);
  });
});

/**
 * The host's side with an explicit clock: each `agentCallDebounced` arms a timer at now + delay,
 * a settled call disarms it, and advancing the clock fires the due timers in order.
 */
class Host {
  now = 0;
  session: Session;
  readonly timers = new Map<string, number>();
  /** Each callAgentFunction sent: when, and with which `q`. */
  readonly sent: Array<{ at: number; callId: string; q: unknown }> = [];
  readonly settled: string[] = [];

  constructor(debounceMs: number) {
    this.session = openSurface(ECHO, { q: '' }, { session: { agentCallDebounceMs: debounceMs } });
    this.sent.push({ at: 0, callId: 'call-1', q: '' });
  }

  private carryOut(effects: readonly Effect[]): void {
    for (const effect of effects) {
      if (effect.type === 'agentCallDebounced') this.timers.set(effect.callId, this.now + effect.delayMs);
      if (effect.type === 'rpcSettled') {
        this.settled.push(effect.callId);
        this.timers.delete(effect.callId);
      }
    }
    for (const body of calls(effects)) {
      this.sent.push({ at: this.now, callId: body.functionCallId as string, q: ((body.callFunction as Json).args as Json).q });
    }
  }

  advanceTo(time: number): void {
    for (;;) {
      const next = [...this.timers].filter(([, at]) => at <= time).sort((a, b) => a[1] - b[1])[0];
      if (next === undefined) break;
      this.timers.delete(next[0]);
      this.now = next[1];
      const result = sendDebouncedAgentCall(this.session, next[0]);
      this.session = result.session;
      this.carryOut(result.effects);
    }
    this.now = time;
  }

  type(at: number, text: string): void {
    this.advanceTo(at);
    const result = typed(this.session, text);
    this.session = result.session;
    this.carryOut(result.effects);
  }
}

describe('agentCallDebounceMs over time', () => {
  test('keystrokes closer together than the debounce send one call, after the last one plus the debounce', () => {
    const host = new Host(300);
    host.type(1_000, 'T');
    host.type(1_120, 'To');
    host.type(1_250, 'Tok');
    host.type(1_500, 'Toky');
    host.type(1_790, 'Tokyo');
    host.advanceTo(5_000);
    expect(host.sent).toEqual([{ at: 0, callId: 'call-1', q: '' }, { at: 2_090, callId: 'call-6', q: 'Tokyo' }]);
    // Every call made settled exactly once (the live one is still pending: not at all).
    expect([...host.settled].sort()).toEqual(['call-1', 'call-2', 'call-3', 'call-4', 'call-5']);
    expect(tableKeys(host.session.state.agentCalls)).toEqual(['call-6']);
  });

  test('a pause longer than the debounce lets the call of that moment go out', () => {
    const host = new Host(300);
    host.type(1_000, 'T');
    host.type(1_400, 'To');
    host.advanceTo(2_000);
    expect(host.sent.map(({ at, q }) => [at, q])).toEqual([[0, ''], [1_300, 'T'], [1_700, 'To']]);
    // 'T' was sent and then superseded: cancelled once, as any sent call is.
    expect(host.settled.filter((id) => id === 'call-2')).toEqual(['call-2']);
  });
});
