/**
 * SessionOptions.unknownFunctions: a call to a function its catalog does not declare is the
 * agent's by default ("Fallback to Agent RPC"), or refused with VALIDATION_FAILED under 'reject'.
 */
import { basicCatalog } from '../../src/catalog';
import { createSession, handleMessage } from '../../src/session/session';
import { msg, notOk, ok, sentBodies } from '../helpers/session';
import { emptyTable } from '../../src/data/table';

const components = [{ id: 'root', component: 'Text', text: { call: 'lookupFare', args: { to: 'Tokyo' } } }];

test("'agent' (the default): the undeclared function is sent to the agent", () => {
  const result = ok(handleMessage(createSession([basicCatalog()]), [msg.create('s'), msg.components('s', components)]));
  expect(sentBodies(result.effects, 'callAgentFunction')).toEqual([
    expect.objectContaining({ surfaceId: 's', callFunction: expect.objectContaining({ call: 'lookupFare', args: { to: 'Tokyo' } }) }),
  ]);
});

test("'reject': the message is refused with VALIDATION_FAILED at the call, and nothing is sent to the agent but the error", () => {
  const session = createSession([basicCatalog()], { unknownFunctions: 'reject' });
  const result = notOk(handleMessage(session, [msg.create('s'), msg.components('s', components)]));
  expect(result.error).toMatchObject({ code: 'VALIDATION_FAILED', path: '/1/updateComponents/components/0/text/call' });
  expect(result.error.message).toContain("Unrecognized function 'lookupFare'");
  expect(sentBodies(result.effects, 'callAgentFunction')).toEqual([]);
  expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'VALIDATION_FAILED', surfaceId: 's' })]);
  expect(result.session.state.surfaces.s?.components).toEqual(emptyTable());
});

test("'reject' still accepts declared functions, nested ones included", () => {
  const session = createSession([basicCatalog()], { unknownFunctions: 'reject' });
  const declared = [{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: { call: 'formatNumber', args: { value: 3 } } } } }];
  ok(handleMessage(session, [msg.create('s'), msg.components('s', declared)]));
  const nested = [{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: { call: 'shout', args: {} } } } }];
  expect(notOk(handleMessage(session, [msg.create('s'), msg.components('s', nested)])).error.message).toContain("Unrecognized function 'shout'");
});
