import { describe, expect, it } from 'vitest';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { listenForSuite } from '../helpers/listen.ts';
import { rawExchange } from '../helpers/raw-exchange.ts';
import { fc, PROPERTY_RUNS } from './property-runs.ts';

/** Path pieces rich in what redirects care about: slashes, dots, hosts, schemes, a locale, encodings. */
const piece = fc.oneof(
  fc.constantFrom(
    '',
    '/',
    '//',
    '\\',
    '.',
    '..',
    'fr',
    'en',
    'items',
    'old',
    'store',
    'evil.example',
    '@',
    ':',
    'http:',
    '%2F',
    '%5C',
    '%00',
    '%E2%80%AE',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,6}$/),
);
const path = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join('/'));
const query = fc.constantFrom('', '?a=1', '?next=//evil.example', '?', '?x=http://evil.example');
const authority = fc.constantFrom(
  'OURS',
  'evil.example',
  'evil.example@OURS',
  'OURS@evil.example',
  'OURS:1',
  '',
  '[::1]',
  'OURS.',
  'ours',
);
const scheme = fc.constantFrom('http', 'https', 'HTTP', 'ftp', 'javascript', '');

/** Request targets in every form RFC 9112 names, and what a prober sends instead. */
const target = fc.oneof(
  fc.tuple(path, query).map(([p, q]) => `/${p}${q}`),
  fc.tuple(scheme, authority, path, query).map(([s, a, p, q]) => `${s}://${a}${p === '' ? '' : `/${p}`}${q}`),
  fc.tuple(path, query).map(([p, q]) => `${p}${q}`),
  fc.constantFrom('*', '//evil.example', '/\\evil.example', '\\\\evil.example/x'),
);
const hostHeader = fc.constantFrom('OURS', 'OURS', 'OURS', 'evil.example', 'OURS:80', 'OURS:abc');

describe.each([
  ['without a base path', {}],
  ['under BASE_PATH=/store', { BASE_PATH: '/store' }],
])('request targets %s (property)', (_case, env) => {
  const server = listenForSuite(() => createFixtureApp({ env }));

  it('never answer a 5xx, and every redirect is a path on the origin the client asked', async () => {
    const ours = () => new URL(server().origin).host;
    await fc.assert(
      fc.asyncProperty(target, hostHeader, async (rawTarget, rawHost) => {
        const requestTarget = rawTarget.replaceAll('OURS', ours());
        const host = rawHost.replace('OURS', ours());
        const answer = await rawExchange(server().origin, `GET ${requestTarget} HTTP/1.1\r\nHost: ${host}`);
        const what = `GET ${requestTarget} with Host: ${host}`;
        expect(answer.status, what).toBeGreaterThanOrEqual(200);
        expect(answer.status, what).toBeLessThan(500);
        for (const location of [answer.headers.location, answer.headers.refresh?.replace(/^0;url=/, '')]) {
          if (location === undefined) continue;
          expect(location, what).toMatch(/^\/(?![/\\])/);
          expect(new URL(location, 'http://ours.test').origin, what).toBe('http://ours.test');
        }
      }),
      { numRuns: Math.min(PROPERTY_RUNS, 400) },
    );
  });
});
