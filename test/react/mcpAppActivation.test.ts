/**
 * @jest-environment jsdom
 *
 * User activation of an embedded MCP App, as far as it does not need a real browser: the sandbox
 * proxy page's script wraps each message of the app with its own frame's activation reading (so a
 * field the app writes is never one), and the host's transport reads only the proxy's envelope
 * and turns readings into one activation time per activation. The real click and the real
 * `ui/open-link` run in the browser e2e (test/e2e/playground.test.ts).
 */
import { createActivationClock, createSandboxTransport, unwrapRelayed } from '../../src/react/mcpAppTransport';
import { mcpSandboxHtml } from '../../src/react';

const openLink = (id: number, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'ui/open-link', params: { url: 'https://example.com/' }, ...extra });
/** What an app would write to claim an activation it does not have. */
const FORGED = { a2uiSandboxRelay: { userActivation: { isActive: true, hasBeenActive: true } }, userActivationAt: 1, message: openLink(9) };

describe('the sandbox proxy page relays app messages with its own activation reading', () => {
  let posted: unknown[];
  let inner: HTMLIFrameElement;
  let reading: { isActive: boolean; hasBeenActive: boolean } | undefined;

  beforeAll(() => {
    Object.defineProperty(navigator, 'userActivation', { configurable: true, get: () => reading });
    const script = /<script>([\s\S]*)<\/script>/.exec(mcpSandboxHtml)?.[1];
    if (script === undefined) throw new Error('the sandbox page has no script');
    // The page runs here as the proxy: its parent is this window.
    new Function(script)();
    posted = [];
    jest.spyOn(window, 'postMessage').mockImplementation((message: unknown) => void posted.push(message));
    window.dispatchEvent(new MessageEvent('message', { data: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p>app</p>' } }, source: window }));
    inner = document.querySelector('iframe') as HTMLIFrameElement;
  });

  const fromApp = (data: unknown) => {
    posted.length = 0;
    window.dispatchEvent(new MessageEvent('message', { data, source: inner.contentWindow }));
    return posted;
  };

  test('the app frame is made, sandboxed without allow-same-origin', () => {
    expect(inner).not.toBeNull();
    expect(inner.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
  });

  test('an app message that claims an activation goes up inside an envelope saying there was none', () => {
    reading = { isActive: false, hasBeenActive: false };
    expect(fromApp(FORGED)).toEqual([{ a2uiSandboxRelay: { userActivation: { isActive: false, hasBeenActive: false } }, message: FORGED }]);
    // Without the API at all (an older browser), no activation either.
    reading = undefined;
    expect(fromApp(openLink(1))).toEqual([{ a2uiSandboxRelay: { userActivation: { isActive: false, hasBeenActive: false } }, message: openLink(1) }]);
  });

  test('the reading is the browser\'s: active after a click in the frame', () => {
    reading = { isActive: true, hasBeenActive: true };
    expect(fromApp(openLink(2))).toEqual([{ a2uiSandboxRelay: { userActivation: { isActive: true, hasBeenActive: true } }, message: openLink(2) }]);
  });

  test('messages from any other window are not relayed', () => {
    posted.length = 0;
    window.dispatchEvent(new MessageEvent('message', { data: openLink(3), source: null }));
    expect(posted).toEqual([]);
  });
});

describe('the host reads only the proxy\'s envelope', () => {
  test('unwrapRelayed opens one envelope; an app-built one stays inside as the payload', () => {
    const relayed = { a2uiSandboxRelay: { userActivation: { isActive: false } }, message: FORGED };
    expect(unwrapRelayed(relayed)).toEqual({ message: FORGED, userActivation: { isActive: false } });
    expect(unwrapRelayed({ a2uiSandboxRelay: { userActivation: { isActive: 'yes' } }, message: 1 })).toEqual({ message: 1, userActivation: { isActive: false } });
    // A message of the proxy itself carries no reading.
    const ready = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} };
    expect(unwrapRelayed(ready)).toEqual({ message: ready, userActivation: null });
  });

  test('one activation time per activation: a burst shares it, an inactive reading or the window ending starts anew', () => {
    const clock = createActivationClock(5_000);
    expect(clock.observe(false, 1_000)).toBeUndefined();
    expect(clock.observe(true, 2_000)).toBe(2_000);
    expect(clock.observe(true, 2_500)).toBe(2_000);
    expect(clock.observe(true, 7_000)).toBe(2_000);
    expect(clock.observe(true, 7_001)).toBe(7_001);
    expect(clock.observe(false, 7_500)).toBeUndefined();
    expect(clock.observe(true, 8_000)).toBe(8_000);
  });

  test('the transport hands the bridge the app\'s message, and its handler the activation the proxy read', async () => {
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const proxy = frame.contentWindow as Window;
    let now = 10_000;
    let focused = true;
    const transport = createSandboxTransport(proxy, { now: () => now, windowMs: 5_000, appHasFocus: () => focused });
    const received: unknown[] = [];
    transport.onmessage = (message) => void received.push(message);
    await transport.start();
    const relay = (data: unknown, source: Window | null = proxy) => window.dispatchEvent(new MessageEvent('message', { data, source }));
    const wrapped = (message: unknown, isActive: boolean) => ({ a2uiSandboxRelay: { userActivation: { isActive, hasBeenActive: isActive } }, message });

    // The app claims an activation in its own message: the proxy read none.
    relay(wrapped(openLink(1, { userActivationAt: now }), false));
    expect(transport.userActivationAt(1)).toBeUndefined();
    // After a real click the proxy reads one: the time is the host's.
    relay(wrapped(openLink(2), true));
    expect(transport.userActivationAt(2)).toBe(10_000);
    expect(transport.userActivationAt(2)).toBeUndefined(); // read once
    now = 11_000;
    relay(wrapped(openLink(3), true));
    expect(transport.userActivationAt(3)).toBe(10_000); // the same activation
    expect(received).toEqual([openLink(1, { userActivationAt: 10_000 }), openLink(2), openLink(3)]);

    // The proxy reads an activation, but the focus is elsewhere in the host (a click in the host
    // page can activate the proxy frame too): no activation; back in the app's frame, a new one.
    focused = false;
    relay(wrapped(openLink(6), true));
    expect(transport.userActivationAt(6)).toBeUndefined();
    focused = true;
    now = 12_000;
    relay(wrapped(openLink(7), true));
    expect(transport.userActivationAt(7)).toBe(12_000);
    received.splice(3);

    // An envelope the app built reaches the bridge as its payload (no JSON-RPC message): dropped.
    relay(wrapped(FORGED, false));
    // Another window's messages never reach the bridge.
    relay(wrapped(openLink(4), true), window);
    expect(received).toHaveLength(3);
    expect(transport.userActivationAt(9)).toBeUndefined();

    const sent: unknown[] = [];
    jest.spyOn(proxy, 'postMessage').mockImplementation((message: unknown) => void sent.push(message));
    await transport.send({ jsonrpc: '2.0', id: 2, result: {} });
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
    await transport.close();
    relay(wrapped(openLink(5), true));
    expect(received).toHaveLength(3);
  });
});
