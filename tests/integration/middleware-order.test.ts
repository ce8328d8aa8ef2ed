// Route middleware (docs/middleware-and-sessions.md): order, refusals, failures reported once, aborts, the
// error page's frame, and branches without middleware left alone.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { RenderTimeoutError } from '../../server/request/request-abort.ts';
import { MiddlewareError } from '../../server/resolve/run-middleware.ts';
import { guardedTestApp } from '../helpers/guarded-test-app.ts';

describe('middleware order and values', () => {
  it('runs outermost first, each seeing what the ones above added, before the data steps', async () => {
    const { app, ada, calls } = guardedTestApp();
    const orders = await request(app.server).get('/account/orders').set('Cookie', ada);
    expect(orders.status).toBe(200);
    // The orders middleware counted the letters of the account the account middleware added.
    expect(orders.text).toContain('3 orders');
    expect(calls).toEqual(['members', 'account', 'orders']);
  });

  it('runs none for a branch without middleware', async () => {
    const { app, ada, calls } = guardedTestApp();
    await request(app.server).get('/').set('Cookie', ada).expect(200);
    await request(app.server).get('/sign-in').expect(200);
    expect((await app.data('/sign-in', { cookie: ada })).first).toMatchObject({ type: 'page' });
    expect(calls).toEqual([]);
  });

  it('runs a request’s chain once: the invalid post’s 422 page reuses what it added', async () => {
    const { app, ada, calls } = guardedTestApp();
    const checked = await app.submit('/account', 'check', { name: 'ada' }, { cookie: ada });
    expect(checked.status).toBe(422);
    expect(checked.html).toContain('ada is taken');
    expect(checked.html).toContain('Hello ada (ada)');
    expect(calls).toEqual(['members', 'account']);
  });
});

describe('middleware that end the request', () => {
  it('answers an HttpError with its status, as a page and as a data answer, unreported', async () => {
    const { app, ada, root } = guardedTestApp();
    const refused = await request(app.server).get('/admin').set('Cookie', ada);
    expect(refused.status).toBe(403);
    const data = await app.data('/admin', { cookie: ada });
    expect(data.status).toBe(403);
    expect(data.first).toMatchObject({ type: 'error', status: 403 });
    await request(app.server).get('/admin').set('Cookie', root).expect(200, /Admin/);
    expect(app.reported).toEqual([]);
  });

  it('answers a thrown error with the 500 page or line, reported once each and without its message', async () => {
    const { app, ada } = guardedTestApp();
    const page = await request(app.server).get('/broken').set('Cookie', ada);
    expect(page.status).toBe(500);
    expect(page.text).not.toContain('internal detail');
    expect(app.reported).toEqual([
      { error: new Error('members directory down: internal detail'), routePattern: 'GET /broken' },
    ]);
    const data = await app.data('/broken', { cookie: ada });
    expect(data).toMatchObject({ status: 500, first: { type: 'error', status: 500 } });
    expect(app.reported).toHaveLength(2);
  });

  it('refuses a value the runtime sets itself, as a reported 500', async () => {
    const { app } = guardedTestApp({ middleware: { members: () => ({ url: 'elsewhere' }) } });
    await request(app.server).get('/account').expect(500);
    expect(app.reported.map(({ error }) => error)).toEqual([expect.any(MiddlewareError)]);
    expect(String(app.reported[0]?.error)).toContain('"url"');
  });

  it('stops a middleware that waits past the deadline: the ones below it and the data steps never run', async () => {
    const { app, calls } = guardedTestApp({
      renderTimeoutMs: 100,
      middleware: {
        members: ({ services }) => {
          services.calls.push('stuck');
          return new Promise(() => {});
        },
      },
    });
    await request(app.server).get('/account').expect(500);
    expect(calls).toEqual(['stuck']);
    expect(app.reported.map(({ error }) => error)).toEqual([expect.any(RenderTimeoutError)]);
  });

  it('fails at start when a middleware names no segment of the tree', () => {
    expect(() => guardedTestApp({ middleware: { acount: () => undefined } })).toThrow(
      'Middleware for "acount": the route tree has no segment with that id',
    );
  });
});

describe('the root’s middleware and error pages', () => {
  const withRoot = (rootMiddleware: () => object) =>
    guardedTestApp({
      middleware: {
        root: ({ services }) => {
          services.calls.push('root');
          return rootMiddleware();
        },
      },
      dataSteps: { root: ({ theme }: { theme?: string }) => ({ theme }) },
    });

  it('frames an error page with the root’s data from its middleware, run once per request', async () => {
    const { app, ada, calls } = withRoot(() => ({ theme: 'dark' }));
    const missing = await app.data('/nowhere');
    expect(missing.first).toMatchObject({
      type: 'error',
      status: 404,
      segments: [{ id: 'root', data: { theme: 'dark' } }],
    });
    expect(calls).toEqual(['root']);

    calls.length = 0;
    const refused = await app.data('/admin', { cookie: ada });
    expect(refused.first).toMatchObject({
      type: 'error',
      status: 403,
      segments: [{ data: { theme: 'dark' } }],
    });
    expect(calls).toEqual(['root', 'members', 'admin']);
  });

  it('reports a failing root middleware once per request, not again for the error page’s frame', async () => {
    const { app, calls } = withRoot(() => {
      throw new Error('theme store down');
    });
    const data = await app.data('/account');
    // A failure answers without a frame, as a failing data step's does.
    expect(data.first).toMatchObject({ type: 'error', status: 500 });
    expect(data.first).not.toHaveProperty('segments');
    await request(app.server).get('/account').expect(500);
    expect(app.reported.map(({ error }) => String(error))).toEqual([
      'Error: theme store down',
      'Error: theme store down',
    ]);
    expect(calls).toEqual(['root', 'root']);
  });
});
