import fc from 'fast-check';
import {
  parseAgentMessage,
  parseAgentPayload,
  parseRendererMessage,
  splitAgentPayload,
  type A2uiError,
  type AgentPayloadParseResult,
} from '../../src/protocol';

const create = (surfaceId = 's1') => ({ version: 'v1.0', createSurface: { surfaceId } });
const del = (surfaceId = 's1') => ({ version: 'v1.0', deleteSurface: { surfaceId } });
const update = (components: unknown[], surfaceId = 's1') => ({ version: 'v1.0', updateComponents: { surfaceId, components } });
const text = (id: string) => ({ id, component: 'Text', text: 'hi' });

function errorOf(result: AgentPayloadParseResult | { ok: boolean; error?: A2uiError }): A2uiError {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result.error as A2uiError;
}

describe('parseAgentPayload: input forms', () => {
  const messages = [create(), update([text('root')]), del()];

  test.each([
    ['one message', create(), 1],
    ['an array', messages, 3],
    ['a wrapper', { messages }, 3],
    ['an empty array', [], 0],
    ['an empty wrapper', { messages: [] }, 0],
    ['JSON text of one message', JSON.stringify(create()), 1],
    ['JSON text of an array', JSON.stringify(messages), 3],
    ['JSON text of a wrapper', JSON.stringify({ messages }), 3],
    ['JSON text with a byte order mark', `\uFEFF${JSON.stringify(messages)}`, 3],
  ])('%s', (_label, input, count) => {
    const result = parseAgentPayload(input);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.messages).toHaveLength(count);
  });

  test('messages come back as fresh plain copies', () => {
    const input = update([text('root')]);
    const result = parseAgentPayload(input);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.messages[0]).toEqual(input);
    expect(result.messages[0]).not.toBe(input);
    expect((result.messages[0] as typeof input).updateComponents.components[0]).not.toBe(input.updateComponents.components[0]);
  });

  test('an undefined property is dropped, as JSON.stringify does', () => {
    const result = parseAgentPayload({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: undefined } });
    expect(result).toEqual({ ok: true, messages: [{ version: 'v1.0', createSurface: { surfaceId: 's' } }] });
  });

  test('all six agent messages parse', () => {
    const all = [
      create(),
      update([text('root'), { id: 'c', component: 'Column', children: { componentId: 'root', path: '/items' } }]),
      { version: 'v1.0', updateDataModel: { surfaceId: 's1', path: '/a', value: null } },
      del(),
      {
        version: 'v1.0',
        callRendererFunction: { functionCallId: 'f1', callFunction: { call: 'getSize', catalogId: 'cat', args: { i: 0 } } },
      },
      { version: 'v1.0', agentFunctionResponse: { functionCallId: 'f2', value: null } },
    ];
    expect(parseAgentPayload(all).ok).toBe(true);
  });
});

describe('splitAgentPayload and parseAgentMessage: one message at a time', () => {
  test('each form reports where its messages are', () => {
    expect(splitAgentPayload(create())).toEqual({ ok: true, form: 'message', raw: [create()], basePath: '', paths: [''] });
    expect(splitAgentPayload([create(), del()])).toMatchObject({ ok: true, form: 'array', basePath: '', paths: ['/0', '/1'] });
    expect(splitAgentPayload({ messages: [create(), del()] })).toMatchObject({
      ok: true,
      form: 'wrapper',
      basePath: '/messages',
      paths: ['/messages/0', '/messages/1'],
    });
  });

  test('a caller keeps the messages before the failing one', () => {
    const split = splitAgentPayload({ messages: [create(), del(), { version: 'v1.0', deleteSurface: {} }, create('s2')] });
    if (!split.ok) throw new Error(split.error.message);
    const applied: unknown[] = [];
    let failure: A2uiError | undefined;
    for (const [i, raw] of split.raw.entries()) {
      const parsed = parseAgentMessage(raw, i, split.paths[i]);
      if (!parsed.ok) {
        failure = parsed.error;
        break;
      }
      applied.push(parsed.message);
    }
    expect(applied).toEqual([create(), del()]);
    expect(failure).toEqual({
      code: 'INVALID_MESSAGE',
      message: '/messages/2/deleteSurface/surfaceId: missing required key "surfaceId" (string)',
      path: '/messages/2/deleteSurface/surfaceId',
      index: 2,
    });
  });

  test('parseAgentMessage defaults to index 0 and the root pointer', () => {
    expect(errorOf(parseAgentMessage({ version: 'v1.0' }))).toMatchObject({ path: '', index: 0 });
  });
});

