/**
 * Embedded MCP Apps (the MCP catalog's `McpApp`): the session side of their bridge.
 *
 * `mcpAppRequest` acts on what an app sends from its node, and returns the JSON-RPC reply with
 * the effects. Everything the app sends first passes the payload guard (mcpGuard.ts); then:
 * - `tools/call`: a tool in `allowedTools` goes to the agent as an `action` named after it, with
 *   its arguments as context. With an MCP client configured (`SessionOptions.mcpClient`) the
 *   reply is deferred: an `mcpToolCall` effect asks the host to run the tool, and
 *   `mcpToolSettled` builds the reply from the outcome; without one the app gets an empty result.
 * - `ui/requests/function-call`: a function in `allowedFunctions` whose arguments pass the JSON
 *   Schema given there runs in the surface's catalogs; the reply is `{ status: 'success', result }`.
 * - `ui/notifications/data-model-change`: the value is written at the path bound to the key,
 *   extended by `subpath`, unless it is already there; the app is not told about its own write.
 * - `ui/update-model-context`: `structuredContent`, else `content`, is written at the path bound
 *   to `modelContext`.
 * - `ui/message`: an `action` named `ui/message` with `role` and `content` as context.
 * - `ui/notifications/initialized`: the app is sent the current value of each binding.
 * - `ui/open-link`: only within {@link MCP_USER_ACTIVATION_WINDOW_MS} of a user activation in that
 *   app that the host saw (`userActivationAt`; never anything the app says), once per activation,
 *   and only a URL the surface catalog's `openUrl` accepts (its `urlSchemes` and base URL).
 * - `ui/request-display-mode`: answered with the mode the app now has: the one asked for when
 *   `SessionOptions.mcpDisplayModes` lists it, else 'inline' (surfaces draw apps inline).
 * - `ui/initialize`: the host bridge owns the handshake; the session answers with what it knows,
 *   the host context's `displayMode` and `availableDisplayModes`, for the bridge to merge.
 * - Any other notification (`ui/notifications/…`, `notifications/…`: size changes, log
 *   messages) is accepted without a reply, as JSON-RPC notifications get none.
 * Errors follow JSON-RPC: -32600 a method that is not a string, -32601 an unknown method,
 * -32602 invalid params (the guard, wrong shapes, and a tool or function that is not allowed,
 * as MCP answers an unknown tool), -32603 a function that failed, -32001 a tool call that timed
 * out. A node that is gone or is not an McpApp is `{ ok: false, error }`: there is no app to
 * answer.
 */
import { getIn, joinPointer, setIn, splitPointer } from '../data';
import { dataModelSizeError } from '../processor/dataModelSize';
import { evaluateDynamic } from '../expressions';
import { applyMessage } from '../processor/processor';
import { buildActionMessage } from '../protocol/build';
import { splitAgentPayload } from '../protocol';
import { a2uiError, type A2uiError } from '../protocol/errors';
import { errorText, toJsonValue } from '../protocol/json';
import { locateNode, type LocatedNode } from '../session/locate';
import { JSON_RPC_INTERNAL_ERROR, type Effect, type McpReply } from '../model/effects';
import { checkMcpPayload } from './guard';
import { MCP_USER_ACTIVATION_WINDOW_MS, type McpAppRequestOptions, type McpToolSettlement } from './types';
import { MCP_APP_COMPONENT, mcpAppBindings, mcpInitialNotifications, notificationFor, sameJson } from './notify';
import { checkArgumentsAgainstSchema } from './schema';
import { applyLocalRequests } from '../session/localRequests';
import { mcpDiagnostic } from './toolCalls';
import { completeOperation, disposedError, handleMessageUnguarded, isDisposed, outcomeAfterDispose, withDataModelMetadata, type AppRequestResult, type Session, type ToolSettledResult } from '../session/session';
import { componentOf, componentsOf, type ComponentRecord, type SessionState, type SurfaceState } from '../model/state';
import { isRecord } from '../util/records';
import { A2UI_VERSION } from '../protocol/common';
import { SURFACE_MESSAGE_KINDS } from '../protocol/agentToRenderer';

export type { McpReply } from '../model/effects';
export type { McpAppRequestOptions, McpToolSettlement } from './types';

