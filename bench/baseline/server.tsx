// The bare baseline of `npm run bench`: a node:http server that renders the SAME page components with the
// SAME data steps and writes the same document (AppRoot: document, layout, page), the same `self.__SSR=…`
// payload script (serializeForScript) and the same deferred-value scripts as the production server, with
// no router, no Express, no middleware. bench/run.mjs bundles it with esbuild (React bundled, NODE_ENV
// production, like build.mjs's server build) and runs it as a separate process.
//
// Environment: PORT (default 0 = any; the bound port is printed as `listening <port>`), BASELINE_DIST (the
// build output whose manifest.json gives the asset URLs), BASELINE_DATA_DIR (its embedded database).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { storefront } from '../../apps/storefront/app.ts';
import type { ShopSessionLookup } from '../../apps/storefront/server/sessions.ts';
import { shopMigrations } from '../../apps/storefront/server/shop-migrations.ts';
import { visitorLookup } from '../../apps/storefront/server/visitor.ts';
import { openConfiguredDatabase } from '../../server/database/open-database.ts';
import type { Logger } from '../../server/definition/logger.ts';
import { serializeForScript } from '../../server/render/serialize-for-script.ts';
import { type LinkTarget, urlOf } from '../../shared/routing/href.ts';
import { createLocales, type Locale } from '../../shared/routing/locale.ts';
import { AppRoot } from '../../shared/ui/app-root.tsx';
import {
  type PageState,
  SSR_DEFERRED_GLOBAL,
  SSR_PAYLOAD_GLOBAL,
  type SsrPayload,
} from '../../shared/ui/ssr-payload.ts';
import { serveUntilSignal } from '../lib/serve-until-signal.ts';
import { measureDatabaseCost } from './database-cost.ts';
import {
  bootstrapModules,
  manifest,
  type Route,
  routeOf,
  type Segment,
  type ShopStepContext,
  splitDeferred,
} from './routes.ts';

// The same database as ours: the embedded engine in a folder of its own (BASELINE_DATA_DIR), made from the
// build's snapshot (BASELINE_DIST) as ours is, migrated with the storefront's migrations. Its log lines go
// to stderr, like the rest of the baseline's output.
const toStderr = (details: object, message: string) => console.error(message, details);
const logger: Logger = { error: toStderr, warn: toStderr, info() {} };
const db = await openConfiguredDatabase(
  {
    databaseUrl: undefined,
    dataDir: process.env.BASELINE_DATA_DIR ?? path.resolve('bench/results/baseline-data'),
  },
  logger,
  shopMigrations,
  { buildDir: process.env.BASELINE_DIST },
);

// Every page is English, without a base path: a data step's `urlOf` puts an app path there.
const locales = createLocales(storefront.locales);
const urlBase = { basePath: '', locales, locale: 'en' };

/** Forwards React's chunks to the response and ends it once React is done and every deferred script is out. */
class Sink extends Writable {
  readonly #response: http.ServerResponse;
  readonly #pending: Promise<unknown>;
  constructor(response: http.ServerResponse, pending: Promise<unknown>) {
    super({ decodeStrings: false });
    this.#response = response;
    this.#pending = pending;
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    if (this.#response.write(chunk)) done();
    else this.#response.once('drain', done);
  }
  override _final(done: () => void): void {
    this.#pending.finally(() => {
      this.#response.end();
      done();
    });
  }
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/_bench/database-cost') return sendDatabaseCost(url, response);
  const route = routeOf(url.pathname);
  if (!route) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const abort = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) abort.abort(new Error('client disconnected'));
  });
  const context = stepContext(request, url, abort.signal, route.params);
  const data = (await Promise.all(route.segments.map((segment) => segment.data(context)))) as Record<
    string,
    unknown
  >[];
  const deferred: Promise<string>[] = [];
  const serializable = route.segments.map(({ id, search }, index) => ({
    id,
    data: splitDeferred(id, data[index] ?? {}, deferred),
    search,
  }));
  const payload = payloadOf(route, data, url);
  render(
    response,
    route,
    payload,
    { ...payload, page: { ...payload.page, segments: serializable } as PageState },
    deferred,
    abort,
  );
}

