// Resolution comes to plain values and writes nothing: the answer layer is the one that writes a response
// (docs/README.md, the server's layers). Here the resolver runs inside a real Express server, and what it
// left on the response is read back before anything answers.
import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { startedServices } from '../../server/app/services.ts';
import type { CachePolicies } from '../../server/definition/cache-policy.ts';
import { noMonitoring } from '../../server/monitoring/monitoring.ts';
import { createOriginOf } from '../../server/request/origin-of.ts';
import { RequestAbort } from '../../server/request/request-abort.ts';
import { requestContextFactory } from '../../server/request/request-context.ts';
import { createCookieSetterOf } from '../../server/request/set-cookie.ts';
import { resolveLocale } from '../../server/resolve/resolve-locale.ts';
import { createPageResolver } from '../../server/resolve/resolve-page.ts';
import { createMiddlewareRunner } from '../../server/resolve/run-middleware.ts';
import { compileServedRoutes } from '../../shared/debug/served-routes.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServerApp from '../fixtures/tiny-app/server-app.ts';
import { parse, sourceFiles } from '../helpers/source-files.ts';

const MINUTE = { sMaxAge: 60 };
const notesVersion = () => 'notes-v1';
const VERSIONED: CachePolicies = {
  root: { ...MINUTE, version: notesVersion },
  notes: { ...MINUTE, version: notesVersion },
  first: { ...MINUTE, version: notesVersion },
};

/** An Express server whose one handler resolves the URL and answers with the resolution and the headers it left. */
function resolvingServer(cachePolicies: CachePolicies) {
  const { root, routes } = compileServedRoutes(tinyApp.root, false);
  const locales = createLocales(tinyApp.locales);
  const createRequestContext = requestContextFactory({
    basePath: '',
    locales,
    originOf: createOriginOf(undefined),
    cookieSetterOf: createCookieSetterOf('', undefined),
    services: startedServices({}),
    afterOf: () => () => {},
  });
  const reportError = (error: unknown): never => {
    throw error;
  };
  const { resolvePage } = createPageResolver({
    basePath: '',
    locales,
    routes,
    root,
    createRequestContext,
    dataSteps: tinyServerApp.dataSteps ?? {},
    middleware: createMiddlewareRunner({}, routes, root, reportError),
    monitoring: noMonitoring,
    reportError,
    cachePolicies,
  });
  const resolveTarget = resolveLocale({ basePath: '', locales });
  const server = express();
  server.disable('x-powered-by');
  server.set('etag', false);
  server.use(async (req: Request, res: Response) => {
    const target = resolveTarget(req);
    if (target.type !== 'page') return void res.json({ target, written: res.getHeaderNames() });
    const resolution = await resolvePage(req, res, target.pageRequest, new RequestAbort(), undefined, [
      'document',
    ]);
    const written = res.getHeaderNames();
    const caching = 'caching' in resolution ? resolution.caching : undefined;
    res.json({ type: resolution.type, caching, written });
  });
  return server;
}

describe('resolution as values', () => {
  it('decides a public page’s caching, its ETag included, without setting a header', async () => {
    const server = resolvingServer({ root: MINUTE, notes: MINUTE, first: MINUTE });
    const { body } = await request(server).get('/notes/first').expect(200);
    expect(body).toEqual({
      type: 'page',
      caching: {
        type: 'public',
        cacheControl: 'public, max-age=0, s-maxage=60',
        etag: expect.stringMatching(/^W\/"[\w-]{27}"$/),
        notModified: false,
        variants: [],
      },
      written: [],
    });
    const again = await request(server).get('/notes/first').set('If-None-Match', body.caching.etag);
    expect(again.body.caching).toEqual({ ...body.caching, notModified: true });
    expect(again.body.written).toEqual([]);
  });

  it('decides a private page without touching its headers', async () => {
    const { body } = await request(resolvingServer({})).get('/notes/first').expect(200);
    expect(body).toEqual({
      type: 'page',
      caching: { type: 'private', cacheControl: 'private, no-store' },
      written: [],
    });
  });

  it('answers a revalidation the versions decide as a 304 value, writing nothing', async () => {
    const server = resolvingServer(VERSIONED);
    const first = await request(server).get('/notes/first').expect(200);
    expect(first.body.caching.notModified).toBe(false);
    const { body } = await request(server).get('/notes/first').set('If-None-Match', first.body.caching.etag);
    expect(body).toEqual({
      type: 'not-modified',
      caching: { ...first.body.caching, notModified: true },
      written: [],
    });
  });

  it('gives a URL outside the app as a value', async () => {
    const { body } = await request(resolvingServer({})).get('/notes/%E0%A4%A').expect(200);
    expect(body).toEqual({ target: { type: 'error', status: 400 }, written: [] });
  });
});

/** Calls that write to an Express response, on a variable named as the runtime names it. */
const RESPONSE_WRITE =
  /\b(?:response|res)\s*\.\s*(?:setHeader|removeHeader|status|set|header|append|cookie|clearCookie|vary|redirect|end|write|writeHead|send|json|sendStatus|sendFile|type|location|links|attachment|flushHeaders)\s*\(|\b(?:response|res)\.locals\.\w+\s*=|\bsetPageRequest\s*\(/;

describe('the resolve layer’s sources', () => {
  it('hold no call that writes to a response', () => {
    const writing = sourceFiles()
      .filter((file) => file.startsWith('server/resolve/'))
      .flatMap((file) =>
        parse(file)
          .text.split('\n')
          .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
          .filter(({ line }) => !/^\s*(?:\/\/|\*|\/\*)/.test(line) && RESPONSE_WRITE.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(writing).toEqual([]);
  });

  it('finds a response write where there is one', () => {
    expect(RESPONSE_WRITE.test("response.setHeader('ETag', etag);")).toBe(true);
    expect(RESPONSE_WRITE.test('res.locals.pageRequest = pageRequest;')).toBe(true);
    expect(RESPONSE_WRITE.test("response.hasHeader('Set-Cookie')")).toBe(false);
  });
});