/** JSON-RPC error codes of the replies. */
export const MCP_ERROR_CODES = Object.freeze({
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: JSON_RPC_INTERNAL_ERROR,
  /** The MCP SDK's RequestTimeout. */
  requestTimeout: -32001,
});

export { MCP_USER_ACTIVATION_WINDOW_MS };

/**
 * What {@link mcpAppRequest} returns. `reply` is what to answer the app now; `deferred` means
 * the answer comes later, from {@link mcpToolSettled} (`reply` is then null).
 */
export type McpAppRequestResult = AppRequestResult;

/**
 * What {@link mcpToolSettled} returns: `reply` is the reply to the app for an app's call, null
 * for a callMcpTool action.
 */
export type McpToolSettledResult = ToolSettledResult;

/** A CallToolResult with no content: the reply to a tool call nobody runs. */
const EMPTY_TOOL_RESULT = Object.freeze({ content: Object.freeze([]) });
const A2UI_MIME_TYPE = 'application/a2ui+json';
const MAX_RESULT_NODES = 100_000;

interface Located extends LocatedNode {
  component: ComponentRecord;
}

type Handler = (session: Session, at: Located, params: Record<string, unknown>, options: McpAppRequestOptions) => McpAppRequestResult;

/**
 * Acts on a request or notification the embedded app of McpApp node `ref` on surface
 * `surfaceId` sent. Never throws.
 *
 * @example
 * const r = mcpAppRequest(session, 'main', 'root/child', 'tools/call', { name: 'search', arguments: { q: 'a2ui' } }, { requestId: 7 });
 * if (r.ok && !r.deferred) bridge.reply(7, r.reply);
 */
export function mcpAppRequest(
  session: Session,
  surfaceId: string,
  ref: string,
  method: string,
  params: unknown,
  options: McpAppRequestOptions = {},
): McpAppRequestResult {
  // dispose is terminal: nothing an app sends changes the session.
  if (isDisposed(session)) return { ok: false, error: disposedError('mcpAppRequest') };
  try {
    const found = locateMcpApp(session, surfaceId, ref);
    if (!found.ok) return found;
    if (typeof method !== 'string') return rpcError(session, MCP_ERROR_CODES.invalidRequest, 'The method must be a string.');
    const handler = Object.prototype.hasOwnProperty.call(HANDLERS, method) ? HANDLERS[method] : undefined;
    if (handler === undefined && isNotification(method)) return reply(session, [], null);
    if (handler === undefined) return rpcError(session, MCP_ERROR_CODES.methodNotFound, `Method '${method}' is not handled by this host.`);
    const guard = checkMcpPayload(params);
    if (!guard.ok) return invalidParams(session, `Refused: ${guard.reason}.`);
    const copy = params === undefined ? { ok: true as const, value: {} } : toJsonValue(params);
    if (!copy.ok) return invalidParams(session, `Refused: ${copy.reason}.`);
    if (!isRecord(copy.value)) return invalidParams(session, `The params of '${method}' must be an object.`);
    const requestOptions: McpAppRequestOptions = {};
    if (typeof options === 'object' && options !== null && (typeof options.requestId === 'string' || typeof options.requestId === 'number')) {
      requestOptions.requestId = options.requestId;
    }
    if (typeof options === 'object' && options !== null && typeof options.userActivationAt === 'number' && Number.isFinite(options.userActivationAt)) {
      requestOptions.userActivationAt = options.userActivationAt;
    }
    const result = handler(session, found.located, copy.value, requestOptions);
    return result.ok ? { ...result, effects: withDataModelMetadata(result.session.state, result.effects) } : result;
  } catch (caught) {
    return { ok: false, error: a2uiError('EXECUTION_FAILED', `mcpAppRequest failed: ${errorText(caught)}`) };
  }
}

const HANDLERS: Record<string, Handler> = {
  'tools/call': toolsCall,
  'ui/requests/function-call': functionCall,
  'ui/notifications/data-model-change': dataModelChange,
  'ui/update-model-context': updateModelContext,
  'ui/message': message,
  'ui/notifications/initialized': initialized,
  'ui/open-link': openLink,
  'ui/request-display-mode': requestDisplayMode,
  'ui/initialize': initialize,
};

/** JSON-RPC notifications of the MCP Apps extension and of MCP itself: never answered. */
function isNotification(method: string): boolean {
  return method.startsWith('ui/notifications/') || method.startsWith('notifications/');
}