/** The session of a request without cookies: the baseline reads only who signed in (nobody). */
const nobodySignedIn: ShopSessionLookup = () =>
  Promise.resolve({ userId: undefined } as Awaited<ReturnType<ShopSessionLookup>>);

/** A data step's context: English, no cookies (no cart), the shop's database. */
function stepContext(
  request: http.IncomingMessage,
  url: URL,
  signal: AbortSignal,
  params: ShopStepContext['params'] = {},
): ShopStepContext {
  const context = {
    request,
    params,
    search: undefined,
    locale: 'en',
    urlOf: (target: LinkTarget, locale?: Locale) => urlOf(target, urlBase, locale),
    url,
    cookies: {},
    signedCookies: {},
    setCookie: () => {},
    headers: request.headers,
    signal,
    services: { db },
    after: () => {},
    parent: () => Promise.resolve(undefined),
  };
  // As the storefront's root middleware gives them; without cookies nobody is signed in, and the visitor
  // asks the database nothing.
  return { ...context, session: nobodySignedIn, visitor: visitorLookup(context, nobodySignedIn) };
}

/** `/_bench/database-cost?path=/shop&runs=2000`: the CPU the page's data steps take (database-cost.ts). */
async function sendDatabaseCost(url: URL, response: http.ServerResponse) {
  const pathname = url.searchParams.get('path') ?? '';
  const context = stepContext(response.req, url, new AbortController().signal);
  const cost = await measureDatabaseCost(pathname, Number(url.searchParams.get('runs') ?? 1000), context, db);
  response.writeHead(cost ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(cost));
}

/** The page's payload as the production server writes it: English, no base path, no monitoring. */
function payloadOf(route: Route, data: unknown[], url: URL): SsrPayload {
  const locale = 'en';
  const leaf = route.segments.at(-1) as Segment;
  const head = leaf.module.head?.({
    data: data.at(-1),
    params: route.params,
    search: route.search,
    locale,
  }) ?? {
    title: '',
  };
  const page: PageState = {
    type: 'route',
    routeId: route.routeId,
    params: route.params,
    segments: route.segments.map(({ id, search }, index) => ({ id, data: data[index], search })),
    head,
  };
  return {
    sentry: null,
    debugRoutes: false,
    buildId: manifest.buildId,
    basePath: '',
    locale,
    url: { pathname: url.pathname, search: url.search },
    page,
    assets: route.assets,
  };
}

/**
 * Sends the document once every Suspense boundary is resolved in place, as a shared page's copy must be
 * (the bench's two pages are public ones), then each deferred value's script; ends once all are out.
 */
function render(
  response: http.ServerResponse,
  route: Route,
  payload: SsrPayload,
  serializable: SsrPayload,
  deferred: Promise<string>[],
  abort: AbortController,
) {
  const nonce = randomBytes(16).toString('base64');
  let sink: Sink | null = null;
  const early: string[] = [];
  // A complete document is piped and its sink ended in one go: a script after it goes to the response,
  // which the sink ends only once every script is out.
  const writeTag = (tag: string) => {
    if (sink && !sink.writableEnded) sink.write(tag);
    else response.write(tag);
  };
  const written = deferred.map((script) =>
    script.then((source) => {
      const tag = `<script nonce="${nonce}">(self.${SSR_DEFERRED_GLOBAL}||=[]).push(${source})</script>`;
      if (sink) writeTag(tag);
      else early.push(tag);
    }),
  );
  const modules = route.segments.map(({ module }) => module);
  const element = createElement(AppRoot, { app: storefront, locales, payload, modules });
  const stream = renderToPipeableStream(element, {
    nonce,
    bootstrapScriptContent: `self.${SSR_PAYLOAD_GLOBAL}=${serializeForScript(serializable)};self.${SSR_DEFERRED_GLOBAL}||=[]`,
    bootstrapModules,
    onAllReady() {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
      });
      sink = new Sink(response, Promise.all(written));
      stream.pipe(sink);
      for (const tag of early.splice(0)) writeTag(tag);
    },
    onShellError(error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    },
    onError(error) {
      if (!abort.signal.aborted) console.error(error);
    },
  });
  abort.signal.addEventListener('abort', () => stream.abort(abort.signal.reason), { once: true });
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  });
});
// The storefront's English strings, loaded as our server loads every locale before its first request.
await storefront.loadLocale?.('en');
serveUntilSignal(server);
