/**
 * Parsing of inbound agent payloads, in two steps so the processor can apply messages one by
 * one: `splitAgentPayload` finds the raw messages (one message, an array, or a `{messages}`
 * wrapper, possibly as JSON text) and `parseAgentMessage` validates one of them. Nothing here
 * throws, and errors are plain `A2uiError` data whose message starts with the JSON Pointer.
 */
import type * as z from 'zod/mini';
import { AGENT_TO_RENDERER_MESSAGE_KINDS, AGENT_TO_RENDERER_MESSAGE_SCHEMAS, type AgentToRendererMessage } from './agentToRenderer';
import { A2UI_VERSION } from './common';
import { a2uiError, type A2uiError, type A2uiErrorCode } from './errors';
import { explainIssues } from './issues';
import { describeType, errorText, isPlainObject, toJsonValue, type JsonValue } from './json';
import { appendPointer } from './pointer';
import { RENDERER_TO_AGENT_MESSAGE_KINDS, RENDERER_TO_AGENT_MESSAGE_SCHEMAS, type RendererToAgentMessage } from './rendererToAgent';

/** Limits applied while reading a payload. */
export interface ParseOptions {
  /** Deepest nesting accepted inside one message (default 128); deeper fails with LIMIT_EXCEEDED. */
  maxDepth?: number;
}

/** The raw messages of a payload and the JSON Pointer of each, or why the payload has no messages. */
export type AgentPayloadSplit =
  | {
      ok: true;
      /** `message`: one message object; `array`: a list; `wrapper`: `{ "messages": [...] }`. */
      form: 'message' | 'array' | 'wrapper';
      raw: unknown[];
      /** Pointer of the message list: `''` for a message or an array, `/messages` for a wrapper. */
      basePath: string;
      /** Pointer of each raw message: `''` for a single message, `/3` or `/messages/3` otherwise. */
      paths: string[];
    }
  | { ok: false; error: A2uiError };

/** One validated message, or why it is not valid. */
export type MessageParseResult<M> = { ok: true; message: M } | { ok: false; error: A2uiError };

/** All messages of a payload, or the first failure. */
export type AgentPayloadParseResult = { ok: true; messages: AgentToRendererMessage[] } | { ok: false; error: A2uiError };

type Locators = Omit<A2uiError, 'code' | 'message' | 'path'>;

/** `/a/b: text`, or `(root): text` for the empty pointer. */
function located(path: string, text: string): string {
  return `${path === '' ? '(root)' : path}: ${text}`;
}

function errorAt(code: A2uiErrorCode, path: string, text: string, where: Locators = {}): { ok: false; error: A2uiError } {
  return { ok: false, error: a2uiError(code, located(path, text), { path, ...where }) };
}

function quoteKeys(keys: readonly string[]): string {
  return keys.map((key) => JSON.stringify(key)).join(', ');
}

function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; error: A2uiError } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return errorAt('PARSE_ERROR', '', 'the payload is empty; expected JSON');
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (thrown) {
    return errorAt('PARSE_ERROR', '', `not valid JSON: ${errorText(thrown)}`);
  }
}

function splitValue(payload: unknown): AgentPayloadSplit {
  if (Array.isArray(payload)) {
    const raw: unknown[] = [];
    for (let i = 0; i < payload.length; i += 1) raw.push(payload[i]);
    return { ok: true, form: 'array', raw, basePath: '', paths: raw.map((_, i) => `/${i}`) };
  }
  if (isPlainObject(payload) && Object.hasOwn(payload, 'messages') && !Object.hasOwn(payload, 'version')) {
    const extra = Object.keys(payload).filter((key) => key !== 'messages');
    if (extra.length > 0) {
      const text = `unknown key ${JSON.stringify(extra[0])}: a {"messages": [...]} wrapper has no other keys`;
      return errorAt('PARSE_ERROR', appendPointer('', extra[0] ?? ''), text);
    }
    const messages = payload['messages'];
    if (!Array.isArray(messages)) {
      return errorAt('PARSE_ERROR', '/messages', `expected an array of messages, got ${describeType(messages)}`);
    }
    const raw: unknown[] = [];
    for (let i = 0; i < messages.length; i += 1) raw.push(messages[i]);
    return { ok: true, form: 'wrapper', raw, basePath: '/messages', paths: raw.map((_, i) => `/messages/${i}`) };
  }
  if (payload !== null && typeof payload === 'object') {
    return { ok: true, form: 'message', raw: [payload], basePath: '', paths: [''] };
  }
  const text = `expected a message object, an array of messages or {"messages": [...]}, got ${describeType(payload)}`;
  return errorAt('PARSE_ERROR', '', text);
}

