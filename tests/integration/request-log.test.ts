import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type ErrorRequestHandler, type Express } from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../server/definition/logger.ts';
import { requestLog } from '../../server/edge/request-log.ts';
import { setRouteFacts } from '../../server/monitoring/report-error.ts';
import { listen, type RunningServer } from '../helpers/listen.ts';
import { type LogEntry, memoryLogger } from '../helpers/memory-logger.ts';
import { streamedRequest } from '../helpers/streamed-request.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const USER_AGENT = 'request-log-test/1.0';
/** Chunks of the streamed response: ASCII, multi-byte UTF-8 and a Buffer, so bytes differ from characters. */
const STREAMED_CHUNKS = [
  '<p>first chunk</p>\n',
  '<p>ünïcödé — 🛒</p>\n',
  Buffer.from([0xe2, 0x82, 0xac, 0x0a]),
];
const STREAMED_BYTES = STREAMED_CHUNKS.reduce((total, chunk) => total + Buffer.byteLength(chunk), 0);
const PIPED_CHUNKS = ['one ', 'two ', 'thrée'];

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The app under test: the middleware first, then routes standing for the pipeline's kinds of responses. */
function testApp(logger: Logger, hooks: { hang?: Promise<void>; hanging?: () => void } = {}): Express {
  const app = express();
  const logRequest = requestLog(logger, app);
  app.use((request, response, next) => {
    logRequest(request, response);
    next();
  });
  app.get('/page', (_request, response) => {
    response.cookie('session', 'secret-value', { httpOnly: true });
    response.type('html').send('<h1>page</h1>');
  });
  app.get('/products/:id', (request, response) => {
    setRouteFacts(request, { routePattern: '/products/:id', locale: 'en' });
    response.type('text').send(`product ${request.params.id}`);
  });
  app.get('/stream', async (_request, response) => {
    response.type('html');
    for (const chunk of STREAMED_CHUNKS) {
      response.write(chunk);
      await new Promise((done) => setTimeout(done, 5));
    }
    response.end();
  });
  app.get('/piped', async (_request, response) => {
    response.type('text');
    await pipeline(Readable.from(PIPED_CHUNKS), response);
  });
  app.get('/slow', async (_request, response) => {
    await new Promise((done) => setTimeout(done, 60));
    response.send('slow');
  });
  app.post('/cart', (_request, response) => {
    response.status(303).location('/cart').send();
  });
  app.get('/fail', () => {
    throw new Error('boom');
  });
  // Writes a first chunk, then waits (for the client to go away).
  app.get('/hang-streaming', async (_request, response) => {
    response.type('html').write('<p>shell</p>');
    await hooks.hang;
    response.end();
  });
  // Never answers until released.
  app.get('/hang', async (_request, response) => {
    hooks.hanging?.();
    await hooks.hang;
    if (!response.destroyed) response.send('late');
  });
  const handleError: ErrorRequestHandler = (_error, _request, response, _next) => {
    response.status(500).type('text').send('error');
  };
  app.use(handleError);
  return app;
}

/** Waits for the request log line of `requestId` (written on 'finish', which may come after the client's end). */
async function entryFor(entries: () => LogEntry[], requestId: string): Promise<LogEntry> {
  return vi.waitFor(
    () => {
      const entry = entries().find((candidate) => candidate.requestId === requestId);
      if (!entry) throw new Error(`no log line for request ${requestId}`);
      return entry;
    },
    { timeout: 2_000, interval: 5 },
  );
}

function expectRequestLine(entry: LogEntry) {
  expect(entry).toMatchObject({ msg: 'request', pid: process.pid });
  expect(entry.level).toMatch(/^(info|warn)$/);
  expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
  expect(entry.requestId).toEqual(expect.any(String));
  expect(entry.method).toEqual(expect.any(String));
  expect(entry.path).toEqual(expect.any(String));
  expect(entry.durationMs).toBeGreaterThanOrEqual(0);
  expect(Number.isInteger(entry.bytes)).toBe(true);
  expect(typeof entry.aborted).toBe('boolean');
}

