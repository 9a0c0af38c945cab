/**
 * What one message copies of the state's tables, counted (not timed): the buckets of a table
 * that are not the very objects of the table before. A one-component update and one answer copy
 * one bucket whether the surface holds 2,000 or 20,000 entries, and every older state keeps what
 * it held.
 */
import { basicCatalog } from '../../src/catalog';
import { tableGet, tableKeys, tableSize, type Table } from '../../src/data/table';
import { componentOf, type SurfaceState } from '../../src/model/state';
import { createSession, handleMessage, type Session } from '../../src/session/session';
import { msg, ok } from '../helpers/session';

type Json = Record<string, unknown>;

function bucketsCopied(before: Table<unknown>, after: Table<unknown>): number {
  if (before.buckets.length !== after.buckets.length) return after.buckets.length;
  return after.buckets.filter((bucket, i) => bucket !== before.buckets[i]).length;
}

function surfaceOf(session: Session): SurfaceState {
  return session.state.surfaces.s as SurfaceState;
}

/** A surface of `count` Text components in Columns of 100 (no component lists more children than a schema check allows). */
function withComponents(count: number): Session {
  const groups = Math.ceil(count / 100);
  const list: Json[] = [{ id: 'root', component: 'Column', children: Array.from({ length: groups }, (_, g) => `g${g}`) }];
  for (let g = 0; g < groups; g += 1) list.push({ id: `g${g}`, component: 'Column', children: Array.from({ length: 100 }, (_, i) => `c${g * 100 + i}`) });
  for (let i = 0; i < groups * 100; i += 1) list.push({ id: `c${i}`, component: 'Text', text: `t${i}` });
  return ok(handleMessage(createSession([basicCatalog()], { limits: { maxNodes: 30_000 } }), [msg.create('s'), msg.components('s', list)])).session;
}

describe('a message copies the table entries it changes, not the table', () => {
  test.each([2_000, 19_000])('one-component updateComponents on %i components: one bucket', (count) => {
    const before = withComponents(count);
    const after = ok(handleMessage(before, msg.components('s', [{ id: 'c7', component: 'Text', text: 'changed' }]))).session;
    expect(tableSize(surfaceOf(after).components)).toBe(tableSize(surfaceOf(before).components));
    expect(bucketsCopied(surfaceOf(before).components, surfaceOf(after).components)).toBe(1);
    expect(componentOf(surfaceOf(after), 'c7')?.text).toBe('changed');
    expect(componentOf(surfaceOf(before), 'c7')?.text).toBe('t7');
  });

  test.each([200, 2_000])('one answer among %i pending calls: one bucket of the call table', (count) => {
    const rows = Array.from({ length: count }, (_, i) => ({ q: `q${i}` }));
    const before = ok(handleMessage(createSession([basicCatalog()], { limits: { maxWorkPerSurface: 1_000_000 } }), [
      msg.create('s', { dataModel: { rows } }),
      msg.components('s', [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Text', text: { call: 'lookup', args: { q: { path: 'q' } } } },
      ]),
    ])).session;
    expect(tableSize(before.state.agentCalls)).toBe(count);
    const callId = tableKeys(before.state.agentCalls)[0] as string;
    const after = ok(handleMessage(before, msg.response(callId, 'answer'))).session;
    expect(bucketsCopied(before.state.agentCalls, after.state.agentCalls)).toBe(1);
    expect(tableGet(after.state.agentCalls, callId)?.status).toBe('ok');
    expect(tableGet(before.state.agentCalls, callId)?.status).toBe('pending');
  });
});
