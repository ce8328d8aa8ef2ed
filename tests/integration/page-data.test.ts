import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../helpers/capture-logger.ts';
import { dataLines as lines } from '../helpers/data-lines.ts';
import { createFixtureApp } from '../helpers/fixture-app.tsx';

/** The fixture app has no client build, so its build id is the development one. */
const DATA = '/_data/development';

describe('GET {base}/_data/{buildId}{/locale}{path}', () => {
  it('answers the page as JSON lines: each segment with its data, params and head, never cached', async () => {
    const response = await request(createFixtureApp()).get(`${DATA}/fr/items/caf%C3%A9`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(lines(response.text)).toEqual([
      {
        type: 'page',
        routeId: 'item',
        params: { id: 'café' },
        segments: [
          { id: 'root', data: null },
          { id: 'item', data: null },
        ],
        head: { title: 'Fixture' },
        status: 200,
      },
    ]);
  });

  it('answers the home page of the default locale without a trailing path', async () => {
    const response = await request(createFixtureApp()).get(DATA);
    expect(lines(response.text)[0]).toMatchObject({ type: 'page', routeId: 'home' });
  });

  it('streams deferred values as later lines', async () => {
    const app = createFixtureApp({ hooks: { deferredValue: () => Promise.resolve('later </script>') } });
    const response = await request(app).get(`${DATA}/deferred`);
    expect(lines(response.text)).toEqual([
      {
        type: 'page',
        routeId: 'deferred',
        params: {},
        segments: [
          { id: 'root', data: null },
          { id: 'deferred', data: { title: 'Deferred page', slow: { $deferred: 'deferred:slow' } } },
        ],
        head: { title: 'Fixture' },
        status: 200,
      },
      { type: 'deferred', key: 'deferred:slow', ok: 1, value: 'later </script>' },
    ]);
  });

  it('answers redirects as data, with base path and locale applied', async () => {
    const response = await request(createFixtureApp({ env: { BASE_PATH: '/store' } })).get(
      '/store/_data/development/de/old',
    );
    expect(response.status).toBe(200);
    expect(lines(response.text)).toEqual([{ type: 'redirect', location: '/store/de/new', status: 301 }]);
  });

  it.each([
    ['/no/such/page', 404],
    ['/gone', 404],
    ['/forbidden', 403],
    ['/%E0%A4%A', 400],
  ])('answers %s with an error line and status %s', async (path, status) => {
    const response = await request(createFixtureApp()).get(`${DATA}${path}`);
    expect(response.status).toBe(status);
    expect(lines(response.text)).toEqual([
      expect.objectContaining({
        type: 'error',
        status,
        head: { title: expect.stringMatching(new RegExp(`^${status}: \\w`)), robots: 'noindex' },
      }),
    ]);
  });

  it('answers 500 for a failing data step, reports it once, and leaks nothing', async () => {
    const logger = captureLogger();
    const response = await request(createFixtureApp({ logger })).get(`${DATA}/throws`);
    expect(response.status).toBe(500);
    expect(lines(response.text)).toEqual([
      { type: 'error', status: 500, head: { title: '500: Internal Server Error.', robots: 'noindex' } },
    ]);
    expect(logger.errors()).toHaveLength(1);
  });

  it('tells a client with an old build id that the build changed', async () => {
    const response = await request(createFixtureApp()).get('/_data/0123456789ab/items/a');
    expect(response.status).toBe(409);
    expect(lines(response.text)).toEqual([{ type: 'build-changed', buildId: 'development' }]);
    // A shared cache keys its pages by it: the full load that follows gets this build's page.
    expect(response.headers['set-cookie']).toEqual(['ssr-build=development; Path=/; HttpOnly; SameSite=Lax']);
  });

  it('is JSON whatever the Accept header says', async () => {
    const response = await request(createFixtureApp()).get(`${DATA}/items/a`).set('Accept', 'text/html');
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
  });
});
