/**
 * Agent functions in an event action's context, and the diagnostics of agent calls that fail or
 * time out whatever started them.
 */
import { invoke } from '../../src/session/interaction';
import { handleMessage, timeoutAgentCall } from '../../src/session/session';
import { apply, diagnosticEffects, msg, ok, open, sentBodies } from '../helpers/session';

const FIXED = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
const clock = (): Date => new Date(FIXED.getTime());

const booking = [
  { id: 'root', component: 'Column', children: ['book'] },
  {
    id: 'book',
    component: 'Button',
    child: 'bookLabel',
    action: { event: { name: 'bookTrip', context: { to: { path: '/to' }, quote: { call: 'quoteFare', args: { to: { path: '/to' } } } } } },
  },
  { id: 'bookLabel', component: 'Text', text: 'Book trip' },
];

function started() {
  const { session } = open(booking, { to: 'Tokyo' }, { session: { clock } });
  const invoked = ok(invoke(session, 's', 'book'));
  const [call] = sentBodies(invoked.effects, 'callAgentFunction');
  return { invoked, callId: call?.functionCallId as string, call };
}

describe('an event whose context holds an agent function', () => {
  test('the call is sent first; the action waits as plain data in state', () => {
    const { invoked, call } = started();
    expect(call).toMatchObject({ surfaceId: 's', callFunction: { call: 'quoteFare', args: { to: 'Tokyo' } } });
    expect(sentBodies(invoked.effects, 'action')).toEqual([]);
    const pending = Object.values(invoked.session.state.pendingActions ?? {});
    expect(pending).toEqual([expect.objectContaining({ name: 'bookTrip', componentId: 'book', surfaceId: 's' })]);
    expect(JSON.parse(JSON.stringify(invoked.session.state))).toEqual(invoked.session.state);
  });

  test('after the answer the action is sent with the value, once', () => {
    const { invoked, callId } = started();
    const answered = ok(handleMessage(invoked.session, msg.response(callId, 412)));
    expect(sentBodies(answered.effects, 'action')).toEqual([
      { name: 'bookTrip', surfaceId: 's', sourceComponentId: 'book', timestamp: FIXED.toISOString(), context: { to: 'Tokyo', quote: 412 } },
    ]);
    expect(answered.session.state.pendingActions).toEqual({});
    const again = apply(answered.session, msg.data('s', '/to', 'Oslo'));
    expect(sentBodies(again.effects, 'action')).toEqual([]);
  });

  test('an error answer: the action is not sent, and a diagnostic names the call, in effects and selectable state', () => {
    const { invoked, callId } = started();
    const failed = ok(handleMessage(invoked.session, msg.responseError(callId, 'NO_FARE', 'No fare to Tokyo')));
    expect(sentBodies(failed.effects, 'action')).toEqual([]);
    const diagnostics = diagnosticEffects(failed.effects, 'AGENT_CALL_FAILED');
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.surfaceId === 's' && d.payload.componentId === 'book' && d.payload.message.includes(callId))).toBe(true);
    expect(diagnostics.some((d) => d.payload.message.includes("'bookTrip'"))).toBe(true);
    expect(failed.session.state.surfaceDiagnostics?.s).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'AGENT_CALL_FAILED', componentId: 'book' })]));
  });

  test('a timeout: not sent, with an AGENT_CALL_TIMEOUT diagnostic', () => {
    const { invoked, callId } = started();
    const timedOut = timeoutAgentCall(invoked.session, callId);
    expect(sentBodies(timedOut.effects, 'action')).toEqual([]);
    expect(diagnosticEffects(timedOut.effects, 'AGENT_CALL_TIMEOUT').some((d) => d.payload.componentId === 'book' && d.payload.ref === 'book')).toBe(true);
    expect(timedOut.session.state.pendingActions).toEqual({});
  });
});

describe('a function-call action whose agent call fails', () => {
  const components = [
    { id: 'root', component: 'Button', child: 'label', action: { functionCall: { call: 'bookTrip', args: { to: 'Tokyo' } } } },
    { id: 'label', component: 'Text', text: 'Book trip' },
  ];

  test('error: a diagnostic with surface and component, kept for selectDiagnostics', () => {
    const { session } = open(components);
    const invoked = ok(invoke(session, 's', 'root'));
    const [call] = sentBodies(invoked.effects, 'callAgentFunction');
    const failed = ok(handleMessage(invoked.session, msg.responseError(call?.functionCallId as string, 'SOLD_OUT', 'Sold out')));
    expect(diagnosticEffects(failed.effects, 'AGENT_CALL_FAILED')).toEqual([
      expect.objectContaining({ surfaceId: 's', payload: expect.objectContaining({ componentId: 'root', ref: 'root', message: expect.stringContaining('Sold out') }) }),
    ]);
    expect(failed.session.state.surfaceDiagnostics?.s).toHaveLength(1);
  });

  test('timeout: a diagnostic too', () => {
    const { session } = open(components);
    const invoked = ok(invoke(session, 's', 'root'));
    const [call] = sentBodies(invoked.effects, 'callAgentFunction');
    const timedOut = timeoutAgentCall(invoked.session, call?.functionCallId as string);
    expect(diagnosticEffects(timedOut.effects, 'AGENT_CALL_TIMEOUT')).toEqual([
      expect.objectContaining({ surfaceId: 's', payload: expect.objectContaining({ componentId: 'root' }) }),
    ]);
  });

  test('deleting the surface forgets its surface-level diagnostics', () => {
    const { session } = open(components);
    const invoked = ok(invoke(session, 's', 'root'));
    const [call] = sentBodies(invoked.effects, 'callAgentFunction');
    const failed = ok(handleMessage(invoked.session, msg.responseError(call?.functionCallId as string, 'X', 'x')));
    expect(apply(failed.session, msg.remove('s')).session.state.surfaceDiagnostics).toEqual({});
  });
});