/** The display modes apps may have in this session (inline always). */
function displayModes(session: Session): string[] {
  const modes = session.runtime.options.mcpDisplayModes ?? ['inline'];
  return modes.includes('inline') ? [...modes] : ['inline', ...modes];
}

function requestDisplayMode(session: Session, _at: Located, params: Record<string, unknown>): McpAppRequestResult {
  const { mode } = params;
  if (typeof mode !== 'string') return invalidParams(session, 'ui/request-display-mode needs `mode`, a string.');
  // The host answers with the mode the app has now, which may not be the one asked for.
  return reply(session, [], { result: { mode: displayModes(session).includes(mode) ? mode : 'inline' } });
}

function initialize(session: Session): McpAppRequestResult {
  return reply(session, [], { result: { hostContext: { displayMode: 'inline', availableDisplayModes: displayModes(session) } } });
}

function toolsCall(session: Session, at: Located, params: Record<string, unknown>, options: McpAppRequestOptions): McpAppRequestResult {
  const { name } = params;
  if (typeof name !== 'string' || name === '') return invalidParams(session, 'tools/call needs a tool name (a non-empty string).');
  const args = params.arguments === undefined || params.arguments === null ? {} : params.arguments;
  if (!isRecord(args)) return invalidParams(session, 'The arguments of tools/call must be an object.');
  if (!stringsOf(at.component.allowedTools).includes(name)) {
    return invalidParams(session, `Tool '${name}' is not in the allowedTools of McpApp '${at.node.componentId}'.`);
  }
  const send = actionEffect(session, at, name, args);
  if (!send.ok) return invalidParams(session, send.reason);
  const runtime = session.runtime;
  if (runtime.options.mcpClient === undefined) return reply(session, [send.effect], { result: EMPTY_TOOL_RESULT });
  const call: Effect = {
    type: 'mcpToolCall',
    requestId: options.requestId ?? `${at.surface.surfaceId}|${at.node.ref}|${name}`,
    surfaceId: at.surface.surfaceId,
    ref: at.node.ref,
    name,
    arguments: args,
    timeoutMs: runtime.processor.defaultTimeoutMs,
    origin: 'app',
  };
  return { ok: true, session, effects: [send.effect, call], reply: null, deferred: true };
}

function functionCall(session: Session, at: Located, params: Record<string, unknown>): McpAppRequestResult {
  const { call } = params;
  if (typeof call !== 'string' || call === '') return invalidParams(session, 'ui/requests/function-call needs `call`, a function name.');
  const args = params.args === undefined || params.args === null ? {} : params.args;
  if (!isRecord(args)) return invalidParams(session, 'The args of a function call must be an object.');
  const allowed = at.component.allowedFunctions;
  if (!isRecord(allowed) || !Object.prototype.hasOwnProperty.call(allowed, call)) {
    return invalidParams(session, `Function '${call}' is not in the allowedFunctions of McpApp '${at.node.componentId}'.`);
  }
  const check = checkArgumentsAgainstSchema(allowed[call], args);
  if (!check.ok) return invalidParams(session, `The arguments of '${call}' are refused: ${check.reason}.`);
  // Arguments are values: an object shaped like a binding or a call would be evaluated, reading
  // data or running functions the allow-list does not name.
  const dynamic = dynamicShapedPath(args, '');
  if (dynamic !== null) {
    return invalidParams(session, `The arguments of '${call}' hold an object with a 'path' or 'call' key (at ${dynamic || '/'}), which is refused.`);
  }
  const catalogId = catalogFor(session, at, call);
  if (catalogId === null) return invalidParams(session, `Function '${call}' is not implemented in the catalogs of surface '${at.surface.surfaceId}'.`);

  // A request from the app is not a gesture on the host: functions that need one are refused.
  const env = appEnvironment(session, at, false);
  if (at.place.index !== undefined) env.index = at.place.index;
  const outcome = evaluateDynamic({ call, catalogId, args }, env);
  if (outcome.status === 'pending') {
    return rpcError(session, MCP_ERROR_CODES.internalError, `Function '${call}' needs an agent function and cannot answer here.`);
  }
  if (outcome.status === 'error') {
    const why = outcome.errors.map((e) => e.message).join('; ') || 'it failed';
    return rpcError(session, MCP_ERROR_CODES.internalError, `Function '${call}' failed: ${why}`);
  }
  const applied = applyLocalRequests(session, at.surface.surfaceId, at.node.ref, outcome.requests);
  if (!applied.ok) return rpcError(session, MCP_ERROR_CODES.internalError, `Function '${call}' could not apply its result: ${applied.error.message}`);
  const value = outcome.value === undefined ? null : outcome.value;
  return reply(applied.session, applied.effects, { result: { status: 'success', result: value } });
}

