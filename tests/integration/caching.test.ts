import request from 'supertest';
import { describe, expect, it } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import type { CachePolicies, DataSteps } from '../../server/index.ts';
import { createTestApp } from '../../server/test-kit.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServerApp from '../fixtures/tiny-app/server-app.ts';
import { testShopServices } from '../helpers/shop-database.ts';

const MINUTE = { sMaxAge: 60, staleWhileRevalidate: 600 };
const EVERY_SEGMENT: CachePolicies = { root: MINUTE, notes: MINUTE, first: MINUTE };
const PUBLIC_MINUTE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const DOCUMENT_PRIVATE = 'private, no-cache, no-store, max-age=0, must-revalidate';
const DATA = '/_data/development';

function tinyWith(cache: CachePolicies, dataSteps: DataSteps = {}) {
  return createTestApp({ app: tinyApp, server: { ...tinyServerApp, cache } }, { dataSteps }).server;
}

describe('a cache policy per segment', () => {
  it('answers a page whose whole branch has a policy as public, with a weak ETag', async () => {
    const response = await request(tinyWith(EVERY_SEGMENT)).get('/notes/first').expect(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_MINUTE);
    expect(response.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it('takes the strictest policy of the branch, each time the shortest', async () => {
    const app = tinyWith({ ...EVERY_SEGMENT, notes: { sMaxAge: 30, staleWhileRevalidate: 900, maxAge: 5 } });
    const response = await request(app).get('/notes/first');
    expect(response.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=600',
    );
  });

  it('keeps a page private for a browser told of another build (`ssr-build`), which a shared cache keys by', async () => {
    const app = tinyWith(EVERY_SEGMENT);
    const told = await request(app).get('/notes/first').set('Cookie', 'ssr-build=another00000').expect(200);
    expect([told.headers['cache-control'], told.headers.etag]).toEqual([DOCUMENT_PRIVATE, undefined]);
    const ours = await request(app).get('/notes/first').set('Cookie', 'ssr-build=development').expect(200);
    expect(ours.headers['cache-control']).toBe(PUBLIC_MINUTE);
  });

  it('keeps a page private when a segment of its branch has no policy', async () => {
    const { root, notes } = EVERY_SEGMENT;
    const response = await request(tinyWith({ root, notes } as CachePolicies)).get('/notes/first');
    expect(response.headers['cache-control']).toBe(DOCUMENT_PRIVATE);
    expect(response.headers.etag).toBeUndefined();
  });

  it.each([
    ['reads a cookie', ({ cookies }: { cookies: object }) => ({ count: Object.keys(cookies).length })],
    [
      'reads a signed cookie',
      ({ signedCookies }: { signedCookies: object }) => ({ count: Object.keys(signedCookies).length }),
    ],
    [
      'reads the Cookie header',
      ({ headers }: { headers: Record<string, unknown> }) => ({ count: headers.cookie ? 1 : 0 }),
    ],
    [
      'reads the raw request',
      ({ request: raw }: { request: { url?: string } }) => ({ count: raw.url?.length ?? 0 }),
    ],
    [
      'sets a cookie',
      ({ setCookie }: { setCookie: (name: string, value: string, options: object) => void }) => {
        setCookie('seen', '1', {});
        return { count: 1 };
      },
    ],
  ])('answers private, however the policies say, when a step %s (no cookie sent)', async (_, notes) => {
    const app = tinyWith(EVERY_SEGMENT, { notes: notes as DataSteps[string] });
    const page = await request(app).get('/notes/first').expect(200);
    expect(page.headers['cache-control']).toBe(DOCUMENT_PRIVATE);
    expect(page.headers.etag).toBeUndefined();
    const data = await request(app).get(`${DATA}/notes/first`).expect(200);
    expect(data.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps error pages private', async () => {
    const app = tinyWith({ ...EVERY_SEGMENT, second: MINUTE });
    const response = await request(app).get('/notes/second?fail').expect(500);
    expect(response.headers['cache-control']).toBe(DOCUMENT_PRIVATE);
  });
});

describe('per-visitor segments', () => {
  it('leaves them out of a shared page, for the browser to ask for once hydrated; a data answer has them', async () => {
    const app = tinyWith(
      { ...EVERY_SEGMENT, root: 'per-visitor', notes: 'per-visitor' },
      {
        notes: ({ cookies }) => ({ count: Object.keys(cookies).length }),
      },
    );
    const page = await request(app).get('/notes/first').set('Cookie', 'seen=1').expect(200);
    expect(page.headers['cache-control']).toBe(PUBLIC_MINUTE);
    // Its step never ran: the layout rendered without its data (`null`), and the cookie made nothing private.
    expect(page.text).toContain('Notes (…)');
    const data = await request(app).get(`${DATA}/notes/first`).set('X-Keep-Segments', 'root,first');
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.text).toContain('{"id":"notes","data":{"count":0}}');
  });
});

describe('revalidation by ETag', () => {
  it('answers 304 without a body to a matching If-None-Match, for the document and for HEAD', async () => {
    const app = tinyWith(EVERY_SEGMENT);
    const { headers } = await request(app).get('/notes/first');
    const again = await request(app)
      .get('/notes/first')
      .set('If-None-Match', headers.etag as string);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // A browser updates its stored headers with a 304's: a new CSP nonce would block the stored page's scripts.
    expect(headers['content-security-policy']).toContain('nonce-');
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers.etag).toBe(headers.etag);
    expect(again.headers['cache-control']).toBe(PUBLIC_MINUTE);
    await request(app)
      .head('/notes/first')
      .set('If-None-Match', headers.etag as string)
      .expect(304);
  });

  it('changes the ETag when the data changes', async () => {
    let count = 2;
    const app = tinyWith(EVERY_SEGMENT, { notes: () => ({ count }) });
    const before = (await request(app).get('/notes/first')).headers.etag as string;
    count = 3;
    const after = await request(app).get('/notes/first').set('If-None-Match', before);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.text).toContain('3');
  });

  it('gives data answers their own ETag, varying by the segments the browser keeps', async () => {
    const app = tinyWith(EVERY_SEGMENT);
    const full = await request(app).get(`${DATA}/notes/first`).expect(200);
    expect(full.headers['cache-control']).toBe(PUBLIC_MINUTE);
    expect(full.headers.vary).toContain('X-Keep-Segments');
    const kept = await request(app).get(`${DATA}/notes/first`).set('X-Keep-Segments', 'root,notes');
    expect(kept.headers.etag).not.toBe(full.headers.etag);
    const document = await request(app).get('/notes/first');
    expect(document.headers.etag).not.toBe(full.headers.etag);
    await request(app)
      .get(`${DATA}/notes/first`)
      .set('If-None-Match', full.headers.etag as string)
      .expect(304);
  });
});

describe('versions: revalidation before any data step', () => {
  function versioned(version: () => unknown) {
    const steps = { runs: 0 };
    const policy = { ...MINUTE, version };
    const app = tinyWith(
      { root: policy, notes: policy, first: policy },
      {
        notes: () => {
          steps.runs += 1;
          return { count: 2 };
        },
      },
    );
    return { app, steps };
  }

  it('answers a matching If-None-Match with 304 without running a data step, for documents and data', async () => {
    let version = 1;
    const { app, steps } = versioned(() => version);
    for (const path of ['/notes/first', `${DATA}/notes/first`]) {
      const first = await request(app).get(path).expect(200);
      expect(first.headers['cache-control'], path).toBe(PUBLIC_MINUTE);
      const runs = steps.runs;
      const again = await request(app)
        .get(path)
        .set('If-None-Match', first.headers.etag as string);
      expect(again.status, path).toBe(304);
      expect(steps.runs, path).toBe(runs);
      version += 1;
      const changed = await request(app)
        .get(path)
        .set('If-None-Match', first.headers.etag as string);
      expect(changed.status, path).toBe(200);
      expect(changed.headers.etag, path).not.toBe(first.headers.etag);
      expect(steps.runs, path).toBe(runs + 1);
    }
  });

  it('reads a version the branch’s segments share once per request, and one of their own each', async () => {
    const reads = { shared: 0, own: 0 };
    const shared = {
      ...MINUTE,
      version: () => {
        reads.shared += 1;
        return 'catalogue';
      },
    };
    const own = {
      ...MINUTE,
      version: () => {
        reads.own += 1;
        return 'first';
      },
    };
    const app = tinyWith({ root: shared, notes: shared, first: own });
    const first = await request(app).get('/notes/first').expect(200);
    expect(reads).toEqual({ shared: 1, own: 1 });
    await request(app)
      .get('/notes/first')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    expect(reads).toEqual({ shared: 2, own: 2 });
  });

  it('keeps an answer whose version read a cookie private, and never answers it 304', async () => {
    const constant = { ...MINUTE, version: () => 1 };
    const app = tinyWith({
      root: constant,
      notes: { ...MINUTE, version: ({ cookies }: { cookies: object }) => Object.keys(cookies).length },
      first: constant,
    });
    const page = await request(app).get('/notes/first').set('Cookie', 'seen=1').expect(200);
    expect(page.headers['cache-control']).toBe(DOCUMENT_PRIVATE);
    expect(page.headers.etag).toBeUndefined();
  });

  it('changes the storefront’s catalogue ETags when a price changes in the database', async () => {
    const services = await testShopServices();
    const app = createTestApp({ app: storefront, server: storefrontServer }, { services }).server;
    const path = '/products/oak-serving-board';
    const before = await request(app).get(path).expect(200);
    await request(app)
      .get(path)
      .set('If-None-Match', before.headers.etag as string)
      .expect(304);
    const [changed] = await services.db.query<{ price: number }>(
      'update products set price_cents = price_cents + 100 where id = $1 returning price_cents as price',
      ['oak-serving-board'],
    );
    const after = await request(app)
      .get(path)
      .set('If-None-Match', before.headers.etag as string);
    expect(after.status).toBe(200);
    expect(after.text).toContain(`€${((changed?.price ?? 0) / 100).toFixed(2)}`);
  });
});

describe('resource routes', () => {
  it('keeps a resource private when its handler read a cookie, whatever Cache-Control it says', async () => {
    const services = await testShopServices();
    const app = createTestApp(
      { app: storefront, server: storefrontServer },
      {
        services,
        resources: {
          robots: ({ cookies }) =>
            new Response(`# for ${Object.keys(cookies).length} cookies`, {
              headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=600' },
            }),
        },
      },
    ).server;
    const answer = await request(app).get('/robots.txt').expect(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const sitemap = await request(app).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=10, stale-while-revalidate=300',
    );
  });
});
