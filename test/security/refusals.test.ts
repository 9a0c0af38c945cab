/**
 * Nothing is lost: every refusal reaches whoever is waiting for it. A payload refused whole still
 * answers its renderer-function calls and tells the surfaces it named; every writer of a data
 * model meets the size limit; limits met while a tree resolves are told to the agent as well as
 * the host; and what the session keeps or sends is JSON, whatever an in-process transport or a
 * catalog function hands it.
 *
 * (Each of these started as a `test.failing` found by the fuzzer and the security review.)
 */
import { configureStore } from '@reduxjs/toolkit';
import { defineCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import { loggedPayload } from '../../src/redux/slice';
import { write } from '../../src/session/interaction';
import { createSession, handleMessage, surface } from '../../src/session/session';
import { assertSerializable } from '../fuzz/invariants';
import { assertPrototypesClean, BASIC, catalogs, diagnostics, FUZZ_CATALOG_ID, openSurface, RAN, sentBodies } from './helpers';

afterEach(() => assertPrototypesClean());

const create = (surfaceId: string, extra: Record<string, unknown> = {}) => ({ version: 'v1.0', createSurface: { surfaceId, catalogId: BASIC, ...extra } });
const data = (surfaceId: string, path: string, value: unknown) => ({ version: 'v1.0', updateDataModel: { surfaceId, path, value } });
const call = (functionCallId: string, name = 'echo', args: Record<string, unknown> = { value: 1 }) => ({
  version: 'v1.0',
  callRendererFunction: { functionCallId, callFunction: { call: name, catalogId: FUZZ_CATALOG_ID, args } },
});
const text = [{ id: 'root', component: 'Text', text: 'x' }];
const repliesTo = (effects: Parameters<typeof sentBodies>[0], functionCallId: string) =>
  [...sentBodies(effects, 'rendererFunctionResponse'), ...sentBodies(effects, 'error')].filter((b) => b.functionCallId === functionCallId);

describe('a callRendererFunction is answered exactly once, even when it does not run', () => {
  test('(control) the same call alone is answered with its value', () => {
    const session = openSurface(text);
    expect(sentBodies(handleMessage(session, [call('rf-1')]).effects, 'rendererFunctionResponse')).toEqual([{ functionCallId: 'rf-1', value: 1 }]);
  });

  test('after a failing message of the same payload: one EXECUTION_FAILED error naming the call', () => {
    const session = openSurface(text);
    RAN.length = 0;
    const result = handleMessage(session, [data('missing', '/a', 1), call('rf-2')]);
    expect(repliesTo(result.effects, 'rf-2')).toEqual([expect.objectContaining({ code: 'EXECUTION_FAILED', functionCallId: 'rf-2' })]);
    expect(RAN.filter((r) => r.name === 'echo')).toHaveLength(0);
  });

  test('in a payload refused for its message count: each call gets one error, each named surface one LIMIT_EXCEEDED', () => {
    const session = openSurface(text, {}, { session: { limits: { maxMessagesPerPayload: 3 } } });
    const result = handleMessage(session, [data('s', '/a', 1), data('t', '/b', 2), data('s', '/c', 3), call('rf-3'), call('rf-4')]);
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    expect(repliesTo(result.effects, 'rf-3')).toEqual([expect.objectContaining({ code: 'EXECUTION_FAILED', message: expect.stringMatching(/refused.*5 messages/) })]);
    expect(repliesTo(result.effects, 'rf-4')).toHaveLength(1);
    const toSurfaces = sentBodies(result.effects, 'error').filter((b) => b.surfaceId !== undefined);
    expect(toSurfaces.map((b) => [b.surfaceId, b.code])).toEqual([['s', 'LIMIT_EXCEEDED'], ['t', 'LIMIT_EXCEEDED']]);
    // Refused whole: nothing applied.
    expect(surface(result.session, 's')?.dataModel).toEqual({});
  });

  test('in JSON text over maxPayloadBytes: the calls are answered, nothing is applied', () => {
    const session = openSurface(text, {}, { session: { limits: { maxPayloadBytes: 400 } } });
    const payload = JSON.stringify([data('s', '/big', 'x'.repeat(300)), call('rf-5')]);
    expect(payload.length).toBeGreaterThan(400);
    const result = handleMessage(session, payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    expect(repliesTo(result.effects, 'rf-5')).toEqual([expect.objectContaining({ code: 'EXECUTION_FAILED' })]);
    expect(surface(result.session, 's')?.dataModel).toEqual({});
  });

  test('JSON text more than four times the limit is not parsed at all: only the host hears', () => {
    const session = createSession(catalogs(), { limits: { maxPayloadBytes: 100 } });
    const payload = JSON.stringify([data('s', '/big', 'x'.repeat(1_000)), call('rf-6')]);
    const result = handleMessage(session, payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    expect(result.effects).toEqual([]);
  });

  test('every message of every error sent is a valid generic error: exactly one of surfaceId and functionCallId', () => {
    const session = openSurface(text, {}, { session: { limits: { maxMessagesPerPayload: 1 } } });
    const result = handleMessage(session, [data('s', '/a', 1), call('rf-7'), { version: 'v1.0', deleteSurface: { surfaceId: 'u' } }]);
    const errors = sentBodies(result.effects, 'error');
    expect(errors.length).toBe(3);
    for (const error of errors) expect(('surfaceId' in error) !== ('functionCallId' in error)).toBe(true);
  });
});

describe('maxPayloadBytes applies to parsed payloads too', () => {
  test('an object payload larger than maxPayloadBytes is refused before validation', () => {
    const session = openSurface(text, {}, { session: { limits: { maxPayloadBytes: 1_000 } } });
    const result = handleMessage(session, data('s', '/big', 'x'.repeat(5_000)));
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', message: expect.stringMatching(/limit is 1000/) } });
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', surfaceId: 's' })]);
  });

  test('the same payload just under the limit applies', () => {
    const session = openSurface(text, {}, { session: { limits: { maxPayloadBytes: 1_000 } } });
    const payload = data('s', '/big', 'x'.repeat(800));
    expect(JSON.stringify(payload).length).toBeLessThan(1_000);
    expect(handleMessage(session, payload).ok).toBe(true);
  });

  test('a self-containing object payload is measured without hanging and refused', () => {
    const session = openSurface(text, {}, { session: { limits: { maxPayloadBytes: 10_000 } } });
    const message: Record<string, unknown> = { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/a' } };
    (message.updateDataModel as Record<string, unknown>).value = message;
    const result = handleMessage(session, message);
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
  });

  test('an object payload nested 100,000 deep is refused without exhausting the stack', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) value = [value];
    const session = openSurface(text);
    const result = handleMessage(session, data('s', '/a', value));
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ error: { code: 'LIMIT_EXCEEDED' } });
  });
});

