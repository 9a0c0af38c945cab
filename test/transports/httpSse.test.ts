import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  createHttpSseTransport,
  createSseParser,
  DEFAULT_SSE_LIMITS,
  type HttpSseEventError,
  type HttpSseStatus,
  type HttpSseTransport,
  type HttpSseTransportOptions,
  type SseEvent,
  type SseLimitProblem,
  type SseLimits,
} from '../../src/transports/httpSse';
import type { OutboundMessage } from '../../src/model/effects';

/** A well-formed A2UI message: the only kind of event that counts as progress for the backoff. */
const VALID = '{"version":"v1.0","deleteSurface":{"surfaceId":"s"}}';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

function parseAll(chunks: string[], lastEventId?: string) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser((event) => events.push(event), { lastEventId, onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, retries, lastEventId: parser.lastEventId };
}

const STREAM = [
  '\uFEFF: a comment, ignored',
  'retry: 1500',
  'data: {"n":1}',
  '',
  'event: update',
  'data:first',
  'data:  second',
  'id: 7',
  '',
  'data',
  'data',
  '',
  'id: 8',
  '',
  'data: after-id',
  '',
  '',
].join('\n');

const STREAM_EVENTS: SseEvent[] = [
  { type: 'message', data: '{"n":1}', lastEventId: '' },
  { type: 'update', data: 'first\n second', lastEventId: '7' },
  { type: 'message', data: '\n', lastEventId: '7' },
  { type: 'message', data: 'after-id', lastEventId: '8' },
];

