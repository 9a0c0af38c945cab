import {
  RendererToAgentMessageSchema,
  buildActionMessage,
  buildCallAgentFunctionMessage,
  buildErrorMessage,
  buildRendererFunctionResponseMessage,
  type ActionBody,
  type ErrorBody,
  type FunctionResponse,
} from '../../src/protocol';
import { toAgentErrorBody } from '../../src/protocol/build';
import { a2uiError } from '../../src/protocol/errors';

const action: ActionBody = Object.freeze({
  name: 'submit',
  surfaceId: 'form',
  sourceComponentId: 'send',
  timestamp: '2025-01-31T12:00:00.000Z',
  context: { email: 'a@b.c', count: 2 },
});

describe('buildActionMessage', () => {
  test('wraps a valid action with the version', () => {
    const built = buildActionMessage(action);
    expect(built).toEqual({ ok: true, message: { version: 'v1.0', action } });
    if (built.ok) {
      expect(built.message.action).not.toBe(action);
      expect(RendererToAgentMessageSchema.safeParse(built.message).success).toBe(true);
    }
  });

  test('keeps optional fields and drops undefined ones', () => {
    const built = buildActionMessage({ ...action, userMessage: 'Sent', context: { a: undefined, b: null } });
    expect(built).toEqual({ ok: true, message: { version: 'v1.0', action: { ...action, userMessage: 'Sent', context: { b: null } } } });
  });

  test.each<[string, Partial<ActionBody> & Record<string, unknown>, string, RegExp]>([
    ['a timestamp without time zone', { timestamp: '2025-01-31T12:00:00' }, '/action/timestamp', /RFC 3339 date-time/],
    ['a numeric surface id', { surfaceId: 5 as unknown as string }, '/action/surfaceId', /surfaceId must be a string, got number/],
    ['a bad extension key', { metadata: { extensions: { 'x.y': 1 } } }, '/action/metadata/extensions/x.y', /Unicode identifier/],
    ['an unknown metadata key', { metadata: { note: 1 } as never }, '/action/metadata/note', /unknown key "note"/],
  ])('rejects %s', (_label, change, path, message) => {
    const built = buildActionMessage({ ...action, ...change });
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(built.error).toMatchObject({ code: 'INVALID_MESSAGE', path });
      expect(built.error.surfaceId).toBe(change.surfaceId === undefined ? 'form' : undefined);
      expect(built.error.message).toMatch(message);
      expect(built.error.index).toBeUndefined();
    }
  });

  test('rejects what JSON cannot carry, with its path', () => {
    const built = buildActionMessage({ ...action, context: { big: 10n } });
    expect(built).toEqual({
      ok: false,
      error: { code: 'PARSE_ERROR', message: '/action/context/big: expected a JSON value, got bigint', path: '/action/context/big', surfaceId: 'form' },
    });
  });

  test('requires every field at the type level too', () => {
    // @ts-expect-error timestamp is required
    const built = buildActionMessage({ name: 'x', surfaceId: 's', sourceComponentId: 'b', context: {} });
    expect(built.ok).toBe(false);
  });
});

describe('buildCallAgentFunctionMessage', () => {
  test('builds a call with dynamic arguments', () => {
    const call = { surfaceId: 's', functionCallId: 'c1', callFunction: { call: 'lookup', args: { city: { path: '/city' } } } };
    expect(buildCallAgentFunctionMessage(call)).toEqual({ ok: true, message: { version: 'v1.0', callAgentFunction: call } });
  });

  test('rejects a missing surface, an @index call with a catalog, an extra key', () => {
    const base = { surfaceId: 's', functionCallId: 'c1', callFunction: { call: 'lookup' } };
    const noSurface = buildCallAgentFunctionMessage({ ...base, surfaceId: undefined as unknown as string });
    expect(!noSurface.ok && noSurface.error.path).toBe('/callAgentFunction/surfaceId');
    const index = buildCallAgentFunctionMessage({ ...base, callFunction: { call: '@index', catalogId: 'c' } as never });
    expect(!index.ok && index.error.path).toBe('/callAgentFunction/callFunction/catalogId');
    const extra = buildCallAgentFunctionMessage({ ...base, extra: true } as never);
    expect(!extra.ok && extra.error.message).toBe('/callAgentFunction/extra: unknown key "extra" is not allowed here');
  });
});

