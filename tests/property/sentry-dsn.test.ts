import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dsn, envelopeUrlOf, isSameDsn, parseDsn } from '../../server/monitoring/sentry-dsn.ts';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { type SentryCaptureServer, startSentryCaptureServer } from '../helpers/sentry-capture-server.ts';
import { fc, PROPERTY_RUNS } from './property-runs.ts';

const token = fc.stringMatching(/^[A-Za-z0-9_~-]{1,12}$/);
const dsnParts = fc.record({
  scheme: fc.constantFrom('http', 'https'),
  host: fc.oneof(fc.domain(), fc.ipV4()).map((host) => host.toLowerCase()),
  port: fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
  pathPrefix: fc.array(token, { maxLength: 3 }).map((segments) => segments.map((s) => `/${s}`).join('')),
  projectId: fc.stringMatching(/^[1-9][0-9]{0,8}$/),
  publicKey: token,
  secretKey: fc.option(token, { nil: undefined }),
});
type Parts = typeof dsnParts extends fc.Arbitrary<infer T> ? T : never;

const format = (parts: Parts, options: { upperCase?: boolean; explicitPort?: boolean } = {}) => {
  const defaultPort = parts.scheme === 'https' ? 443 : 80;
  const port = parts.port ?? (options.explicitPort ? defaultPort : undefined);
  const scheme = options.upperCase ? parts.scheme.toUpperCase() : parts.scheme;
  const host = options.upperCase ? parts.host.toUpperCase() : parts.host;
  const user = parts.secretKey === undefined ? parts.publicKey : `${parts.publicKey}:${parts.secretKey}`;
  return `${scheme}://${user}@${host}${port === undefined ? '' : `:${port}`}${parts.pathPrefix}/${parts.projectId}`;
};

/** One part changed to another valid value. */
const mutation = fc.constantFrom<(parts: Parts) => Parts>(
  (parts) => ({ ...parts, scheme: parts.scheme === 'http' ? 'https' : 'http', port: parts.port ?? 8080 }),
  (parts) => ({ ...parts, host: `x${parts.host}` }),
  // Another explicit port: the next one, which is never the one the DSN has (written or default).
  (parts) => ({ ...parts, port: ((parts.port ?? (parts.scheme === 'https' ? 443 : 80)) % 65_535) + 1 }),
  (parts) => ({ ...parts, pathPrefix: `${parts.pathPrefix}/extra` }),
  (parts) => ({ ...parts, projectId: `${parts.projectId}1` }),
  (parts) => ({ ...parts, publicKey: `${parts.publicKey}x` }),
  (parts) => ({ ...parts, secretKey: parts.secretKey === undefined ? 'secret' : undefined }),
);

describe('parseDsn (property)', () => {
  it('never throws, and parses to a DSN or null, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.string({ unit: 'binary' })), (value) => {
        const parsed = parseDsn(value);
        expect(parsed === null || typeof parsed.projectId === 'string').toBe(true);
      }),
    );
  });

  it('reads its own forms back: case in scheme and host and a written default port do not matter', () => {
    fc.assert(
      fc.property(dsnParts, fc.boolean(), fc.boolean(), (parts, upperCase, explicitPort) => {
        const plain = parseDsn(format(parts)) as Dsn;
        expect(plain).not.toBeNull();
        expect(isSameDsn(plain, parseDsn(format(parts, { upperCase, explicitPort })) as Dsn)).toBe(true);
        expect(envelopeUrlOf(plain)).toBe(
          `${parts.scheme}://${parts.host}${parts.port && parts.port !== (parts.scheme === 'https' ? 443 : 80) ? `:${parts.port}` : ''}${parts.pathPrefix}/api/${parts.projectId}/envelope/`,
        );
      }),
    );
  });

  it('tells apart two DSNs that differ in any one part', () => {
    fc.assert(
      fc.property(dsnParts, mutation, (parts, change) => {
        const ours = parseDsn(format(parts)) as Dsn;
        const theirs = parseDsn(format(change(parts)));
        expect(theirs).not.toBeNull();
        expect(isSameDsn(ours, theirs as Dsn)).toBe(false);
      }),
    );
  });

  it('never takes a rewritten form (second userinfo, dot segments, escapes, white space) as the DSN', () => {
    const disguise = fc.constantFrom<(dsn: string, parts: Parts) => string>(
      (dsn, parts) => dsn.replace(`/${parts.projectId}`, `@evil.example/${parts.projectId}`),
      (dsn, parts) => dsn.replace(`/${parts.projectId}`, `/x/../${parts.projectId}`),
      (dsn, parts) => dsn.replace(`/${parts.projectId}`, `/./${parts.projectId}`),
      (dsn, parts) =>
        dsn.replace(
          parts.publicKey,
          encodeURIComponent(parts.publicKey).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`),
        ),
      (dsn) => ` ${dsn}`,
      (dsn) => `${dsn}\n`,
      (dsn) => dsn.replace('://', ':\\\\'),
      (dsn) => `${dsn}/`,
    );
    fc.assert(
      fc.property(dsnParts, disguise, (parts, rewrite) => {
        const ours = parseDsn(format(parts)) as Dsn;
        const disguised = parseDsn(rewrite(format(parts), parts));
        expect(disguised === null || !isSameDsn(ours, disguised)).toBe(true);
      }),
    );
  });
});

describe('the tunnel’s envelope reader (property)', () => {
  let sentry: SentryCaptureServer;
  let app: ReturnType<typeof createFixtureApp>;
  beforeAll(async () => {
    sentry = await startSentryCaptureServer();
    app = createFixtureApp({ env: { SENTRY_DSN: sentry.dsn } });
  });
  afterAll(async () => {
    await sentry.close();
  });

  it('answers any body that is not an envelope for our DSN with 400 or 403, never forwarding it', async () => {
    const header = fc.oneof(
      fc.json(),
      fc.record({ dsn: fc.oneof(fc.string(), fc.webUrl()) }).map((value) => JSON.stringify(value)),
      dsnParts.map((parts) => JSON.stringify({ dsn: format(parts) })),
    );
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
      fc.tuple(header, fc.string()).map(([line, rest]) => Buffer.from(`${line}\n${rest}`)),
    );
    // Each run is a real HTTP exchange through the app: fewer runs than the pure properties.
    await fc.assert(
      fc.asyncProperty(body, async (bytes) => {
        const response = await request(app).post('/monitoring').set('Content-Type', 'text/plain').send(bytes);
        expect([400, 403]).toContain(response.status);
      }),
      { numRuns: Math.min(PROPERTY_RUNS, 300) },
    );
    expect(sentry.envelopes).toHaveLength(0);
  });
});
