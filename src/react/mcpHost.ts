/**
 * The host side of embedded MCP Apps, shared by every McpApp frame of an app and by the root
 * saga. A frame's bridge turns each request of its app into `mcpAppRequested` and waits here for
 * the answer; the saga carries `mcpReply` and `mcpNotify` effects out through `ports`, which
 * settle those waits and reach the frames. Run the saga with `ports` (or McpApp requests that
 * need an answer wait for ever).
 */
import type { McpReply } from '../model/effects';

/** A frame's listener for the notifications the session sends its app. */
export type McpAppListener = (method: string, params: unknown) => void;

export interface McpAppHostOptions {
  /**
   * The URL of the sandbox proxy page (`mcpSandboxHtml`) served from an origin other than the
   * app's: the double-iframe sandbox the MCP Apps specification requires.
   */
  sandboxUrl: string;
  /** Name and version the bridge reports to apps. Default `a2ui-redux`. */
  hostInfo?: { name: string; version: string };
}

export interface McpAppHost {
  readonly sandboxUrl: string;
  readonly hostInfo: { name: string; version: string };
  /** The root saga's MCP App ports: `saga.run(a2ui.saga, { transport, ...host.ports })`. */
  readonly ports: {
    mcpAppReply(requestId: string | number, reply: McpReply): void;
    mcpAppNotify(surfaceId: string, ref: string, method: string, params: unknown): void;
  };
  /** A request id no other request of this host uses. */
  nextRequestId(): string;
  /** Waits for the session's reply to request `requestId`. */
  expectReply(requestId: string): Promise<McpReply>;
  /** Stops waiting for `requestId` (its frame went away). */
  forget(requestId: string): void;
  /** Routes notifications for McpApp node `ref` of `surfaceId` to `listener`; returns the remover. */
  listen(surfaceId: string, ref: string, listener: McpAppListener): () => void;
}

const key = (surfaceId: string, ref: string) => `${surfaceId}\u0000${ref}`;

/** Creates the MCP App host; a sandbox URL that is not an absolute http(s) URL throws. */
export function createMcpAppHost(options: McpAppHostOptions): McpAppHost {
  let url: URL;
  try {
    url = new URL(options.sandboxUrl);
  } catch {
    throw new Error(`createMcpAppHost: sandboxUrl must be an absolute URL (got ${JSON.stringify(options.sandboxUrl)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`createMcpAppHost: sandboxUrl must be http(s) (got ${url.protocol})`);
  const waiting = new Map<string, (reply: McpReply) => void>();
  const listeners = new Map<string, McpAppListener>();
  let counter = 0;
  const prefix = `mcp-app-${Math.random().toString(36).slice(2, 8)}-`;
  return {
    sandboxUrl: url.href,
    hostInfo: options.hostInfo ?? { name: 'a2ui-redux', version: '1' },
    ports: {
      mcpAppReply(requestId, reply) {
        const settle = waiting.get(String(requestId));
        waiting.delete(String(requestId));
        settle?.(reply);
      },
      mcpAppNotify(surfaceId, ref, method, params) {
        listeners.get(key(surfaceId, ref))?.(method, params);
      },
    },
    nextRequestId: () => `${prefix}${++counter}`,
    expectReply: (requestId) => new Promise<McpReply>((resolve) => waiting.set(requestId, resolve)),
    forget: (requestId) => void waiting.delete(requestId),
    listen(surfaceId, ref, listener) {
      const k = key(surfaceId, ref);
      listeners.set(k, listener);
      return () => {
        if (listeners.get(k) === listener) listeners.delete(k);
      };
    },
  };
}