describe('buildRendererFunctionResponseMessage', () => {
  test.each<FunctionResponse>([
    { functionCallId: 'c', value: null },
    { functionCallId: 'c', value: [1, 'two', { three: 3 }] },
    { functionCallId: 'c', error: { code: 'EXECUTION_FAILED', message: 'no network' } },
  ])('builds %j', (response) => {
    expect(buildRendererFunctionResponseMessage(response)).toEqual({ ok: true, message: { version: 'v1.0', rendererFunctionResponse: response } });
  });

  test('rejects both or neither of value and error', () => {
    const both = buildRendererFunctionResponseMessage({ functionCallId: 'c', value: 1, error: { code: 'E', message: 'm' } } as never);
    expect(!both.ok && both.error).toMatchObject({ path: '/rendererFunctionResponse', functionCallId: 'c' });
    const neither = buildRendererFunctionResponseMessage({ functionCallId: 'c' } as never);
    expect(!neither.ok && neither.error.message).toBe('/rendererFunctionResponse: missing a required key: needs one of "value" or "error"');
  });

  test('rejects a value JSON cannot carry', () => {
    const built = buildRendererFunctionResponseMessage({ functionCallId: 'c', value: () => 1 });
    expect(!built.ok && built.error).toMatchObject({ code: 'PARSE_ERROR', path: '/rendererFunctionResponse/value' });
  });
});

describe('buildErrorMessage and toAgentErrorBody', () => {
  test.each<ErrorBody>([
    { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/3/text', message: 'expected string' },
    { code: 'UNALLOWED_CHILD', surfaceId: 's', path: '/components/0/children/1', message: 'Modal not allowed in Column' },
    { code: 'INVALID_FUNCTION_CALL', functionCallId: 'c', message: 'rendererOnly' },
    { code: 'SURFACE_NOT_FOUND', surfaceId: 's', message: 'no such surface', path: '/updateComponents/surfaceId' },
  ])('builds %j', (body) => {
    expect(buildErrorMessage(body)).toEqual({ ok: true, message: { version: 'v1.0', error: body } });
  });

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['a validation error without path', { code: 'VALIDATION_FAILED', surfaceId: 's', message: 'm' }, /missing required key "path"/],
    ['a validation error with a call id', { code: 'VALIDATION_FAILED', functionCallId: 'c', path: '', message: 'm' }, /missing required key "surfaceId"/],
    ['a generic error naming both', { code: 'X', surfaceId: 's', functionCallId: 'c', message: 'm' }, /cannot be used together/],
    ['a generic error naming neither', { code: 'X', message: 'm' }, /needs one of "surfaceId" or "functionCallId"/],
  ])('rejects %s', (_label, body, message) => {
    const built = buildErrorMessage(body as ErrorBody);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error.message).toMatch(message);
  });

  test('turns internal errors into wire bodies', () => {
    expect(toAgentErrorBody(a2uiError('VALIDATION_FAILED', 'bad text', { surfaceId: 's', path: '/x', index: 2 }))).toEqual({
      code: 'VALIDATION_FAILED',
      surfaceId: 's',
      path: '/x',
      message: 'bad text',
    });
    expect(toAgentErrorBody(a2uiError('EXECUTION_FAILED', 'boom', { surfaceId: 's', functionCallId: 'c' }))).toEqual({
      code: 'EXECUTION_FAILED',
      message: 'boom',
      functionCallId: 'c',
    });
    expect(toAgentErrorBody(a2uiError('SURFACE_NOT_FOUND', 'gone', { surfaceId: 's', path: '/p' }))).toEqual({
      code: 'SURFACE_NOT_FOUND',
      message: 'gone',
      surfaceId: 's',
      path: '/p',
    });
    expect(toAgentErrorBody(a2uiError('PARSE_ERROR', 'not JSON', { path: '' }))).toBeNull();
    expect(toAgentErrorBody(a2uiError('VALIDATION_FAILED', 'no surface'))).toBeNull();
  });

  test('every body toAgentErrorBody makes builds', () => {
    const errors = [
      a2uiError('VALIDATION_FAILED', 'm', { surfaceId: 's' }),
      a2uiError('UNALLOWED_PARENT', 'm', { surfaceId: 's', path: '/a' }),
      a2uiError('INVALID_MESSAGE', 'm', { surfaceId: 's', path: '/a', index: 1 }),
      a2uiError('UNKNOWN_CALL', 'm', { functionCallId: 'c' }),
    ];
    for (const error of errors) {
      const body = toAgentErrorBody(error);
      expect(body && buildErrorMessage(body).ok).toBe(true);
    }
  });
});
