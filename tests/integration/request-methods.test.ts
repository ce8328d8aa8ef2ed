import { beforeAll, describe, expect, it } from 'vitest';
import { untilReady } from '../helpers/built-server.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { rawExchange } from '../helpers/raw-exchange.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

// Sent over a raw socket to the production HTTP server (createHttpServer): no client library sends CONNECT
// as a request for a page, a made-up method or a malformed one.
describe('methods that ask for no page', () => {
  const server = listenForSuite(() => createStorefrontApp());
  // A page waits for the database at most its render deadline: wait here, so every answer is the page's.
  beforeAll(() => untilReady(server().origin), 60_000);
  const exchange = (requestLine: string, headers = 'Host: 127.0.0.1') =>
    rawExchange(server().origin, `${requestLine}\r\n${headers}`);

  it('answers CONNECT to a page with its 405 page and Allow, then closes, where Node closed without a word', async () => {
    const answer = await exchange('CONNECT /shop HTTP/1.1');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toContain('405: Method Not Allowed.');
    const cart = await exchange('CONNECT /cart HTTP/1.1');
    expect(cart.status).toBe(405);
    expect(cart.headers.allow).toBe('GET, HEAD, POST');
  });

  it('answers CONNECT to an authority (a proxy tunnel) with a plain 405: this server is no proxy', async () => {
    const answer = await exchange('CONNECT shop.example:443 HTTP/1.1', 'Host: shop.example:443');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toBe('Method Not Allowed: this server is not a proxy');
  });

  it('answers CONNECT to the runtime endpoints with their plain 405', async () => {
    const answer = await exchange('CONNECT /healthz HTTP/1.1');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.body).toBe('Method Not Allowed');
  });

  it.each([
    'TRACE',
    'OPTIONS',
    'PROPFIND',
    'PUT',
  ])('answers %s to a page with its 405 page and Allow', async (method) => {
    const answer = await exchange(`${method} /help HTTP/1.1`, 'Host: 127.0.0.1\r\nX-Echo-Probe: reflected?');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.body).toContain('405: Method Not Allowed.');
    // TRACE echoes the request in servers that implement it (cross-site tracing); ours never does.
    expect(answer.body).not.toContain('reflected?');
  });

  it('answers OPTIONS * (the whole server) with a 400: no page is asked for', async () => {
    expect((await exchange('OPTIONS * HTTP/1.1')).status).toBe(400);
  });

  it.each([
    ['a made-up method token', 'FOO / HTTP/1.1'],
    ['a method with a character no token has', 'G@T / HTTP/1.1'],
    ['a lower-case method', 'get / HTTP/1.1'],
  ])('answers %s with a 400 and closes', async (_what, requestLine) => {
    const answer = await exchange(requestLine);
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
  });

  it('keeps serving after all of them', async () => {
    for (const requestLine of ['CONNECT /shop HTTP/1.1', 'FOO / HTTP/1.1', 'CONNECT x:1 HTTP/1.1'])
      await exchange(requestLine);
    expect((await exchange('GET /healthz HTTP/1.1')).status).toBe(200);
  });
});
