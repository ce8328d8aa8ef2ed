import request from 'supertest';
import { describe, expect, it } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import type { CachePolicies, CachePolicy, DataSteps, ResourceHandler } from '../../server/index.ts';
import { createTestApp } from '../../server/test-kit.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServerApp from '../fixtures/tiny-app/server-app.ts';
import { testShopServices } from '../helpers/shop-database.ts';

const MINUTE: CachePolicy = { sMaxAge: 60, staleWhileRevalidate: 600 };
const BY_LANGUAGE: CachePolicy = { ...MINUTE, varyBy: ['accept-language'] };
const PUBLIC_MINUTE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const DOCUMENT_PRIVATE = 'private, no-cache, no-store, max-age=0, must-revalidate';
const DATA = '/_data/development';
const PATHS = ['/notes/first', `${DATA}/notes/first`];

/** The notes layout counts 1 for French readers, 2 for everyone else: its data differs by Accept-Language. */
const byLanguage: DataSteps[string] = ({ headers }) => ({
  count: String(headers['accept-language']).startsWith('fr') ? 1 : 2,
});

function tinyWith(notesPolicy: CachePolicy, notes: DataSteps[string] = byLanguage) {
  const cache: CachePolicies = { root: MINUTE, notes: notesPolicy, first: MINUTE };
  return createTestApp({ app: tinyApp, server: { ...tinyServerApp, cache } }, { dataSteps: { notes } })
    .server;
}

const privateFor = (path: string) => (path.startsWith(DATA) ? 'private, no-store' : DOCUMENT_PRIVATE);

describe('a public segment whose step reads a request header', () => {
  it.each<[string, DataSteps[string]]>([
    ['accept-language by name', byLanguage],
    ['a header spelled in capitals', ({ headers }) => ({ count: headers['Accept-Language'] ? 1 : 2 })],
    ['user-agent', ({ headers }) => ({ count: String(headers['user-agent']).length })],
    ['whether a header is there (`in`)', ({ headers }) => ({ count: 'x-debug' in headers ? 1 : 2 })],
    ['every header (a spread)', ({ headers }) => ({ count: Object.keys({ ...headers }).length })],
  ])('answers private when it reads %s without declaring it', async (_, notes) => {
    const app = tinyWith(MINUTE, notes);
    for (const path of PATHS) {
      const answer = await request(app).get(path).set('Accept-Language', 'fr').expect(200);
      expect(answer.headers['cache-control'], path).toBe(privateFor(path));
      expect(answer.headers.etag, path).toBeUndefined();
    }
  });

  it('answers private when it reads a header other than the one its policy varies by', async () => {
    const app = tinyWith(BY_LANGUAGE, ({ headers }) => ({ count: String(headers['user-agent']).length }));
    const page = await request(app).get('/notes/first').expect(200);
    expect(page.headers['cache-control']).toBe(DOCUMENT_PRIVATE);
  });

  it('stays public when it declares the header: Vary names it and each value has its own ETag', async () => {
    const app = tinyWith(BY_LANGUAGE);
    for (const path of PATHS) {
      const french = await request(app).get(path).set('Accept-Language', 'fr').expect(200);
      const german = await request(app).get(path).set('Accept-Language', 'de').expect(200);
      expect(french.headers['cache-control'], path).toBe(PUBLIC_MINUTE);
      expect(french.headers.vary, path).toMatch(/\bAccept-Language\b/i);
      expect(german.headers.vary, path).toMatch(/\bAccept-Language\b/i);
      expect(french.headers.etag, path).not.toBe(german.headers.etag);
      expect(french.text, path).toContain(path.startsWith(DATA) ? '"count":1' : 'Notes (1)');
      expect(german.text, path).toContain(path.startsWith(DATA) ? '"count":2' : 'Notes (2)');
    }
  });

  it('never answers one value’s revalidation with a 304 for another’s copy', async () => {
    const app = tinyWith(BY_LANGUAGE);
    for (const path of PATHS) {
      const french = await request(app).get(path).set('Accept-Language', 'fr');
      const etag = french.headers.etag as string;
      const again = await request(app).get(path).set('Accept-Language', 'fr').set('If-None-Match', etag);
      expect(again.status, path).toBe(304);
      expect(again.headers.vary, path).toMatch(/\bAccept-Language\b/i);
      const german = await request(app).get(path).set('Accept-Language', 'de').set('If-None-Match', etag);
      expect(german.status, path).toBe(200);
      expect(german.text, path).toContain(path.startsWith(DATA) ? '"count":2' : 'Notes (2)');
    }
  });

  it('keeps the ETags of versioned segments apart per value, before any data step runs', async () => {
    const versioned = { ...BY_LANGUAGE, version: () => 1 };
    const app = tinyWith(versioned);
    const french = await request(app).get('/notes/first').set('Accept-Language', 'fr');
    const etag = french.headers.etag as string;
    await request(app)
      .get('/notes/first')
      .set('Accept-Language', 'fr')
      .set('If-None-Match', etag)
      .expect(304);
    const german = await request(app)
      .get('/notes/first')
      .set('Accept-Language', 'de')
      .set('If-None-Match', etag);
    expect(german.status).toBe(200);
    expect(german.headers.etag).not.toBe(etag);
  });

  it.each([
    [['cookie'], /varyBy cannot hold cookie/],
    [['Authorization'], /varyBy cannot hold Authorization/],
    [['accept language'], /"accept language", which is not a header name/],
    ['accept-language', /varyBy must be a list/],
  ])('refuses varyBy %j at start, naming the segment', (varyBy, message) => {
    const policy = { ...MINUTE, varyBy } as CachePolicy;
    expect(() => tinyWith(policy)).toThrow(message);
    expect(() => tinyWith(policy)).toThrow(/segment "notes"/);
  });
});

describe('a resource route that reads a request header', () => {
  const languageText: ResourceHandler = ({ headers }) =>
    new Response(`language: ${headers['accept-language']}`, {
      headers: { 'Cache-Control': PUBLIC_MINUTE, Vary: 'Accept-Language' },
    });

  async function robotsBy(handler: ResourceHandler) {
    const services = await testShopServices();
    const app = createTestApp(
      { app: storefront, server: storefrontServer },
      { services, resources: { robots: handler } },
    );
    return request(app.server).get('/robots.txt').set('Accept-Language', 'fr').expect(200);
  }

  it('keeps its public Cache-Control when its own Vary names the header, and is private otherwise', async () => {
    const varied = await robotsBy(languageText);
    expect(varied.headers['cache-control']).toBe(PUBLIC_MINUTE);
    const unnamed: ResourceHandler = ({ headers }) =>
      new Response(`language: ${headers['accept-language']}`, {
        headers: { 'Cache-Control': PUBLIC_MINUTE },
      });
    const hidden = await robotsBy(unnamed);
    expect(hidden.headers['cache-control']).toBe('private, no-store');
  });
});
