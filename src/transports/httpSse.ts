/**
 * A client transport over plain HTTP: the agent streams to the renderer as Server-Sent Events
 * (read with `fetch`, so it can send headers and runs in Node 20 as well as in browsers), and the
 * renderer posts each message back as JSON. Framing is one A2UI message per SSE event.
 */
import type { RendererToAgentMessage } from '../protocol/rendererToAgent';
import type { A2uiTransport } from './types';
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

/** Options of {@link createSseParser}. */
export interface SseParserOptions {
  /** The last event id carried over from an earlier connection. */
  lastEventId?: string;
  /** Called as soon as a valid `retry:` field is read, with its value in milliseconds. */
  onRetry?: (ms: number) => void;
}

/** An incremental parser: feed it decoded text in chunks of any size. */
export interface SseParser {
  push(text: string): void;
  /** The stream ended: an event not yet closed by a blank line is discarded. */
  end(): void;
  /** The last event id committed by a dispatch (ids of a discarded event do not count). */
  readonly lastEventId: string;
}

const LF = 10;
const CR = 13;
const BOM = '\uFEFF';

/**
 * Creates an event-stream parser. Lines may end in CRLF, LF or CR, also when a chunk boundary
 * falls between the CR and the LF; a leading BOM is dropped; comment lines are ignored.
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

  function dispatchEvent(): void {
    lastEventId = idBuffer;
    if (data === '') {
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
        data += `${value}\n`;
        break;
      case 'id':
        if (!value.includes('\0')) idBuffer = value;
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
        const line = partialLine + text.slice(start, i);
        partialLine = '';
        if (code === CR) {
          if (i + 1 === text.length) skipLeadingLf = true;
          else if (text.charCodeAt(i + 1) === LF) i++;
        }
        start = i + 1;
        processLine(line);
      }
      partialLine += text.slice(start);
    },
    end() {
      partialLine = '';
      skipLeadingLf = false;
      atStreamStart = true;
      data = '';
      eventType = '';
      idBuffer = lastEventId;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The transport
// ---------------------------------------------------------------------------------------------

/** The metadata a renderer→agent message may carry. */
export type TransportMetadata = NonNullable<Parameters<A2uiTransport['send']>[1]>;

/** The stream's state, in the shape of the `transportStatusChanged` action's payload. */
export type HttpSseStatus = 'connecting' | 'open' | 'closed' | 'error';

/** A problem with one event; the stream goes on. */
export type HttpSseEventError =
  | { code: 'invalidJson'; message: string; data: string; lastEventId: string }
  | { code: 'subscriberThrew'; message: string };

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
  /** Upper bound of the reconnection delay, in ms. Default 30000. */
  maxBackoffMs?: number;
  /** Share of each delay drawn at random and taken off, from 0 (none) to 1. Default 0.2. */
  jitter?: number;
  /**
   * Reconnections allowed in a row while the stream delivers no event; once spent, the transport
   * gives up (status `'closed'`). Default `Infinity`.
   */
  maxReconnects?: number;
  /** Event types handed to subscribers; events of other types are ignored. Default `['message']`. */
  eventTypes?: readonly string[];
  /** Reports an event that could not be handed over; the stream goes on. */
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
  return String.fromCharCode(...new TextEncoder().encode(text));
}

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

  function deliver(current: StreamRun, event: SseEvent): void {
    if (current.stopped || !eventTypes.has(event.type)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch (error) {
      reportEventError({ code: 'invalidJson', message: errorText(error), data: event.data, lastEventId: event.lastEventId });
      return;
    }
    for (const entry of [...subscribers]) {
      if (current.stopped) return;
      if (!subscribers.has(entry)) continue;
      try {
        entry.fn(payload);
      } catch (error) {
        reportEventError({ code: 'subscriberThrew', message: errorText(error) });
      }
    }
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
        delivered = true;
        deliver(current, event);
      },
      { lastEventId, onRetry: (ms) => (baseDelayMs = ms) },
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
    // A floor of 1 ms, so `retry: 0` cannot turn repeated failures into a busy loop.
    const exponential = Math.min(maxBackoffMs, Math.max(1, baseDelayMs) * 2 ** failuresInARow);
    return Math.round(exponential * (1 - jitter * random()));
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
