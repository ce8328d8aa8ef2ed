// What an action request must be before the action runs: from our origin, with a small flat form body.
import net from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { counterApp, FORM } from '../helpers/counter-app.ts';
import { listen, type RunningServer } from '../helpers/listen.ts';

describe('action origin checks (the action must not run)', () => {
  it.each([
    [{ Origin: 'https://evil.example' }, 'a foreign Origin'],
    [{ Origin: 'null' }, 'Origin: null'],
    [{ Origin: 'not a url' }, 'a malformed Origin'],
    [{ 'Sec-Fetch-Site': 'cross-site' }, 'cross-site fetch metadata without Origin'],
    [{ Origin: 'http://127.0.0.1.evil.example' }, 'a look-alike host'],
  ])('answers 403 for %j (%s)', async (headers, _reason) => {
    const { app, actionRuns } = counterApp();
    const response = await request(app)
      .post('/counter')
      .set(headers)
      .type('form')
      .send({ _action: 'increment', amount: '1' });
    expect(response.status).toBe(403);
    expect(actionRuns.count).toBe(0);
  });

  it('accepts our own origin and same-origin fetch metadata', async () => {
    const { app, actionRuns } = counterApp();
    const own = await request(app)
      .post('/counter')
      .set('Host', 'shop.example')
      .set('Origin', 'https://shop.example')
      .type('form')
      .send({ _action: 'increment', amount: '1' });
    expect(own.status).toBe(303);
    const sameOrigin = await request(app)
      .post('/counter')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ _action: 'increment', amount: '1' });
    expect(sameOrigin.status).toBe(303);
    expect(actionRuns.count).toBe(2);
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
    const response = await request(app)
      .post('/counter')
      .set('Origin', origin)
      .type('form')
      .send({ _action: 'increment', amount: '1' });
    expect(response.status).toBe(status);
  });

  it('trusts X-Forwarded-Host only with TRUST_PROXY', async () => {
    const post = (app: ReturnType<typeof counterApp>['app']) =>
      request(app)
        .post('/counter')
        .set('Host', 'internal:3000')
        .set('X-Forwarded-Host', 'shop.example')
        .set('Origin', 'https://shop.example')
        .type('form')
        .send({ _action: 'increment', amount: '1' });
    expect((await post(counterApp().app)).status).toBe(403);
    expect((await post(counterApp({ TRUST_PROXY: '1' }).app)).status).toBe(303);
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
