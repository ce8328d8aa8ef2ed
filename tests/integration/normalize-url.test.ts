import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { rawRequest } from '../helpers/raw-request.ts';

describe('URL normalisation', () => {
  const app = createFixtureApp();

  it.each([
    ['/items//a', '/items/a'],
    ['//items/a', '/items/a'],
    ['/items\\a', '/items/a'],
    ['/items/a/', '/items/a'],
    ['/items/a///', '/items/a'],
    ['/fr/items/a/', '/fr/items/a'],
    ['/items/a/?q=1', '/items/a?q=1'],
    ['//evil.com', '/evil.com'],
    ['//evil.com/', '/evil.com'],
    ['/\\evil.com', '/evil.com'],
    ['/%5C%5Cevil.com/', '/%5C%5Cevil.com'],
  ])('308s %s to %s on our own origin, with a Refresh header', async (path, location) => {
    const response = await rawRequest(app, path);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(location);
    expect(response.headers.refresh).toBe(`0;url=${location}`);
  });

  it('does not redirect the root', async () => {
    const response = await request(app).get('/');
    expect(response.status).toBe(200);
  });

  it.each([
    '/%',
    '/%E0%A4%A',
    '/items/%C0%AF',
    '/files/a/%ZZ',
    '/fr/items/%',
  ])('answers the 400 page for malformed percent-encoding in %s', async (path) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(400);
    expect(response.text).toContain('400: Bad Request.');
  });

  it('decodes params, keeping an encoded slash inside one catch-all piece', async () => {
    const item = await request(app).get('/items/caf%C3%A9');
    expect(item.text).toContain(
      JSON.stringify({ params: { id: 'café' }, locale: 'en' }).replace(/"/g, '&quot;'),
    );
    const files = await request(app).get('/files/a%2Fb/c');
    expect(files.text).toContain(JSON.stringify({ path: ['a/b', 'c'] }).replace(/"/g, '&quot;'));
  });

  it('matches case-sensitively', async () => {
    expect((await request(app).get('/ITEMS/a')).status).toBe(404);
  });
});