/**
 * Finds the raw messages of an agent payload: a JSON string or a value that is one message, an
 * array of messages, or `{ "messages": [...] }`. Only the top level is looked at; each message is
 * validated later with {@link parseAgentMessage}. Never throws.
 */
export function splitAgentPayload(input: unknown): AgentPayloadSplit {
  try {
    if (typeof input !== 'string') return splitValue(input);
    const parsed = parseJsonText(input);
    return parsed.ok ? splitValue(parsed.value) : parsed;
  } catch (thrown) {
    return errorAt('PARSE_ERROR', '', `could not read the payload: ${errorText(thrown)}`);
  }
}

/** The message kinds of one direction, and those of the other for a helpful hint. */
interface Direction {
  /** With its article, for sentences: `an agent-to-renderer`. */
  readonly name: string;
  readonly schemas: Readonly<Record<string, z.ZodMiniType>>;
  readonly otherName: string;
  readonly otherKeys: readonly string[];
}

const AGENT_TO_RENDERER: Direction = {
  name: 'an agent-to-renderer',
  schemas: AGENT_TO_RENDERER_MESSAGE_SCHEMAS,
  otherName: 'a renderer-to-agent',
  otherKeys: RENDERER_TO_AGENT_MESSAGE_KINDS,
};

const RENDERER_TO_AGENT: Direction = {
  name: 'a renderer-to-agent',
  schemas: RENDERER_TO_AGENT_MESSAGE_SCHEMAS,
  otherName: 'an agent-to-renderer',
  otherKeys: AGENT_TO_RENDERER_MESSAGE_KINDS,
};

/** surfaceId / functionCallId named by any body of the message, for error locators. Reads defensively. */
function locatorsOf(message: object, bodyKeys: readonly string[], index: number): Locators {
  const where: Locators = { index };
  try {
    for (const key of bodyKeys) {
      const body: unknown = Object.hasOwn(message, key) ? (message as Record<string, unknown>)[key] : undefined;
      if (!isPlainObject(body)) continue;
      const surfaceId = body['surfaceId'];
      const functionCallId = body['functionCallId'];
      if (where.surfaceId === undefined && typeof surfaceId === 'string') where.surfaceId = surfaceId;
      if (where.functionCallId === undefined && typeof functionCallId === 'string') where.functionCallId = functionCallId;
    }
  } catch {
    // a hostile value: no locators, the copy below reports the problem
  }
  return where;
}

function checkVersion(message: Record<string, JsonValue>, path: string, where: Locators): { ok: false; error: A2uiError } | null {
  const versionPath = appendPointer(path, 'version');
  if (!Object.hasOwn(message, 'version')) {
    return errorAt('UNSUPPORTED_VERSION', versionPath, `missing required version field; expected "${A2UI_VERSION}"`, where);
  }
  const version = message['version'];
  if (version === A2UI_VERSION) return null;
  const shown = typeof version === 'string' ? `'${version.length > 40 ? `${version.slice(0, 40)}…` : version}'` : `of type ${describeType(version)}`;
  return errorAt('UNSUPPORTED_VERSION', versionPath, `unsupported protocol version ${shown}; expected "${A2UI_VERSION}"`, where);
}

/** Message bodies of earlier protocol versions (v0.8), named as such when they arrive. */
const OLDER_BODIES: readonly string[] = ['beginRendering', 'surfaceUpdate', 'dataModelUpdate'];

function checkBodyKeys(
  message: Record<string, JsonValue>,
  path: string,
  direction: Direction,
  where: Locators,
): { ok: true; body: string } | { ok: false; error: A2uiError } {
  const known = Object.keys(direction.schemas);
  const keys = Object.keys(message).filter((key) => key !== 'version');
  const bodies = keys.filter((key) => known.includes(key));
  const unknown = keys.filter((key) => !known.includes(key));
  const oneOf = `exactly one of ${quoteKeys(known)}`;
  const [firstUnknown] = unknown;
  if (bodies.length > 1) {
    return errorAt('INVALID_MESSAGE', path, `message contains multiple conflicting update actions (${quoteKeys(bodies)}); a message carries ${oneOf}`, where);
  }
  if (bodies.length === 0) {
    if (firstUnknown === undefined) return errorAt('INVALID_MESSAGE', path, `no message body; expected ${oneOf}`, where);
    const hint = direction.otherKeys.includes(firstUnknown)
      ? `${JSON.stringify(firstUnknown)} is ${direction.otherName} message; ${direction.name} message has ${oneOf}`
      : OLDER_BODIES.includes(firstUnknown)
        ? `action '${firstUnknown}' is not supported in protocol version ${A2UI_VERSION}; ${direction.name} message has ${oneOf}`
        : `unknown key ${JSON.stringify(firstUnknown)}; ${direction.name} message has "version" and ${oneOf}`;
    return errorAt('INVALID_MESSAGE', appendPointer(path, firstUnknown), hint, where);
  }
  const body = bodies[0] as string;
  if (firstUnknown !== undefined) {
    const text = `unknown key ${JSON.stringify(firstUnknown)}; a message has only "version" and one body (here ${JSON.stringify(body)})`;
    return errorAt('INVALID_MESSAGE', appendPointer(path, firstUnknown), text, where);
  }
  return { ok: true, body };
}