describe('maxDataModelBytes holds for every writer', () => {
  const limited = { limits: { maxDataModelBytes: 1_000 } };

  test('createSurface with a data model over the limit is refused, and the agent is told', () => {
    const result = handleMessage(createSession(catalogs(), limited), create('s', { dataModel: { big: 'x'.repeat(5_000) } }));
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', surfaceId: 's', path: '/createSurface/dataModel' } });
    expect(surface(result.session, 's')).toBeUndefined();
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', surfaceId: 's' })]);
  });

  test('a callRendererFunction that writes past the limit is refused and writes nothing', () => {
    const session = openSurface(text, {}, { session: limited });
    const result = handleMessage(session, call('f', 'setData', { path: '/big', value: 'x'.repeat(5_000) }), { surfaceId: 's' });
    expect(surface(result.session, 's')?.dataModel).toEqual({});
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', functionCallId: 'f' })]);
    expect(sentBodies(result.effects, 'rendererFunctionResponse')).toEqual([]);
  });

  test('(control) a callRendererFunction that writes within the limit applies', () => {
    const session = openSurface(text, {}, { session: limited });
    const result = handleMessage(session, call('f', 'setData', { path: '/small', value: 'x' }), { surfaceId: 's' });
    expect(surface(result.session, 's')?.dataModel).toEqual({ small: 'x' });
    expect(repliesTo(result.effects, 'f')).toEqual([expect.objectContaining({ functionCallId: 'f' })]);
  });

  test('a user write past the limit is refused with LIMIT_EXCEEDED and leaves the model as it was', () => {
    const session = openSurface([{ id: 'root', component: 'TextField', label: 'x', value: { path: '/v' } }], { v: 'a' }, { session: limited });
    const result = write(session, 's', 'root', 'value', 'y'.repeat(2_000));
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED', surfaceId: 's' } });
    expect(surface(session, 's')?.dataModel).toEqual({ v: 'a' });
    expect(write(session, 's', 'root', 'value', 'y'.repeat(500)).ok).toBe(true);
  });

  test('the size after many small updates is tracked: the update that crosses the limit is the one refused', () => {
    let session = openSurface(text, {}, { session: limited });
    let refusedAt = -1;
    for (let i = 0; i < 40 && refusedAt < 0; i += 1) {
      const result = handleMessage(session, data('s', `/k${i}`, 'x'.repeat(40)));
      if (!result.ok) refusedAt = i;
      else session = result.session;
    }
    const size = JSON.stringify(surface(session, 's')?.dataModel).length;
    expect(refusedAt).toBeGreaterThan(0);
    expect(size).toBeLessThanOrEqual(1_000);
    expect(size + `"k${refusedAt}":"${'x'.repeat(40)}",`.length).toBeGreaterThan(1_000);
  });
});

