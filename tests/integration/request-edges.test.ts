import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEEP_SEGMENTS_HEADER } from '../../shared/ui/page-data.ts';
import { dataLines } from '../helpers/data-lines.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { rawExchange } from '../helpers/raw-exchange.ts';
import { testShopServices } from '../helpers/shop-database.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

// The shop's database opens once per file; the first page would otherwise wait for it under a loaded CI.
beforeAll(() => testShopServices(), 60_000);

/** What a request line and Host look like when they come from outside: refused before any route code. */
describe('the Host header', () => {
  const server = listenForSuite(() => createStorefrontApp());
  const hostOf = () => new URL(server().origin).host;

  it.each([
    ['a port that is not a number', 'localhost:abc'],
    ['a port past 65535', 'localhost:70000'],
    ['a space', 'shop example'],
    ['userinfo', 'evil@localhost'],
    ['a path', 'localhost/x'],
    ['an empty value', ''],
    ['an IPv6 literal that is not one', '[::g]'],
    ['more than 255 bytes', `${'a'.repeat(250)}.example`],
  ])('answers 400 with the error page for a Host with %s', async (_case, host) => {
    const answer = await rawExchange(server().origin, `GET / HTTP/1.1\r\nHost: ${host}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('400: Bad Request.');
  });

  it('answers 400 to two Host headers (RFC 9112 section 3.2), even when both are ours', async () => {
    const answer = await rawExchange(
      server().origin,
      `GET /shop HTTP/1.1\r\nHost: ${hostOf()}\r\nHost: ${hostOf()}`,
    );
    expect(answer.status).toBe(400);
  });

  it('answers 400 to the health endpoints too: nothing reads a malformed Host', async () => {
    const answer = await rawExchange(server().origin, 'GET /healthz HTTP/1.1\r\nHost: localhost:abc');
    expect(answer.status).toBe(400);
  });

  it.each([
    'shop.example',
    'SHOP.Example:80',
    '127.0.0.1:3000',
    '[::1]:3000',
    'my_host.internal',
  ])('serves a well-formed Host: %s', async (host) => {
    const answer = await rawExchange(server().origin, `GET /help HTTP/1.1\r\nHost: ${host}`);
    expect(answer.status).toBe(200);
  });

  it('answers 400 to a malformed X-Forwarded-Host behind a trusted proxy, and ignores it otherwise', async () => {
    const trusted = await request(createStorefrontApp({ TRUST_PROXY: 'on' }))
      .get('/help')
      .set('X-Forwarded-Host', 'shop.example:abc');
    expect(trusted.status).toBe(400);
    const untrusted = await request(createStorefrontApp())
      .get('/help')
      .set('X-Forwarded-Host', 'shop.example:abc');
    expect(untrusted.status).toBe(200);
  });
});

describe('absolute-form request targets (RFC 9112 section 3.2.2)', () => {
  const server = listenForSuite(() => createStorefrontApp());
  const hostOf = () => new URL(server().origin).host;

  it('serves a target whose authority is ours as its path', async () => {
    const answer = await rawExchange(
      server().origin,
      `GET http://${hostOf()}/help HTTP/1.1\r\nHost: ${hostOf()}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<html');
  });

  it('keeps the normalisation redirect on our origin, as a path', async () => {
    const answer = await rawExchange(
      server().origin,
      `GET http://${hostOf()}/help/ HTTP/1.1\r\nHost: ${hostOf()}`,
    );
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('/help');
  });

  it('reads an authority alone as the root, and a query after it', async () => {
    const root = await rawExchange(
      server().origin,
      `GET http://${hostOf()}?a=1 HTTP/1.1\r\nHost: ${hostOf()}`,
    );
    expect(root.status).toBe(200);
  });

  it.each([
    ['another host', 'https://evil.example/x'],
    ['our host with userinfo', 'http://evil.example@HOST/help'],
    ['another port', 'http://127.0.0.1:1/help'],
    ['a scheme that is not http', 'ftp://HOST/help'],
    ['asterisk-form', '*'],
    ['no leading slash', 'help'],
  ])('answers 400 to %s, never a redirect', async (_case, target) => {
    const answer = await rawExchange(
      server().origin,
      `GET ${target.replace('HOST', hostOf())} HTTP/1.1\r\nHost: ${hostOf()}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
  });

  it('takes PUBLIC_ORIGIN as ours when it is set', async () => {
    const app = createStorefrontApp({ PUBLIC_ORIGIN: 'https://shop.example.com' });
    const { listen } = await import('../helpers/listen.ts');
    const running = await listen(app);
    try {
      const ours = await rawExchange(
        running.origin,
        'GET https://SHOP.example.com:443/help HTTP/1.1\r\nHost: internal:8080',
      );
      expect(ours.status).toBe(200);
      const other = await rawExchange(
        running.origin,
        'GET http://internal:8080/help HTTP/1.1\r\nHost: internal:8080',
      );
      expect(other.status).toBe(400);
    } finally {
      await running.close();
    }
  });
});

describe('methods: each endpoint answers what it serves and 405 with Allow for the rest', () => {
  const app = createStorefrontApp({ SENTRY_DSN: 'http://public@127.0.0.1:9/1' });

  it.each([
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
    'TRACE',
    'POST',
  ])('/healthz and /readyz: 405 to %s', async (method) => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await request(app)[method.toLowerCase() as 'put'](path);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('/healthz answers GET and HEAD', async () => {
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect((await request(app).head('/healthz')).status).toBe(200);
  });

  it.each([
    'PUT',
    'POST',
    'DELETE',
  ])('assets: 405 to %s, for a built file and an unknown name alike', async (method) => {
    for (const path of ['/_assets/no-such-file.js', '/_assets/x']) {
      const response = await request(app)[method.toLowerCase() as 'put'](path);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('the locale switch: HEAD mirrors GET, other methods 405', async () => {
    const got = await request(app).get('/_locale/fr?next=/shop');
    const head = await request(app).head('/_locale/fr?next=/shop');
    expect(got.status).toBe(303);
    expect(head.status).toBe(303);
    expect(head.headers.location).toBe(got.headers.location);
    // The same cookie; its Expires is a date to the second, so two requests may straddle one.
    const withoutExpires = (cookies: unknown) =>
      (cookies as string[]).map((cookie) => cookie.replace(/; Expires=[^;]*/, ''));
    expect(withoutExpires(head.headers['set-cookie'])).toEqual(withoutExpires(got.headers['set-cookie']));
    expect(head.headers['set-cookie']?.[0]).toMatch(/; Expires=/);
    const put = await request(app).put('/_locale/fr?next=/shop');
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
  });

  it('the tunnel: 405 with Allow: POST to GET', async () => {
    const response = await request(app).get('/monitoring');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  it('pages: 405 with the page error; Allow names POST where the route has actions', async () => {
    const withActions = await request(app).put('/cart');
    expect(withActions.status).toBe(405);
    expect(withActions.headers.allow).toBe('GET, HEAD, POST');
    expect(withActions.text).toContain('405: Method Not Allowed.');
    const without = await request(app).delete('/help');
    expect(without.status).toBe(405);
    expect(without.headers.allow).toBe('GET, HEAD');
  });
});

describe('data answers carry their status', () => {
  const app = createStorefrontApp();

  it('answers 404 for a missing help article, with and without kept segments', async () => {
    const buildId = (await request(app).get('/')).text.match(/"buildId":"([^"]+)"/)?.[1];
    expect(buildId).toBeTruthy();
    const url = `/_data/${buildId}/help/no-such-article`;
    const fresh = await request(app).get(url);
    expect(fresh.status).toBe(404);
    const kept = await request(app).get(url).set(KEEP_SEGMENTS_HEADER, 'root,help-layout');
    expect(kept.status).toBe(404);
    expect(dataLines(kept.text)[0]).toMatchObject({ type: 'page', status: 404 });
  });
});

describe('text no URL of ours holds: a 4xx before any query', () => {
  const app = createStorefrontApp();

  it.each([
    '/products/%00',
    '/products/a%0Ab',
    '/products/%E2%80%AE',
    '/fr/products/%1B',
    '/shop/%00',
    '/shop/kitchen/%7F',
    '/help/%00',
    `/products/${'x'.repeat(3000)}`,
  ])('%s is the 404 page', async (path) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(404);
    expect(response.text).toContain('404');
  });

  it.each([
    '/shop?sort=%00',
    '/shop?page=1%0A',
    '/?utm_source=%C2%85',
    '/shop?%00=1',
  ])('%s is the 400 page', async (path) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(400);
  });
});
