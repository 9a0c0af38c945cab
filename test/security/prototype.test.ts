/**
 * No path, key, id or payload can touch a prototype: prototype-named keys and path segments are
 * ordinary own data, prototype-named ids (surfaces, components, calls, catalogs, functions) name
 * nothing inherited, and `__proto__` keys in a payload are refused before anything reads them.
 */
import { configureStore } from '@reduxjs/toolkit';
import { createA2ui } from '../../src/createA2ui';
import { handleMessage, resolvedTree, surface } from '../../src/session/session';
import { invoke, write } from '../../src/session/interaction';
import { createSession } from '../../src/session/session';
import { assertSerializable } from '../fuzz/invariants';
import { assertPrototypesClean, BASIC, catalogs, diagnostics, FUZZ_CATALOG_ID, nodeOf, openSurface, RAN, sentBodies } from './helpers';
import { tableValues } from '../../src/data/table';

afterEach(() => assertPrototypesClean());

const INHERITED = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'] as const;

describe('data paths with prototype-named segments are own data', () => {
  const attacks = ['/constructor/prototype/polluted', '/prototype/polluted', '/constructor/polluted', '/items/0/constructor/polluted'];
  const forbidden = ['/__proto__/polluted', '/a/__proto__/polluted', '/__proto__/__proto__/polluted', '/items/0/__proto__/polluted', '/__proto__'];

  test.each(attacks)('updateDataModel at %s writes own data and nothing else', (path) => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { path } }], { items: [{}] });
    const result = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path, value: 'hacked' } });
    expect(result.ok).toBe(true);
    const model = surface(result.session, 's')?.dataModel as Record<string, unknown>;
    expect(Object.getPrototypeOf(model)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(model))).toBeTruthy();
    expect(nodeOf(result.session, 'root').props.text).toBe('hacked');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test.each(forbidden)('updateDataModel at %s is refused (a forbidden segment), the agent is told, nothing changes', (path) => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { path } }], { items: [{}] });
    const result = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path, value: 'hacked' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'DATA_ERROR', surfaceId: 's' } });
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'DATA_ERROR', surfaceId: 's', message: expect.stringContaining("Forbidden path segment '__proto__'") })]);
    expect(surface(result.session, 's')?.dataModel).toEqual({ items: [{}] });
  });

  // Found by the fuzzer: an own "__proto__" key in the data model made Redux Toolkit's
  // development immutability check report a mutation that never happened, and the saga died.
  test('through a real store with the default development checks, a __proto__ path is refused and nothing throws', () => {
    const a2ui = createA2ui({ catalogs: catalogs() });
    const store = configureStore({ reducer: { a2ui: a2ui.reducer } });
    store.dispatch(a2ui.actions.messageReceived([
      { version: 'v1.0', createSurface: { surfaceId: 'C', catalogId: BASIC, components: [{ id: 'root', component: 'Text', text: 'x' }], dataModel: { a: 1 } } },
      { version: 'v1.0', updateDataModel: { surfaceId: 'C', path: '/__proto__/__proto__', value: [] } },
    ]));
    expect(() => store.dispatch(a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 'C', path: '/b', value: 2 } }))).not.toThrow();
    const state = store.getState().a2ui.session;
    expect(state.core.surfaces.C?.dataModel).toEqual({ a: 1, b: 2 });
    expect(state.outbox.map((e) => e.effect)).toContainEqual({ type: 'send', message: { version: 'v1.0', error: expect.objectContaining({ code: 'DATA_ERROR', surfaceId: 'C' }) } });
  });

  test('a relative path inside a template cannot climb into a prototype', () => {
    const session = openSurface(
      [
        { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
        { id: 'item', component: 'TextField', label: 'x', value: { path: '__proto__/polluted' } },
      ],
      { items: [{ label: 'a' }] },
    );
    const result = write(session, 's', 'item@/items/0', 'value', 'hacked');
    expect(result).toMatchObject({ ok: false, error: { code: 'DATA_ERROR', message: expect.stringContaining('__proto__') } });
    expect(surface(session, 's')?.dataModel).toEqual({ items: [{ label: 'a' }] });
  });

  test('reading inherited names gives nothing: ${/constructor} is not "function Object()"', () => {
    const texts = INHERITED.map((name, i) => ({ id: `t${i}`, component: 'Text', text: { call: 'formatString', args: { value: `[\${/${name}}]` } } }));
    const session = openSurface([{ id: 'root', component: 'Column', children: texts.map((t) => t.id) }, ...texts]);
    const shown = Object.values(resolvedTree(session, 's')?.nodes ?? {}).filter((n) => n.component === 'Text').map((n) => n.props.text);
    expect(shown).toEqual(INHERITED.map(() => '[]'));
  });

  test('a template over /__proto__ or /constructor expands nothing', () => {
    for (const path of ['/__proto__', '/constructor', '/toString']) {
      const session = openSurface([
        { id: 'root', component: 'List', children: { componentId: 'item', path } },
        { id: 'item', component: 'Text', text: 'x' },
      ]);
      expect(nodeOf(session, 'root').children).toEqual([]);
    }
  });
});

