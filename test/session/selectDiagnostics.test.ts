/**
 * selectDiagnostics shows the surface-level diagnostics (an action's agent call that failed)
 * after the tree's, through a real store.
 */
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { createPlainStore } from '../helpers/reduxHarness';
import { msg } from '../helpers/session';
import { tableValues } from '../../src/data/table';

test('a function-call action whose agent call failed shows in selectDiagnostics', () => {
  const a2ui = createA2ui({ catalogs: [basicCatalog()] });
  const store = createPlainStore(a2ui);
  store.dispatch(a2ui.actions.messageReceived([
    msg.create('s'),
    msg.components('s', [
      { id: 'root', component: 'Column', children: ['book', 'missing'] },
      { id: 'book', component: 'Button', child: 'label', action: { functionCall: { call: 'bookTrip', args: {} } } },
      { id: 'label', component: 'Text', text: 'Book trip' },
    ]),
  ]));
  const state = () => store.getState() as Parameters<typeof a2ui.selectors.selectDiagnostics>[0];
  const before = a2ui.selectors.selectDiagnostics(state(), 's');
  expect(before.map((d) => d.code)).toEqual(['MISSING_CHILD']);
  expect(a2ui.selectors.selectDiagnostics(state(), 's')).toBe(before);
  store.dispatch(a2ui.actions.actionInvoked({ surfaceId: 's', ref: 'book' }));
  const call = tableValues(state().a2ui.session.core.agentCalls)[0];
  store.dispatch(a2ui.actions.messageReceived(msg.responseError(call?.callId as string, 'SOLD_OUT', 'Sold out')));
  expect(a2ui.selectors.selectDiagnostics(state(), 's')).toEqual([
    expect.objectContaining({ code: 'MISSING_CHILD' }),
    expect.objectContaining({ code: 'AGENT_CALL_FAILED', componentId: 'book', message: expect.stringContaining('Sold out') }),
  ]);
});