function dataModelChange(session: Session, at: Located, params: Record<string, unknown>): McpAppRequestResult {
  const { key, subpath, value } = params;
  if (typeof key !== 'string') return invalidParams(session, 'data-model-change needs `key`, a string.');
  if (subpath !== undefined && typeof subpath !== 'string') return invalidParams(session, '`subpath` must be a string.');
  if (value === undefined) return invalidParams(session, 'data-model-change needs `value`.');
  const binding = mcpAppBindings(at.surface, at.node).find((b) => b.key === key);
  if (binding === undefined) return invalidParams(session, `Key '${key}' is not bound in the data.paths of McpApp '${at.node.componentId}'.`);
  const target = joinPointer([...splitPointer(binding.path), ...splitPointer(subpath ?? '')]);
  const written = writeData(session, at, target, value);
  if (!written.ok) return invalidParams(session, written.reason);
  // The write lock of the specification: the app is not echoed its own change of this key.
  const echo = notificationFor(key, value);
  const effects = written.effects.filter(
    (effect) =>
      !(
        effect.type === 'mcpNotify' &&
        effect.surfaceId === at.surface.surfaceId &&
        effect.ref === at.node.ref &&
        echo !== null &&
        effect.method === echo.method &&
        (effect.method !== 'ui/notifications/data-model-update' || (effect.params as { key?: unknown }).key === key)
      ),
  );
  return reply(written.session, effects, null);
}

function updateModelContext(session: Session, at: Located, params: Record<string, unknown>): McpAppRequestResult {
  const value = params.structuredContent !== undefined ? params.structuredContent : params.content;
  if (value === undefined) return invalidParams(session, 'ui/update-model-context needs `structuredContent` or `content`.');
  const binding = mcpAppBindings(at.surface, at.node).find((b) => b.key === 'modelContext');
  // Without a modelContext binding there is nowhere to keep it: accepted, and dropped.
  if (binding === undefined) return reply(session, [], { result: {} });
  const written = writeData(session, at, binding.path, value);
  if (!written.ok) return invalidParams(session, written.reason);
  return reply(written.session, written.effects, { result: {} });
}

function message(session: Session, at: Located, params: Record<string, unknown>): McpAppRequestResult {
  const { role, content } = params;
  if (typeof role !== 'string' || role === '') return invalidParams(session, 'ui/message needs `role`, a string.');
  if (content === undefined) return invalidParams(session, 'ui/message needs `content`.');
  const send = actionEffect(session, at, 'ui/message', { role, content });
  if (!send.ok) return invalidParams(session, send.reason);
  return reply(session, [send.effect], { result: {} });
}

function initialized(session: Session, at: Located): McpAppRequestResult {
  return reply(session, mcpInitialNotifications(at.surface, at.node), null);
}

function openLink(session: Session, at: Located, params: Record<string, unknown>, options: McpAppRequestOptions): McpAppRequestResult {
  const { url } = params;
  if (typeof url !== 'string') return invalidParams(session, 'ui/open-link needs `url`, a string.');
  const activatedAt = options.userActivationAt;
  const now = session.runtime.clock().getTime();
  if (activatedAt === undefined || !(now - activatedAt <= MCP_USER_ACTIVATION_WINDOW_MS) || activatedAt > now) {
    return rpcError(session, MCP_ERROR_CODES.invalidRequest, `ui/open-link is refused: it needs a user activation in the app within the last ${MCP_USER_ACTIVATION_WINDOW_MS / 1000} s, reported by the host.`);
  }
  const spent = at.surface.mcpLinkActivations?.[at.node.ref] ?? Number.NEGATIVE_INFINITY;
  if (spent >= activatedAt) {
    return rpcError(session, MCP_ERROR_CODES.invalidRequest, 'ui/open-link is refused: this user activation already opened a link.');
  }
  const opened = openThroughCatalog(session, at, url);
  if (!opened.ok) return opened.result;
  return reply(spendActivation(session, at, activatedAt), [{ type: 'openUrl', url: opened.url }], { result: {} });
}

