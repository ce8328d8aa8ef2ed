// Apps bring their own locales (AppDefinition.locales): the same runtime serves the bilingual fixture
// (Spanish by default, every URL prefixed), the same app with English as the unprefixed default, and the
// tiny app of one locale, with no runtime file naming any of them.
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../server/test-kit.ts';
import type { SegmentState } from '../../shared/ui/ssr-payload.ts';
import bilingualApp from '../fixtures/bilingual-app/app.ts';
import bilingualServerApp from '../fixtures/bilingual-app/server-app.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServerApp from '../fixtures/tiny-app/server-app.ts';

describe('an app in Spanish by default and English, the default prefixed too', () => {
  const app = createTestApp({ app: bilingualApp, server: bilingualServerApp });
  afterAll(() => app.stop());
  const get = (path: string) => request(app.server).get(path);

  it.each([
    ['/es', 'es', 'Inicio'],
    ['/en', 'en', 'Home'],
    ['/es/note', 'es', 'Una nota en español'],
    ['/en/note', 'en', 'A note in English'],
    ['/EN/note', 'en', 'A note in English'],
  ])('%s renders in %s, with <html lang> and its strings', async (path, locale, text) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<html lang="${locale}">`);
    expect(response.text).toContain(text);
  });

  it("gives data steps the page's locale, and builds its links under its prefix", async () => {
    const response = await get('/en/note');
    expect(response.text).toContain('step locale: en');
    expect(response.text).toContain('href="/en"');
    expect(response.text).toContain('href="/en/note"');
    expect(response.text).toContain(`href="/_locale/es?next=${encodeURIComponent('/note')}"`);
  });

  it.each([
    ['es', '/es'],
    ['en-GB,en;q=0.9', '/en'],
    ['en;q=0.5, es;q=0.9', '/es'],
    ['fr, de', '/es'],
    ['*', '/es'],
    ['', '/es'],
  ])('sends Accept-Language %j from the bare root to %s (307: the default has a prefix too)', async (value, location) => {
    const response = await get('/').set('Accept-Language', value);
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe(location);
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it('lets the locale cookie win over Accept-Language', async () => {
    const response = await get('/?q=1').set('Accept-Language', 'es').set('Cookie', 'locale=en');
    expect(response.headers.location).toBe('/en?q=1');
  });

  it.each([
    ['/note', '/es/note'],
    ['/note?x=1', '/es/note?x=1'],
  ])('308s the unprefixed %s to the default locale’s %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(location);
  });

  it('has no French: /fr/note is a path of the default locale, which no route matches', async () => {
    expect((await get('/fr/note')).headers.location).toBe('/es/fr/note');
    const page = await get('/es/fr/note');
    expect(page.status).toBe(404);
    expect(page.text).toContain('<html lang="es">');
    expect((await get('/_locale/fr?next=/')).status).toBe(404);
  });

  it('the switcher sets the cookie and redirects to the page in the chosen locale', async () => {
    const english = await get('/_locale/en?next=%2Fnote%3Fx%3D1');
    expect(english.status).toBe(303);
    expect(english.headers.location).toBe('/en/note?x=1');
    expect(english.headers['set-cookie']?.[0]).toMatch(/^locale=en; /);
    expect((await get('/_locale/es?next=/')).headers.location).toBe('/es');
  });

  it('answers data URLs under the locale prefix, and a redirect line for one without', async () => {
    const answer = await app.data('/en/note');
    expect(answer.status).toBe(200);
    const segments = answer.first.type === 'page' ? answer.first.segments : [];
    expect(segments.find((segment: SegmentState | null) => segment?.id === 'note')).toEqual({
      id: 'note',
      data: { locale: 'en' },
    });
    const unprefixed = await get('/_data/development/note');
    expect(JSON.parse(unprefixed.text.split('\n')[0] as string)).toEqual({
      type: 'redirect',
      location: '/es/note',
      status: 308,
    });
  });
});

describe('the same app with English as the unprefixed default', () => {
  const app = createTestApp({
    app: { ...bilingualApp, locales: { list: ['en', 'es'], default: 'en' } },
    server: bilingualServerApp,
  });
  afterAll(() => app.stop());
  const get = (path: string) => request(app.server).get(path);

  it('sends a Spanish visitor from the bare root to /es, and keeps an English one', async () => {
    const spanish = await get('/').set('Accept-Language', 'es-MX,es;q=0.9');
    expect(spanish.status).toBe(307);
    expect(spanish.headers.location).toBe('/es');
    const english = await get('/').set('Accept-Language', 'en');
    expect(english.status).toBe(200);
    expect(english.text).toContain('<html lang="en">');
  });

  it('serves English without a prefix, Spanish under /es, and 308s /en/… away', async () => {
    expect((await get('/note')).text).toContain('A note in English');
    expect((await get('/es/note')).text).toContain('<html lang="es">');
    const spelled = await get('/en/note');
    expect(spelled.status).toBe(308);
    expect(spelled.headers.location).toBe('/note');
  });

  it('has no French: /fr/note is an English path no route matches', async () => {
    const response = await get('/fr/note');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<html lang="en">');
  });
});

describe('an app of one locale (the tiny app)', () => {
  const app = createTestApp({ app: tinyApp, server: tinyServerApp });
  afterAll(() => app.stop());
  const get = (path: string) => request(app.server).get(path);

  it('serves its pages without a prefix, in its locale', async () => {
    const response = await get('/notes/first');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<html lang="en">');
  });

  it('reads no segment as a locale: /en/… and /fr/… are paths no route matches', async () => {
    for (const path of ['/en/notes/first', '/fr/notes/first']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.location, path).toBeUndefined();
    }
  });

  it('never negotiates on the bare root', async () => {
    const response = await get('/').set('Accept-Language', 'fr');
    expect(response.status).toBe(404);
    expect(response.headers.vary ?? '').not.toMatch(/Accept-Language/);
  });
});
