import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../helpers/capture-logger.ts';
import { createFixtureApp } from '../helpers/fixture-app.tsx';

const DYNAMIC_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

describe('page rendering', () => {
  it('renders a page with status 200, HTML, no-store caching and no X-Powered-By', async () => {
    const response = await request(createFixtureApp()).get('/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(DYNAMIC_CACHE_CONTROL);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.text).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(response.text).toContain('<title>Fixture home</title>');
    expect(response.text).toContain('<h1>Fixture home</h1>');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await request(createFixtureApp()).head('/');
    expect(response.status).toBe(200);
    expect(response.text ?? '').toBe('');
  });

  it('answers the 404 page for an unknown path', async () => {
    const response = await request(createFixtureApp()).get('/no/such/page');
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).toBe(DYNAMIC_CACHE_CONTROL);
    expect(response.text).toContain('404: This page could not be found.');
    expect(response.text).toContain('<meta name="robots" content="noindex"/>');
  });

  it('renders the 404 page when the data step returns notFound()', async () => {
    const response = await request(createFixtureApp()).get('/gone');
    expect(response.status).toBe(404);
    expect(response.text).toContain('404: This page could not be found.');
  });

  it('redirects when the data step returns redirect(), keeping base path and locale', async () => {
    const plain = await request(createFixtureApp()).get('/old');
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('/new');
    const mounted = await request(createFixtureApp({ env: { BASE_PATH: '/store' } })).get('/store/fr/old');
    expect(mounted.headers.location).toBe('/store/fr/new');
  });

  it('gives an HttpError its status, without reporting it', async () => {
    const logger = captureLogger();
    const response = await request(createFixtureApp({ logger })).get('/forbidden');
    expect(response.status).toBe(403);
    // The HttpError's public message titles the page in place of the status's own words.
    expect(response.text).toContain('403: You may not see this');
    expect(logger.errors()).toHaveLength(0);
  });

  it.each([
    '/throws',
    '/render-throws',
    '/unsafe-redirect',
  ])('answers %s with the 500 page, logs the error once and leaks no internal detail', async (path) => {
    const logger = captureLogger();
    const response = await request(createFixtureApp({ logger })).get(path);
    expect(response.status).toBe(500);
    expect(response.text).toContain('500: Internal Server Error.');
    expect(response.text).not.toMatch(/internal detail|evil\.com|at .*\.tsx?:\d+/);
    expect(logger.errors()).toHaveLength(1);
  });

  it('shows the nearest boundary fallback for an error after the shell, logging it once', async () => {
    const logger = captureLogger();
    const response = await request(createFixtureApp({ logger })).get('/late-throws');
    expect(response.status).toBe(200);
    expect(response.text).toContain('late fallback');
    expect(response.text).not.toContain('internal detail');
    expect(logger.errors()).toHaveLength(1);
  });

  it('answers other methods with 405 and Allow', async () => {
    const response = await request(createFixtureApp()).delete('/');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.text).toContain('405: Method Not Allowed.');
  });

  it('lets only the URL select the representation', async () => {
    const response = await request(createFixtureApp()).get('/').set('Accept', 'application/json');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('escapes hostile strings in the HTML and the hydration data', async () => {
    const app = createFixtureApp();
    const response = await request(app).get('/hostile');
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('<script>alert(1)</script>');
    expect(response.text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('health endpoints', () => {
  it('answers /healthz and /readyz at the root, also with a base path', async () => {
    const app = createFixtureApp({ env: { BASE_PATH: '/store' } });
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect((await request(app).get('/readyz')).status).toBe(200);
  });
});