describe('"__proto__" keys in a payload are refused before anything reads them', () => {
  const cases: Array<[string, string]> = [
    ['as a data value', '{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/x","value":{"__proto__":{"polluted":true}}}}'],
    ['as the createSurface data model', '{"version":"v1.0","createSurface":{"surfaceId":"t","catalogId":"' + BASIC + '","dataModel":{"__proto__":{"polluted":true}}}}'],
    ['in a component', '{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"x","__proto__":{"polluted":true}}]}}'],
    ['in function args', '{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"call":"lookup","args":{"__proto__":{"polluted":true}}}}]}}'],
    ['in metadata', '{"version":"v1.0","createSurface":{"surfaceId":"t","catalogId":"' + BASIC + '","metadata":{"__proto__":{"polluted":true}}}}'],
    ['at the envelope', '{"version":"v1.0","__proto__":{"polluted":true},"deleteSurface":{"surfaceId":"s"}}'],
    ['in an agent response value', '{"version":"v1.0","agentFunctionResponse":{"functionCallId":"call-1","value":{"__proto__":{"polluted":true}}}}'],
  ];
  test.each(cases)('%s: INVALID_MESSAGE, state unchanged', (_name, text) => {
    const session = openSurface([{ id: 'root', component: 'Text', text: 'x' }]);
    const result = handleMessage(session, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'INVALID_MESSAGE', message: expect.stringContaining('__proto__') });
    expect(result.session.state).toBe(session.state);
  });

  test('the same payloads as objects (own "__proto__" properties) are refused too', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: 'x' }]);
    const value = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
    const result = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/x', value } });
    expect(result.ok).toBe(false);
  });

  test('"constructor" and "prototype" keys are plain data', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { path: '/constructor/prototype/x' } }]);
    const result = handleMessage(session, '{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/","value":{"constructor":{"prototype":{"x":"data"}}}}}');
    expect(result.ok).toBe(true);
    expect(nodeOf(result.session, 'root').props.text).toBe('data');
  });
});

