// The docs' own examples (docs/examples/), run for real: what the pages say they do, they do.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { basketApp } from '../../docs/examples/basket-routes.ts';
import { navigationTimes, timedBasketApp } from '../../docs/examples/browser-instrumentation.ts';
import { cachingServer, offersByLanguage } from '../../docs/examples/caching.ts';
import {
  type ErrorReport,
  logDataStepTimes,
  reportTo,
  timedServer,
} from '../../docs/examples/instrumentation.ts';
import { knivesByName, productPage, shippingTop } from '../../docs/examples/links.ts';
import { brokenOffers, reportingServer } from '../../docs/examples/reporting.ts';
import { createTestApp } from '../../server/test-kit.ts';

describe('docs/examples/links.ts', () => {
  it('fills each pattern as its comment says', () => {
    expect([productPage, knivesByName, shippingTop]).toEqual([
      '/products/chef-knife-20cm',
      '/shop/kitchen/knives?sort=name',
      '/help/shipping#top',
    ]);
  });
});

describe('docs/examples/caching.ts', () => {
  const app = createTestApp({ app: basketApp, server: cachingServer });

  it('answers the offers as public, without the per-visitor basket count, with a weak ETag', async () => {
    const offers = await request(app.server).get('/offers').expect(200);
    expect(offers.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
    );
    expect(offers.headers.etag).toMatch(/^W\//);
    expect(offers.text).toContain('Basket (…)');
    await request(app.server).get('/offers').set('If-None-Match', String(offers.headers.etag)).expect(304);
  });

  it('keeps the basket private (no policy), with the count rendered on the server', async () => {
    const basket = await request(app.server).get('/basket').set('Cookie', 'basket=knife,board').expect(200);
    expect(basket.headers['cache-control']).toMatch(/^private/);
    expect(basket.text).toContain('Basket (2)');
  });

  it('keeps offers that read Accept-Language public, one copy per value, when the policy varies by it', async () => {
    const byLanguage = createTestApp({ app: basketApp, server: offersByLanguage });
    const french = await request(byLanguage.server).get('/offers').set('Accept-Language', 'fr').expect(200);
    expect(french.headers['cache-control']).toMatch(/^public/);
    expect(french.headers.vary).toMatch(/Accept-Language/);
    expect(french.text).toContain('Couteau de chef');
    const english = await request(byLanguage.server).get('/offers').set('Accept-Language', 'en');
    expect(english.headers.etag).not.toBe(french.headers.etag);
    const { varyBy: _, ...undeclared } = offersByLanguage.cache.offers;
    const cache = { ...offersByLanguage.cache, offers: undeclared };
    const unvaried = createTestApp({ app: basketApp, server: { ...offersByLanguage, cache } });
    const privately = await request(unvaried.server).get('/offers').set('Accept-Language', 'fr');
    expect(privately.headers['cache-control']).toMatch(/^private/);
  });
});

describe('docs/examples/reporting.ts', () => {
  it('reports only the unexpected error, once, with its route', async () => {
    const app = createTestApp({ app: basketApp, server: reportingServer });
    await request(app.server).get('/offers').expect(404);
    await request(app.server)
      .get('/basket')
      .expect(409, /409: This basket was already ordered/);
    expect(app.reported).toEqual([]);

    const broken = createTestApp({ app: basketApp, server: reportingServer }, { dataSteps: brokenOffers });
    await request(broken.server).get('/offers').expect(500);
    expect(broken.reported.map(({ routePattern }) => routePattern)).toEqual(['GET /offers']);
  });
});

describe('docs/examples/instrumentation.ts', () => {
  it('logs each data step of a page with its route pattern, status and time', async () => {
    const lines: string[] = [];
    const app = createTestApp(
      { app: basketApp, server: timedServer },
      { instrumentations: [logDataStepTimes((line) => lines.push(line))] },
    );
    await request(app.server).get('/basket').expect(200);
    expect(lines.sort()).toEqual([
      expect.stringMatching(/^GET \/basket basket: 200 in \d+\.\d ms$/),
      expect.stringMatching(/^GET \/basket root: 200 in \d+\.\d ms$/),
    ]);
  });

  it('sends each unexpected error with its route and step to the app’s service, once', async () => {
    const sent: ErrorReport[] = [];
    const app = createTestApp(
      { app: basketApp, server: reportingServer },
      { dataSteps: brokenOffers, instrumentations: [reportTo((report) => sent.push(report))] },
    );
    await request(app.server).get('/offers').expect(500);
    await request(app.server).get('/basket').expect(409);
    expect(sent).toEqual([
      {
        id: expect.any(String),
        error: new Error('catalogue query failed'),
        route: '/offers',
        step: 'data-step',
      },
    ]);
  });
});

describe('docs/examples/browser-instrumentation.ts', () => {
  it('sends the time of a committed navigation only', async () => {
    const sent: string[] = [];
    const observer = navigationTimes((body) => sent.push(body));
    for (const outcome of ['committed', 'superseded'] as const) {
      await observer.navigation?.({ routePattern: '/offers', url: '/offers' }, async () => ({ outcome }));
    }
    expect(sent.map((body) => JSON.parse(body))).toEqual([
      { routePattern: '/offers', ms: expect.any(Number) },
    ]);
    expect(timedBasketApp.instrumentations).toHaveLength(1);
  });
});
