/**
 * Small protocol edges: -0 is stored as 0 (JSON has no -0), a repeated callRendererFunction id
 * runs once, and surface ids holding U+0000 keep their agent calls apart.
 */
import { basicCatalog, defineCatalog } from '../../src/catalog';
import { write } from '../../src/session/interaction';
import { createSession, handleMessage } from '../../src/session/session';
import { apply, msg, node, ok, open, sentBodies } from '../helpers/session';

test('-0 from the agent or the user is stored as 0', () => {
  const { session } = open([{ id: 'root', component: 'TextField', label: 'n', value: { path: '/n' } }], { n: -0, list: [-0, { x: -0 }] });
  const model = session.state.surfaces.s?.dataModel as Record<string, unknown>;
  expect(Object.is(model.n, 0)).toBe(true);
  expect(JSON.stringify(model)).toBe('{"n":0,"list":[0,{"x":0}]}');
  expect(Object.is((model.list as unknown[])[0], 0)).toBe(true);
  const updated = apply(session, msg.data('s', '/m', -0)).session;
  expect(Object.is(updated.state.surfaces.s?.dataModel.m, 0)).toBe(true);
  const written = ok(write(session, 's', 'root', 'value', -0)).session;
  expect(Object.is(written.state.surfaces.s?.dataModel.n, 0)).toBe(true);
});

describe('a repeated callRendererFunction id', () => {
  let runs = 0;
  const TOOLS = 'https://example.com/tools';
  const tools = defineCatalog({
    catalogId: TOOLS,
    functions: { count: { definition: { returnType: 'number', allowedCallers: 'rendererOrAgent' }, implementation: () => (runs += 1) } },
  });
  const call = msg.callRenderer('rf-1', { call: 'count', catalogId: TOOLS, args: {} });

  test('runs once; the repeat is answered with an error naming the id', () => {
    runs = 0;
    const first = ok(handleMessage(createSession([basicCatalog(), tools]), call));
    expect(sentBodies(first.effects, 'rendererFunctionResponse')).toEqual([{ functionCallId: 'rf-1', value: 1 }]);
    const again = ok(handleMessage(first.session, call));
    expect(runs).toBe(1);
    expect(sentBodies(again.effects, 'rendererFunctionResponse')).toEqual([]);
    expect(sentBodies(again.effects, 'error')).toEqual([expect.objectContaining({ functionCallId: 'rf-1', message: expect.stringContaining("Duplicate functionCallId 'rf-1'") })]);
    // within one payload too
    runs = 0;
    const both = ok(handleMessage(createSession([basicCatalog(), tools]), [call, call]));
    expect(runs).toBe(1);
    expect(sentBodies(both.effects, 'rendererFunctionResponse')).toHaveLength(1);
    expect(sentBodies(both.effects, 'error')).toHaveLength(1);
  });
});

test('surfaces "a" and "a\\u0000b" keep their agent calls apart', () => {
  const components = [{ id: 'root', component: 'Text', text: { call: 'lookup', args: { q: 1 } } }];
  const session = createSession([basicCatalog()]);
  const both = ok(handleMessage(session, [msg.create('a'), msg.components('a', components), msg.create('a\u0000b'), msg.components('a\u0000b', components)]));
  const calls = sentBodies(both.effects, 'callAgentFunction');
  expect(calls.map((c) => c.surfaceId)).toEqual(['a', 'a\u0000b']);
  // deleting 'a' leaves 'a\u0000b' with its call: answering it shows the value
  const deleted = apply(both.session, msg.remove('a')).session;
  const answered = apply(deleted, msg.response(calls[1]?.functionCallId as string, 'still mine')).session;
  expect(node(answered, 'root', 'a\u0000b').props.text).toBe('still mine');
  // and no second call was sent for it after the deletion
  expect(sentBodies(apply(deleted, msg.data('a\u0000b', '/x', 1)).effects, 'callAgentFunction')).toEqual([]);
});
