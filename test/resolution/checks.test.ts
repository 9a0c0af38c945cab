/**
 * Checks: a check waiting for an agent function is pending (not a failure), and a failing check
 * shows the agent's own CheckRule.message in preference to the function's generic text.
 */
import { invoke } from '../../src/session/interaction';
import { apply, msg, node, notOk, ok, open, sentBodies } from '../helpers/session';

const age = (message?: string) => ({
  id: 'root',
  component: 'TextField',
  label: 'Age',
  value: { path: '/age' },
  checks: [{ condition: { call: 'numeric', args: { value: { path: '/age' }, min: 18 } }, ...(message === undefined ? {} : { message }) }],
});

test("a failing check shows the rule's message, not the function's", () => {
  const { session } = open([age('Must be 18 or older.')], { age: 12 });
  expect(node(session, 'root').validation).toEqual([expect.objectContaining({ valid: false, message: 'Must be 18 or older.' })]);
});

test("without a rule message the function's own message is shown", () => {
  const { session } = open([age()], { age: 12 });
  const [result] = node(session, 'root').validation;
  expect(result?.valid).toBe(false);
  expect(typeof result?.message).toBe('string');
  expect(result?.message).not.toBe('');
});

describe('a check that waits for an agent function', () => {
  const components = [
    {
      id: 'root',
      component: 'Button',
      child: 'label',
      action: { event: { name: 'book' } },
      checks: [{ condition: { call: 'seatAvailable', args: { flight: 'TP1' } }, message: 'No seat left.' }],
    },
    { id: 'label', component: 'Text', text: 'Book' },
  ];

  test('is pending: not valid, no failure message, checksPending set, and the action does not run', () => {
    const { session, effects } = open(components);
    const button = node(session, 'root');
    expect(button.checksPending).toBe(true);
    expect(button.isValid).toBe(false);
    expect(button.validation).toEqual([{ valid: false }]);
    expect(notOk(invoke(session, 's', 'root')).error.code).toBe('CHECKS_FAILED');
    const [call] = sentBodies(effects, 'callAgentFunction');
    const answered = apply(session, msg.response(call?.functionCallId as string, true)).session;
    expect(node(answered, 'root')).toMatchObject({ isValid: true, validation: [{ valid: true }] });
    expect(node(answered, 'root').checksPending).toBeUndefined();
    expect(sentBodies(ok(invoke(answered, 's', 'root')).effects, 'action')).toHaveLength(1);
  });

  test('when the agent answers false the rule message appears', () => {
    const { session, effects } = open(components);
    const [call] = sentBodies(effects, 'callAgentFunction');
    const answered = apply(session, msg.response(call?.functionCallId as string, false)).session;
    expect(node(answered, 'root').validation).toEqual([{ valid: false, message: 'No seat left.' }]);
  });
});
