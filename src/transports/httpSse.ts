/**
 * A client transport over plain HTTP: the agent streams to the renderer as Server-Sent Events
 * (read with `fetch`, so it can send headers and runs in Node 20 as well as in browsers), and the
 * renderer posts each message back as JSON. Framing is one A2UI message per SSE event.
 */
import { DEFAULT_SESSION_LIMITS } from '../processor/config';
import { AGENT_TO_RENDERER_MESSAGE_SCHEMAS } from '../protocol/agentToRenderer';
import { A2UI_VERSION } from '../protocol/common';
import { isPlainObject } from '../util/records';
import { splitAgentPayload } from '../protocol/parse';
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import type { A2uiTransport, TransportMetadata } from './types';
import { errorText } from '../util/errors';

// ---------------------------------------------------------------------------------------------
// The event-stream parser (WHATWG HTML, "Server-sent events", parsing an event stream)
// ---------------------------------------------------------------------------------------------

/** One dispatched event, shaped like the fields of a `MessageEvent` from an `EventSource`. */
export interface SseEvent {
  /** The `event:` field, or `'message'` when the event had none. */
  type: string;
  /** The `data:` lines, joined with `'\n'`. */
  data: string;
  /** The last `id:` seen on the stream up to this event (`''` when none). */
  lastEventId: string;
}

/**
 * Size caps of the event-stream parser. A stream is hostile input: without caps a server could make
 * the renderer buffer a line that never ends, or hand it an event of any size.
 */
export interface SseLimits {
  /**
   * Longest line kept, in UTF-16 code units without its line end; a longer line is skipped unread.
   * When not given, `maxEventLength` plus {@link SSE_LINE_MARGIN}, so one `data:` line can carry
   * the largest event.
   */
  maxLineLength: number;
  /** Largest event data (the `data:` lines joined), in UTF-16 code units; a larger event is dropped. */
  maxEventLength: number;
  /** Longest event id, in UTF-8 bytes (as it travels in the `Last-Event-ID` header); a longer id is ignored. */
  maxEventIdBytes: number;
}

/** How many times the session's `maxPayloadBytes` the event cap is by default. */
export const SSE_PAYLOAD_MULTIPLE = 4;

/** What a line may hold besides the event data: the field name, colon and space. */
export const SSE_LINE_MARGIN = 64;

/**
 * The caps used when none are given: events up to four times the session's default
 * `maxPayloadBytes` (16 MiB), so a payload somewhat over the session's limit still reaches the
 * session, which refuses it and tells the agent; lines up to that plus {@link SSE_LINE_MARGIN};
 * ids up to 1 KiB, well within the header sizes servers accept.
 */
// Pure: a bundle that does not use the transport drops it (and what it reads).
export const DEFAULT_SSE_LIMITS: Readonly<SseLimits> = /* @__PURE__ */ Object.freeze({
  maxLineLength: SSE_PAYLOAD_MULTIPLE * DEFAULT_SESSION_LIMITS.maxPayloadBytes + SSE_LINE_MARGIN,
  maxEventLength: SSE_PAYLOAD_MULTIPLE * DEFAULT_SESSION_LIMITS.maxPayloadBytes,
  maxEventIdBytes: 1024,
});

/** A cap the stream met; the parser skipped what was over it and reads on. */
export interface SseLimitProblem {
  /**
   * `lineTooLong`: a line over `maxLineLength`; it is skipped and the event it belongs to dropped.
   * `eventTooLarge`: event data over `maxEventLength`; the event is dropped.
   * `idTooLong`: an `id:` over `maxEventIdBytes`; it is ignored, the previous id stays.
   */
  code: 'lineTooLong' | 'eventTooLarge' | 'idTooLong';
  /** The cap that was exceeded. */
  limit: number;
  /** The last event id committed when the problem was met. */
  lastEventId: string;
}

/** Options of {@link createSseParser}. */
export interface SseParserOptions {
  /** The last event id carried over from an earlier connection. */
  lastEventId?: string;
  /** Called as soon as a valid `retry:` field is read, with its value in milliseconds. */
  onRetry?: (ms: number) => void;
  /** Size caps; each defaults to {@link DEFAULT_SSE_LIMITS} (a value that is not a positive number too). */
  limits?: Partial<SseLimits>;
  /** Called once for each line, event or id over a cap. */
  onLimit?: (problem: SseLimitProblem) => void;
}