describe('prototype-named ids name nothing inherited', () => {
  // Found by the fuzzer: ids inherited from Object.prototype used to be read as surfaces and threw
  // inside the processor (creation failed, messages to them were not SURFACE_NOT_FOUND, and the
  // earlier messages of the payload were dropped).
  test.each(['constructor', 'toString', 'prototype', 'polluted'])('a surface named %s is an own entry of the surface table', (id) => {
    const session = createSession(catalogs());
    const result = handleMessage(session, [
      { version: 'v1.0', createSurface: { surfaceId: id, catalogId: BASIC, components: [{ id: 'root', component: 'Text', text: { path: '/a' } }], dataModel: { a: 'own' } } },
      { version: 'v1.0', updateDataModel: { surfaceId: id, path: '/a', value: 'updated' } },
    ]);
    expect(result.ok).toBe(true);
    const surfaces = result.session.state.surfaces;
    expect(Object.getPrototypeOf(surfaces)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(surfaces, id)).toBe(true);
    expect(resolvedTree(result.session, id)?.root?.props.text).toBe('updated');
    const deleted = handleMessage(result.session, { version: 'v1.0', deleteSurface: { surfaceId: id } });
    expect(Object.keys(deleted.session.state.surfaces)).toEqual([]);
  });

  test.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])('a message to a missing surface %j is SURFACE_NOT_FOUND, told to the agent', (id) => {
    const session = openSurface([{ id: 'root', component: 'Text', text: 'x' }]);
    const result = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: id, path: '/a', value: 1 } });
    expect(result).toMatchObject({ ok: false, error: { code: 'SURFACE_NOT_FOUND', surfaceId: id } });
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'SURFACE_NOT_FOUND', surfaceId: id })]);
  });

  test('a message to a missing surface named "constructor" leaves the earlier messages of the payload applied', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { path: '/a' } }]);
    const result = handleMessage(session, [
      { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/a', value: 'applied' } },
      { version: 'v1.0', updateDataModel: { surfaceId: 'constructor', path: '/a', value: 1 } },
    ]);
    expect(result).toMatchObject({ ok: false, error: { code: 'SURFACE_NOT_FOUND', index: 1 } });
    expect(surface(result.session, 's')?.dataModel).toEqual({ a: 'applied' });
  });

  test('a surface named "__proto__" is refused: state keeps no own "__proto__" key', () => {
    const result = handleMessage(createSession(catalogs()), { version: 'v1.0', createSurface: { surfaceId: '__proto__', catalogId: BASIC } });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_MESSAGE', path: '/createSurface/surfaceId' } });
    expect(Object.keys(result.session.state.surfaces)).toEqual([]);
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'INVALID_MESSAGE', surfaceId: '__proto__' })]);
  });

  // Found by the fuzzer: `components[id] = component` with id '__proto__' replaced the record's
  // prototype; later, that an own "__proto__" key in state trips Redux Toolkit's checks.
  test('a component with id "__proto__" is refused with VALIDATION_FAILED, in strict and lenient mode', () => {
    for (const validation of ['strict', 'lenient'] as const) {
      const session = openSurface([{ id: 'root', component: 'Column', children: ['__proto__'] }], {}, { session: { validation } });
      const result = handleMessage(session, { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: '__proto__', component: 'Text', text: 'own' }] } });
      expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', path: '/updateComponents/components/0/id' } });
      const components = surface(result.session, 's')?.components as object;
      expect(Object.prototype.hasOwnProperty.call(components, '__proto__')).toBe(false);
      assertSerializable(result.session.state, 'state');
    }
  });

  test.each(INHERITED)('a child id %j with no such component is a missing child, not an inherited method', (id) => {
    const session = openSurface([{ id: 'root', component: 'Column', children: [id] }], {}, { session: { validation: 'lenient' } });
    const child = nodeOf(session, id);
    expect(child).toMatchObject({ componentId: id, placeholder: 'missing' });
    expect(resolvedTree(session, 's')?.diagnostics.map((d) => d.code)).toContain('MISSING_CHILD');
  });

  test.each(['constructor', 'toString', 'hasOwnProperty'])('a component with id %j is a component like any other', (id) => {
    const session = openSurface([
      { id: 'root', component: 'Column', children: [id] },
      { id, component: 'Text', text: 'own' },
    ]);
    expect(nodeOf(session, id).props.text).toBe('own');
  });

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('an agent response to call id %j is ignored with a diagnostic', (id) => {
    const session = openSurface([{ id: 'root', component: 'Text', text: 'x' }]);
    const result = handleMessage(session, { version: 'v1.0', agentFunctionResponse: { functionCallId: id, value: 1 } });
    expect(result.ok).toBe(true);
    expect(result.session.state).toBe(session.state);
    expect(diagnostics(result.effects, 'AGENT_RESPONSE_IGNORED')).toHaveLength(1);
  });

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])('a function named %j is an agent function; nothing local runs', (name) => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { call: name, args: { q: 1 } } }]);
    const tree = resolvedTree(session, 's');
    expect(tree?.root?.busy).toBe(true);
    expect(tableValues(session.state.agentCalls).map((row) => row.call.call)).toEqual([name]);
  });

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('callRendererFunction of %j is refused without running anything', (name) => {
    RAN.length = 0;
    const session = openSurface([{ id: 'root', component: 'Text', text: 'x' }]);
    for (const catalogId of [BASIC, FUZZ_CATALOG_ID, name]) {
      const result = handleMessage(session, { version: 'v1.0', callRendererFunction: { functionCallId: 'f', callFunction: { call: name, catalogId, args: {} } } });
      expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'INVALID_FUNCTION_CALL', functionCallId: 'f' })]);
      expect(sentBodies(result.effects, 'rendererFunctionResponse')).toEqual([]);
    }
    expect(RAN).toEqual([]);
  });

  test.each(['__proto__', 'constructor', 'toString'])('a catalogId %j is not found', (catalogId) => {
    const session = createSession(catalogs());
    const result = handleMessage(session, { version: 'v1.0', createSurface: { surfaceId: 's', catalogId } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('CATALOG_NOT_FOUND');
  });

  test.each(['__proto__', 'constructor', 'toString'])('write/invoke with property %j is refused', (property) => {
    const session = openSurface([
      { id: 'root', component: 'Button', child: 'l', action: { event: { name: 'go' } } },
      { id: 'l', component: 'TextField', label: 'x', value: { path: '/v' } },
    ]);
    expect(write(session, 's', 'l', property, 'x').ok).toBe(false);
    expect(invoke(session, 's', 'root', property).ok).toBe(false);
    expect(write(session, property, 'root', 'value', 'x').ok).toBe(false);
    expect(invoke(session, property, property).ok).toBe(false);
  });
});