describe('requestLog', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('writes one JSON line per request with id, method, path, status, duration, bytes and user agent', async () => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/page').set('User-Agent', USER_AGENT);

    const requestId = response.headers['x-request-id'] as string;
    expect(requestId).toMatch(UUID);
    const entry = await entryFor(entries, requestId);
    expectRequestLine(entry);
    expect(entry).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/page',
      status: 200,
      bytes: Number(response.headers['content-length']),
      userAgent: USER_AGENT,
      aborted: false,
    });
    expect(entry).not.toHaveProperty('route');
    expect(entries()).toHaveLength(1);
  });

  it('logs the route pattern the pipeline set', async () => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/products/42');
    const entry = await entryFor(entries, response.headers['x-request-id'] as string);
    expect(entry).toMatchObject({ path: '/products/42', route: '/products/:id', status: 200 });
  });

  it('counts the bytes of a response streamed in several chunks (no Content-Length)', async () => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/stream').buffer(true);

    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(Buffer.byteLength(response.text)).toBe(STREAMED_BYTES);
    const entry = await entryFor(entries, response.headers['x-request-id'] as string);
    expectRequestLine(entry);
    expect(entry).toMatchObject({ status: 200, bytes: STREAMED_BYTES, aborted: false });
  });

  it('counts the bytes of a piped stream', async () => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/piped');
    expect(response.text).toBe(PIPED_CHUNKS.join(''));
    const entry = await entryFor(entries, response.headers['x-request-id'] as string);
    expect(entry.bytes).toBe(Buffer.byteLength(PIPED_CHUNKS.join('')));
  });

  it.each(['/page', '/stream'])('counts no bytes for HEAD %s, whose body Node never sends', async (path) => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).head(path);
    expect(response.status).toBe(200);
    const entry = await entryFor(entries, response.headers['x-request-id'] as string);
    expect(entry).toMatchObject({ method: 'HEAD', status: 200, bytes: 0 });
  });

  it('measures the duration', async () => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/slow');
    const entry = await entryFor(entries, response.headers['x-request-id'] as string);
    expect(entry.durationMs).toBeGreaterThanOrEqual(55);
    expect(entry.durationMs).toBeLessThan(2_000);
  });

  it('keeps the query of a GET', async () => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/page?sort=price&page=2');
    const entry = await entryFor(entries, response.headers['x-request-id'] as string);
    expect(entry.path).toBe('/page?sort=price&page=2');
  });

  it('never logs cookies, Authorization, Set-Cookie, or the query of a POST', async () => {
    const { logger, text, entries } = memoryLogger();
    const app = testApp(logger);
    const secrets = {
      Cookie: 'session=secret-value; other=hidden-value',
      Authorization: 'Bearer secret-token',
      'User-Agent': USER_AGENT,
    };
    const post = await request(app).post('/cart?secret=1').set(secrets).type('form').send('item=secret-item');
    const get = await request(app).get('/page').set(secrets);
    expect(get.headers['set-cookie']?.[0]).toContain('secret-value');

    const postEntry = await entryFor(entries, post.headers['x-request-id'] as string);
    await entryFor(entries, get.headers['x-request-id'] as string);
    expectRequestLine(postEntry);
    expect(postEntry).toMatchObject({ method: 'POST', path: '/cart', status: 303, aborted: false });
    const output = text().toLowerCase();
    for (const leak of ['cookie', 'secret', 'hidden', 'authorization', 'bearer', 'item='])
      expect(output).not.toContain(leak);
  });

  it('logs a 5xx at warn', async () => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/fail');
    expect(response.status).toBe(500);
    const entry = await entryFor(entries, response.headers['x-request-id'] as string);
    expectRequestLine(entry);
    expect(entry).toMatchObject({ level: 'warn', status: 500, bytes: 5, aborted: false });
  });

  it.each([
    ['a token', 'abc-123'],
    ['a UUID', 'f47ac10b-58cc-4372-a567-0e02b2c3d479'],
    ['a trace id', 'edge:1a2b3c.4d_5e'],
  ])('echoes a safe incoming X-Request-Id (%s) and logs it', async (_case, incoming) => {
    const { logger, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/page').set('X-Request-Id', incoming);
    expect(response.headers['x-request-id']).toBe(incoming);
    await entryFor(entries, incoming);
  });

  it.each([
    ['quotes and JSON', '", "level":"error", "x":"'],
    ['200 characters', 'a'.repeat(200)],
    ['spaces', 'id with spaces'],
    ['HTML', '<script>alert(1)</script>'],
  ])('replaces an unsafe incoming X-Request-Id (%s) with a new one', async (_case, incoming) => {
    const { logger, text, entries } = memoryLogger();
    const response = await request(testApp(logger)).get('/page').set('X-Request-Id', incoming);
    const requestId = response.headers['x-request-id'] as string;
    expect(requestId).toMatch(UUID);
    await entryFor(entries, requestId);
    expect(text()).not.toContain(incoming);
    expect(entries()).toHaveLength(1);
  });

  it('logs a request whose client went away mid-stream as aborted, with the bytes written so far', async () => {
    const hang = deferred();
    const { logger, entries } = memoryLogger();
    server = await listen(testApp(logger, { hang: hang.promise }));
    const response = await streamedRequest(`${server.origin}/hang-streaming`);
    await response.waitFor('<p>shell</p>');
    const requestId = response.headers['x-request-id'] as string;
    response.destroy();

    const entry = await entryFor(entries, requestId);
    hang.resolve();
    expectRequestLine(entry);
    expect(entry).toMatchObject({ status: 200, bytes: '<p>shell</p>'.length, aborted: true, level: 'info' });
  });

  it('logs a request closed before any answer as aborted, without a status', async () => {
    const hang = deferred();
    const arrived = deferred();
    const { logger, entries } = memoryLogger();
    server = await listen(testApp(logger, { hang: hang.promise, hanging: arrived.resolve }));
    const client = http.get(`${server.origin}/hang`, {
      agent: false,
      headers: { 'X-Request-Id': 'closed-early' },
    });
    client.on('error', () => {});
    await arrived.promise;
    client.destroy();

    const entry = await entryFor(entries, 'closed-early');
    hang.resolve();
    expectRequestLine(entry);
    expect(entry).toMatchObject({ path: '/hang', bytes: 0, aborted: true, level: 'info' });
    expect(entry).not.toHaveProperty('status');
  });
});