describe('parseAgentPayload: errors', () => {
  test('the example of the contract: path prefix, then what is wrong with the got-type', () => {
    const payload = { messages: [create(), del(), create('s2'), update([{ id: 7, component: 'Text' }])] };
    expect(errorOf(parseAgentPayload(payload))).toEqual({
      code: 'INVALID_MESSAGE',
      message: '/messages/3/updateComponents/components/0/id: id must be a string, got number',
      path: '/messages/3/updateComponents/components/0/id',
      index: 3,
      surfaceId: 's1',
    });
  });

  test.each<[string, unknown, Partial<A2uiError>]>([
    ['not JSON', '{"version": ', { code: 'PARSE_ERROR', path: '' }],
    ['empty text', '   ', { code: 'PARSE_ERROR', path: '' }],
    ['a number', 42, { code: 'PARSE_ERROR', path: '' }],
    ['null', null, { code: 'PARSE_ERROR', path: '' }],
    ['JSON text of a string', '"hello"', { code: 'PARSE_ERROR', path: '' }],
    ['a wrapper with another key', { messages: [], name: 'x' }, { code: 'PARSE_ERROR', path: '/name' }],
    ['a wrapper whose messages are not a list', { messages: { a: 1 } }, { code: 'PARSE_ERROR', path: '/messages' }],
  ])('PARSE_ERROR: %s', (_label, input, expected) => {
    const error = errorOf(parseAgentPayload(input));
    expect(error).toMatchObject(expected);
    expect(error.index).toBeUndefined();
    expect(error.message.startsWith(expected.path === '' ? '(root): ' : `${expected.path}: `)).toBe(true);
  });

  test('PARSE_ERROR explains the JSON syntax problem', () => {
    expect(errorOf(parseAgentPayload('{"version": ')).message).toMatch(/^\(root\): not valid JSON: /);
  });

  test.each<[string, unknown, Partial<A2uiError>]>([
    ['missing version, single message', { createSurface: { surfaceId: 's9' } }, { path: '/version', index: 0, surfaceId: 's9' }],
    ['wrong version, in a wrapper', { messages: [create(), create(), { ...create('s3'), version: 'v0.9' }] }, { path: '/messages/2/version', index: 2, surfaceId: 's3' }],
    ['numeric version, in an array', [{ ...del(), version: 1 }], { path: '/0/version', index: 0 }],
  ])('UNSUPPORTED_VERSION: %s', (_label, input, expected) => {
    const error = errorOf(parseAgentPayload(input));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_VERSION', ...expected });
    expect(error.message).toContain(`${expected.path}: `);
    expect(error.message).toContain('"v1.0"');
  });

  test.each<[string, unknown, Partial<A2uiError>, RegExp]>([
    ['two bodies', [create(), { ...create(), deleteSurface: { surfaceId: 's1' } }], { path: '/1', index: 1 }, /multiple conflicting update actions/],
    ['no body', { version: 'v1.0' }, { path: '', index: 0 }, /no message body/],
    ['an unknown key next to the body', { ...create(), extra: 1 }, { path: '/extra', index: 0, surfaceId: 's1' }, /unknown key "extra"/],
    ['a renderer message', { version: 'v1.0', action: {} }, { path: '/action' }, /renderer-to-agent message/],
    ['a message that is a list', [[create()]], { path: '/0', index: 0 }, /expected an agent-to-renderer message object, got array/],
    ['an unknown key in a body', { version: 'v1.0', createSurface: { surfaceId: 's', colour: 'red' } }, { path: '/createSurface/colour' }, /unknown key "colour"/],
    ['an empty component list', { version: 'v1.0', createSurface: { surfaceId: 's', components: [] } }, { path: '/createSurface/components' }, /at least 1 item, got 0/],
    ['the Surface component', update([{ id: 'root', component: 'Surface' }]), { path: '/updateComponents/components/0/component' }, /reserved/],
    ['a missing value', { version: 'v1.0', updateDataModel: { surfaceId: 's1' } }, { path: '/updateDataModel/value' }, /missing required key "value"/],
    ['a bad extension key', { version: 'v1.0', createSurface: { surfaceId: 's', metadata: { extensions: { 'a-b': 1 } } } }, { path: '/createSurface/metadata/extensions/a-b' }, /Unicode identifier/],
    ['both value and error', { version: 'v1.0', agentFunctionResponse: { functionCallId: 'f', value: 1, error: { code: 'E', message: 'm' } } }, { path: '/agentFunctionResponse', functionCallId: 'f' }, /cannot be used together/],
    ['neither value nor error', { version: 'v1.0', agentFunctionResponse: { functionCallId: 'f' } }, { path: '/agentFunctionResponse', functionCallId: 'f' }, /needs one of "value" or "error"/],
    ['a call without catalogId', { version: 'v1.0', callRendererFunction: { functionCallId: 'f', callFunction: { call: 'x' } } }, { path: '/callRendererFunction/callFunction/catalogId', functionCallId: 'f' }, /missing required key "catalogId"/],
  ])('INVALID_MESSAGE: %s', (_label, input, expected, message) => {
    const error = errorOf(parseAgentPayload(input));
    expect(error).toMatchObject({ code: 'INVALID_MESSAGE', ...expected });
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(error.path === '' ? '(root): ' : `${error.path}: `)).toBe(true);
  });

  test('the most helpful union branch is explained', () => {
    const label = (value: unknown) => errorOf(parseAgentPayload(update([{ id: 'a', component: 'Text', accessibility: { label: value } }])));
    expect(label(5).message).toMatch(/accessibility\/label: expected string or object, got number$/);
    expect(label({ path: 5 }).message).toMatch(/label\/path: path must be a string, got number$/);
    expect(label({ path: '/x', extra: 1 }).message).toMatch(/label\/extra: unknown key "extra" is not allowed here$/);
    expect(label({ call: 'f', args: 3 }).message).toMatch(/label\/args: args must be an object, got number$/);
    expect(label({ call: '@index', catalogId: 'c' }).message).toMatch(/label\/catalogId: unknown key "catalogId"/);
    expect(label({ call: '@index', args: { offset: '1' } }).message).toMatch(/label\/args\/offset: expected number or object, got string$/);
  });

  test('the count of other problems in the message is mentioned', () => {
    const error = errorOf(parseAgentPayload({ version: 'v1.0', createSurface: { surfaceId: 1, sendDataModel: 'yes' } }));
    expect(error.message).toMatch(/\(and 1 more problem in this message\)$/);
  });

  test('errors are plain, serializable data', () => {
    const error = errorOf(parseAgentPayload(update([{ id: 7, component: 'Text' }])));
    expect(error).not.toBeInstanceOf(Error);
    expect(Object.getPrototypeOf(error)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(error))).toEqual(error);
  });
});