describe('a limit met by a message is an error for the agent and a diagnostic for the host', () => {
  const deep = (depth: number): unknown => (depth === 0 ? 1 : { x: deep(depth - 1) });
  test.each([
    ['maxComponentsPerSurface', { maxComponentsPerSurface: 2 }, create('s', { components: [{ id: 'root', component: 'Column', children: ['a', 'b'] }, { id: 'a', component: 'Text', text: 'a' }, { id: 'b', component: 'Text', text: 'b' }] })],
    ['maxDataModelBytes', { maxDataModelBytes: 100 }, create('s', { dataModel: { big: 'x'.repeat(200) } })],
    ['maxDataDepth', { maxDataDepth: 3 }, create('s', { dataModel: deep(6) as Record<string, unknown> })],
    ['maxMessagesPerPayload', { maxMessagesPerPayload: 1 }, [create('s'), data('s', '/a', 1)]],
    ['maxPayloadBytes', { maxPayloadBytes: 200 }, create('s', { dataModel: { big: 'x'.repeat(300) } })],
  ] as Array<[string, Record<string, number>, unknown]>)('%s', (_name, limits, payload) => {
    const result = handleMessage(createSession(catalogs(), { limits }), payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', surfaceId: 's' })]);
    expect(diagnostics(result.effects, 'LIMIT_EXCEEDED')).toEqual([expect.objectContaining({ surfaceId: 's', severity: 'error' })]);
  });
});

describe('limits met while resolving are told to the agent', () => {
  const chain = (depth: number) =>
    Array.from({ length: depth }, (_, i) => (i + 1 === depth ? { id: `n${i}`, component: 'Text', text: 'leaf' } : { id: i === 0 ? 'root' : `n${i}`, component: 'Column', children: [`n${i + 1}`] }));
  const template = [
    { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
    { id: 'item', component: 'Text', text: { path: 'label' } },
  ];
  const cases: Array<[string, Record<string, number>, Record<string, unknown>, string]> = [
    ['maxTreeDepth', { maxTreeDepth: 3 }, create('s', { components: chain(8) }), 'DEPTH_LIMIT'],
    ['maxTemplateItems', { maxTemplateItems: 2 }, create('s', { components: template, dataModel: { items: [{}, {}, {}, {}] } }), 'LIMIT_EXCEEDED'],
    ['maxNodes', { maxNodes: 5 }, create('s', { components: template, dataModel: { items: Array.from({ length: 20 }, () => ({})) } }), 'LIMIT_EXCEEDED'],
  ];
  test.each(cases)('%s: one error naming the surface for the agent, the diagnostic for the host', (_name, limits, payload, diagnostic) => {
    const result = handleMessage(createSession(catalogs(), { limits }), payload);
    expect(result.ok).toBe(true);
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', surfaceId: 's' })]);
    expect(diagnostics(result.effects, diagnostic).length).toBeGreaterThan(0);
  });

  const formatText = (value: string) => [{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value } } }];
  const regexCheck = (pattern: string) => [
    { id: 'root', component: 'TextField', label: 'x', value: { path: '/v' }, checks: [{ condition: { call: 'regex', args: { value: { path: '/v' }, pattern } }, message: 'bad' }] },
  ];
  test.each([
    ['a formatString template over maxTemplateLength', create('s', { components: formatText('${/a}'.repeat(2_001)), dataModel: { a: 'x' } })],
    ['interpolations nested past maxTemplateDepth', create('s', { components: formatText(`${'${formatString(value: '.repeat(40)}'x'${')}'.repeat(40)}`) })],
    ['a regex pattern over maxPatternLength', create('s', { components: regexCheck('a'.repeat(1_001)), dataModel: { v: 'a' } })],
    ['a regex input over maxInputLength', create('s', { components: regexCheck('^a+$'), dataModel: { v: 'a'.repeat(10_001) } })],
  ])('%s: LIMIT_EXCEEDED for the agent and the host', (_name, payload) => {
    const result = handleMessage(createSession(catalogs()), payload);
    expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', surfaceId: 's' })]);
    expect(diagnostics(result.effects, 'LIMIT_EXCEEDED').length).toBeGreaterThan(0);
  });

  test.each([
    ['a template with a syntax error', formatText('${add(a 1)}')],
    ['an invalid regex', regexCheck('(')],
  ])('(control) %s is an EXPRESSION_ERROR for the host only', (_name, components) => {
    const result = handleMessage(createSession(catalogs()), create('s', { components, dataModel: { v: 'ab' } }));
    expect(diagnostics(result.effects, 'EXPRESSION_ERROR').length).toBeGreaterThan(0);
    expect(sentBodies(result.effects, 'error')).toEqual([]);
  });

  test('(control) within the limits the agent gets no error', () => {
    const result = handleMessage(createSession(catalogs(), { limits: { maxTemplateItems: 10 } }), create('s', { components: template, dataModel: { items: [{}, {}] } }));
    expect(sentBodies(result.effects, 'error')).toEqual([]);
  });

  test('a list that grows past the limit later is reported when it does', () => {
    let session = createSession(catalogs(), { limits: { maxTemplateItems: 3 } });
    session = handleMessage(session, create('s', { components: template, dataModel: { items: [{}] } })).session;
    const grown = handleMessage(session, data('s', '/items', [{}, {}, {}, {}, {}]));
    expect(sentBodies(grown.effects, 'error')).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', surfaceId: 's', message: expect.stringMatching(/5 items/) })]);
  });
});

