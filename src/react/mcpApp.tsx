/**
 * The MCP catalog's McpApp: an embedded MCP App in the double-iframe sandbox. The outer frame
 * loads the host's sandbox proxy page (another origin); an AppBridge from
 * `@modelcontextprotocol/ext-apps` speaks the MCP Apps protocol with the app through it. What the
 * app asks (tools/call, ui/message, ui/open-link, ui/update-model-context, the a2ui requests)
 * becomes `mcpAppRequested`, answered from the session's reply; the session's notifications
 * (tool input and result, data model updates) reach the app through the host's `listen`.
 */
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { AppBridge, buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import { decodeHtmlContent } from '../mcp/catalog';
import type { McpReply } from '../model/effects';
import { useA2uiContext, type A2uiContextValue } from './context';
import { useA2uiComponents } from './node';
import { createSandboxTransport } from './mcpAppTransport';
import type { A2uiNodeProps } from './types';

/** The McpApp component's resolved props. */
export interface McpAppProps {
  htmlContent?: string;
  title?: string;
  allowedTools?: string[];
  csp?: { connectDomains?: string[]; resourceDomains?: string[]; frameDomains?: string[]; baseUriDomains?: string[] };
  permissions?: { camera?: object; microphone?: object; geolocation?: object; clipboardWrite?: object };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** A JSON-RPC error as the bridge reports it: an Error carrying the code. */
function rpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The result of a reply, or the error it carries thrown. */
function unwrap(reply: McpReply): Record<string, unknown> {
  if (reply === null) return {};
  if ('error' in reply) throw rpcError(reply.error.code, reply.error.message);
  return record(reply.result) ?? {};
}

/** Connects one frame: the bridge, its handlers, and the host's notifications for this node. */
function connectBridge(frame: HTMLIFrameElement, context: Required<Pick<A2uiContextValue, 'a2ui' | 'mcpApps'>>, dispatch: ReturnType<typeof useDispatch>, target: { surfaceId: string; ref: string }, resource: { html: string; csp?: unknown; permissions?: unknown }) {
  const { a2ui, mcpApps: host } = context;
  const window = frame.contentWindow;
  if (!window) return () => undefined;
  const asked = new Set<string>();
  let closed = false;
  // The proxy reports the frame's user activation with each message; the app's content never
  // does. It counts while focus is in this frame (a click in the host page elsewhere can
  // activate the proxy too, but takes the focus away from it).
  const transport = createSandboxTransport(window, { appHasFocus: () => frame.ownerDocument.activeElement === frame });

  const request = async (method: string, params: unknown, userActivationAt?: number): Promise<Record<string, unknown>> => {
    const requestId = host.nextRequestId();
    asked.add(requestId);
    const reply = host.expectReply(requestId);
    const activation = userActivationAt === undefined ? {} : { userActivationAt };
    dispatch(a2ui.actions.mcpAppRequested({ requestId, surfaceId: target.surfaceId, ref: target.ref, method, params, ...activation }));
    try {
      return unwrap(await reply);
    } finally {
      asked.delete(requestId);
    }
  };
  const notify = (method: string, params: unknown) => {
    dispatch(a2ui.actions.mcpAppRequested({ requestId: host.nextRequestId(), surfaceId: target.surfaceId, ref: target.ref, method, params }));
  };

  const bridge = new AppBridge(null, host.hostInfo, { openLinks: {}, serverTools: {}, message: {}, updateModelContext: {} });
  bridge.oncalltool = async (params) => (await request('tools/call', params)) as never;
  bridge.onmessage = async (params) => (await request('ui/message', params)) as never;
  bridge.onopenlink = async (params, extra) => (await request('ui/open-link', params, transport.userActivationAt(extra.requestId))) as never;
  bridge.onupdatemodelcontext = async (params) => (await request('ui/update-model-context', params)) as never;
  bridge.oninitialized = () => notify('ui/notifications/initialized', {});
  // The a2ui requests (function calls) and notifications (data model changes) the bridge does not know.
  bridge.fallbackRequestHandler = async (req) => (await request(req.method, req.params ?? {})) as never;
  bridge.fallbackNotificationHandler = async (note) => notify(note.method, note.params ?? {});
  bridge.onsandboxready = () => {
    void bridge.sendSandboxResourceReady({
      html: resource.html,
      ...(record(resource.csp) ? { csp: resource.csp as never } : {}),
      ...(record(resource.permissions) ? { permissions: resource.permissions as never } : {}),
    });
  };
  const stopListening = host.listen(target.surfaceId, target.ref, (method, params) => {
    if (!closed) void bridge.notification({ method, params: record(params) ?? {} } as never).catch(() => undefined);
  });
  void bridge.connect(transport).catch(() => undefined);
  return () => {
    closed = true;
    stopListening();
    for (const id of asked) host.forget(id);
    void bridge.close().catch(() => undefined);
  };
}

/** Draws an McpApp node; without an MCP App host in the provider it shows a placeholder. */
export function McpApp({ node, surfaceId }: A2uiNodeProps<McpAppProps>) {
  const { a2ui, mcpApps } = useA2uiContext();
  const { Placeholder, Busy } = useA2uiComponents().states;
  const dispatch = useDispatch();
  const frame = useRef<HTMLIFrameElement>(null);
  const title = str(node.props.title) || 'MCP App';
  const html = decodeHtmlContent(node.props.htmlContent);
  const csp = node.props.csp;
  const permissions = node.props.permissions;
  // A new document or new policy reloads the app; other prop changes reach it as notifications.
  const resourceKey = JSON.stringify([html, csp ?? null, permissions ?? null]);

  useEffect(() => {
    const element = frame.current;
    if (!element || !mcpApps) return;
    return connectBridge(element, { a2ui, mcpApps }, dispatch, { surfaceId, ref: node.ref }, { html, csp, permissions });
    // resourceKey stands for html, csp and permissions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mcpApps, a2ui, dispatch, surfaceId, node.ref, resourceKey]);

  if (!mcpApps) return <Placeholder kind="unsupported" label={`MCP App '${title}' not shown: no MCP App host (createMcpAppHost) in <A2uiProvider mcpApps>`} nodeRef={node.ref} node={node} />;
  return (
    <figure className={`a2ui a2ui-McpApp a2ui-mcp-app${node.busy ? ' a2ui-is-busy' : ''}`} data-testid="a2ui-node" data-ref={node.ref} data-component="McpApp" data-component-id={node.componentId} data-busy={String(node.busy)}>
      <figcaption>{title}</figcaption>
      <iframe
        key={resourceKey}
        ref={frame}
        title={title}
        src={mcpApps.sandboxUrl}
        // The proxy's own origin differs from the host's; the app inside it gets an opaque one.
        sandbox="allow-scripts allow-same-origin allow-forms"
        allow={buildAllowAttribute(record(permissions) as never) || undefined}
      />
      <Busy busy={node.busy} />
    </figure>
  );
}