describe('parseAgentPayload never throws on garbage', () => {
  function nested(depth: number, leaf: unknown = 1): unknown {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i += 1) value = [value];
    return value;
  }

  test('a cyclic message', () => {
    const body: Record<string, unknown> = { surfaceId: 's1' };
    const message = { version: 'v1.0', createSurface: { ...body, dataModel: body } };
    body['self'] = body;
    expect(errorOf(parseAgentPayload(message))).toMatchObject({
      code: 'PARSE_ERROR',
      path: '/createSurface/dataModel/self',
      index: 0,
      message: '/createSurface/dataModel/self: the value contains itself (a cycle)',
    });
  });

  test('a getter that throws', () => {
    const body = { surfaceId: 's1' };
    Object.defineProperty(body, 'dataModel', { enumerable: true, get: () => { throw new Error('boom'); } });
    const error = errorOf(parseAgentPayload([del(), { version: 'v1.0', createSurface: body }]));
    expect(error).toMatchObject({ code: 'PARSE_ERROR', path: '/1/createSurface/dataModel', index: 1 });
    expect(error.message).toContain('boom');
  });

  test('a proxy that throws on every trap', () => {
    const hostile = new Proxy({}, {
      ownKeys: () => { throw new Error('no keys'); },
      get: () => { throw new Error('no get'); },
      getPrototypeOf: () => { throw new Error('no proto'); },
      has: () => { throw new Error('no has'); },
      getOwnPropertyDescriptor: () => { throw new Error('no descriptor'); },
    });
    expect(errorOf(parseAgentPayload(hostile)).code).toBe('PARSE_ERROR');
    expect(errorOf(parseAgentPayload([hostile])).code).toBe('PARSE_ERROR');
    expect(errorOf(parseAgentPayload({ messages: [create(), hostile] }))).toMatchObject({ code: 'PARSE_ERROR', index: 1 });
  });

  test('a revoked proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(errorOf(parseAgentPayload(proxy)).code).toBe('PARSE_ERROR');
    expect(errorOf(parseAgentPayload([create(), proxy]))).toMatchObject({ code: 'PARSE_ERROR', index: 1, path: '/1' });
  });

  test.each<[string, unknown, string]>([
    ['a BigInt', 10n, 'bigint'],
    ['a symbol', Symbol('s'), 'symbol'],
    ['a function', () => 1, 'function'],
    ['NaN', Number.NaN, 'NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
    ['a Date', new Date(0), 'Date'],
    ['a Map', new Map(), 'Map'],
    ['a class instance', new (class Thing {})(), 'Thing'],
  ])('%s in a data model', (_label, value, named) => {
    const error = errorOf(parseAgentPayload({ version: 'v1.0', updateDataModel: { surfaceId: 's1', value: { a: [value] } } }));
    expect(error).toMatchObject({ code: 'PARSE_ERROR', path: '/updateDataModel/value/a/0', index: 0 });
    expect(error.message).toContain(named);
  });

  test('a symbol-keyed property is ignored, a __proto__ key is refused', () => {
    const withSymbol = { ...create(), [Symbol('x')]: 1 };
    expect(parseAgentPayload(withSymbol).ok).toBe(true);
    const poisoned = JSON.parse('{"version":"v1.0","updateDataModel":{"surfaceId":"s","value":{"__proto__":{"polluted":true}}}}') as unknown;
    expect(errorOf(parseAgentPayload(poisoned))).toMatchObject({ code: 'INVALID_MESSAGE', path: '/updateDataModel/value/__proto__' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('10 000 nested arrays as a payload, as a value and as JSON text', () => {
    expect(errorOf(parseAgentPayload(nested(10_000)))).toMatchObject({ code: 'INVALID_MESSAGE', path: '/0', index: 0 });
    const deepValue = { version: 'v1.0', updateDataModel: { surfaceId: 's1', value: nested(10_000) } };
    const error = errorOf(parseAgentPayload(deepValue));
    expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED', index: 0, surfaceId: 's1' });
    expect(error.message).toMatch(/nested deeper than 128 levels$/);
    const deepText = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`; // JSON.stringify itself would overflow
    expect(errorOf(parseAgentPayload(`{"version":"v1.0","updateDataModel":{"surfaceId":"s1","value":${deepText}}}`)).code).toBe(
      'LIMIT_EXCEEDED',
    );
    expect(errorOf(parseAgentPayload(deepText)).code).toBe('INVALID_MESSAGE');
  });

  test('the depth limit can be raised', () => {
    const message = { version: 'v1.0', updateDataModel: { surfaceId: 's1', value: nested(300) } };
    expect(parseAgentPayload(message).ok).toBe(false);
    expect(parseAgentPayload(message, { maxDepth: 400 }).ok).toBe(true);
  });

  test('function calls nested to the depth limit still validate', () => {
    let value: unknown = { path: '/x' };
    for (let i = 0; i < 40; i += 1) value = { call: 'not', args: { value } };
    expect(parseAgentPayload(update([{ id: 'a', component: 'Text', accessibility: { label: value } }])).ok).toBe(true);
  });

  test('many messages', () => {
    const result = parseAgentPayload(Array.from({ length: 20_000 }, (_, i) => del(`s${i}`)));
    expect(result.ok && result.messages.length).toBe(20_000);
  });

  test('seeded random garbage always yields a plain result', () => {
    const atoms: unknown[] = [null, 0, -1.5, 'v1.0', '', true, undefined, 1n, Symbol('x'), () => 0, Number.NaN, new Date(0)];
    const keys = ['version', 'createSurface', 'updateComponents', 'surfaceId', 'components', 'id', 'component', 'messages', 'value', 'path', 'call', 'args'];
    const { garbage } = fc.letrec<{ garbage: unknown }>((tie) => ({
      garbage: fc.oneof(
        { depthSize: 'small', maxDepth: 5 },
        fc.constantFrom(...atoms),
        fc.array(tie('garbage'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...keys), tie('garbage'), { maxKeys: 4 }),
      ),
    }));
    for (const input of fc.sample(garbage, { seed: 42, numRuns: 2000 })) {
      const result = parseAgentPayload(input);
      if (!result.ok) {
        expect(Object.keys(result.error).every((key) => ['code', 'message', 'path', 'index', 'surfaceId', 'functionCallId'].includes(key))).toBe(true);
        expect(typeof result.error.message).toBe('string');
      }
      expect(() => parseRendererMessage(input)).not.toThrow();
    }
  });
});

describe('parseRendererMessage', () => {
  const action = {
    version: 'v1.0',
    action: { name: 'go', surfaceId: 's', sourceComponentId: 'b', timestamp: '2025-01-31T12:00:00Z', context: {} },
  };

  test('accepts a value or JSON text', () => {
    expect(parseRendererMessage(action)).toEqual({ ok: true, message: action });
    expect(parseRendererMessage(JSON.stringify(action))).toEqual({ ok: true, message: action });
  });

  test('reports what is wrong', () => {
    const bad = { ...action, action: { ...action.action, timestamp: 'yesterday' } };
    expect(errorOf(parseRendererMessage(bad))).toMatchObject({ code: 'INVALID_MESSAGE', path: '/action/timestamp', surfaceId: 's' });
    expect(errorOf(parseRendererMessage({ version: 'v1.0', deleteSurface: { surfaceId: 's' } })).message).toMatch(
      /"deleteSurface" is an agent-to-renderer message/,
    );
    expect(errorOf(parseRendererMessage('nope')).code).toBe('PARSE_ERROR');
    expect(errorOf(parseRendererMessage({ version: 'v1.0', error: { code: 'X', message: 'm' } })).message).toBe(
      '/error: missing a required key: needs one of "surfaceId" or "functionCallId"',
    );
  });
});
