/**
 * `agentCallDebounceMs` when nodes share a call: two nodes whose calls have the same arguments
 * share one agent call, so when one node's arguments change the shared call is not released (the
 * other node still reads it). The node whose arguments changed must still wait out the debounce.
 */
import { createSession, handleMessage, resolvedTree } from '../../src/session/session';
import { write } from '../../src/session/interaction';
import type { Effect } from '../../src/model/effects';
import { BASIC, catalogs, sentBodies } from '../security/helpers';

type Json = Record<string, unknown>;
const v = (body: Json): Json => ({ version: 'v1.0', ...body });
const calls = (effects: readonly Effect[]) => sentBodies(effects, 'callAgentFunction');
const debounced = (effects: readonly Effect[]) => effects.filter((e) => e.type === 'agentCallDebounced');

test('a keystroke that moves a node off a call another node still reads waits out the debounce', () => {
  const components = [
    { id: 'root', component: 'Column', children: ['field', 'echo', 'fixed'] },
    { id: 'field', component: 'TextField', label: 'q', value: { path: '/q' } },
    { id: 'echo', component: 'Text', text: { call: 'lookup', args: { q: { path: '/q' } } } },
    // The same call with the same argument as `echo` while /q is empty.
    { id: 'fixed', component: 'Text', text: { call: 'lookup', args: { q: '' } } },
  ];
  const opened = handleMessage(createSession(catalogs(), { agentCallDebounceMs: 300 }), v({ createSurface: { surfaceId: 's', catalogId: BASIC, components, dataModel: { q: '' } } }));
  expect(opened.ok).toBe(true);
  expect(calls(opened.effects)).toHaveLength(1);
  const typed = write(opened.session, 's', 'field', 'value', 'a');
  if (!typed.ok) throw new Error(typed.error.message);
  // echo's arguments changed: its new call waits, and nothing is sent yet.
  expect(calls(typed.effects)).toEqual([]);
  expect(debounced(typed.effects)).toHaveLength(1);
});

test('rows of a List with equal arguments share a call; typing into one row waits out the debounce', () => {
  const components = [
    { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
    { id: 'row', component: 'Column', children: ['title', 'fare'] },
    { id: 'title', component: 'TextField', label: 'from', value: { path: 'from' } },
    { id: 'fare', component: 'Text', text: { call: 'lookup', args: { q: { path: 'from' } } } },
  ];
  const opened = handleMessage(createSession(catalogs(), { agentCallDebounceMs: 300 }), v({ createSurface: { surfaceId: 's', catalogId: BASIC, components, dataModel: { rows: [{ from: 'LHR' }, { from: 'LHR' }, { from: 'CDG' }] } } }));
  expect(opened.ok).toBe(true);
  // One call per distinct argument.
  expect(calls(opened.effects)).toHaveLength(2);
  const field = Object.values(opened.session.state.surfaces.s ? resolvedTree(opened.session, 's')?.nodes ?? {} : {}).find((n) => n.component === 'TextField');
  if (field === undefined) throw new Error('no field');
  const typed = write(opened.session, 's', field.ref, 'value', 'LH');
  if (!typed.ok) throw new Error(typed.error.message);
  expect(calls(typed.effects)).toEqual([]);
  expect(debounced(typed.effects)).toHaveLength(1);
});