describe('createSseParser', () => {
  it('reads fields, comments, multi-line data, ids and retry as the WHATWG algorithm does', () => {
    const result = parseAll([STREAM]);
    expect(result.events).toEqual(STREAM_EVENTS);
    expect(result.retries).toEqual([1500]);
    expect(result.lastEventId).toBe('8');
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('accepts %s line ends', (_name, eol) => {
    expect(parseAll([STREAM.split('\n').join(eol)]).events).toEqual(STREAM_EVENTS);
  });

  it('gives the same events for every split of the stream into two chunks, CRLF included', () => {
    const text = STREAM.split('\n').join('\r\n');
    for (let at = 0; at <= text.length; at++) {
      expect(parseAll([text.slice(0, at), text.slice(at)]).events).toEqual(STREAM_EVENTS);
    }
  });

  it('gives the same events when fed one character at a time, with mixed line ends', () => {
    const mixed = 'data: a\r\ndata: b\rdata: c\n\r\nevent: x\rdata: d\r\r';
    const expected = [
      { type: 'message', data: 'a\nb\nc', lastEventId: '' },
      { type: 'x', data: 'd', lastEventId: '' },
    ];
    expect(parseAll([mixed]).events).toEqual(expected);
    expect(parseAll([...mixed]).events).toEqual(expected);
  });

  it('treats a CR at the end of a chunk and an LF at the start of the next as one line end', () => {
    // Read as two line ends, the LF would make a blank line and dispatch `a` too early.
    const { events } = parseAll(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(events).toEqual([{ type: 'message', data: 'a\nb', lastEventId: '' }]);
  });

  it('discards a final event with no blank line after it, and its id', () => {
    const { events, lastEventId } = parseAll(['data: kept\nid: 1\n\n', 'id: 2\ndata: lost\n']);
    expect(events).toEqual([{ type: 'message', data: 'kept', lastEventId: '1' }]);
    expect(lastEventId).toBe('1');
  });

  it('commits an id even when the event has no data, and ignores ids containing NUL', () => {
    expect(parseAll(['id: 5\n\nid: bad\0id\n\ndata: x\n\n']).events).toEqual([{ type: 'message', data: 'x', lastEventId: '5' }]);
    expect(parseAll(['id\n\ndata: x\n\n'], 'old').events).toEqual([{ type: 'message', data: 'x', lastEventId: '' }]);
  });

  it('carries an earlier last event id, ignores retry values that are not digits and unknown fields', () => {
    const { events, retries } = parseAll(['retry: 10ms\nretry: -5\nretry:\nretry: 25\nfoo: bar\ndata: x\n\n'], 'prev');
    expect(events).toEqual([{ type: 'message', data: 'x', lastEventId: 'prev' }]);
    expect(retries).toEqual([25]);
  });

  it('drops one BOM at the start only, and strips a single space after the colon', () => {
    const { events } = parseAll(['\uFEFF', 'data:\uFEFFx\ndata:   y\n\n']);
    expect(events).toEqual([{ type: 'message', data: '\uFEFFx\n  y', lastEventId: '' }]);
  });

  it('resets the event type after each dispatch', () => {
    const { events } = parseAll(['event: a\ndata: 1\n\ndata: 2\n\nevent: b\n\ndata: 3\n\n']);
    expect(events.map((e) => e.type)).toEqual(['a', 'message', 'message']);
  });
});

// ---------------------------------------------------------------------------------------------
// The parser's caps (hostile streams)
// ---------------------------------------------------------------------------------------------

function parseCapped(chunks: string[], limits: Partial<SseLimits>) {
  const events: SseEvent[] = [];
  const problems: SseLimitProblem[] = [];
  const parser = createSseParser((event) => events.push(event), { limits, onLimit: (problem) => problems.push(problem) });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, problems, lastEventId: parser.lastEventId };
}

describe('createSseParser: caps', () => {
  it('skips a 128 MiB line without a line end unbuffered, reports it once, and reads on', () => {
    const problems: SseLimitProblem[] = [];
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event), { onLimit: (problem) => problems.push(problem) });
    const chunk = 'x'.repeat(64 * 1024);
    let mostBuffered = 0;
    parser.push('data: ');
    for (let i = 0; i < 2048; i++) {
      parser.push(chunk);
      mostBuffered = Math.max(mostBuffered, parser.bufferedLength);
    }
    expect(mostBuffered).toBeLessThanOrEqual(DEFAULT_SSE_LIMITS.maxLineLength);
    expect(parser.bufferedLength).toBe(0);
    parser.push('\n\ndata: after\n\n');
    expect(events).toEqual([{ type: 'message', data: 'after', lastEventId: '' }]);
    expect(problems).toEqual([{ code: 'lineTooLong', limit: DEFAULT_SSE_LIMITS.maxLineLength, lastEventId: '' }]);
  });

  it('keeps a line at the cap and skips a longer one with its event, for every split into two chunks', () => {
    // maxLineLength 10: `data: 1234` is 10 long, `data: 12345` 11.
    const text = 'data: 1234\r\n\r\ndata: a\ndata: 12345\ndata: b\n\nid: 7\n\nxxxxxxxxxxxxxxxxxxxx\rdata: c\r\rdata: d\n\n';
    const expected = {
      events: [
        { type: 'message', data: '1234', lastEventId: '' },
        { type: 'message', data: 'd', lastEventId: '7' },
      ],
      problems: [
        { code: 'lineTooLong', limit: 10, lastEventId: '' },
        { code: 'lineTooLong', limit: 10, lastEventId: '7' },
      ],
      lastEventId: '7',
    };
    for (let at = 0; at <= text.length; at++) {
      expect(parseCapped([text.slice(0, at), text.slice(at)], { maxLineLength: 10 })).toEqual(expected);
    }
  });

  it('drops an event whose data is over the cap, counting every data line, and still commits its id', () => {
    const { events, problems, lastEventId } = parseCapped(
      ['id: 1\ndata: 12345\ndata: 67890\ndata: more\n\n', 'id: 2\ndata: 1234\ndata: 12345\n\n', 'data: 12345678901\n\n'],
      { maxEventLength: 10 },
    );
    // 11 and 10 characters: the first is dropped, the second kept; the last is 11 again.
    expect(events).toEqual([{ type: 'message', data: '1234\n12345', lastEventId: '2' }]);
    expect(problems).toEqual([
      { code: 'eventTooLarge', limit: 10, lastEventId: '' },
      { code: 'eventTooLarge', limit: 10, lastEventId: '2' },
    ]);
    expect(lastEventId).toBe('2');
  });

  it('ignores an id longer than the cap in UTF-8 bytes and keeps the previous one', () => {
    const stream = ['abcd', 'abcde', 'éé', 'ééa', '😀', 'a😀'].map((id) => `id: ${id}\ndata: ${id}\n\n`).join('');
    const { events, problems } = parseCapped([stream], { maxEventIdBytes: 4 });
    expect(events.map((event) => [event.data, event.lastEventId])).toEqual([
      ['abcd', 'abcd'],
      ['abcde', 'abcd'],
      ['éé', 'éé'],
      ['ééa', 'éé'],
      ['😀', '😀'],
      ['a😀', '😀'],
    ]);
    expect(problems.map((problem) => problem.code)).toEqual(['idTooLong', 'idTooLong', 'idTooLong']);
  });

  it('keeps the defaults for caps that are not positive numbers', () => {
    const big = 'x'.repeat(5000);
    const { events, problems } = parseCapped([`data: ${big}\n\n`], { maxLineLength: 0, maxEventLength: Number.NaN, maxEventIdBytes: -1 });
    expect(events.map((event) => event.data.length)).toEqual([5000]);
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The transport against a real agent server
// ---------------------------------------------------------------------------------------------

interface StreamRequest {
  headers: http.IncomingHttpHeaders;
  at: number;
}
interface PostRecord {
  body: unknown;
  headers: http.IncomingHttpHeaders;
  arrivedAt: number;
  answeredAt?: number;
}
type StreamHandler = (res: http.ServerResponse, index: number) => void | Promise<void>;
type PostHandler = (res: http.ServerResponse, post: PostRecord, index: number) => void | Promise<void>;

let server: http.Server;
let baseUrl: string;
// Sockets that carried a request and are still open. Node's fetch (undici) may open a spare idle
// connection after a request is aborted; that one carries nothing and closes with the server.
const busySockets = new Set<Socket>();
let streamRequests: StreamRequest[] = [];
let posts: PostRecord[] = [];
let streamHandler: StreamHandler;
let postHandler: PostHandler;
let openTransports: HttpSseTransport[] = [];

function openStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

/** Writes the chunks with a pause between them, so the client reads them separately. */
async function writeChunks(res: http.ServerResponse, chunks: string[]): Promise<void> {
  for (const chunk of chunks) {
    if (res.destroyed) return;
    res.write(chunk);
    await sleep(5);
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // One request per connection, so a closed transport leaves no socket behind.
    res.setHeader('connection', 'close');
    const socket = req.socket;
    if (!busySockets.has(socket)) {
      busySockets.add(socket);
      socket.on('close', () => busySockets.delete(socket));
    }
    if (req.method === 'GET' && req.url === '/stream') {
      const index = streamRequests.push({ headers: req.headers, at: Date.now() }) - 1;
      void streamHandler(res, index);
      return;
    }
    if (req.method === 'POST' && req.url === '/messages') {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        const post: PostRecord = { body: JSON.parse(text), headers: req.headers, arrivedAt: Date.now() };
        const index = posts.push(post) - 1;
        res.on('finish', () => (post.answeredAt = Date.now()));
        void postHandler(res, post, index);
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  streamRequests = [];
  posts = [];
  streamHandler = (res) => void res.writeHead(204).end();
  postHandler = (res) => void res.writeHead(202).end();
});

afterEach(async () => {
  for (const transport of openTransports) transport.close();
  openTransports = [];
  await waitFor(() => busySockets.size === 0, 'every socket to close');
});

afterAll(async () => {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  server.closeAllConnections();
  await closed;
});

function makeTransport(overrides: Partial<HttpSseTransportOptions> = {}) {
  const statuses: Array<[HttpSseStatus, string | undefined]> = [];
  const errors: HttpSseEventError[] = [];
  const transport = createHttpSseTransport({
    streamUrl: `${baseUrl}/stream`,
    sendUrl: `${baseUrl}/messages`,
    initialBackoffMs: 10,
    maxBackoffMs: 80,
    minRetryMs: 1,
    jitter: 0,
    onStatus: (status, detail) => statuses.push([status, detail]),
    onError: (error) => errors.push(error),
    ...overrides,
  });
  openTransports.push(transport);
  return { transport, statuses, errors };
}

const message = (n: number): OutboundMessage => ({ version: 'v1.0', action: { name: `a${n}`, surfaceId: 's', sourceComponentId: 'c', timestamp: 't', context: {} } });

describe('createHttpSseTransport: the stream', () => {
  it('delivers parsed messages in order, then reconnects after `retry:` with Last-Event-ID', async () => {
    streamHandler = async (res, index) => {
      openStream(res);
      if (index === 0) {
        await writeChunks(res, [
          ': welcome\n\n',
          'retry: 40\n',
          'data: {"version":"v1.0","n":1}\n\n',
          'data: {"version":"v1.0",\ndata:  "n":2}\n\n',
          'event: ping\ndata: keep-alive, not JSON\n\n',
          'id: evt-3\ndata: {"version":"v1.0","n":3}\n',
          '\n: bye\n',
        ]);
        res.end();
      } else {
        await writeChunks(res, ['event: message\ndata: {"version":"v1.0","n":4}\n\n']);
        // Held open until the client leaves.
      }
    };
    let token = 0;
    const { transport, statuses, errors } = makeTransport({ headers: () => ({ authorization: `Bearer t${++token}` }) });
    const received: unknown[] = [];
    const unsubscribe = transport.subscribe((payload) => received.push(payload));

    await waitFor(() => received.length === 4, 'four messages');
    expect(received).toEqual([1, 2, 3, 4].map((n) => ({ version: 'v1.0', n })));
    expect(errors).toEqual([]);

    const [first, second] = streamRequests;
    expect(first!.headers.accept).toBe('text/event-stream');
    expect(first!.headers['last-event-id']).toBeUndefined();
    expect(first!.headers.authorization).toBe('Bearer t1');
    expect(second!.headers['last-event-id']).toBe('evt-3');
    expect(second!.headers.authorization).toBe('Bearer t2');
    // retry: 40 replaced the 10 ms initial backoff.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(40);

    unsubscribe();
    await waitFor(() => busySockets.size === 0, 'the stream socket to close');
    expect(statuses).toEqual([
      ['connecting', undefined],
      ['open', undefined],
      ['closed', 'the stream ended'],
      ['connecting', 'reconnection 1'],
      ['open', undefined],
      ['closed', 'the last subscriber left'],
    ]);
  });

  it('reports malformed JSON and skips it, and keeps serving other subscribers when one throws', async () => {
    streamHandler = async (res) => {
      openStream(res);
      await writeChunks(res, ['id: 1\ndata: {oops\n\n', 'data: {"ok":true}\n\n']);
    };
    const { transport, errors } = makeTransport();
    const received: unknown[] = [];
    transport.subscribe(() => {
      throw new Error('subscriber bug');
    });
    transport.subscribe((payload) => received.push(payload));

    await waitFor(() => received.length === 1, 'the valid message');
    expect(received).toEqual([{ ok: true }]);
    expect(errors).toEqual([
      { code: 'invalidJson', message: expect.any(String), data: '{oops', lastEventId: '1' },
      { code: 'subscriberThrew', message: 'subscriber bug' },
    ]);
  });

  it('close() during the backoff stops reconnecting for good', async () => {
    streamHandler = (res) => {
      openStream(res);
      res.end('data: 1\n\n');
    };
    const { transport, statuses } = makeTransport({ initialBackoffMs: 250 });
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));
    await waitFor(() => statuses.some(([, detail]) => detail === 'the stream ended'), 'the first stream to end');

    transport.close();
    await sleep(300);
    expect(streamRequests).toHaveLength(1);
    expect(received).toEqual([1]);
    expect(statuses.at(-1)).toEqual(['closed', 'closed by the renderer']);

    // Closed is final: a new subscriber opens nothing.
    transport.subscribe(() => undefined);
    await sleep(30);
    expect(streamRequests).toHaveLength(1);
  });

  it('close() while the stream is open drops the connection, and later events are not delivered', async () => {
    let serverSawClose = false;
    streamHandler = (res) => {
      openStream(res);
      res.write('data: "first"\n\n');
      res.on('close', () => (serverSawClose = true));
    };
    const { transport } = makeTransport();
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));
    await waitFor(() => received.length === 1, 'the first event');

    transport.close();
    await waitFor(() => serverSawClose && busySockets.size === 0, 'the server to see the client leave');
    await sleep(50);
    expect(streamRequests).toHaveLength(1);
    expect(received).toEqual(['first']);
  });

  it('opens a new stream for a new subscriber after the last one left, resuming from the last id', async () => {
    streamHandler = (res, index) => {
      openStream(res);
      res.write(`id: é€${index}\ndata: ${index}\n\n`);
    };
    const { transport } = makeTransport();
    const received: unknown[] = [];
    const leave = transport.subscribe((payload) => received.push(payload));
    await waitFor(() => received.length === 1, 'the first event');
    leave();
    await waitFor(() => busySockets.size === 0, 'the first stream to close');

    transport.subscribe((payload) => received.push(payload));
    await waitFor(() => received.length === 2, 'the second event');
    expect(received).toEqual([0, 1]);
    // A non-ASCII id travels as its UTF-8 bytes; Node reads header bytes as Latin-1.
    expect(Buffer.from(streamRequests[1]!.headers['last-event-id'] as string, 'latin1').toString('utf8')).toBe('é€0');
  });

  it('backs off on failed connections and gives up after maxReconnects', async () => {
    streamHandler = (res) => void res.writeHead(500).end('agent down');
    const { transport, statuses } = makeTransport({ maxReconnects: 2 });
    transport.subscribe(() => undefined);

    await waitFor(() => statuses.some(([, detail]) => detail?.startsWith('gave up') ?? false), 'the transport to give up');
    await sleep(60);
    expect(streamRequests).toHaveLength(3);
    expect(statuses.filter(([status]) => status === 'error')).toEqual([
      ['error', 'the stream answered 500 Internal Server Error'],
      ['error', 'the stream answered 500 Internal Server Error'],
      ['error', 'the stream answered 500 Internal Server Error'],
    ]);
    expect(statuses.at(-1)).toEqual(['closed', 'gave up after 2 reconnections']);
    expect(streamRequests[2]!.at - streamRequests[1]!.at).toBeGreaterThanOrEqual(20);
  });

  it('stops for good when the server answers 204 No Content', async () => {
    const { transport, statuses } = makeTransport();
    transport.subscribe(() => undefined);
    await waitFor(() => statuses.length === 2, 'two statuses');
    await sleep(50);
    expect(streamRequests).toHaveLength(1);
    expect(statuses).toEqual([
      ['connecting', undefined],
      ['closed', 'the server answered 204 No Content'],
    ]);
  });

  it('treats a response that is not an event stream as a failure', async () => {
    streamHandler = (res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const { transport, statuses } = makeTransport({ maxReconnects: 0 });
    transport.subscribe(() => undefined);
    await waitFor(() => statuses.at(-1)?.[0] === 'closed', 'the transport to give up');
    expect(statuses).toEqual([
      ['connecting', undefined],
      ['error', 'the stream is not text/event-stream (application/json)'],
      ['closed', 'gave up after 0 reconnections'],
    ]);
  });
});

describe('createHttpSseTransport: backoff with injected fetch and timers', () => {
  it('doubles the delay up to the maximum, takes the jitter off, and resets after a delivered event', async () => {
    const timers: Array<{ ms: number; run: () => void }> = [];
    let calls = 0;
    const fetch = async (): Promise<Response> => {
      calls++;
      // The fourth connection delivers an A2UI message, then ends.
      if (calls === 4) return new Response(`data: ${VALID}\n\n`, { headers: { 'content-type': 'text/event-stream' } });
      return new Response(null, { status: 503 });
    };
    const transport = createHttpSseTransport({
      streamUrl: 'http://agent.invalid/stream',
      sendUrl: 'http://agent.invalid/messages',
      fetch,
      setTimeout: (run, ms) => timers.push({ ms, run }),
      clearTimeout: () => undefined,
      initialBackoffMs: 100,
      maxBackoffMs: 300,
      minRetryMs: 1,
      jitter: 0.5,
      random: () => 0.5,
    });
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));

    for (let i = 0; i < 5; i++) {
      await waitFor(() => timers.length === i + 1, `timer ${i + 1}`);
      timers[i]!.run();
    }
    // 100, 200, 300 (capped), then back to 100 after the delivered event; each minus 25 %.
    expect(timers.slice(0, 5).map((t) => t.ms)).toEqual([75, 150, 225, 75, 150]);
    expect(received).toEqual([JSON.parse(VALID)]);
    transport.close();
  });

  it('close() clears the pending timer', async () => {
    const cleared: unknown[] = [];
    const transport = createHttpSseTransport({
      streamUrl: 'http://agent.invalid/stream',
      sendUrl: 'http://agent.invalid/messages',
      fetch: async () => new Response(null, { status: 503 }),
      setTimeout: () => 'handle-1',
      clearTimeout: (handle) => cleared.push(handle),
    });
    transport.subscribe(() => undefined);
    await sleep(10);
    transport.close();
    expect(cleared).toEqual(['handle-1']);
  });
});

