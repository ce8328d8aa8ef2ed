import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cleanPath } from '../../server/request/normalize-url.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { fc, PROPERTY_RUNS } from './property-runs.ts';

const OURS = 'http://ours.test';
/** Path pieces rich in what normalisation, locales and base paths care about. */
const piece = fc.oneof(
  fc.constantFrom(
    '',
    '/',
    '//',
    '\\',
    'store',
    'storefoo',
    'fr',
    'FR',
    'de',
    'en',
    'En',
    'help',
    'items',
    '.',
    '..',
  ),
  fc.constantFrom('%', '%2F', '%2f', '%E0%A4%A', '%C0%AF', '%C3%A9', '%00', '%5C', 'evil.com', '@', ':', ';'),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,6}$/),
);
const rawPath = fc
  .array(piece, { maxLength: 8 })
  .map((pieces) => `/${pieces.join('/')}`)
  .filter((path) => path.length < 200);

describe('URL normalisation (property)', () => {
  it('cleanPath never throws, leaves no `//` or `\\`, and cleaning twice changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(rawPath, fc.string()), (path) => {
        const clean = cleanPath(path);
        expect(clean).not.toMatch(/\/\/|\\/);
        expect(cleanPath(clean)).toBe(clean);
      }),
    );
  });

  it.each([
    ['three locales', { list: ['en', 'fr', 'de'], default: 'en' }],
    ['one locale', { list: ['en'], default: 'en' }],
    ['a prefixed default', { list: ['es', 'en'], default: 'es', prefixDefault: true }],
  ])('splitPrefix (%s) never throws and gives back a path that starts with /', (_name, declaration) => {
    const locales = createLocales(declaration);
    fc.assert(
      fc.property(rawPath, (path) => {
        expect(locales.splitPrefix(cleanPath(path)).path.startsWith('/')).toBe(true);
      }),
    );
  });

  it.each([
    ['without a base path', {}],
    ['under BASE_PATH=/store', { BASE_PATH: '/store' }],
  ])('through the app %s: never a 5xx, every redirect stays on our origin, a clean target stays clean', async (_case, env) => {
    const app = createFixtureApp({ env });
    // Each run is a real HTTP exchange through the app: fewer runs than the pure properties.
    await fc.assert(
      fc.asyncProperty(
        rawPath,
        fc.option(fc.constantFrom('?a=1', '?next=//evil.com', '?'), { nil: '' }),
        async (path, query) => {
          const response = await request(app).get(`${path}${query}`).set('Accept-Language', 'de');
          expect(response.status).toBeLessThan(500);
          if (response.status < 300 || response.status >= 400) return;
          const location = response.headers.location as string;
          expect(location.startsWith('/')).toBe(true);
          expect(location).not.toMatch(/^\/[/\\]/);
          expect(new URL(location, OURS).origin).toBe(OURS);
          // A normalisation redirect (it carries Refresh) leads to a path that needs no more normalising.
          if (response.headers.refresh) {
            const next = await request(app).get(location);
            expect(next.headers.refresh).toBeUndefined();
          }
        },
      ),
      { numRuns: Math.min(PROPERTY_RUNS, 300) },
    );
  });

  it('under a base path, a clean path outside it is the 404 page', async () => {
    const app = createFixtureApp({ env: { BASE_PATH: '/store' } });
    await fc.assert(
      fc.asyncProperty(rawPath, async (path) => {
        const clean = cleanPath(path);
        fc.pre(clean !== '/store' && !clean.startsWith('/store/') && !/%|\\/.test(clean));
        const response = await request(app).get(clean);
        expect(response.status).toBe(404);
      }),
      { numRuns: Math.min(PROPERTY_RUNS, 200) },
    );
  });
});
