import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { counterApp } from '../helpers/counter-app.ts';

describe('server actions without JavaScript (POST {page URL})', () => {
  it('answers a valid post with 303 to the target, never cached', async () => {
    const { app, actionRuns } = counterApp();
    const response = await request(app)
      .post('/counter')
      .type('form')
      .send({ _action: 'increment', amount: '3' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/counter?added=3');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(actionRuns.count).toBe(1);
  });

  it('keeps the locale and base path in the redirect', async () => {
    const { app } = counterApp({ BASE_PATH: '/store' });
    const response = await request(app)
      .post('/store/de/counter')
      .type('form')
      .send({ _action: 'increment', amount: '1' });
    expect(response.headers.location).toBe('/store/de/counter?added=1');
  });

  it('re-renders the page with 422, the field error and the submitted value', async () => {
    const { app } = counterApp();
    const response = await request(app)
      .post('/counter')
      .type('form')
      .send({ _action: 'increment', amount: 'lots' });
    expect(response.status).toBe(422);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.text).toContain('Error: must be a whole number');
    expect(response.text).toContain('value="lots"');
    expect(response.text).toMatch(
      /<form [^>]*action="\/counter"[^>]*method="post"|<form [^>]*method="post"[^>]*action="\/counter"/,
    );
    expect(response.text).toContain('<input type="hidden" name="_action" value="increment"/>');
  });

  it.each([
    [{ _action: 'nope', amount: '1' }, 'an unknown action'],
    [{ amount: '1' }, 'no _action field'],
    [{ _action: 'toString' }, 'an inherited property name'],
    [{ _action: '__proto__' }, '__proto__'],
  ])('answers 400 for %j (%s)', async (body, _reason) => {
    const { app, actionRuns } = counterApp();
    const response = await request(app).post('/counter').type('form').send(body);
    expect(response.status).toBe(400);
    expect(response.text).toContain('400: Bad Request.');
    expect(actionRuns.count).toBe(0);
  });

  it('answers 405 with Allow for a route without actions, and 404 for no route', async () => {
    const { app } = counterApp();
    const withoutActions = await request(app).post('/items/a').type('form').send({ _action: 'x' });
    expect(withoutActions.status).toBe(405);
    expect(withoutActions.headers.allow).toBe('GET, HEAD');
    expect(withoutActions.text).toContain('405: Method Not Allowed.');
    expect((await request(app).post('/nowhere').type('form').send({ _action: 'x' })).status).toBe(404);
  });

  it('gives an HttpError its status and a thrown error the 500 page, reported once', async () => {
    const { app, logger } = counterApp();
    expect((await request(app).post('/counter').type('form').send({ _action: 'forbidden' })).status).toBe(
      403,
    );
    expect(logger.errors()).toHaveLength(0);
    const failed = await request(app).post('/counter').type('form').send({ _action: 'fail' });
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain('internal detail');
    expect(logger.errors()).toHaveLength(1);
  });

  it('accepts multipart/form-data', async () => {
    const { app, fields } = counterApp();
    const response = await request(app).post('/counter').field('_action', 'increment').field('amount', '2');
    expect(response.status).toBe(303);
    expect(fields[0]).toMatchObject({ _action: 'increment', amount: '2' });
  });

  it('answers 400 for a multipart body cut short after a refused field, with no uncaught parser error', async () => {
    // Found by the form-body property test: busboy reported the truncated rest after the refusal, and the
    // listener that would have taken that error had been removed, so it became an uncaught exception.
    const { app } = counterApp();
    const body = '--XyZ\r\nContent-Disposition: form-data; name="a[b]"\r\n\r\nx\r\n--XyZ\r\nContent-Dispo';
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const response = await request(app)
        .post('/counter')
        .set('Content-Type', 'multipart/form-data; boundary=XyZ')
        .send(body);
      expect(response.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('keeps __proto__ and constructor fields as plain data', async () => {
    const { app, fields } = counterApp();
    const response = await request(app)
      .post('/counter')
      .type('form')
      .send('_action=increment&amount=1&__proto__=polluted&constructor=x&hasOwnProperty=y');
    expect(response.status).toBe(303);
    expect(Object.getOwnPropertyDescriptor(fields[0], '__proto__')?.value).toBe('polluted');
    expect(Object.getPrototypeOf(fields[0])).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn({}, 'constructor')).toBe(false);
  });
});

describe('server actions with JavaScript (POST {base}/_data/{buildId}{path})', () => {
  const DATA = '/_data/development';
  const line = (text: string) => JSON.parse(text.split('\n')[0] ?? '');

  it('answers success as a redirect line', async () => {
    const { app } = counterApp();
    const response = await request(app)
      .post(`${DATA}/fr/counter`)
      .type('form')
      .send({ _action: 'increment', amount: '2' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(line(response.text)).toEqual({ type: 'redirect', location: '/fr/counter?added=2', status: 303 });
  });

  it('answers invalid input as an invalid line (status 200: browsers log 4xx fetches as console errors) with errors and values', async () => {
    const { app } = counterApp();
    const response = await request(app)
      .post(`${DATA}/counter`)
      .type('form')
      .send({ _action: 'increment', amount: 'x' });
    expect(response.status).toBe(200);
    expect(line(response.text)).toEqual({
      type: 'invalid',
      action: 'increment',
      errors: { amount: 'must be a whole number' },
      values: { _action: 'increment', amount: 'x' },
    });
  });

  it('applies the same checks', async () => {
    const { app, actionRuns } = counterApp();
    const foreign = await request(app)
      .post(`${DATA}/counter`)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ _action: 'increment' });
    expect(foreign.status).toBe(403);
    expect(line(foreign.text)).toEqual({
      type: 'error',
      status: 403,
      head: { title: '403: Forbidden.', robots: 'noindex' },
    });
    const failed = await request(app).post(`${DATA}/counter`).type('form').send({ _action: 'fail' });
    expect(failed.status).toBe(500);
    expect(actionRuns.count).toBe(1);
  });

  it("reports a failing action under its page's route pattern, not its data URL", async () => {
    const { app, logger } = counterApp();
    await request(app).post(`${DATA}/fr/counter`).type('form').send({ _action: 'fail' });
    await request(app).post('/counter').type('form').send({ _action: 'fail' });
    expect(logger.errors().map((entry) => entry.details.route)).toEqual(['POST /counter', 'POST /counter']);
  });
});