/** An incremental parser: feed it decoded text in chunks of any size. */
export interface SseParser {
  push(text: string): void;
  /** The stream ended: an event not yet closed by a blank line is discarded. */
  end(): void;
  /** The last event id committed by a dispatch (ids of a discarded event do not count). */
  readonly lastEventId: string;
  /** UTF-16 code units held for the line and the event being read; bounded by the caps. */
  readonly bufferedLength: number;
}

const LF = 10;
const CR = 13;
const BOM = '\uFEFF';

/** A positive number, or undefined. */
function positive(value: unknown): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** The caps to use: each given positive number, a default for anything else. */
function sseLimits(given: Partial<SseLimits> | undefined, defaultEventLength = DEFAULT_SSE_LIMITS.maxEventLength): SseLimits {
  const maxEventLength = positive(given?.maxEventLength) ?? defaultEventLength;
  return {
    maxLineLength: positive(given?.maxLineLength) ?? maxEventLength + SSE_LINE_MARGIN,
    maxEventLength,
    maxEventIdBytes: positive(given?.maxEventIdBytes) ?? DEFAULT_SSE_LIMITS.maxEventIdBytes,
  };
}

/** Whether `text` takes more than `max` bytes in UTF-8, without encoding a long text. */
function utf8LongerThan(text: string, max: number): boolean {
  // A UTF-16 code unit is at least one UTF-8 byte.
  if (text.length > max) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > max) return true;
  }
  return false;
}

/**
 * Creates an event-stream parser. Lines may end in CRLF, LF or CR, also when a chunk boundary
 * falls between the CR and the LF; a leading BOM is dropped; comment lines are ignored.
 *
 * Lines, events and ids are capped ({@link SseLimits}): what is over a cap is skipped without
 * being buffered, reported through `onLimit`, and the stream reads on. The id of a dropped event
 * is still committed, so a reconnection does not ask for the same event again.
 * @example
 * const parser = createSseParser((event) => console.log(event.data));
 * parser.push('data: {"a"'); parser.push(':1}\n\n'); // logs {"a":1}
 */
