import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { loadBuildOutput } from '../../server/definition/build-output.ts';
import { listen } from '../helpers/listen.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

describe('built assets', () => {
  const { manifest } = loadBuildOutput(inject('buildDir'));
  const app = createStorefrontApp();
  const mounted = createStorefrontApp({ BASE_PATH: '/store' });

  it('serves a hashed file with a year of immutable caching and its content type', async () => {
    const script = await request(app).get(`/_assets/${manifest.entry.file}`);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const style = await request(app).get(`/_assets/${manifest.stylesheets[0]}`);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['identity', undefined],
  ])('serves scripts precompressed for Accept-Encoding %j (%s)', async (acceptEncoding, encoding) => {
    const server = await listen(app);
    try {
      const response = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${server.origin}/_assets/${manifest.entry.file}`,
            { headers: { 'Accept-Encoding': acceptEncoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
            },
          )
          .on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const original = readFileSync(path.join(inject('buildDir'), 'client', manifest.entry.file));
      const { body } = response;
      const decoded =
        encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
      expect(decoded.equals(original)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('serves assets under the base path only', async () => {
    expect((await request(mounted).get(`/store/_assets/${manifest.entry.file}`)).status).toBe(200);
    expect((await request(mounted).get(`/_assets/${manifest.entry.file}`)).status).toBe(404);
  });

  it('is not reachable under a locale prefix', async () => {
    expect((await request(app).get(`/fr/_assets/${manifest.entry.file}`)).status).toBe(404);
  });

  it.each([
    '/_assets/nope.js',
    `/_assets/${manifest.entry.file}.map`,
    '/_assets/../manifest.json',
    '/_assets/%2e%2e/manifest.json',
    '/_assets/%2E%2E%2Fmanifest.json',
    '/_assets/..%2fmanifest.json',
    '/_assets/.env',
  ])('answers %s with a plain 404, never a page', async (path) => {
    const response = await rawRequest(app, path);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('Not Found');
  });

  it('refuses to write to an asset: 405 with Allow', async () => {
    const response = await request(app).post(`/_assets/${manifest.entry.file}`);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('puts the stylesheet, the entry module and the route chunk on the page', async () => {
    const response = await request(app).get('/products/chef-knife-20cm');
    expect(response.text).toContain(`<link rel="stylesheet" href="/_assets/${manifest.stylesheets[0]}"`);
    expect(response.text).toMatch(
      new RegExp(`<script type="module" src="/_assets/${manifest.entry.file}" nonce="[^"]+" async="">`),
    );
    expect(response.text).toContain(
      `<link rel="modulepreload" href="/_assets/${manifest.routes.product?.file}"/>`,
    );
  });

  it("preloads the visitor's locale module and no other (error pages too)", async () => {
    const preload = (locale: 'en' | 'fr' | 'de') =>
      `<link rel="modulepreload" href="/_assets/${manifest.locales[locale]?.file}"/>`;
    const french = (await request(app).get('/fr/products/chef-knife-20cm')).text;
    expect(french).toContain(preload('fr'));
    expect(french).not.toContain(preload('en'));
    expect(french).not.toContain(preload('de'));
    const germanNotFound = await request(app).get('/de/nothing-here');
    expect(germanNotFound.status).toBe(404);
    expect(germanNotFound.text).toContain(preload('de'));
    expect(germanNotFound.text).not.toContain(preload('en'));
  });
});