/**
 * Records in the surface's state that the app at `at` spent the activation of `activatedAt` on a
 * link: one link per activation, and as plain state it survives the Redux slice's per-action
 * runtime copies, time travel and replay.
 */
function spendActivation(session: Session, at: Located, activatedAt: number): Session {
  const surface = session.state.surfaces[at.surface.surfaceId];
  if (surface === undefined) return session;
  const mcpLinkActivations = { ...surface.mcpLinkActivations, [at.node.ref]: activatedAt };
  const surfaces = { ...session.state.surfaces, [surface.surfaceId]: { ...surface, mcpLinkActivations } };
  return { ...session, state: { ...session.state, surfaces } };
}

/**
 * The URL as the surface catalog's `openUrl` would open it (the catalog's URL policy: schemes,
 * base URL), run as a user action; without a catalog that implements one, http(s) only.
 */
function openThroughCatalog(session: Session, at: Located, url: string): { ok: true; url: string } | { ok: false; result: McpAppRequestResult } {
  const catalogId = catalogFor(session, at, 'openUrl');
  if (catalogId === null) {
    const checked = httpOnly(session, url);
    return typeof checked === 'string' ? { ok: true, url: checked } : { ok: false, result: checked };
  }
  const env = appEnvironment(session, at, true);
  const outcome = evaluateDynamic({ call: 'openUrl', catalogId, args: { url } }, env);
  const request = outcome.requests.find((r) => r.type === 'openUrl');
  if (outcome.status !== 'ok' || request === undefined || request.type !== 'openUrl') {
    const why = outcome.errors.map((e) => e.message).join('; ') || 'the catalog did not open it';
    return { ok: false, result: invalidParams(session, `The link is refused: ${why}`) };
  }
  return { ok: true, url: request.url };
}

