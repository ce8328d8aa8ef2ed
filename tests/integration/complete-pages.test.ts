import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { listen, type RunningServer } from '../helpers/listen.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { streamedRequest } from '../helpers/streamed-request.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
/** React's mark of a Suspense boundary still pending in the HTML, its content to come later. */
const PENDING_BOUNDARY = '<!--$?-->';
/** React's hidden container of a boundary's late content, which a script moves into place. */
const LATE_CONTENT = '<div hidden id="S:';

describe('a shared page is complete', () => {
  const app = createStorefrontApp();

  it.each([
    ['a browser', BROWSER],
    ['a crawler', GOOGLEBOT],
  ])('gives %s the product page with its related products in place, no boundary left to a script', async (_, agent) => {
    const response = await request(app).get('/products/chef-knife-20cm').set('User-Agent', agent).expect(200);
    expect(response.headers['cache-control']).toMatch(/^public, /);
    expect(response.text).not.toContain(PENDING_BOUNDARY);
    expect(response.text).not.toContain(LATE_CONTENT);
    expect(response.text).not.toContain('product-grid--skeleton');
    // The related products are rendered in the document (cards linking to other products), not only as data.
    const related = response.text.slice(response.text.indexOf('id="related-heading"'));
    expect(related).toMatch(/<a [^>]*href="\/products\/(?!chef-knife-20cm")/);
  });
});

describe('a private page', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is complete for a crawler, its deferred value in place', async () => {
    server = await listen(createFixtureApp());
    const response = await streamedRequest(`${server.origin}/deferred`, { 'User-Agent': GOOGLEBOT });
    const body = await response.ended;
    expect(response.headers['cache-control']).toMatch(/^private, /);
    expect(body).toContain('slow value: ready');
    expect(body).not.toContain(PENDING_BOUNDARY);
    expect(body).not.toContain(LATE_CONTENT);
  });

  it('streams to a browser: the shell first, the boundary filled in later', async () => {
    let resolveSlow: (value: string) => void = () => {};
    const slow = new Promise<string>((resolve) => {
      resolveSlow = resolve;
    });
    server = await listen(createFixtureApp({ hooks: { deferredValue: () => slow } }));
    const response = await streamedRequest(`${server.origin}/deferred`, { 'User-Agent': BROWSER });
    expect(await response.waitFor('loading slow value')).toContain(PENDING_BOUNDARY);
    resolveSlow('ready');
    expect(await response.ended).toContain(LATE_CONTENT);
  });
});
