// PUBLIC_ORIGIN: every absolute URL the app writes starts with it, whatever Host and X-Forwarded-Host say.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app/create-app.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { fixtureLocales, fixtureRoot } from '../helpers/fixture-app.tsx';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { testConfig } from '../helpers/test-config.ts';

const PUBLIC = { PUBLIC_ORIGIN: 'https://Shop.Example.com:443/', TRUST_PROXY: '1' };
const FORGED = { Host: 'forged-host.test', 'X-Forwarded-Host': 'forged-forwarded.test' };

/** The fixture app whose `/hostile` page shows the `url` its data step got. */
function urlApp(env: Record<string, string> = {}) {
  return createApp({
    config: testConfig(env),
    app: { root: fixtureRoot, locales: fixtureLocales },
    dataSteps: { hostile: ({ url }) => ({ text: url.href }) },
    logger: captureLogger(),
  });
}

/** The whole answer as text: status line facts, every header and the body. */
function answerText(response: request.Response): string {
  return `${JSON.stringify(response.headers)}\n${response.text}`;
}

describe('with PUBLIC_ORIGIN set, a forged Host and X-Forwarded-Host (TRUST_PROXY on)', () => {
  it('writes the sitemap’s URLs and hreflang alternates on the public origin', async () => {
    const response = await request(createStorefrontApp(PUBLIC)).get('/sitemap.xml').set(FORGED);
    expect(response.status).toBe(200);
    const locs = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.length).toBeGreaterThan(3 * 60);
    expect(locs.every((loc) => loc?.startsWith('https://shop.example.com/'))).toBe(true);
    expect(response.text).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="https://shop.example.com/de/products/chef-knife-20cm"/>',
    );
    expect(answerText(response)).not.toMatch(/forged/);
  });

  it('points robots.txt at the sitemap on the public origin', async () => {
    const response = await request(createStorefrontApp(PUBLIC)).get('/robots.txt').set(FORGED);
    expect(response.text).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    expect(answerText(response)).not.toMatch(/forged/);
  });

  it('gives data steps a url on the public origin, the page’s own in the document and in the data answer', async () => {
    const app = urlApp(PUBLIC);
    const page = await request(app).get('/hostile?q=1').set(FORGED).set('X-Forwarded-Proto', 'http');
    expect(page.status).toBe(200);
    expect(page.text).toContain('https://shop.example.com/hostile?q=1');
    expect(answerText(page)).not.toMatch(/forged/);
    const data = await request(app).get('/_data/development/hostile?q=1').set(FORGED);
    expect(data.status).toBe(200);
    expect(data.text).toContain('"text":"https://shop.example.com/hostile?q=1"');
    expect(answerText(data)).not.toMatch(/forged/);
  });
});

describe('without PUBLIC_ORIGIN', () => {
  it('writes absolute URLs on the request’s origin (X-Forwarded-Host only with TRUST_PROXY)', async () => {
    const direct = await request(createStorefrontApp()).get('/robots.txt').set(FORGED);
    expect(direct.text).toContain('Sitemap: http://forged-host.test/sitemap.xml');
    const proxied = await request(createStorefrontApp({ TRUST_PROXY: '1' }))
      .get('/robots.txt')
      .set(FORGED)
      .set('X-Forwarded-Proto', 'https');
    expect(proxied.text).toContain('Sitemap: https://forged-forwarded.test/sitemap.xml');
  });

  it('gives data steps a url on the request’s origin, normalised', async () => {
    const page = await request(urlApp()).get('/hostile').set('Host', 'Shop.Example:80');
    expect(page.text).toContain('http://shop.example/hostile');
  });
});
