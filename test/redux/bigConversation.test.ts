/**
 * A 2,000-row conversation through configureStore with RTK's development checks on (the
 * serializability and immutability middleware) yields zero findings; the checks' timing notices
 * measure the machine and are reported by the bench, not asserted. The log stays within its byte
 * budget, and payloads refused for size are logged as stubs, never whole.
 */
import { BASIC_CATALOG_ID, type Harness , withFakeTimerHarness } from '../helpers/reduxHarness';
import { a2uiDevToolsSanitizers } from '../../src/redux/devtools';

const ROWS = 2_000;
const rows = (tag: string) => Array.from({ length: ROWS }, (_, i) => ({ label: `${tag} ${i}`, done: false }));
const listSurface = [
  { version: 'v1.0', createSurface: { surfaceId: 'list', catalogId: BASIC_CATALOG_ID } },
  {
    version: 'v1.0',
    updateComponents: {
      surfaceId: 'list',
      components: [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'CheckBox', label: { path: 'label' }, value: { path: 'done' } },
      ],
    },
  },
  { version: 'v1.0', updateDataModel: { surfaceId: 'list', path: '/rows', value: rows('row') } },
];

const each = withFakeTimerHarness();

it('runs 2,000 rows of updates and writes with zero serializability or mutation findings', async () => {
  const h = each.start({ logMaxBytes: 100 * 1024 });
  h.agent.send(listSurface);
  await jest.advanceTimersByTimeAsync(0);
  for (let i = 0; i < 20; i += 1) {
    h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 'list', path: `/rows/${i * 97}/label`, value: `changed ${i}` } });
    h.store.dispatch(h.a2ui.actions.valueWritten({ surfaceId: 'list', ref: `row@/rows/${i * 89}`, property: 'value', value: true }));
    await jest.advanceTimersByTimeAsync(0);
  }
  expect(h.a2ui.selectors.selectNode(h.store.getState(), 'list', 'row@/rows/89')).toMatchObject({ props: { value: true } });
  expect(h.a2ui.selectors.selectNode(h.store.getState(), 'list', 'row@/rows/97')).toMatchObject({ props: { label: 'changed 1' } });
  h.agent.send({ version: 'v1.0', updateDataModel: { surfaceId: 'list', path: '/rows', value: rows('again') } });
  await jest.advanceTimersByTimeAsync(0);
  expect(h.state().session.lastError).toBeNull();
  expect(h.a2ui.selectors.selectNode(h.store.getState(), 'list', 'row@/rows/1999')).toMatchObject({ props: { label: 'again 1999' } });
  // The log keeps within its budget: the two big payloads pushed the oldest entries out.
  const { log } = h.state();
  expect(log.bytes).toBeLessThanOrEqual(100 * 1024);
  expect(log.bytes).toBe(log.entries.reduce((sum, e) => sum + e.bytes, 0));
  expect(log.dropped).toBeGreaterThan(0);
  expect(each.console().calls).toEqual([]);
});

it('logs payloads refused for size as stubs, never whole', () => {
  const h = each.start({ limits: { maxPayloadBytes: 10_000 } });
  const big = { version: 'v1.0', updateDataModel: { surfaceId: 'x', path: '/blob', value: 'x'.repeat(50_000) } };
  for (let i = 0; i < 5; i += 1) h.agent.send(big);
  h.agent.send(JSON.stringify(big));
  // The agent is told each time (LIMIT_EXCEEDED for surface x); the payloads themselves are stubs.
  const entries = h.state().log.entries.filter((e) => e.direction === 'in');
  expect(entries).toHaveLength(6);
  for (const entry of entries) {
    expect(entry).toMatchObject({ direction: 'in', payload: null, stub: { reason: expect.stringContaining('refused: over the payload limit of 10000 bytes') } });
    expect((entry as { stub: { bytes: number } }).stub.bytes).toBeGreaterThan(10_000);
  }
  expect(JSON.stringify(h.state().log).length).toBeLessThan(5_000);
  expect(h.state().session.lastError).toMatchObject({ code: 'LIMIT_EXCEEDED' });
});

it('DevTools sanitizers show big payloads as their size and leave small ones and other state alone', () => {
  const { actionSanitizer, stateSanitizer } = a2uiDevToolsSanitizers({ maxBytes: 1_000 });
  const h = each.start();
  const small = { version: 'v1.0', deleteSurface: { surfaceId: 'gone' } };
  const big = { version: 'v1.0', updateDataModel: { surfaceId: 'gone', path: '/x', value: 'y'.repeat(5_000) } };
  const bigAction = h.a2ui.actions.messageReceived(big);
  const smallAction = h.a2ui.actions.messageReceived(small);
  expect(actionSanitizer(bigAction).payload.payload).toEqual({ omitted: 'over 1000 bytes of JSON text' });
  expect(actionSanitizer(smallAction)).toBe(smallAction);
  const other = { type: 'host/big', payload: 'z'.repeat(5_000) };
  expect(actionSanitizer(other)).toBe(other);
  h.store.dispatch(bigAction);
  h.store.dispatch(smallAction);
  const state = h.store.getState();
  const shown = stateSanitizer(state);
  expect(shown.a2ui.log.entries.filter((e) => e.direction === 'in').map((e) => (e as { payload: unknown }).payload)).toEqual([{ omitted: 'over 1000 bytes of JSON text' }, small]);
  expect(shown.a2ui.session).toBe(state.a2ui.session);
  // The store's own state is untouched.
  expect(state.a2ui.log.entries[0]).toMatchObject({ payload: big });
});