function httpOnly(session: Session, url: string): string | McpAppRequestResult {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return invalidParams(session, `'${url}' is not an absolute URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return invalidParams(session, `Only http and https links are opened, not '${parsed.protocol}'.`);
  }
  return parsed.href;
}

// ---------------------------------------------------------------------------------------------
// Settled tool calls (those made by actions start in toolCalls.ts).


/**
 * Applies a tool call the host ran. On success, every embedded resource of type
 * `application/a2ui+json` in the result is applied as A2UI messages (a surface that exists is
 * kept, never created again); for a callMcpTool action with `targetDataPath`, the MCP App
 * resource of the result (`uri`, `htmlContent`, `csp`, `permissions`, `toolInput`, `toolResult`)
 * is written there. An app's call is answered with the result, or with a JSON-RPC error when the
 * call failed (-32603) or timed out (-32001); a failed action's call becomes a diagnostic.
 * Never throws.
 */
export function mcpToolSettled(session: Session, settlement: McpToolSettlement): McpToolSettledResult {
  if (isDisposed(session)) return outcomeAfterDispose(session, settlement, 'mcpToolSettled');
  const result = mcpToolSettledUnsafe(session, settlement);
  return { ...result, effects: withDataModelMetadata(result.session.state, result.effects) };
}

/**
 * The `mcpReply` effect answering request `requestId` of the app at node `ref` of `surfaceId`:
 * the ids name the app, so two apps that both number their requests from 1 are answered apart.
 */
export function mcpReplyEffect(requestId: string | number, surfaceId: string, ref: string, answer: McpReply): Effect {
  return { type: 'mcpReply', requestId, surfaceId, ref, reply: answer };
}

function mcpToolSettledUnsafe(session: Session, settlement: McpToolSettlement): McpToolSettledResult {
  const forApp = settlement?.origin !== 'action';
  try {
    const { outcome, surfaceId, ref } = settlement;
    if (outcome.status !== 'ok') {
      const timedOut = outcome.status === 'timeout';
      const text = `Tool '${settlement.name ?? '?'}' ${timedOut ? 'timed out' : 'failed'}: ${outcome.message}`;
      if (forApp) {
        const code = timedOut ? MCP_ERROR_CODES.requestTimeout : MCP_ERROR_CODES.internalError;
        return { session, effects: [], reply: { error: { code, message: text } } };
      }
      return { session, effects: [mcpDiagnostic(surfaceId, 'error', timedOut ? 'MCP_TOOL_TIMEOUT' : 'MCP_TOOL_FAILED', text, ref)], reply: null };
    }
    const copy = toJsonValue(outcome.result, { maxDepth: 64, maxNodes: MAX_RESULT_NODES });
    if (!copy.ok || !isRecord(copy.value)) {
      const text = `Tool '${settlement.name ?? '?'}' returned something that is not a CallToolResult.`;
      if (forApp) return { session, effects: [], reply: { error: { code: MCP_ERROR_CODES.internalError, message: text } } };
      return { session, effects: [mcpDiagnostic(surfaceId, 'error', 'MCP_TOOL_FAILED', text, ref)], reply: null };
    }
    const result = copy.value;
    const read = readToolResult(result);
    let current = session;
    const effects: Effect[] = [];
    for (const payload of read.a2uiPayloads) {
      const refusal = resourceRefusal(session, surfaceId, payload);
      if (refusal !== null) {
        effects.push(mcpDiagnostic(surfaceId, 'error', 'MCP_RESOURCE_REFUSED', `An A2UI resource of tool '${settlement.name ?? '?'}' is refused: ${refusal}`, ref));
        continue;
      }
      const applied = handleMessageUnguarded(current, payload, { keepExistingSurfaces: true });
      effects.push(...applied.effects);
      current = applied.session;
      if (!applied.ok) {
        effects.push(mcpDiagnostic(surfaceId, 'error', 'MCP_RESOURCE_INVALID', `An A2UI resource of tool '${settlement.name ?? '?'}' failed: ${applied.error.message}`, ref));
      }
    }
    for (const problem of read.problems) effects.push(mcpDiagnostic(surfaceId, 'warning', 'MCP_RESOURCE_INVALID', problem, ref));
    if (!forApp && typeof settlement.targetDataPath === 'string') {
      const written = writeAppResource(current, surfaceId, settlement.targetDataPath, appResourcePayload(result, read, settlement.arguments));
      effects.push(...written.effects);
      current = written.session;
    }
    return { session: current, effects, reply: forApp ? { result } : null };
  } catch (caught) {
    const text = `The tool result could not be applied: ${errorText(caught)}`;
    return { session, effects: [], reply: forApp ? { error: { code: MCP_ERROR_CODES.internalError, message: text } } : null };
  }
}

/**
 * Why an A2UI resource from a tool may not be applied, or null. A tool's resource changes only
 * the surface of the app (or action) that called the tool, plus the surfaces the host lists in
 * `mcpResourceSurfaces`; it never answers the agent's calls (`agentFunctionResponse`) or speaks
 * for the agent (`callRendererFunction`). Checked for every message before any is applied.
 */
function resourceRefusal(session: Session, ownSurfaceId: string, payload: string): string | null {
  const split = splitAgentPayload(payload);
  if (!split.ok) return null; // applying it reports the parse error
  const allowed = session.runtime.options.mcpResourceSurfaces ?? [];
  for (let index = 0; index < split.raw.length; index += 1) {
    const message = split.raw[index];
    if (!isRecord(message)) continue;
    for (const body of ['agentFunctionResponse', 'callRendererFunction'] as const) {
      if (Object.prototype.hasOwnProperty.call(message, body)) return `message ${index} is a ${body}, which only the agent may send.`;
    }
    for (const body of SURFACE_MESSAGE_KINDS) {
      const content = Object.prototype.hasOwnProperty.call(message, body) ? message[body] : undefined;
      if (!isRecord(content)) continue;
      const target = content.surfaceId;
      if (target === ownSurfaceId || (typeof target === 'string' && allowed.includes(target))) continue;
      return `message ${index} (${body}) names surface ${JSON.stringify(typeof target === 'string' ? target.slice(0, 100) : target)}; a tool's resources may change only surface '${ownSurfaceId}'.`;
    }
  }
  return null;
}

/** What a CallToolResult carries for the session. */
interface ToolResultContents {
  /** The text of each `application/a2ui+json` resource (one message, a list, or a wrapper). */
  a2uiPayloads: string[];
  /** The first MCP App resource (`text/html;profile=mcp-app`), if any. */
  appResource?: { uri?: string; htmlContent: string; csp?: unknown; permissions?: unknown };
  problems: string[];
}

