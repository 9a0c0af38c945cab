/**
 * sendDataModel: while a surface created with it exists, every message the session sends to the
 * agent carries the renderer data model (a2ui_protocol.md: "every … message sent to the agent
 * that created the surface"), attached by the session in one place.
 */
import { basicCatalog } from '../../src/catalog';
import { invoke } from '../../src/session/interaction';
import { createSession, handleMessage, timeoutAgentCall } from '../../src/session/session';
import { BASIC, deepFreeze, msg, ok } from '../helpers/session';
import type { Effect } from '../../src/model/effects';

const sends = (effects: Effect[]) => effects.filter((e): e is Extract<Effect, { type: 'send' }> => e.type === 'send');

const components = [
  { id: 'root', component: 'Column', children: ['quote', 'go'] },
  { id: 'quote', component: 'Text', text: { call: 'quoteFare', args: {} } },
  { id: 'go', component: 'Button', child: 'goLabel', action: { event: { name: 'go' } } },
  { id: 'goLabel', component: 'Text', text: 'Go' },
];

function opened() {
  const session = createSession([basicCatalog()]);
  return ok(handleMessage(session, [
    deepFreeze({ version: 'v1.0', createSurface: { surfaceId: 'synced', catalogId: BASIC, sendDataModel: true, dataModel: { to: 'Tokyo' } } }),
    msg.components('synced', components),
    msg.create('plain'),
    msg.components('plain', components),
  ]));
}

test('every kind of message carries the model: callAgentFunction, action, rendererFunctionResponse, error', () => {
  const created = opened();
  const model = { version: 'v1.0', surfaces: { synced: { to: 'Tokyo' } } };
  const calls = sends(created.effects);
  expect(calls.map((e) => Object.keys(e.message)[1])).toEqual(['callAgentFunction', 'callAgentFunction']);
  for (const effect of calls) expect(effect.metadata).toEqual({ a2uiRendererDataModel: model });

  // an action of the surface without sendDataModel carries it too: one agent, one rule
  for (const surfaceId of ['synced', 'plain']) {
    const [action] = sends(ok(invoke(created.session, surfaceId, 'go')).effects);
    expect(action?.metadata).toEqual({ a2uiRendererDataModel: model });
  }
  const answered = handleMessage(created.session, msg.callRenderer('rf-1', { call: 'formatString', args: { value: 'x' } }));
  expect(sends(answered.effects).map((e) => e.metadata)).toEqual([{ a2uiRendererDataModel: model }]);
  const refused = handleMessage(created.session, msg.data('nope', '/x', 1));
  expect(sends(refused.effects).length).toBeGreaterThan(0);
  for (const effect of sends(refused.effects)) expect(effect.metadata).toEqual({ a2uiRendererDataModel: model });
});

test('the model is read after the operation, and dropped when no such surface is left', () => {
  const created = opened();
  const [callId] = sends(created.effects).map((e) => (e.message.callAgentFunction as { functionCallId: string }).functionCallId);
  const updated = ok(handleMessage(created.session, msg.data('synced', '/to', 'Oslo')));
  const [action0] = sends(ok(invoke(updated.session, 'synced', 'go')).effects);
  expect(action0?.metadata?.a2uiRendererDataModel?.surfaces).toEqual({ synced: { to: 'Oslo' } });
  const timedOut = timeoutAgentCall(updated.session, callId as string);
  expect(sends(timedOut.effects)).toEqual([]);
  const deleted = ok(handleMessage(created.session, msg.remove('synced')));
  const [action] = sends(ok(invoke(deleted.session, 'plain', 'go')).effects);
  expect(action?.metadata).toBeUndefined();
});
