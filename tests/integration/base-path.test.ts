import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFixtureApp } from '../helpers/fixture-app.tsx';

describe('BASE_PATH', () => {
  const app = createFixtureApp({ env: { BASE_PATH: '/store' } });

  it.each([
    ['/store', 'Fixture home'],
    ['/store/items/a', '&quot;id&quot;:&quot;a&quot;'],
    ['/store/fr/items/a', '&quot;locale&quot;:&quot;fr&quot;'],
  ])('serves %s', async (path, text) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain(text);
  });

  it.each([
    '/',
    '/items/a',
    '/storefoo',
    '/storefoo/items/a',
    '/stor',
    '/fr/store',
  ])('answers %s outside the base with 404', async (path) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(404);
    expect(response.text).toContain('404: This page could not be found.');
  });

  it('builds links under the base path', async () => {
    const response = await request(app).get('/store/de/items/a');
    expect(response.text).toContain('href="/store/de/items/other"');
  });

  it('normalises inside the base path', async () => {
    const trailing = await request(app).get('/store/');
    expect(trailing.status).toBe(308);
    expect(trailing.headers.location).toBe('/store');
    const english = await request(app).get('/store/en/items/a');
    expect(english.headers.location).toBe('/store/items/a');
  });

  it('negotiates the locale on the base root', async () => {
    const response = await request(app).get('/store').set('Accept-Language', 'de-AT');
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe('/store/de');
  });
});