function readToolResult(result: Record<string, unknown>): ToolResultContents {
  const contents: ToolResultContents = { a2uiPayloads: [], problems: [] };
  const blocks = Array.isArray(result.content) ? result.content : [];
  for (const block of blocks) {
    if (!isRecord(block) || block.type !== 'resource' || !isRecord(block.resource)) continue;
    const resource = block.resource;
    const mime = typeof resource.mimeType === 'string' ? resource.mimeType.toLowerCase().replace(/\s+/g, '') : '';
    const [base, ...parameters] = mime.split(';');
    const isA2ui = base === A2UI_MIME_TYPE;
    const isApp = base === 'text/html' && parameters.includes('profile=mcp-app');
    if (!isA2ui && !isApp) continue;
    const text = resourceText(resource);
    if (text === null) {
      contents.problems.push(`The ${mime} resource ${String(resource.uri ?? '')} has neither text nor a readable blob.`);
      continue;
    }
    if (isA2ui) {
      contents.a2uiPayloads.push(text);
    } else if (contents.appResource === undefined) {
      const meta = isRecord(resource._meta) && isRecord(resource._meta.ui) ? resource._meta.ui : {};
      const app: NonNullable<ToolResultContents['appResource']> = { htmlContent: text };
      if (typeof resource.uri === 'string') app.uri = resource.uri;
      if (meta.csp !== undefined) app.csp = meta.csp;
      if (meta.permissions !== undefined) app.permissions = meta.permissions;
      contents.appResource = app;
    }
  }
  return contents;
}

