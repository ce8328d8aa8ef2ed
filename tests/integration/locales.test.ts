import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFixtureApp } from '../helpers/fixture-app.tsx';

describe('locales', () => {
  const app = createFixtureApp();

  it.each([
    ['/items/a', 'en'],
    ['/fr/items/a', 'fr'],
    ['/de/items/a', 'de'],
    ['/FR/items/a', 'fr'],
  ])('%s renders in %s with <html lang>', async (path, locale) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<html lang="${locale}">`);
    expect(response.text).toContain(`&quot;locale&quot;:&quot;${locale}&quot;`);
  });

  it.each([
    ['/en', '/'],
    ['/en/items/a', '/items/a'],
    ['/EN/items/a?x=1', '/items/a?x=1'],
  ])('308s %s to the unprefixed %s', async (path, location) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(location);
  });

  it('links keep the current locale', async () => {
    const response = await request(app).get('/de/items/a');
    expect(response.text).toContain('href="/de/items/other"');
  });

  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', '/fr'],
    ['de', '/de'],
    ['en;q=0.4, de;q=0.9, fr;q=0.5', '/de'],
    ['fr-CH', '/fr'],
  ])('sends a visitor with Accept-Language %s from the bare root to %s (307)', async (acceptLanguage, location) => {
    const response = await request(app).get('/').set('Accept-Language', acceptLanguage);
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe(location);
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    'en-US,en;q=0.9',
    'es, it',
    '*',
    '',
  ])('keeps Accept-Language %j on the English root', async (value) => {
    const response = await request(app).get('/').set('Accept-Language', value);
    expect(response.status).toBe(200);
  });

  it('negotiates only on the bare root', async () => {
    const response = await request(app).get('/items/a').set('Accept-Language', 'fr');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<html lang="en">');
  });

  it('lets the locale cookie win over Accept-Language', async () => {
    const english = await request(app).get('/').set('Accept-Language', 'fr').set('Cookie', 'locale=en');
    expect(english.status).toBe(200);
    const german = await request(app).get('/').set('Accept-Language', 'fr').set('Cookie', 'locale=de');
    expect(german.status).toBe(307);
    expect(german.headers.location).toBe('/de');
  });

  it('ignores an unknown locale cookie', async () => {
    const response = await request(app).get('/').set('Accept-Language', 'fr').set('Cookie', 'locale=xx');
    expect(response.headers.location).toBe('/fr');
  });

  it('the switcher endpoint sets the cookie and redirects to the same page in the chosen locale', async () => {
    const response = await request(app).get('/_locale/fr?next=%2Fitems%2Fa%3Fq%3D1');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/fr/items/a?q=1');
    expect(response.headers['set-cookie']?.[0]).toMatch(
      /^locale=fr; Max-Age=31536000; Path=\/; .*HttpOnly; SameSite=Lax/,
    );
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    'javascript:alert(1)',
    'https://evil.com',
  ])('the switcher never redirects off-site (next=%s)', async (next) => {
    const response = await request(app).get(`/_locale/de?next=${encodeURIComponent(next)}`);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/de');
  });

  it('the switcher 404s an unknown locale', async () => {
    expect((await request(app).get('/_locale/xx?next=/')).status).toBe(404);
  });
});
