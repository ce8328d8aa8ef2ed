import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app/create-app.ts';
import { DYNAMIC_CACHE_CONTROL } from '../../server/render/document-renderer.ts';
import { notFound, redirect } from '../../shared/routing/control-signals.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { fixtureHref, fixtureLocales, fixtureRoot } from '../helpers/fixture-app.tsx';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { testConfig } from '../helpers/test-config.ts';

/** The fixture app with two resource routes: a streamed feed and one that is missing for some ids. */
function resourceApp(env: Record<string, string> = {}) {
  return createApp({
    config: testConfig(env),
    app: {
      root: {
        ...fixtureRoot,
        children: [
          ...(fixtureRoot.children ?? []),
          { id: 'feed', path: '/feed.json', resource: true },
          { id: 'note', path: '/notes/:id.txt', resource: true },
        ],
      },
      locales: fixtureLocales,
    },
    dataSteps: {},
    resources: {
      feed: ({ url: { origin }, urlOf }) => {
        const encoder = new TextEncoder();
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(encoder.encode('{"items":['));
            controller.enqueue(
              encoder.encode(JSON.stringify(`${origin}${urlOf(fixtureHref('item', { id: '1' }), 'fr')}`)),
            );
            controller.enqueue(encoder.encode(']}'));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'application/json' } });
      },
      note: ({ params }) => {
        if (params.id === 'missing') throw notFound();
        if (params.id === 'moved') throw redirect(fixtureHref('item', { id: '7' }), 301);
        if (params.id === 'away') throw redirect('https://notes.example/7', 302);
        return new Response(`note ${String(params.id)}`, { status: 201, headers: { 'X-Note': 'yes' } });
      },
    },
    logger: captureLogger(),
  });
}

describe('resource routes', () => {
  it('answers with the handler’s status, headers and streamed body, and no document around it', async () => {
    const response = await request(resourceApp()).get('/feed.json').set('Host', 'shop.test');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body).toEqual({ items: ['http://shop.test/fr/items/1'] });
    expect(response.headers['cache-control']).not.toBe(DYNAMIC_CACHE_CONTROL);
    expect(response.text).not.toContain('<html');
  });

  it('gives the handler the route params, and passes its status and headers through', async () => {
    const response = await request(resourceApp()).get('/notes/7.txt');
    expect(response.status).toBe(201);
    expect(response.headers['x-note']).toBe('yes');
    expect(response.text).toBe('note 7');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await request(resourceApp()).head('/notes/7.txt');
    expect(response.status).toBe(201);
    expect(response.headers['x-note']).toBe('yes');
    expect(response.text ?? '').toBe('');
  });

  it('answers other methods with 405 and Allow: GET, HEAD', async () => {
    for (const method of ['post', 'put', 'delete'] as const) {
      const response = await request(resourceApp())[method]('/notes/7.txt');
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('turns notFound() from a handler into the 404 page', async () => {
    const response = await request(resourceApp()).get('/notes/missing.txt');
    expect(response.status).toBe(404);
    expect(response.text).toContain('404: This page could not be found.');
  });

  it('takes the same normalisation, base path and locale steps as pages', async () => {
    const app = resourceApp({ BASE_PATH: '/store' });
    expect((await request(app).get('/store/notes/7.txt')).status).toBe(201);
    expect((await request(app).get('/store/fr/notes/7.txt')).status).toBe(201);
    expect((await request(app).get('/notes/7.txt')).status).toBe(404);
    const slashed = await request(app).get('/store//notes/7.txt/');
    expect(slashed.status).toBe(308);
    expect(slashed.headers.location).toBe('/store/notes/7.txt');
  });

  it('sends a redirect to an app path under the base path and the request’s locale, an external one as is', async () => {
    const app = resourceApp({ BASE_PATH: '/store' });
    const moved = await request(app).get('/store/fr/notes/moved.txt');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/store/fr/items/7');
    expect((await request(app).get('/store/notes/moved.txt')).headers.location).toBe('/store/items/7');
    expect((await request(app).get('/store/fr/notes/away.txt')).headers.location).toBe(
      'https://notes.example/7',
    );
  });

  it('tells a client navigation to load a resource route in full', async () => {
    const response = await request(resourceApp()).get('/_data/development/notes/7.txt');
    expect(response.text.trim()).toBe('{"type":"resource"}');
  });
});

describe('the storefront’s sitemap.xml and robots.txt', () => {
  it('lists every page in every locale with hreflang alternates, from the origin the client sees', async () => {
    const app = createStorefrontApp({ TRUST_PROXY: '1', BASE_PATH: '/store' });
    const response = await request(app)
      .get('/store/sitemap.xml')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'shop.example');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain('https://shop.example/store');
    expect(locs).toContain('https://shop.example/store/fr/products/chef-knife-20cm');
    expect(locs).toContain('https://shop.example/store/de/help/shipping/delivery-times');
    expect(locs).toContain('https://shop.example/store/shop/kitchen/knives');
    expect(locs.some((loc) => loc?.includes('/cart'))).toBe(false);
    // 53 products, the home page, the shop and its categories, the help centre and its articles: in 3 locales.
    expect(locs.length % 3).toBe(0);
    expect(locs.length).toBeGreaterThan(3 * 60);
    expect(response.text).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="https://shop.example/store/de/products/chef-knife-20cm"/>',
    );
  });

  it('points robots.txt at the sitemap', async () => {
    const response = await request(createStorefrontApp()).get('/robots.txt').set('Host', 'shop.test');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toContain('Sitemap: http://shop.test/sitemap.xml');
    expect(response.text).toContain('Disallow: /cart');
  });
});