function resourceText(resource: Record<string, unknown>): string | null {
  if (typeof resource.text === 'string') return resource.text;
  if (typeof resource.blob !== 'string') return null;
  try {
    const binary = atob(resource.blob);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The MCP App resource payload a callMcpTool action writes to its target. */
function appResourcePayload(result: Record<string, unknown>, read: ToolResultContents, args: unknown): Record<string, unknown> {
  const toolResult: Record<string, unknown> = { content: Array.isArray(result.content) ? result.content : [] };
  if (result.structuredContent !== undefined) toolResult.structuredContent = result.structuredContent;
  if (result.isError !== undefined) toolResult.isError = result.isError;
  return { ...(read.appResource ?? {}), toolInput: isRecord(args) ? args : {}, toolResult };
}

function writeAppResource(session: Session, surfaceId: string, path: string, value: unknown): { session: Session; effects: Effect[] } {
  if (!Object.prototype.hasOwnProperty.call(session.state.surfaces, surfaceId)) {
    return { session, effects: [mcpDiagnostic(surfaceId, 'warning', 'MCP_RESOURCE_INVALID', `Surface '${surfaceId}' is gone; the tool's MCP App resource was not written.`)] };
  }
  const message = { version: A2UI_VERSION, updateDataModel: { surfaceId, path, value } };
  const step = applyMessage(session.runtime.processor, session.state, message, '', {});
  const done = completeOperation(session.runtime, session.state, step.state, [...step.effects], new Set([surfaceId]), null);
  return { session: done.session, effects: done.effects };
}

// ---------------------------------------------------------------------------------------------
// Shared steps.

function locateMcpApp(session: Session, surfaceId: unknown, ref: unknown): { ok: true; located: Located } | { ok: false; error: A2uiError } {
  const found = locateNode(session, surfaceId, ref);
  if (!found.ok) return found;
  const { surface, node, place } = found;
  const component = componentOf(surface, node.componentId);
  if (node.component !== MCP_APP_COMPONENT || component === undefined) {
    return { ok: false, error: a2uiError('INVALID_ARGUMENT', `Node '${node.ref}' of surface '${surface.surfaceId}' is a ${node.component}, not an McpApp.`, { surfaceId: surface.surfaceId }) };
  }
  return { ok: true, located: { surface, node, component, place } };
}

/** The `send` effect of an action from the McpApp node, or why it cannot be built. */
function actionEffect(
  session: Session,
  at: Located,
  name: string,
  context: Record<string, unknown>,
): { ok: true; effect: Effect } | { ok: false; reason: string } {
  const built = buildActionMessage({
    name,
    surfaceId: at.surface.surfaceId,
    sourceComponentId: at.node.componentId,
    timestamp: session.runtime.clock().toISOString(),
    context,
  });
  if (!built.ok) return { ok: false, reason: `The action cannot be sent: ${built.error.message}` };
  const effect: Effect = { type: 'send', message: built.message as unknown as Extract<Effect, { type: 'send' }>['message'] };
  // sendDataModel metadata is attached by mcpAppRequest / mcpToolSettled (withDataModelMetadata).
  return { ok: true, effect };
}

/**
 * Writes a value the app sent at `path` (a user-like write: null is a value), unless the same
 * value is there already, and resolves the surface again.
 */
function writeData(
  session: Session,
  at: Located,
  path: string,
  value: unknown,
): { ok: true; session: Session; effects: Effect[] } | { ok: false; reason: string } {
  const surface = at.surface;
  if (splitPointer(path).length === 0 && !isRecord(value)) return { ok: false, reason: 'The whole data model can only be replaced by an object.' };
  if (sameJson(getIn(surface.dataModel, path), value)) return { ok: true, session, effects: [] };
  const limits = session.runtime.processor.limits;
  const written = setIn(surface.dataModel, path, value, { maxDepth: limits.maxDataDepth });
  if (!written.ok) return { ok: false, reason: `The value cannot be written at '${path}': ${written.error.message}` };
  const tooLarge = dataModelSizeError(limits, surface.surfaceId, { before: surface.dataModel, path, value, after: written.value as object, deletes: false }, '');
  if (tooLarge) return { ok: false, reason: `The value was not written: ${tooLarge.message}.` };
  const next: SurfaceState = { ...surface, dataModel: written.value as Record<string, unknown> };
  const state: SessionState = { ...session.state, surfaces: { ...session.state.surfaces, [surface.surfaceId]: next } };
  const effects: Effect[] = [{ type: 'dataModelUpdated', surfaceId: surface.surfaceId, path }];
  const done = completeOperation(session.runtime, session.state, state, effects, new Set([surface.surfaceId]), null);
  return { ok: true, session: done.session, effects: done.effects };
}


/**
 * The catalog a function call from the app runs in: the first of the surface's catalogs (its
 * default, the McpApp's own, then those its components name) that implements the function.
 */
function catalogFor(session: Session, at: Located, name: string): string | null {
  const runtime = session.runtime;
  const ids = [at.surface.catalogId ?? runtime.resolution.implicitDefaultCatalogId, at.node.catalogId];
  for (const component of componentsOf(at.surface)) if (typeof component.catalogId === 'string') ids.push(component.catalogId);
  for (const id of new Set(ids)) {
    const catalog = runtime.resolution.catalogs.find((c) => c.catalogId === id);
    const fn = catalog && Object.prototype.hasOwnProperty.call(catalog.functions, name) ? catalog.functions[name] : undefined;
    if (catalog && fn?.implementation !== undefined) return catalog.catalogId;
  }
  return null;
}

/** The pointer of the first object with an own `path` or `call` key, or null. */
function dynamicShapedPath(value: unknown, path: string): string | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = dynamicShapedPath(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isRecord(value)) return null;
  if (Object.prototype.hasOwnProperty.call(value, 'path') || Object.prototype.hasOwnProperty.call(value, 'call')) return path;
  for (const [key, item] of Object.entries(value)) {
    const found = dynamicShapedPath(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}

function reply(session: Session, effects: Effect[], answer: McpReply): McpAppRequestResult {
  return { ok: true, session, effects, reply: answer, deferred: false };
}

function rpcError(session: Session, code: number, message: string): McpAppRequestResult {
  return reply(session, [], { error: { code, message } });
}

function invalidParams(session: Session, message: string): McpAppRequestResult {
  return rpcError(session, MCP_ERROR_CODES.invalidParams, message);
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Where a function the app asks for runs: the app node's surface and scope, as the renderer. */
function appEnvironment(session: Session, at: Located, userActivated: boolean): Parameters<typeof evaluateDynamic>[1] {
  const runtime = session.runtime;
  return {
    catalogs: runtime.resolution.catalogs,
    surfaceCatalogId: at.surface.catalogId ?? runtime.resolution.implicitDefaultCatalogId,
    surfaceId: at.surface.surfaceId,
    dataModel: at.surface.dataModel,
    scope: at.place.scope,
    caller: 'renderer',
    userActivated,
    agentResult: () => undefined,
  };
}
