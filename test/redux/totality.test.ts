/**
 * The reducer is total: for every action type of an instance, a payload that is missing, null, a
 * number, a string or an object with wrong field types (a DevTools "dispatch", a user bug) leaves
 * the session, outbox and log unchanged and sets lastError; no dispatch throws. Actions that make
 * effects also need the meta their creator makes.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { actionMeta } from '../../src/redux/actions';
import { plainSurface } from '../helpers/reduxFixtures';
import { captureConsole } from '../helpers/reduxHarness';
import { tableGet, type Table } from '../../src/data/table';

const a2ui = createA2ui({ catalogs: [basicCatalog()] });

/** Per action: an object payload whose fields have the wrong types. */
const WRONG_FIELDS: Record<keyof typeof a2ui.actions, Record<string, unknown>> = {
  messageReceived: { payload: plainSurface('x'), receivedAt: 5, userActivated: 'yes' },
  valueWritten: { surfaceId: 1, ref: 'root', property: 'value', value: 'v', at: 'now' },
  actionInvoked: { surfaceId: 'A', ref: 2, property: 'action', timestamp: 't' },
  agentCallTimedOut: { callId: 7 },
  agentCallDue: { callId: false },
  disposed: {},
  mcpAppRequested: { requestId: {}, surfaceId: 'A', ref: 'root', method: 'ui/message', at: 't' },
  mcpToolReplied: { requestId: 1, surfaceId: 'A', ref: 'root', outcome: { status: 'maybe' } },
  agentCallSettled: { callId: 'c', status: 'later' },
  effectsDelivered: { ids: 'all' },
  deliveryAttemptFailed: { id: 'x', attempts: -1, error: 'e' },
  deliveryFailed: { id: 'x', attempts: 1.5, error: 'e' },
  deliveryUnknown: { ids: [1, 2] },
  deliveryRetried: { id: null },
  deliveryAbandoned: { id: ['x'] },
  mcpToolCallsOrphaned: { keys: [1] },
  workerFailed: { worker: 'w', message: 3 },
  transportStatusChanged: { status: 'sleeping' },
};

/** Actions that make effects: they also need meta. */
const WITH_META = new Set(['messageReceived', 'valueWritten', 'actionInvoked', 'agentCallTimedOut', 'agentCallDue', 'disposed', 'mcpAppRequested', 'mcpToolReplied']);

function storeWithState() {
  const store = configureStore({ reducer: { a2ui: a2ui.reducer } });
  store.dispatch(a2ui.actions.messageReceived(plainSurface('A')));
  // An update for a missing surface leaves an error message in the outbox.
  store.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 'nowhere', path: '/x', value: 1 } }));
  return store;
}

const cases: Array<[string, string, unknown]> = [];
for (const name of Object.keys(WRONG_FIELDS) as Array<keyof typeof WRONG_FIELDS>) {
  // `disposed` reads no payload: only its missing meta makes it malformed.
  const payloads: Array<[string, unknown]> = name === 'disposed' ? [] : [['no payload', undefined], ['null', null], ['a number', 42], ['a string', 'all'], ['wrong field types', WRONG_FIELDS[name]]];
  for (const [label, payload] of payloads) cases.push([name, label, payload]);
  if (WITH_META.has(name)) cases.push([name, 'no meta', WRONG_FIELDS[name] === undefined ? {} : '__valid-but-no-meta__']);
}

describe.each(cases)('%s with %s', (name, label, payload) => {
  it('changes nothing but lastError, and does not throw', () => {
    const console_ = captureConsole();
    const store = storeWithState();
    const before = store.getState().a2ui;
    const type = a2ui.actions[name as keyof typeof a2ui.actions].type;
    const action: UnknownAction =
      label === 'no meta'
        ? { type, payload: name === 'disposed' ? undefined : validPayload(name) }
        : { type, payload, meta: actionMeta() };
    expect(() => store.dispatch(action)).not.toThrow();
    const after = store.getState().a2ui;
    expect(after.session.core).toBe(before.session.core);
    expect(after.session.outbox).toBe(before.session.outbox);
    expect(after.session.deadlines).toBe(before.session.deadlines);
    expect(after.log).toBe(before.log);
    expect(after.session.lastError).toMatchObject({ code: 'INVALID_ARGUMENT', operation: name });
    expect(after.session.lastError?.message).toMatch(label === 'no meta' ? /meta/ : /payload/);
    expect(console_.calls).toEqual([]);
    console_.restore();
  });
});

/** A payload its creator would make, so only the missing meta is wrong. */
function validPayload(name: string): unknown {
  const made = (() => {
    switch (name) {
      case 'messageReceived': return a2ui.actions.messageReceived(plainSurface('B'));
      case 'valueWritten': return a2ui.actions.valueWritten({ surfaceId: 'A', ref: 'root', property: 'value', value: 1 });
      case 'actionInvoked': return a2ui.actions.actionInvoked({ surfaceId: 'A', ref: 'root' });
      case 'agentCallTimedOut': return a2ui.actions.agentCallTimedOut({ callId: 'c' });
      case 'agentCallDue': return a2ui.actions.agentCallDue({ callId: 'c' });
      case 'mcpAppRequested': return a2ui.actions.mcpAppRequested({ requestId: 1, surfaceId: 'A', ref: 'root', method: 'ui/message' });
      case 'mcpToolReplied': return a2ui.actions.mcpToolReplied({ requestId: 1, surfaceId: 'A', ref: 'root', outcome: { status: 'ok', result: null } });
      default: throw new Error(`no valid payload for ${name}`);
    }
  })();
  return made.payload;
}

it('every action type of the instance is covered', () => {
  expect(Object.keys(WRONG_FIELDS).sort()).toEqual(Object.keys(a2ui.actions).sort());
});

it('a well-formed action after a malformed one clears lastError', () => {
  const store = storeWithState();
  const outbox = store.getState().a2ui.session.outbox;
  // 'all' was once read as "everything": the outbox emptied without anything sent.
  store.dispatch({ type: a2ui.actions.effectsDelivered.type, payload: { ids: 'all' } });
  expect(store.getState().a2ui.session.outbox).toBe(outbox);
  expect(store.getState().a2ui.session.lastError).not.toBeNull();
  store.dispatch(a2ui.actions.messageReceived(plainSurface('C')));
  expect(store.getState().a2ui.session.lastError).toBeNull();
});

it('mutating a selected surface, component, data row, outbox entry or node throws (objects are frozen in every build)', () => {
  const store = storeWithState();
  store.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 'A', path: '/rows', value: [{ label: 'r' }] } }));
  const surface = a2ui.selectors.selectSurface(store.getState(), 'A') as unknown as { surfaceId: string; components: Table<{ id: string }>; dataModel: { rows: Array<{ label: string }> } };
  expect(() => {
    surface.surfaceId = 'B';
  }).toThrow(TypeError);
  expect(() => {
    (tableGet(surface.components, 'root') as { id: string }).id = 'x';
  }).toThrow(TypeError);
  expect(() => {
    (surface.dataModel.rows[0] as { label: string }).label = 'mutated';
  }).toThrow(TypeError);
  expect(() => {
    (store.getState().a2ui.session.outbox[0] as { id: string }).id = 'x';
  }).toThrow(TypeError);
  const node = a2ui.selectors.selectNode(store.getState(), 'A', 'root');
  expect(node).toBeDefined();
  expect(() => {
    (node as { component: string }).component = 'Image';
  }).toThrow(TypeError);
  expect(() => {
    (node?.props as Record<string, unknown>).injected = 1;
  }).toThrow(TypeError);
});
