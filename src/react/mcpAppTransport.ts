/**
 * The host end of the postMessage channel to an McpApp's sandbox proxy, with the user activation
 * the proxy reports. The proxy (sandbox.ts) wraps everything the app sends in an envelope that
 * carries `navigator.userActivation.isActive` of the proxy's own frame as the browser reports it
 * when the message passes: with User Activation v2 a click inside the app's frame activates its
 * ancestors, the proxy among them. That reading alone is not enough: a click in the host page
 * can activate the proxy too (browsers share activation with same-origin, and in practice
 * same-site, frames below the one clicked). So a reading counts only while the app's frame holds
 * the host's focus (`document.activeElement` is its iframe): a click or key press inside the app
 * moves focus there, one anywhere else in the host moves it away, and a frame on another origin
 * cannot take focus from the host without the user. The app's message is only ever the
 * envelope's payload, so no field it writes is read as an activation. Here the readings become
 * `userActivationAt` times on the host's clock, one per activation, so the session's "one link
 * per activation" rule holds.
 */
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { MCP_USER_ACTIVATION_WINDOW_MS } from '../mcp/types';
import { SANDBOX_RELAY_KEY } from './sandbox';

/** What the proxy posted: the message, and for one the app sent, the proxy's activation reading. */
export interface RelayedMessage {
  message: unknown;
  /** null: a message of the proxy itself (no app message, no reading). */
  userActivation: { isActive: boolean } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Opens the proxy's envelope, one level only: an envelope the app built itself arrives inside
 * the proxy's own as the payload, which is no JSON-RPC message and is dropped by the bridge.
 */
export function unwrapRelayed(data: unknown): RelayedMessage {
  if (!isObject(data) || !Object.prototype.hasOwnProperty.call(data, SANDBOX_RELAY_KEY)) return { message: data, userActivation: null };
  const relay = data[SANDBOX_RELAY_KEY];
  const reading = isObject(relay) && isObject(relay.userActivation) ? relay.userActivation : undefined;
  return { message: data.message, userActivation: { isActive: reading?.isActive === true } };
}

/**
 * Turns the proxy's per-message readings into activation times. An activation starts at the
 * first active reading after an inactive one (or after the last one's window ran out) and keeps
 * its time while readings stay active: a burst of requests after one click shares one time, so
 * the session opens one link for it.
 */
export function createActivationClock(windowMs: number = MCP_USER_ACTIVATION_WINDOW_MS) {
  let since: number | undefined;
  return {
    /** The activation time a message read as `isActive` at `now` carries, if any. */
    observe(isActive: boolean, now: number): number | undefined {
      if (!isActive) {
        since = undefined;
        return undefined;
      }
      if (since === undefined || now - since > windowMs) since = now;
      return since;
    },
  };
}

type BridgeTransport = Parameters<AppBridge['connect']>[0];

/** Most requests whose activation is remembered until their handler asks (the oldest go first). */
const MAX_REMEMBERED = 64;

/** The transport of one McpApp frame's bridge, and the activation of each request it brought. */
export interface SandboxTransport extends BridgeTransport {
  /** The host-side activation time of the app's request `requestId` (read once), if it came with one. */
  userActivationAt(requestId: string | number): number | undefined;
}

/** Options of {@link createSandboxTransport}. */
export interface SandboxTransportOptions {
  /** Whether the app's frame holds the host's focus now (its iframe is `document.activeElement`); without it no reading counts. */
  appHasFocus: () => boolean;
  /** The host's clock (ms). Default `Date.now`. */
  now?: () => number;
  /** How long one activation lasts. Default `MCP_USER_ACTIVATION_WINDOW_MS`. */
  windowMs?: number;
}

/**
 * A bridge transport over the proxy window `proxy`: posts to it, takes messages only from it
 * (the app's, unwrapped; the proxy's own as they are), and remembers the activation each request
 * of the app came with (the proxy's reading, while the app's frame has the focus), for its handler.
 */
export function createSandboxTransport(proxy: Window, options: SandboxTransportOptions): SandboxTransport {
  const now = options.now ?? Date.now;
  const clock = createActivationClock(options.windowMs);
  const activations = new Map<string, number | undefined>();
  const listener = (event: MessageEvent) => {
    if (event.source !== proxy) return;
    const { message, userActivation } = unwrapRelayed(event.data);
    const at = userActivation === null ? undefined : clock.observe(userActivation.isActive && options.appHasFocus(), now());
    if (!isObject(message) || message.jsonrpc !== '2.0') return;
    if (userActivation !== null) {
      const id = message.id;
      if (typeof message.method === 'string' && (typeof id === 'string' || typeof id === 'number')) {
        // A reused id takes this message's reading: its handler runs before the next message arrives.
        activations.delete(String(id));
        activations.set(String(id), at);
        if (activations.size > MAX_REMEMBERED) activations.delete(activations.keys().next().value as string);
      }
    }
    transport.onmessage?.(message as never);
  };
  const transport: SandboxTransport = {
    async start() {
      window.addEventListener('message', listener);
    },
    async send(message) {
      proxy.postMessage(message, '*');
    },
    async close() {
      window.removeEventListener('message', listener);
      activations.clear();
      transport.onclose?.();
    },
    userActivationAt(requestId) {
      const key = String(requestId);
      const at = activations.get(key);
      activations.delete(key);
      return at;
    },
  };
  return transport;
}
