// What an action request must be before the action runs: from our origin, with a small flat form body.
import net from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { counterApp, FORM } from '../helpers/counter-app.ts';
import { listen, type RunningServer } from '../helpers/listen.ts';

/** Posts a valid increment to the counter page with `headers`, as a browser's form would. */
function postIncrement(app: ReturnType<typeof counterApp>['app'], headers: Record<string, string>) {
  return request(app).post('/counter').set(headers).type('form').send({ _action: 'increment', amount: '1' });
}

describe('action origin checks (the action must not run)', () => {
  it.each([
    [{ Origin: 'https://evil.example' }, 'a foreign Origin'],
    [{ Origin: 'null' }, 'Origin: null'],
    [{ Origin: 'not a url' }, 'a malformed Origin'],
    [{ 'Sec-Fetch-Site': 'cross-site' }, 'cross-site fetch metadata without Origin'],
    [{ Origin: 'http://127.0.0.1.evil.example' }, 'a look-alike host'],
    [{ Host: 'shop.example', Origin: 'https://shop.example' }, 'our host on another scheme'],
    [{ Host: 'shop.example', Origin: 'http://shop.example:8080' }, 'our host on another port'],
  ])('answers 403 for %j (%s)', async (headers, _reason) => {
    const { app, actionRuns } = counterApp();
    const response = await postIncrement(app, headers);
    expect(response.status).toBe(403);
    expect(actionRuns.count).toBe(0);
  });

  it('accepts our own origin and same-origin fetch metadata', async () => {
    const { app, actionRuns } = counterApp();
    const own = await postIncrement(app, { Host: 'shop.example', Origin: 'http://shop.example' });
    expect(own.status).toBe(303);
    const sameOrigin = await postIncrement(app, { 'Sec-Fetch-Site': 'same-origin' });
    expect(sameOrigin.status).toBe(303);
    expect(actionRuns.count).toBe(2);
  });

  it.each([
    [{ Host: 'shop.example:80', Origin: 'http://shop.example' }, 'the default port in Host'],
    [{ Host: 'SHOP.Example', Origin: 'http://shop.example' }, 'a capitalised Host'],
    [{ Host: 'shop.example:8080', Origin: 'http://shop.example:8080' }, 'another port on both'],
    [{ Host: '[::1]:3000', Origin: 'http://[::1]:3000' }, 'an IPv6 host'],
  ])('compares %j as origins (%s)', async (headers, _reason) => {
    const { app, actionRuns } = counterApp();
    expect((await postIncrement(app, headers)).status).toBe(303);
    expect(actionRuns.count).toBe(1);
  });

  it.each([
    ['*.example.com', 'https://shop.example.com', 303],
    ['*.example.com', 'https://a.b.example.com', 403],
    ['**.example.com', 'https://a.b.example.com', 303],
    ['https://pay.example.org', 'https://pay.example.org', 303],
    ['https://pay.example.org', 'http://pay.example.org', 403],
    ['pay.example.org:8443', 'https://pay.example.org:8443', 303],
  ])('ALLOWED_ORIGINS=%s lets %s post: %s', async (allowed, origin, status) => {
    const { app } = counterApp({ ALLOWED_ORIGINS: allowed });
    expect((await postIncrement(app, { Origin: origin })).status).toBe(status);
  });

  it('accepts PUBLIC_ORIGIN as well as the request’s own origin, and no other', async () => {
    const { app, actionRuns } = counterApp({ PUBLIC_ORIGIN: 'https://Shop.Example:443' });
    const post = (origin: string) => postIncrement(app, { Host: 'internal:3000', Origin: origin });
    // Behind a proxy that passes on neither the public Host nor the scheme: PUBLIC_ORIGIN is ours.
    expect((await post('https://shop.example')).status).toBe(303);
    // Direct access to the instance still works.
    expect((await post('http://internal:3000')).status).toBe(303);
    expect((await post('http://shop.example')).status).toBe(403);
    expect((await post('https://evil.example')).status).toBe(403);
    expect(actionRuns.count).toBe(2);
  });

  it.each([
    [
      { Host: 'shop.example:443', 'X-Forwarded-Proto': 'https' },
      'X-Forwarded-Proto (TLS ended at the proxy)',
    ],
    [
      { Host: 'internal:3000', 'X-Forwarded-Host': 'shop.example', 'X-Forwarded-Proto': 'https' },
      'X-Forwarded-Host',
    ],
  ])('trusts %j only with TRUST_PROXY (%s)', async (headers, _reason) => {
    const forwarded = { ...headers, Origin: 'https://shop.example' };
    expect((await postIncrement(counterApp().app, forwarded)).status).toBe(403);
    expect((await postIncrement(counterApp({ TRUST_PROXY: '1' }).app, forwarded)).status).toBe(303);
  });
});

describe('action bodies', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each(['application/json', 'text/plain', 'application/xml'])('answers 415 for %s', async (type) => {
    const { app, actionRuns } = counterApp();
    const response = await request(app)
      .post('/counter')
      .set('Content-Type', type)
      .send('{"_action":"increment"}');
    expect(response.status).toBe(415);
    expect(actionRuns.count).toBe(0);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const { app, actionRuns } = counterApp();
    const response = await request(app)
      .post('/counter')
      .type('form')
      .send(`_action=increment&amount=1&padding=${'x'.repeat(1024 * 1024)}`);
    expect(response.status).toBe(413);
    expect(actionRuns.count).toBe(0);
  });

  it('answers 400 for more than 1000 fields and for nested field names', async () => {
    const { app, actionRuns } = counterApp();
    const many = Array.from({ length: 1001 }, (_, index) => `f${index}=1`).join('&');
    expect((await request(app).post('/counter').type('form').send(`_action=increment&${many}`)).status).toBe(
      400,
    );
    expect(
      (await request(app).post('/counter').type('form').send('_action=increment&amount=1&user[role]=admin'))
        .status,
    ).toBe(400);
    expect(actionRuns.count).toBe(0);
  });

  it('answers 408 to a client that sends half a body and stops', async () => {
    const { app, actionRuns } = counterApp();
    server = await listen(app);
    const { port } = new URL(server.origin);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /counter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\nContent-Length: 100\r\n\r\n_action=incr`,
        );
      });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(new Error(`no answer within 5 s: ${received}`)), 5_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/connection: close/i);
    expect(actionRuns.count).toBe(0);
  });
});
