import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogger } from '../helpers/capture-logger.ts';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { listen, type RunningServer } from '../helpers/listen.ts';
import { streamedRequest } from '../helpers/streamed-request.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('streaming render', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('timeline: shell arrives -> deferred value resolves -> value and its script stream in -> response ends', async () => {
    const slow = deferred<string>();
    server = await listen(createFixtureApp({ hooks: { deferredValue: () => slow.promise } }));
    const response = await streamedRequest(`${server.origin}/deferred`, { 'User-Agent': BROWSER });

    expect(response.status).toBe(200);
    const shell = await response.waitFor('loading slow value');
    expect(shell).toContain('<h1>Deferred page</h1>');
    expect(shell).not.toContain('slow value: ready');

    slow.resolve('ready </script><!--');
    const body = await response.ended;
    expect(body).toContain('slow value: ready &lt;/script&gt;&lt;!--');
    // The value reaches the client as data (no refetch on hydration), escaped for the inline script.
    expect(body).toContain(
      '(self.__ssrDeferred||=[]).push(["deferred:slow",1,"ready \\u003c/script>\\u003c!--"])',
    );
  });

  it.each([
    'gzip',
    'br',
  ])('timeline with %s compression: the shell still arrives before the deferred value resolves', async (encoding) => {
    const slow = deferred<string>();
    server = await listen(createFixtureApp({ hooks: { deferredValue: () => slow.promise } }));
    const response = await streamedRequest(`${server.origin}/deferred`, {
      'User-Agent': BROWSER,
      'Accept-Encoding': encoding,
    });
    expect(response.encoding).toBe(encoding);
    const shell = await response.waitFor('loading slow value');
    expect(shell).not.toContain('slow value: ready');
    slow.resolve('ready');
    expect(await response.ended).toContain('slow value: ready');
  });

  it.each([
    ['no Accept-Encoding', {}],
    ['Accept-Encoding: identity', { 'Accept-Encoding': 'identity' }],
  ])('with %s: streams uncompressed, and says the answer varies by Accept-Encoding', async (_name, headers) => {
    const slow = deferred<string>();
    server = await listen(createFixtureApp({ hooks: { deferredValue: () => slow.promise } }));
    const response = await streamedRequest(`${server.origin}/deferred`, {
      'User-Agent': BROWSER,
      ...headers,
    });
    expect(response.encoding).toBeUndefined();
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(await response.waitFor('loading slow value')).not.toContain('slow value: ready');
    slow.resolve('ready');
    expect(await response.ended).toContain('slow value: ready');
  });

  it('renders the error element for a deferred value that fails, logging it once', async () => {
    const slow = deferred<string>();
    const logger = captureLogger();
    server = await listen(createFixtureApp({ logger, hooks: { deferredValue: () => slow.promise } }));
    const response = await streamedRequest(`${server.origin}/deferred`, { 'User-Agent': BROWSER });
    await response.waitFor('loading slow value');
    slow.reject(new Error('upstream broke: internal detail'));
    const body = await response.ended;
    expect(body).toContain('slow value failed');
    expect(body).toContain('.push(["deferred:slow",0,null])');
    expect(body).not.toContain('internal detail');
    expect(logger.errors()).toHaveLength(1);
  });

  it('sends a deferred value JSON cannot hold as a failure, reporting it once, and still ends the response', async () => {
    const logger = captureLogger();
    const unserializable = Promise.resolve(10n) as unknown as Promise<string>;
    server = await listen(createFixtureApp({ logger, hooks: { deferredValue: () => unserializable } }));
    const response = await streamedRequest(`${server.origin}/deferred`, { 'User-Agent': BROWSER });
    const body = await response.ended;
    expect(body).toContain('.push(["deferred:slow",0,null])');
    expect(body).toMatch(/<\/html>/);
    expect(logger.errors()).toHaveLength(1);
    expect(JSON.stringify(logger.errors()[0])).toContain('BigInt');
  });

  it('sends crawlers the complete document at once', async () => {
    const slow = deferred<string>();
    server = await listen(createFixtureApp({ hooks: { deferredValue: () => slow.promise } }));
    const responding = streamedRequest(`${server.origin}/deferred`, { 'User-Agent': GOOGLEBOT });
    const resolveLater = setTimeout(() => slow.resolve('ready'), 100);
    // The status line only arrives with the complete document: nothing was sent before the value.
    const response = await responding;
    clearTimeout(resolveLater);
    expect(response.received()).toContain('slow value: ready');
    const body = await response.ended;
    expect(body).toContain('slow value: ready');
    expect(body).not.toContain('loading slow value');
  });

  it('fires the data step signal when the client disconnects', async () => {
    const signalSeen = deferred<AbortSignal>();
    server = await listen(
      createFixtureApp({ hooks: { onHangingSignal: (signal) => signalSeen.resolve(signal) } }),
    );
    const request = http.get(`${server.origin}/hangs`, { agent: false });
    request.on('error', () => {});
    const signal = await signalSeen.promise;
    expect(signal.aborted).toBe(false);
    const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    request.destroy();
    await aborted;
    expect(signal.aborted).toBe(true);
  });

  it('aborts a render whose deferred value outlives the deadline, leaving the boundary to the browser', async () => {
    const logger = captureLogger();
    server = await listen(
      createFixtureApp({
        logger,
        renderTimeoutMs: 200,
        hooks: { deferredValue: () => new Promise<string>(() => {}) },
      }),
    );
    const response = await streamedRequest(`${server.origin}/deferred`);
    const body = await response.ended;
    expect(body).toContain('loading slow value');
    expect(body).toContain('.push(["deferred:slow",0,null])');
    expect(logger.errors()).toHaveLength(0);
  });

  it('answers 500 and reports once when the data step outlives the deadline, aborting its signal', async () => {
    const logger = captureLogger();
    const signalSeen = deferred<AbortSignal>();
    server = await listen(
      createFixtureApp({
        logger,
        renderTimeoutMs: 200,
        hooks: { onHangingSignal: (signal) => signalSeen.resolve(signal) },
      }),
    );
    const response = await streamedRequest(`${server.origin}/hangs`);
    expect(response.status).toBe(500);
    expect(await response.ended).toContain('500: Internal Server Error.');
    expect((await signalSeen.promise).aborted).toBe(true);
    expect(logger.errors()).toHaveLength(1);
    expect(logger.errors()[0]?.details).toMatchObject({ err: { name: 'RenderTimeoutError' } });
  });
});