export function createSseParser(onEvent: (event: SseEvent) => void, options: SseParserOptions = {}): SseParser {
  let partialLine = '';
  let skipLeadingLf = false;
  let atStreamStart = true;
  let data = '';
  let eventType = '';
  let idBuffer = options.lastEventId ?? '';
  let lastEventId = idBuffer;
  const limits = sseLimits(options.limits);
  /** The rest of an over-long line is being skipped, up to its line end. */
  let skippingLine = false;
  /** The event being read met a cap: its data is dropped up to the blank line. */
  let droppingEvent = false;

  function limitMet(code: SseLimitProblem['code'], limit: number): void {
    options.onLimit?.({ code, limit, lastEventId });
  }

  function dropEvent(code: 'lineTooLong' | 'eventTooLarge', limit: number): void {
    data = '';
    eventType = '';
    droppingEvent = true;
    limitMet(code, limit);
  }

  function dispatchEvent(): void {
    lastEventId = idBuffer;
    if (droppingEvent || data === '') {
      droppingEvent = false;
      data = '';
      eventType = '';
      return;
    }
    const event: SseEvent = { type: eventType === '' ? 'message' : eventType, data: data.slice(0, -1), lastEventId };
    data = '';
    eventType = '';
    onEvent(event);
  }

  function processLine(line: string): void {
    if (line === '') {
      dispatchEvent();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        if (droppingEvent) break;
        // The event's data is `data` without its final '\n', so this line makes it this long:
        if (data.length + value.length > limits.maxEventLength) dropEvent('eventTooLarge', limits.maxEventLength);
        else data += `${value}\n`;
        break;
      case 'id':
        if (value.includes('\0')) break;
        if (utf8LongerThan(value, limits.maxEventIdBytes)) limitMet('idTooLong', limits.maxEventIdBytes);
        else idBuffer = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) options.onRetry?.(Number.parseInt(value, 10));
        break;
      default:
        break;
    }
  }

  return {
    push(text) {
      if (text === '') return;
      if (atStreamStart) {
        atStreamStart = false;
        if (text.startsWith(BOM)) text = text.slice(1);
      }
      let start = 0;
      if (skipLeadingLf) {
        skipLeadingLf = false;
        if (text.charCodeAt(0) === LF) start = 1;
      }
      for (let i = start; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code !== LF && code !== CR) continue;
        // An over-long line is neither kept nor read: only its end is looked for.
        const tooLong = !skippingLine && partialLine.length + (i - start) > limits.maxLineLength;
        const line = skippingLine || tooLong ? null : partialLine + text.slice(start, i);
        skippingLine = false;
        partialLine = '';
        if (code === CR) {
          if (i + 1 === text.length) skipLeadingLf = true;
          else if (text.charCodeAt(i + 1) === LF) i++;
        }
        start = i + 1;
        if (tooLong) dropEvent('lineTooLong', limits.maxLineLength);
        if (line !== null) processLine(line);
      }
      if (skippingLine || start === text.length) return;
      if (partialLine.length + (text.length - start) > limits.maxLineLength) {
        partialLine = '';
        skippingLine = true;
        dropEvent('lineTooLong', limits.maxLineLength);
      } else {
        partialLine += text.slice(start);
      }
    },
    end() {
      partialLine = '';
      skipLeadingLf = false;
      atStreamStart = true;
      skippingLine = false;
      droppingEvent = false;
      data = '';
      eventType = '';
      idBuffer = lastEventId;
    },
    get lastEventId() {
      return lastEventId;
    },
    get bufferedLength() {
      return partialLine.length + data.length;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The transport
// ---------------------------------------------------------------------------------------------

export type { TransportMetadata } from './types';

/** The stream's state, in the shape of the `transportStatusChanged` action's payload. */
export type HttpSseStatus = 'connecting' | 'open' | 'closed' | 'error';

/** A problem with one event; the stream goes on. */
export type HttpSseEventError =
  | { code: 'invalidJson'; message: string; data: string; lastEventId: string }
  | { code: 'subscriberThrew'; message: string }
  /** A line, an event or an id over its cap (see {@link SseLimitProblem}); what was over it is skipped. */
  | { code: SseLimitProblem['code']; message: string; limit: number; lastEventId: string }
  /** A `retry:` below `minRetryMs`; the floor is used instead. */
  | { code: 'retryTooShort'; message: string; retryMs: number; appliedMs: number };

type HeaderRecord = Record<string, string>;

/** Options of {@link createHttpSseTransport}. */
export interface HttpSseTransportOptions {
  /** Where the renderer GETs the agent's event stream. */
  streamUrl: string | URL;
  /** Where the renderer POSTs its messages. */
  sendUrl: string | URL;
  /** Extra request headers, or a function returning them before each request (for fresh auth tokens). */
  headers?: HeaderRecord | (() => HeaderRecord | Promise<HeaderRecord>);
  /** Delay before the first reconnection, in ms; a `retry:` field from the server replaces it. Default 1000. */
  initialBackoffMs?: number;
  /**
   * Shortest delay before any reconnection, in ms, whatever `retry:`, `initialBackoffMs` or the
   * jitter say, so a server cannot make the renderer reconnect in a busy loop. Default 100.
   */
  minRetryMs?: number;
  /** Upper bound of the reconnection delay, in ms. Default 30000. */
  maxBackoffMs?: number;
  /** Share of each delay drawn at random and taken off, from 0 (none) to 1. Default 0.2. */
  jitter?: number;
  /**
   * Reconnections allowed in a row while the stream delivers no A2UI payload (JSON that is a
   * message, an array of messages or a `{"messages": [...]}` envelope, each message with
   * `"version": "v1.0"` and a known message kind); once spent, the transport gives up (status
   * `'closed'`). Other events, delivered or not, do not count as progress. Default `Infinity`.
   */
  maxReconnects?: number;
  /**
   * The session's `maxPayloadBytes`, from which the event and line caps are derived (four times
   * it). Default `DEFAULT_SESSION_LIMITS.maxPayloadBytes` (4 MiB).
   */
  maxPayloadBytes?: number;
  /** Longest line of the stream, in UTF-16 code units. Default `maxEventLength` + 64. */
  maxLineLength?: number;
  /** Largest event data, in UTF-16 code units. Default four times `maxPayloadBytes`. */
  maxEventLength?: number;
  /** Longest event id kept and sent back as `Last-Event-ID`, in UTF-8 bytes. Default 1024. */
  maxEventIdBytes?: number;
  /** Event types handed to subscribers; events of other types are ignored. Default `['message']`. */
  eventTypes?: readonly string[];
  /** Reports an event that could not be handed over, or a cap the stream met; the stream goes on. */
  onError?: (error: HttpSseEventError) => void;
  /** Reports the stream's state changes, with a short human-readable detail. */
  onStatus?: (status: HttpSseStatus, detail?: string) => void;
  /** The `fetch` to use. Default `globalThis.fetch`, looked up at each request. */
  fetch?: (input: string | URL, init?: RequestInit) => Promise<Response>;
  /** Schedules a reconnection. Default the global `setTimeout`. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** Cancels what `setTimeout` returned. Default the global `clearTimeout`. */
  clearTimeout?: (handle: unknown) => void;
  /** Source of randomness for the jitter, in [0, 1). Default `Math.random`. */
  random?: () => number;
}

/** The transport {@link createHttpSseTransport} returns. */
export interface HttpSseTransport extends A2uiTransport {
  /** Resolves once the agent answered 2xx; rejects on a network failure or another status. */
  send(message: RendererToAgentMessage, metadata?: TransportMetadata): Promise<void>;
  /** The first subscriber opens the stream, the last one to leave closes it. */
  subscribe(onMessage: (payload: unknown) => void): () => void;
  /** Stops for good: closes the stream, cancels a pending reconnection and aborts pending sends. */
  close(): void;
}

/** One stream session, from the first subscriber to the last one leaving (or `close()`). */
interface StreamRun {
  stopped: boolean;
  abort: AbortController | null;
  timer: unknown;
  wake: (() => void) | null;
}

type Attempt = { kind: 'ended' | 'failed' | 'final'; detail: string; delivered: boolean };


/** Header values are byte strings: a non-ASCII id goes out as its UTF-8 bytes, as `EventSource` sends it. */
function asByteString(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text;
  // One byte at a time: spreading a long array into the call's arguments overflows the stack.
  let bytes = '';
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}

const AGENT_MESSAGE_KINDS = /* @__PURE__ */ Object.keys(AGENT_TO_RENDERER_MESSAGE_SCHEMAS);

/** One message object with this protocol version and a known message kind; not validated further. */
function looksLikeAgentMessage(value: unknown): boolean {
  if (!isPlainObject(value) || value['version'] !== A2UI_VERSION) return false;
  return AGENT_MESSAGE_KINDS.some((kind) => Object.hasOwn(value, kind));
}

/** Whether a parsed event is an A2UI payload: a message, an array of them or a `{messages}` envelope. */
function looksLikeAgentPayload(payload: unknown): boolean {
  const split = splitAgentPayload(payload);
  return split.ok && split.raw.length > 0 && split.raw.every(looksLikeAgentMessage);
}

const LIMIT_TEXT: Record<SseLimitProblem['code'], string> = {
  lineTooLong: 'a line of the stream is longer than the cap; it was skipped and its event dropped',
  eventTooLarge: 'an event is larger than the cap; it was dropped',
  idTooLong: 'an event id is longer than the cap; it was ignored and is not sent back',
};

function isEventStream(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/**
 * Creates the HTTP + SSE client transport.
 *
 * The stream is a `GET streamUrl` read as `text/event-stream`; each event's data is parsed as JSON
 * and handed to the subscribers. When the stream ends or fails, the transport reconnects with
 * exponential backoff and sends `Last-Event-ID` once the server gave an id. A `204 No Content`
 * answer tells it to stop, as for an `EventSource`.
 *
 * `send` POSTs `{"message": …, "metadata": …}` (metadata omitted when absent) as
 * `application/json` to `sendUrl`, one request at a time in call order.
 * @example
 * const transport = createHttpSseTransport({
 *   streamUrl: '/agent/stream',
 *   sendUrl: '/agent/messages',
 *   headers: () => ({ authorization: `Bearer ${token()}` }),
 *   onStatus: (status, detail) => store.dispatch(a2ui.actions.transportStatusChanged({ status, detail })),
 * });
 * sagaMiddleware.run(a2ui.saga, { transport });
 */
export function createHttpSseTransport(options: HttpSseTransportOptions): HttpSseTransport {
  const fetchImpl = options.fetch ?? ((input: string | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const setTimer = options.setTimeout ?? ((callback: () => void, ms: number): unknown => globalThis.setTimeout(callback, ms));
  const clearTimer = options.clearTimeout ?? ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const random = options.random ?? Math.random;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.2));
  const maxReconnects = options.maxReconnects ?? Infinity;
  const eventTypes = new Set(options.eventTypes ?? ['message']);
  const minRetryMs = positive(options.minRetryMs) ?? 100;
  const limits = sseLimits(
    { maxLineLength: options.maxLineLength, maxEventLength: options.maxEventLength, maxEventIdBytes: options.maxEventIdBytes },
    SSE_PAYLOAD_MULTIPLE * (positive(options.maxPayloadBytes) ?? DEFAULT_SESSION_LIMITS.maxPayloadBytes),
  );

  const subscribers = new Set<{ fn: (payload: unknown) => void }>();
  const pendingSends = new Set<AbortController>();
  let baseDelayMs = options.initialBackoffMs ?? 1000;
  let lastEventId = '';
  let run: StreamRun | null = null;
  let closed = false;
  let sendQueue: Promise<unknown> = Promise.resolve();

  // Callbacks belong to the caller; one that throws must not stop the stream.
  function status(value: HttpSseStatus, detail?: string): void {
    try {
      options.onStatus?.(value, detail);
    } catch {
      // ignored on purpose
    }
  }
  function reportEventError(error: HttpSseEventError): void {
    try {
      options.onError?.(error);
    } catch {
      // ignored on purpose
    }
  }

  async function requestHeaders(defaults: HeaderRecord): Promise<Headers> {
    const headers = new Headers(defaults);
    const extra = typeof options.headers === 'function' ? await options.headers() : options.headers;
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    return headers;
  }

  /** Hands the event to the subscribers; true when it was an A2UI payload (progress, for the backoff). */
  function deliver(current: StreamRun, event: SseEvent): boolean {
    if (current.stopped || !eventTypes.has(event.type)) return false;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch (error) {
      reportEventError({ code: 'invalidJson', message: errorText(error), data: event.data, lastEventId: event.lastEventId });
      return false;
    }
    const progress = looksLikeAgentPayload(payload);
    for (const entry of [...subscribers]) {
      if (current.stopped) return progress;
      if (!subscribers.has(entry)) continue;
      try {
        entry.fn(payload);
      } catch (error) {
        reportEventError({ code: 'subscriberThrew', message: errorText(error) });
      }
    }
    return progress;
  }

  function onRetry(ms: number): void {
    if (ms < minRetryMs) {
      const message = `retry: ${ms} is below the ${minRetryMs} ms floor; ${minRetryMs} ms is used`;
      reportEventError({ code: 'retryTooShort', message, retryMs: ms, appliedMs: minRetryMs });
    }
    baseDelayMs = Math.max(minRetryMs, ms);
  }

  /** One connection, from the request to the end of the body. */
  async function connectOnce(current: StreamRun): Promise<Attempt> {
    const controller = new AbortController();
    current.abort = controller;
    let delivered = false;
    let response: Response;
    try {
      const defaults: HeaderRecord = { accept: 'text/event-stream' };
      if (lastEventId !== '') defaults['last-event-id'] = asByteString(lastEventId);
      response = await fetchImpl(options.streamUrl, { method: 'GET', headers: await requestHeaders(defaults), signal: controller.signal });
    } catch (error) {
      return { kind: 'failed', detail: `stream request failed: ${errorText(error)}`, delivered };
    }
    if (response.status === 204) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'final', detail: 'the server answered 204 No Content', delivered };
    }
    if (!response.ok || !isEventStream(response) || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      const detail = !response.ok
        ? `the stream answered ${response.status} ${response.statusText}`.trimEnd()
        : `the stream is not text/event-stream (${response.headers.get('content-type') ?? 'no content-type'})`;
      return { kind: 'failed', detail, delivered };
    }

    const parser = createSseParser(
      (event) => {
        if (deliver(current, event)) delivered = true;
      },
      {
        lastEventId,
        onRetry,
        limits,
        onLimit: (problem) => {
          const message = `${LIMIT_TEXT[problem.code]} (${problem.limit} ${problem.code === 'idTooLong' ? 'bytes' : 'characters'})`;
          reportEventError({ ...problem, message });
        },
      },
    );
    // The parser drops the BOM itself, so the decoder must keep it.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const reader = response.body.getReader();
    status('open');
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || current.stopped) break;
        parser.push(decoder.decode(value, { stream: true }));
        lastEventId = parser.lastEventId;
      }
      parser.end();
      return { kind: 'ended', detail: 'the stream ended', delivered };
    } catch (error) {
      parser.end();
      return { kind: 'failed', detail: `the stream broke: ${errorText(error)}`, delivered };
    } finally {
      lastEventId = parser.lastEventId;
      if (current.stopped) await reader.cancel().catch(() => undefined);
      current.abort = null;
    }
  }

  function sleep(current: StreamRun, ms: number): Promise<void> {
    return new Promise((resolve) => {
      current.wake = () => {
        current.wake = null;
        current.timer = undefined;
        resolve();
      };
      current.timer = setTimer(() => current.wake?.(), ms);
    });
  }

  function backoffDelay(failuresInARow: number): number {
    // The floor holds after the jitter: no reconnection comes sooner than minRetryMs.
    const exponential = Math.min(maxBackoffMs, Math.max(1, baseDelayMs) * 2 ** failuresInARow);
    return Math.max(minRetryMs, Math.round(exponential * (1 - jitter * random())));
  }

  async function runStream(current: StreamRun): Promise<void> {
    let reconnects = 0;
    for (;;) {
      status('connecting', reconnects === 0 ? undefined : `reconnection ${reconnects}`);
      const attempt = await connectOnce(current);
      if (current.stopped) return;
      if (attempt.kind === 'final') {
        status('closed', attempt.detail);
        return;
      }
      status(attempt.kind === 'ended' ? 'closed' : 'error', attempt.detail);
      if (attempt.delivered) reconnects = 0;
      if (reconnects >= maxReconnects) {
        status('closed', `gave up after ${reconnects} reconnection${reconnects === 1 ? '' : 's'}`);
        return;
      }
      await sleep(current, backoffDelay(reconnects));
      if (current.stopped) return;
      reconnects++;
    }
  }

  function startStream(): void {
    const current: StreamRun = { stopped: false, abort: null, timer: undefined, wake: null };
    run = current;
    runStream(current).catch((error: unknown) => {
      // Only a bug can land here; keep it visible through the status.
      if (!current.stopped) status('error', `the stream loop failed: ${errorText(error)}`);
    });
  }

  function stopStream(detail: string): void {
    const current = run;
    if (!current) return;
    run = null;
    current.stopped = true;
    if (current.timer !== undefined) clearTimer(current.timer);
    current.wake?.();
    current.abort?.abort();
    status('closed', detail);
  }

  async function post(message: RendererToAgentMessage, metadata: TransportMetadata | undefined): Promise<void> {
    // A send queued behind others may start after close().
    if (closed) throw new Error('a2ui transport: send after close()');
    const controller = new AbortController();
    pendingSends.add(controller);
    try {
      const body = JSON.stringify(metadata === undefined ? { message } : { message, metadata });
      let response: Response;
      try {
        const headers = await requestHeaders({ 'content-type': 'application/json' });
        response = await fetchImpl(options.sendUrl, { method: 'POST', headers, body, signal: controller.signal });
      } catch (error) {
        throw new Error(`a2ui transport: POST ${String(options.sendUrl)} failed: ${errorText(error)}`, { cause: error });
      }
      // The body is not used; cancelling it lets the connection be reused or freed.
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) {
        throw new Error(`a2ui transport: POST ${String(options.sendUrl)} answered ${response.status} ${response.statusText}`.trimEnd());
      }
    } finally {
      pendingSends.delete(controller);
    }
  }

  return {
    send(message, metadata) {
      if (closed) return Promise.reject(new Error('a2ui transport: send after close()'));
      // Chained so the agent receives the messages in call order, whatever each request's fate.
      const sent = sendQueue.then(() => post(message, metadata));
      sendQueue = sent.catch(() => undefined);
      return sent;
    },
    subscribe(onMessage) {
      if (closed) return () => undefined;
      const entry = { fn: onMessage };
      subscribers.add(entry);
      if (!run) startStream();
      return () => {
        if (!subscribers.delete(entry)) return;
        if (subscribers.size === 0) stopStream('the last subscriber left');
      };
    },
    close() {
      if (closed) return;
      closed = true;
      subscribers.clear();
      stopStream('closed by the renderer');
      for (const controller of pendingSends) controller.abort();
    },
  };
}
