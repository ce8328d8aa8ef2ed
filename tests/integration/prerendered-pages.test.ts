import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import { createApp } from '../../server/app/create-app.ts';
import { startedServices } from '../../server/app/services.ts';
import { type BuildOutput, loadBuildOutput } from '../../server/definition/build-output.ts';
import { type PrerenderedPage, prerenderedKey } from '../../server/definition/prerendered-pages.ts';
import { loadConfig } from '../../server/process/config.ts';
import { testShopServices } from '../helpers/shop-database.ts';

const ARTICLE = '/fr/help/shipping/delivery-times';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A page's nonce, wherever it is written, made the same: two answers then compare as the visitor sees them. */
const withoutNonce = (html: string, nonce: string) => html.replaceAll(nonce, 'NONCE');
const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';

describe('prerendered pages served by Node', () => {
  let build: BuildOutput;
  let services: Awaited<ReturnType<typeof testShopServices>>;
  beforeAll(async () => {
    build = loadBuildOutput(inject('buildDir'));
    services = await testShopServices();
  });

  const serverWith = (prerendered: BuildOutput['prerendered']) =>
    createApp({
      config: loadConfig({ COOKIE_SECRET: 'prerendered-test-cookie-secret-of-length' }),
      app: storefront,
      ...storefrontServer,
      services: startedServices(services),
      build: { ...build, prerendered },
    });
  const article = () =>
    build.prerendered?.get(prerenderedKey('fr', '/help/shipping/delivery-times')) as PrerenderedPage;

  it('the build wrote every help page in every locale, precompressed', () => {
    const pages = [...(build.prerendered?.values() ?? [])];
    expect(pages.filter((page) => page.appPath === '/help').map((page) => page.locale)).toEqual([
      'en',
      'fr',
      'de',
    ]);
    const help = pages.filter((page) => page.appPath.startsWith('/help'));
    expect(help.every((page) => page.servedByProxy && !page.changesWithData)).toBe(true);
    const page = article();
    expect(brotliDecompressSync(page.bodies.br).equals(page.bodies.identity)).toBe(true);
    expect(gunzipSync(page.bodies.gzip).equals(page.bodies.identity)).toBe(true);
  });

  it('answers with the file and the headers a render gives, and a body that differs only by its nonce', async () => {
    const fromFile = await request(serverWith(build.prerendered))
      .get(ARTICLE)
      .set('Accept-Encoding', 'identity');
    const rendered = await request(serverWith(undefined)).get(ARTICLE).set('Accept-Encoding', 'identity');
    expect(fromFile.status).toBe(200);
    expect(fromFile.text).toBe(article().bodies.identity.toString());
    for (const name of [
      'cache-control',
      'etag',
      'content-type',
      'x-frame-options',
      'referrer-policy',
      'vary',
    ])
      expect([name, fromFile.headers[name]]).toEqual([name, rendered.headers[name]]);
    const fileNonce = nonceOf(fromFile.headers['content-security-policy'] ?? '');
    expect(fromFile.text).toContain(`nonce="${fileNonce}"`);
    const renderNonce = nonceOf(rendered.headers['content-security-policy'] ?? '');
    expect(withoutNonce(fromFile.text, fileNonce)).toBe(withoutNonce(rendered.text, renderNonce));
  });

  it('sends the brotli and gzip files by Accept-Encoding, and the same file to a crawler', async () => {
    const server = serverWith(build.prerendered);
    const html = article().bodies.identity.toString();
    const brotli = await request(server).get(ARTICLE).set('Accept-Encoding', 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(Number(brotli.headers['content-length'])).toBe(article().bodies.br.length);
    expect(brotli.text).toBe(html);
    const gzip = await request(server).get(ARTICLE).set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(article().bodies.gzip.length);
    expect(gzip.text).toBe(html);
    const crawler = await request(server)
      .get(ARTICLE)
      .set('User-Agent', GOOGLEBOT)
      .set('Accept-Encoding', 'identity');
    expect(crawler.text).toBe(html);
    await request(server).get(ARTICLE).set('If-None-Match', article().etag).expect(304);
  });

  it('renders the page instead once its versions no longer give the ETag it was made with (its data moved)', async () => {
    const stale: PrerenderedPage = {
      ...article(),
      bodies: { identity: Buffer.from('stale'), br: Buffer.from(''), gzip: Buffer.from('') },
    };
    const key = prerenderedKey('fr', '/help/shipping/delivery-times');
    const current = await request(serverWith(new Map([[key, stale]])))
      .get(ARTICLE)
      .set('Accept-Encoding', 'identity');
    expect(current.text).toBe('stale'); // the file is what it serves while current
    const moved = new Map([[key, { ...stale, etag: 'W/"made-at-an-older-version"' }]]);
    const rendered = await request(serverWith(moved)).get(ARTICLE).set('Accept-Encoding', 'identity');
    expect(rendered.status).toBe(200);
    expect(rendered.text).toContain('<html lang="fr">');
    expect(rendered.headers.etag).toBe(article().etag);
  });
});
