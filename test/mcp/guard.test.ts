/**
 * The bridge's payload guard: hostile payloads thrown at every method never reach the data
 * model or the agent, never pollute Object.prototype, and are answered with a JSON-RPC error.
 */
import { checkMcpPayload } from '../../src/mcp/guard';
import { mcpAppRequest } from '../../src/mcp/requests';
import { APP_REF, NOW, SURFACE, openSession, sent, startMcpServer, type McpFixture } from './fixtures';

const METHODS = [
  'tools/call',
  'ui/requests/function-call',
  'ui/notifications/data-model-change',
  'ui/update-model-context',
  'ui/message',
  'ui/notifications/initialized',
  'ui/open-link',
];

function nest(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 1; i < levels; i += 1) value = { a: value };
  return levels > 0 ? { a: value } : leaf;
}

/** Valid-looking params of each method, so the hostile part is the only thing wrong. */
const BASE: Record<string, Record<string, unknown>> = {
  'tools/call': { name: 'search', arguments: { q: 'cats' } },
  'ui/requests/function-call': { call: 'updateDataModel', args: { updates: { '/game/score': 99 } } },
  'ui/notifications/data-model-change': { key: 'game', value: { score: 99 } },
  'ui/update-model-context': { structuredContent: { note: 'x' } },
  'ui/message': { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  'ui/notifications/initialized': {},
  'ui/open-link': { url: 'https://example.com' },
};

/** Hostile payloads, each built fresh for a method. */
const HOSTILE: Array<[string, (base: Record<string, unknown>) => unknown]> = [
  ['a __proto__ key (as JSON.parse makes it)', (base) => {
    const rest = JSON.stringify(base).slice(1, -1);
    return JSON.parse(`{"__proto__": {"polluted": "yes"}${rest === '' ? '' : `, ${rest}`}}`);
  }],
  ['a nested __proto__ key', (base) => ({ ...base, arguments: JSON.parse('{"q": {"__proto__": {"polluted": "yes"}}}'), args: JSON.parse('{"updates": {"__proto__": {"polluted": "yes"}}}'), value: JSON.parse('{"__proto__": {"polluted": "yes"}}') })],
  ['a constructor key', (base) => ({ ...base, arguments: { constructor: { prototype: { polluted: 'yes' } } }, value: { constructor: 1 }, structuredContent: { constructor: 1 }, content: { constructor: 1 }, args: { constructor: {} } })],
  ['a prototype key deep down', (base) => ({ ...base, extra: { a: { b: { c: [{ prototype: { polluted: 'yes' } }] } } } })],
  ['depth 11', (base) => ({ ...base, extra: nest(10) })],
  ['depth 50', (base) => ({ ...base, arguments: nest(49), value: nest(49), args: nest(49), content: nest(49) })],
  ['more than 64 KB', (base) => ({ ...base, padding: 'x'.repeat(65_536) })],
  ['64 KB in multi-byte characters', (base) => ({ ...base, padding: 'é'.repeat(33_000) })],
  ['many small values', (base) => ({ ...base, padding: Array.from({ length: 40_000 }, () => 0) })],
  ['a string', () => 'search'],
  ['a number', () => 42],
  ['an array', (base) => [base]],
  ['null', () => null],
  ['true', () => true],
  ['NaN inside', (base) => ({ ...base, extra: Number.NaN })],
  ['a function inside', (base) => ({ ...base, extra: () => 1 })],
  ['a symbol key', (base) => ({ ...base, [Symbol('s')]: 1 })],
  ['a Date inside', (base) => ({ ...base, extra: new Date(0) })],
  ['a getter', (base) => Object.defineProperty({ ...base }, 'extra', { enumerable: true, get: () => { throw new Error('boom'); } })],
  ['a cycle', (base) => {
    const value: Record<string, unknown> = { ...base };
    value.self = value;
    return value;
  }],
];

/** Wrong types for each method's own fields. */
const WRONG_TYPES: Record<string, unknown[]> = {
  'tools/call': [{ name: 42 }, { name: '' }, { name: 'search', arguments: [1] }, { name: 'search', arguments: 'q' }, { name: { toString: 'search' } }],
  'ui/requests/function-call': [{ call: ['updateDataModel'] }, { call: 'updateDataModel', args: 'x' }, { call: 'updateDataModel', args: [1] }, { call: 'updateDataModel', args: { updates: 'x' } }],
  'ui/notifications/data-model-change': [{ key: 5, value: 1 }, { key: 'score', subpath: 1, value: 2 }, { key: 'score' }, { key: ['score'], value: 1 }],
  'ui/update-model-context': [{}, { structuredContent: undefined }],
  'ui/message': [{ role: 7, content: 'x' }, { role: 'user' }, { role: '', content: 'x' }],
  'ui/notifications/initialized': [],
  'ui/open-link': [{ url: 7 }, { url: 'javascript:alert(document.cookie)' }, { url: 'file:///etc/passwd' }],
};

let mcp: McpFixture;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

afterEach(() => {
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe.each(METHODS)('%s', (method) => {
  test.each(HOSTILE)('refuses %s: -32602, no message to the agent, data model untouched', (_name, make) => {
    const session = openSession({ mcpClient: mcp.client });
    const result = mcpAppRequest(session, SURFACE, APP_REF, method, make(BASE[method] as Record<string, unknown>), { requestId: 1 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.reply).toMatchObject({ error: { code: -32602 } });
    expect(result.effects).toEqual([]);
    expect(sent(result.effects)).toEqual([]);
    expect(result.deferred).toBe(false);
    expect(result.session.state).toBe(session.state);
  });

  const wrong = WRONG_TYPES[method] ?? [];
  if (wrong.length > 0) {
    test.each(wrong.map((params) => [JSON.stringify(params), params]))('refuses the wrong types %s', (_name, params) => {
      const session = openSession({ mcpClient: mcp.client });
      // A user activation the host saw just now: the refusal is about the params, not the gesture.
      const result = mcpAppRequest(session, SURFACE, APP_REF, method, params, { userActivationAt: Date.parse(NOW) });
      expect(result).toMatchObject({ ok: true, reply: { error: { code: -32602 } }, effects: [] });
      if (result.ok) expect(result.session.state).toBe(session.state);
    });
  }

  test('accepts the same request without the hostile part', () => {
    const session = openSession({ mcpClient: mcp.client });
    const result = mcpAppRequest(session, SURFACE, APP_REF, method, BASE[method], { userActivationAt: Date.parse(NOW) });
    expect(result.ok).toBe(true);
    if (result.ok && result.reply !== null) expect(result.reply).not.toHaveProperty('error');
  });
});

test('an unknown method is refused before its params are read', () => {
  const session = openSession();
  for (const [, make] of HOSTILE) {
    const result = mcpAppRequest(session, SURFACE, APP_REF, 'sampling/createMessage', make({}));
    expect(result).toMatchObject({ ok: true, reply: { error: { code: -32601 } }, effects: [] });
  }
});

describe('checkMcpPayload', () => {
  test('draws the lines at 10 levels and 65,536 bytes of UTF-8 JSON', () => {
    expect(checkMcpPayload(nest(10))).toEqual({ ok: true });
    expect(checkMcpPayload(nest(11))).toEqual({ ok: false, reason: expect.stringContaining('deeper than 10') });
    expect(checkMcpPayload([[[[[[[[[[1]]]]]]]]]])).toEqual({ ok: true });
    expect(checkMcpPayload([[[[[[[[[[[1]]]]]]]]]]])).toMatchObject({ ok: false });
    // {"s":"…"} is 8 bytes around the string.
    expect(checkMcpPayload({ s: 'x'.repeat(65_536 - 8) })).toEqual({ ok: true });
    expect(checkMcpPayload({ s: 'x'.repeat(65_536 - 7) })).toMatchObject({ ok: false, reason: expect.stringContaining('65536 bytes') });
    expect(checkMcpPayload({ s: 'é'.repeat((65_536 - 8) / 2) })).toEqual({ ok: true });
    expect(checkMcpPayload({ s: 'é'.repeat((65_536 - 8) / 2 + 1) })).toMatchObject({ ok: false });
    expect(checkMcpPayload(undefined)).toEqual({ ok: true });
    expect(checkMcpPayload({ a: undefined, b: [1, 'x', null, true] })).toEqual({ ok: true });
  });

  test('limits are configurable', () => {
    expect(checkMcpPayload(nest(3), { maxDepth: 2 })).toMatchObject({ ok: false });
    expect(checkMcpPayload('abcdef', { maxBytes: 5 })).toMatchObject({ ok: false });
  });

  test('a value shared many times is measured as the JSON it would become', () => {
    const shared = { text: 'x'.repeat(1_000) };
    expect(checkMcpPayload(Array.from({ length: 100 }, () => shared))).toMatchObject({ ok: false });
  });
});