describe('the conversation log keeps JSON only', () => {
  test('the store state survives a JSON round trip after a payload with NaN and undefined', () => {
    const a2ui = createA2ui({ catalogs: catalogs() });
    const store = configureStore({ reducer: { a2ui: a2ui.reducer } });
    store.dispatch(a2ui.actions.messageReceived(create('s', { dataModel: { a: 1 }, metadata: { n: Number.NaN, u: undefined } })));
    assertSerializable(store.getState(), 'store state');
    const entry = store.getState().a2ui.log.entries.find((e) => e.direction === 'in');
    expect(entry).toMatchObject({ payload: null, notJson: { path: '/createSurface/metadata/n', reason: expect.stringMatching(/NaN/) } });
  });

  test('loggedPayload: text as received, a JSON copy of parsed payloads, undefined properties dropped', () => {
    const parsed = { version: 'v1.0', deleteSurface: { surfaceId: 's', extra: undefined } };
    expect(loggedPayload('{"a":1}')).toEqual({ payload: '{"a":1}' });
    const logged = loggedPayload(parsed);
    expect(logged).toEqual({ payload: { version: 'v1.0', deleteSurface: { surfaceId: 's' } } });
    expect(logged.payload).not.toBe(parsed);
  });
});

describe('renderer functions answer with JSON or an error', () => {
  const raw = defineCatalog({
    catalogId: 'https://example.com/raw/catalog.json',
    functions: {
      passThrough: { definition: { returnType: 'any', allowedCallers: 'rendererOrAgent' }, implementation: (args) => args.value },
      when: { definition: { returnType: 'any', allowedCallers: 'rendererOrAgent' }, implementation: () => new Date(0) },
    },
  });
  const ask = (name: string, args: Record<string, unknown>) => {
    const session = createSession([...catalogs(), raw]);
    return handleMessage(session, { version: 'v1.0', callRendererFunction: { functionCallId: 'f', callFunction: { call: name, catalogId: raw.catalogId, args } } }).effects;
  };

  test('an array holding a binding to missing data is refused with EXECUTION_FAILED naming the place', () => {
    const effects = ask('passThrough', { value: [{ path: '/missing' }] });
    assertSerializable(effects, 'effects');
    expect(repliesTo(effects, 'f')).toEqual([expect.objectContaining({ code: 'EXECUTION_FAILED', message: expect.stringMatching(/at \/0/) })]);
  });

  test('a Date return value is refused with EXECUTION_FAILED', () => {
    const effects = ask('when', {});
    assertSerializable(effects, 'effects');
    expect(repliesTo(effects, 'f')).toEqual([expect.objectContaining({ code: 'EXECUTION_FAILED', message: expect.stringMatching(/Date/) })]);
  });

  test('(control) a JSON value is answered as a copy', () => {
    const effects = ask('passThrough', { value: { list: [1, 'a', null] } });
    expect(sentBodies(effects, 'rendererFunctionResponse')).toEqual([{ functionCallId: 'f', value: { list: [1, 'a', null] } }]);
  });
});