describe('createHttpSseTransport: send', () => {
  it('POSTs {message, metadata} as JSON with the extra headers, omitting absent metadata', async () => {
    const { transport } = makeTransport({ headers: { authorization: 'Bearer abc', 'Content-Type': 'application/json; charset=utf-8' } });
    const metadata = { a2uiRendererDataModel: { version: 'v1.0' as const, surfaces: { s: { name: 'Ada' } } } };

    await transport.send(message(1), metadata);
    await transport.send(message(2));

    expect(posts.map((p) => p.body)).toEqual([{ message: message(1), metadata }, { message: message(2) }]);
    expect(posts[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(posts[0]!.headers.authorization).toBe('Bearer abc');
    expect(streamRequests).toHaveLength(0);
  });

  it('sets content-type application/json by default', async () => {
    const { transport } = makeTransport({ headers: undefined });
    await transport.send(message(1));
    expect(posts[0]!.headers['content-type']).toBe('application/json');
  });

  it('rejects with the status when the agent does not answer 2xx', async () => {
    postHandler = (res) => void res.writeHead(500).end('nope');
    const { transport } = makeTransport();
    await expect(transport.send(message(1))).rejects.toThrow(/answered 500 Internal Server Error/);
  });

  it('rejects on a network failure', async () => {
    const transport = createHttpSseTransport({
      streamUrl: 'http://agent.invalid/stream',
      sendUrl: 'http://agent.invalid/messages',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(transport.send(message(1))).rejects.toThrow('a2ui transport: POST http://agent.invalid/messages failed: fetch failed');
  });

  it('delivers sends one at a time, in call order, even when a request fails', async () => {
    postHandler = async (res, _post, index) => {
      if (index === 0) await sleep(40);
      res.writeHead(index === 1 ? 500 : 200).end();
    };
    const { transport } = makeTransport();
    const outcomes = await Promise.allSettled([transport.send(message(1)), transport.send(message(2)), transport.send(message(3))]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(posts.map((p) => (p.body as { message: { action: { name: string } } }).message.action.name)).toEqual(['a1', 'a2', 'a3']);
    expect(posts[1]!.arrivedAt).toBeGreaterThanOrEqual(posts[0]!.answeredAt!);
  });

  it('rejects sends after close(), aborting the pending one and dropping the queued ones', async () => {
    postHandler = () => undefined; // never answers
    const { transport } = makeTransport();
    const pending = transport.send(message(1));
    const queued = transport.send(message(2));
    await waitFor(() => posts.length === 1, 'the POST to arrive');
    transport.close();
    await expect(pending).rejects.toThrow(/failed/);
    await expect(queued).rejects.toThrow('a2ui transport: send after close()');
    await expect(transport.send(message(3))).rejects.toThrow('a2ui transport: send after close()');
    await sleep(20);
    expect(posts).toHaveLength(1);
  });
});

describe('createHttpSseTransport: hostile streams', () => {
  const MiB = 1024 * 1024;
  const codesAndLimits = (errors: HttpSseEventError[]) => errors.map((error) => ('limit' in error ? [error.code, error.limit] : [error.code]));

  it('drops an event over the default cap (4 × maxPayloadBytes) without parsing it, and reads on', async () => {
    // 17 data lines of 1 MiB: valid JSON once joined, 17 MiB in all.
    const line = `"${'x'.repeat(MiB - 3)}",`;
    streamHandler = async (res) => {
      openStream(res);
      res.write('data: [\n');
      for (let i = 0; i < 17; i++) res.write(`data: ${line}\n`);
      res.write('data: 0]\n\n');
      await writeChunks(res, [`data: ${VALID}\n\n`]);
    };
    const { transport, errors } = makeTransport();
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));

    await waitFor(() => received.length > 0 || errors.length > 1, 'the message after the big event', 15_000);
    // Only the small message is handed on; the big event is reported, not parsed.
    expect(received.map((payload) => (Array.isArray(payload) ? `array of ${payload.length}` : payload))).toEqual([JSON.parse(VALID)]);
    expect(codesAndLimits(errors)).toEqual([['eventTooLarge', 16 * MiB]]);
  }, 30_000);

  it('derives the caps from maxPayloadBytes: an event at the cap passes, one over it and an endless line do not', async () => {
    // maxPayloadBytes 1000: events up to 4000 characters, lines up to 4064.
    const atCap = JSON.stringify('y'.repeat(3998));
    streamHandler = async (res) => {
      openStream(res);
      await writeChunks(res, [`data: ${atCap}\n\n`, `data: ${JSON.stringify('z'.repeat(3999))}\n\n`, 'data: ']);
      // 1 MiB with no line end, in 16 writes.
      await writeChunks(res, Array.from({ length: 16 }, () => 'w'.repeat(64 * 1024)));
      await writeChunks(res, ['\n\n', `data: ${VALID}\n\n`]);
    };
    const { transport, errors } = makeTransport({ maxPayloadBytes: 1000 });
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));

    await waitFor(() => received.length === 2, 'two messages', 10_000);
    expect(received).toEqual([JSON.parse(atCap), JSON.parse(VALID)]);
    expect(codesAndLimits(errors)).toEqual([
      ['eventTooLarge', 4000],
      ['lineTooLong', 4064],
    ]);
  });

  it('explicit caps override the ones derived from maxPayloadBytes', async () => {
    streamHandler = async (res) => {
      openStream(res);
      await writeChunks(res, [
        `data: ${JSON.stringify('a'.repeat(80))}\n\n`,
        `: ${'c'.repeat(128)}\n\n`,
        `data: ${JSON.stringify('b'.repeat(30))}\n\n`,
        `data: ${VALID}\n\n`,
      ]);
    };
    const { transport, errors } = makeTransport({ maxPayloadBytes: 1000, maxEventLength: 70, maxLineLength: 120 });
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));

    await waitFor(() => received.length === 2, 'two messages');
    expect(received).toEqual(['b'.repeat(30), JSON.parse(VALID)]);
    expect(codesAndLimits(errors)).toEqual([
      ['eventTooLarge', 70],
      ['lineTooLong', 120],
    ]);
  });

  it('floors `retry: 0` at 100 ms by default: no busy reconnection loop', async () => {
    // Every connection sends retry: 0 and a well-formed message, then ends.
    streamHandler = (res) => {
      openStream(res);
      res.end(`retry: 0\ndata: ${VALID}\n\n`);
    };
    const delays: number[] = [];
    const { transport, errors } = makeTransport({
      minRetryMs: undefined,
      setTimeout: (run, ms) => {
        delays.push(ms);
        return setTimeout(run, ms);
      },
    });
    transport.subscribe(() => undefined);

    await waitFor(() => streamRequests.length >= 4, 'four connections');
    transport.close();
    expect(delays.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100);
    // Load can only stretch the gaps; without the floor they were about 2 ms.
    const at = streamRequests.map((request) => request.at);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(90);
    expect(errors[0]).toEqual({ code: 'retryTooShort', message: expect.stringContaining('retry: 0'), retryMs: 0, appliedMs: 100 });
  });

  it('a retry below a configured floor is raised to it, and the backoff grows from there', async () => {
    streamHandler = (res) => void res.writeHead(200, { 'content-type': 'text/event-stream' }).end('retry: 5\n\n');
    const delays: number[] = [];
    const { transport } = makeTransport({
      minRetryMs: 30,
      maxBackoffMs: 1000,
      maxReconnects: 3,
      setTimeout: (run, ms) => {
        delays.push(ms);
        return setTimeout(run, ms);
      },
    });
    transport.subscribe(() => undefined);
    await waitFor(() => delays.length === 3, 'three delays');
    expect(delays).toEqual([30, 60, 120]);
  });

  it('events that are not A2UI payloads are no progress: maxReconnects still gives up', async () => {
    // Each connection delivers only events that are not well-formed A2UI payloads, then ends.
    const notProgress = [
      'data: not json',
      'data: 1',
      'data: "text"',
      'data: {"n":1}',
      'data: []',
      'data: {"messages":[]}',
      'data: {"messages":[{"version":"v1.0"}]}',
      'data: {"version":"v1.0"}',
      'data: {"version":"v0.9","deleteSurface":{"surfaceId":"s"}}',
      `data: [${VALID},{"version":"v1.0","n":2}]`,
      `event: ping\ndata: ${VALID}`,
    ];
    streamHandler = (res) => {
      openStream(res);
      res.end(notProgress.map((event) => `${event}\n\n`).join(''));
    };
    const { transport, statuses } = makeTransport({ maxReconnects: 3 });
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));

    await waitFor(() => statuses.at(-1)?.[1]?.startsWith('gave up') ?? false, 'the transport to give up', 5000);
    expect(statuses.at(-1)).toEqual(['closed', 'gave up after 3 reconnections']);
    expect(streamRequests).toHaveLength(4);
    // They are still handed on (the session reports them); they just do not reset the backoff.
    expect(received).toHaveLength(4 * 9);
  });

  it('a well-formed message, array or {messages} envelope is progress: the count of reconnections starts over', async () => {
    const progress = [VALID, `[${VALID},${VALID}]`, `{"messages":[${VALID}]}`];
    streamHandler = (res, index) => {
      openStream(res);
      res.end(`data: ${progress[index % progress.length]}\n\n`);
    };
    const { transport, statuses } = makeTransport({ maxReconnects: 1 });
    transport.subscribe(() => undefined);

    await waitFor(() => streamRequests.length >= 7, 'seven connections', 5000);
    transport.close();
    expect(statuses.filter(([, detail]) => detail?.startsWith('gave up') ?? false)).toEqual([]);
  });

  it.each([
    ['ASCII', 'a'.repeat(200_000)],
    ['non-ASCII', 'é'.repeat(200_000)],
  ])('a %s event id of 200,000 characters is ignored and reported; reconnections send the last id within the cap', async (_name, longId) => {
    const atCap = 'k'.repeat(DEFAULT_SSE_LIMITS.maxEventIdBytes);
    streamHandler = async (res, index) => {
      openStream(res);
      if (index === 0) {
        res.end(`id: ${atCap}\ndata: ${VALID}\n\nid: ${longId}\ndata: ${VALID}\n\n`);
        return;
      }
      await writeChunks(res, [`data: ${VALID}\n\n`]);
      if (index === 1) res.end();
    };
    const { transport, statuses, errors } = makeTransport();
    const received: unknown[] = [];
    transport.subscribe((payload) => received.push(payload));

    await waitFor(() => streamRequests.length === 3 && received.length === 4, 'three connections and four messages');
    expect(streamRequests.slice(1).map((request) => request.headers['last-event-id'])).toEqual([atCap, atCap]);
    expect(statuses.filter(([status]) => status === 'error')).toEqual([]);
    expect(codesAndLimits(errors)).toEqual([['idTooLong', 1024]]);
    expect(errors[0]).toMatchObject({ lastEventId: atCap });
  });
});
