/**
 * openUrl opens only http and https URLs by default, whatever the spelling; it runs only on a
 * user action (never while a tree resolves, never for the agent); a host cannot even configure
 * the schemes that run code.
 */
import { basicCatalog } from '../../src/catalog';
import { handleMessage } from '../../src/session/session';
import { invoke } from '../../src/session/interaction';
import { assertPrototypesClean, BASIC, diagnostics, nodeOf, openSurface, openUrls, sentBodies } from './helpers';

afterEach(() => assertPrototypesClean());

/** Invokes a Button whose action is openUrl(url), the URL given literally or through /url. */
function pressOpen(url: unknown, options: { bound?: boolean; catalogs?: ReturnType<typeof basicCatalog>[] } = {}) {
  const arg = options.bound ? { path: '/url' } : url;
  const session = openSurface(
    [
      { id: 'root', component: 'Button', child: 'label', action: { functionCall: { call: 'openUrl', args: { url: arg } } } },
      { id: 'label', component: 'Text', text: 'Open' },
    ],
    { url: options.bound ? url : 'unused' },
    options.catalogs ? { catalogs: options.catalogs, session: { validation: 'lenient' } } : { session: { validation: 'lenient' } },
  );
  return invoke(session, 's', 'root', 'action');
}

describe('allowed: http and https only', () => {
  test.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http://example.com/', 'http://example.com/'],
    ['HTTPS://EXAMPLE.COM/X', 'https://example.com/X'],
    ['  https://example.com/trimmed  ', 'https://example.com/trimmed'],
  ])('%j opens as %j', (url, href) => {
    const result = pressOpen(url);
    expect(result.ok).toBe(true);
    if (result.ok) expect(openUrls(result.effects)).toEqual([href]);
  });

  test('a URL read from the data model is checked the same way', () => {
    const good = pressOpen('https://example.com/bound', { bound: true });
    expect(good.ok && openUrls(good.effects)).toEqual(['https://example.com/bound']);
    const bad = pressOpen('javascript:alert(document.cookie)', { bound: true });
    expect(bad.ok).toBe(false);
  });
});

describe('refused: every other scheme, relative URLs and spelling tricks', () => {
  const HOSTILE = [
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'JAVASCRIPT:alert(1)',
    '\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u200Bjavascript:alert(1)',
    'javascript&colon;alert(1)',
    'javascript://%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/6f1c0b9e-0000-4000-8000-000000000000',
    'mailto:someone@example.com',
    'ftp://example.com/',
    'chrome://settings',
    '/relative/path',
    'relative/path',
    '//evil.example/path',
    '?query',
    '#fragment',
    '',
    '   ',
    'https',
    'https:',
  ];
  test.each(HOSTILE)('%j: the action fails and nothing is opened', (url) => {
    const result = pressOpen(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/openUrl/);
    expect('effects' in result ? openUrls(result.effects) : []).toEqual([]);
  });

  test('a non-string URL (object, number, null) is refused', () => {
    for (const url of [{ href: 'https://x' }, 42, null, ['https://x']]) {
      const result = pressOpen(url);
      expect(result.ok && openUrls(result.effects).length).toBeFalsy();
    }
  });
});

describe('configuration', () => {
  test('a base URL resolves relative URLs, and still only to http(s)', () => {
    const catalog = basicCatalog({ baseUrl: 'https://app.example/x/' });
    const relative = pressOpen('../help', { catalogs: [catalog] });
    expect(relative.ok && openUrls(relative.effects)).toEqual(['https://app.example/help']);
    const scheme = pressOpen(' javascript:alert(1)', { catalogs: [catalog] });
    expect(scheme.ok).toBe(false);
  });

  test.each(['javascript', 'JavaScript:', 'data', 'vbscript', 'file', 'blob'])('the scheme %j cannot be allowed, even on purpose', (scheme) => {
    expect(() => basicCatalog({ urlSchemes: ['https', scheme] })).toThrow(RangeError);
  });

  test('another scheme can be allowed explicitly (mailto:)', () => {
    const catalog = basicCatalog({ urlSchemes: ['https', 'mailto'] });
    const result = pressOpen('mailto:someone@example.com', { catalogs: [catalog] });
    expect(result.ok && openUrls(result.effects)).toEqual(['mailto:someone@example.com']);
  });
});

describe('openUrl needs a user action', () => {
  test('in a property, resolving the tree never opens anything', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: { call: 'openUrl', args: { url: 'https://example.com/' } } }], {}, { session: { validation: 'lenient' } });
    const result = handleMessage(session, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/x', value: 1 } });
    expect(openUrls(result.effects)).toEqual([]);
    expect(nodeOf(result.session, 'root').props.text).toBeNull();
  });

  test('the agent cannot call it (rendererOnly): callRendererFunction gets an error and nothing opens', () => {
    const session = openSurface([{ id: 'root', component: 'Text', text: 'x' }]);
    for (const userActivated of [false, true]) {
      const result = handleMessage(
        session,
        { version: 'v1.0', callRendererFunction: { functionCallId: 'f1', callFunction: { call: 'openUrl', catalogId: BASIC, args: { url: 'https://example.com/' } } } },
        { userActivated, surfaceId: 's' },
      );
      expect(openUrls(result.effects)).toEqual([]);
      expect(sentBodies(result.effects, 'error')).toEqual([expect.objectContaining({ code: 'INVALID_FUNCTION_CALL', functionCallId: 'f1' })]);
    }
  });

  test('an openUrl nested in an event context is not run', () => {
    const session = openSurface(
      [
        { id: 'root', component: 'Button', child: 'label', action: { event: { name: 'go', context: { opened: { call: 'openUrl', args: { url: 'https://example.com/' } } } } } },
        { id: 'label', component: 'Text', text: 'Go' },
      ],
      {},
      { session: { validation: 'lenient' } },
    );
    const result = invoke(session, 's', 'root', 'action');
    expect(result.ok && openUrls(result.effects)).toEqual([]);
    expect(result.ok && sentBodies(result.effects, 'action')[0]?.context).toEqual({ opened: null });
    expect(result.ok && diagnostics(result.effects).length).toBe(0);
  });
});