function copyFailure(
  failure: Extract<ReturnType<typeof toJsonValue>, { ok: false }>,
  path: string,
  where: Locators,
): { ok: false; error: A2uiError } {
  const code: A2uiErrorCode =
    failure.kind === 'tooDeep' || failure.kind === 'tooLarge' ? 'LIMIT_EXCEEDED' : failure.kind === 'forbiddenKey' ? 'INVALID_MESSAGE' : 'PARSE_ERROR';
  // The nesting limit is the protocol's global recursion limit, and says so.
  const reason = failure.kind === 'tooDeep' ? `global recursion limit exceeded: ${failure.reason}` : failure.reason;
  return errorAt(code, path + failure.path, reason, where);
}

function parseEnvelope<M>(
  value: unknown,
  index: number,
  path: string,
  direction: Direction,
  options: ParseOptions,
): MessageParseResult<M> {
  // The shape first: a message that is a (possibly huge) list is wrong whatever it holds.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return errorAt('INVALID_MESSAGE', path, `expected ${direction.name} message object, got ${describeType(value)}`, { index });
  }
  const copied = toJsonValue(value, { maxDepth: options.maxDepth });
  if (!copied.ok) return copyFailure(copied, path, locatorsOf(value, Object.keys(direction.schemas), index));
  const json = copied.value;
  if (!isPlainObject(json)) return errorAt('INVALID_MESSAGE', path, `expected ${direction.name} message object`, { index });
  const where = locatorsOf(json, Object.keys(direction.schemas), index);
  const versionFailure = checkVersion(json, path, where);
  if (versionFailure) return versionFailure;
  const keys = checkBodyKeys(json, path, direction, where);
  if (!keys.ok) return keys;
  const schema = direction.schemas[keys.body] as z.ZodMiniType;
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data as M };
  const explained = explainIssues(parsed.error.issues, json);
  const more = explained.others > 0 ? ` (and ${explained.others} more problem${explained.others > 1 ? 's' : ''} in this message)` : '';
  return errorAt('INVALID_MESSAGE', appendPointer(path, ...explained.path), explained.message + more, where);
}

function guarded<T>(run: () => T, path: string, index: number): T | { ok: false; error: A2uiError } {
  try {
    return run();
  } catch (thrown) {
    // A revoked proxy (Array.isArray throws), a bug or a stack overflow: still data, never a throw.
    return errorAt('PARSE_ERROR', path, `could not read this message: ${errorText(thrown)}`, { index });
  }
}

/**
 * Validates one agent-to-renderer message. `index` and `path` say where it sits in its payload
 * (see {@link splitAgentPayload}) so errors point into the payload as the agent sent it.
 */
export function parseAgentMessage(
  value: unknown,
  index = 0,
  path = '',
  options: ParseOptions = {},
): MessageParseResult<AgentToRendererMessage> {
  return guarded(() => parseEnvelope<AgentToRendererMessage>(value, index, path, AGENT_TO_RENDERER, options), path, index);
}

/**
 * Parses a whole agent payload (JSON text, one message, an array, or `{ "messages": [...] }`)
 * and validates every message; the first failure is returned. Never throws.
 */
export function parseAgentPayload(input: unknown, options: ParseOptions = {}): AgentPayloadParseResult {
  const split = splitAgentPayload(input);
  if (!split.ok) return split;
  const messages: AgentToRendererMessage[] = [];
  for (let i = 0; i < split.raw.length; i += 1) {
    const parsed = parseAgentMessage(split.raw[i], i, split.paths[i], options);
    if (!parsed.ok) return parsed;
    messages.push(parsed.message);
  }
  return { ok: true, messages };
}

/** Validates one renderer-to-agent message, given as a value or as JSON text. Never throws. */
export function parseRendererMessage(input: unknown, options: ParseOptions = {}): MessageParseResult<RendererToAgentMessage> {
  try {
    let value = input;
    if (typeof input === 'string') {
      const parsed = parseJsonText(input);
      if (!parsed.ok) return parsed;
      value = parsed.value;
    }
    return guarded(() => parseEnvelope<RendererToAgentMessage>(value, 0, '', RENDERER_TO_AGENT, options), '', 0);
  } catch (thrown) {
    return errorAt('PARSE_ERROR', '', `could not read the message: ${errorText(thrown)}`);
  }
}
