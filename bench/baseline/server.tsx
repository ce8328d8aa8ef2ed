// The bare baseline of `npm run bench`: a node:http server that renders the SAME page components with the
// SAME data steps and writes the same document (AppRoot: document, layout, page), the same `self.__SSR=…`
// payload script (serializeForScript) and the same deferred-value scripts as the production server, with
// no router, no Express, no middleware. bench/run.mjs bundles it with esbuild (React bundled, NODE_ENV
// production, like build.mjs's server build) and runs it as a separate process.
//
// Environment: PORT (default 0 = any; the bound port is printed as `listening <port>`), BASELINE_DIST (the
// build output whose manifest.json gives the asset URLs).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { BuildManifest } from '../../build.mjs';
import type { DataStepContext } from '../../server/data/data-step.ts';
import { serializeForScript } from '../../server/render/serialize-for-script.ts';
import { shopLayoutStep } from '../../server/storefront/steps/layouts.ts';
import { productStep } from '../../server/storefront/steps/product.ts';
import { rootStep } from '../../server/storefront/steps/root.ts';
import { shopStep } from '../../server/storefront/steps/shop.ts';
import { compileRoutes } from '../../shared/routing/compile-routes.ts';
import { setHrefScope } from '../../shared/routing/href.ts';
import type { RouteParams, SegmentModule } from '../../shared/routing/route-table.ts';
import { storefront } from '../../shared/storefront/app.ts';
import * as rootLayout from '../../shared/storefront/layout.tsx';
import * as shopLayout from '../../shared/storefront/layouts/shop-layout.tsx';
import * as productPage from '../../shared/storefront/pages/product.tsx';
import * as shopPage from '../../shared/storefront/pages/shop.tsx';
import { AppRoot } from '../../shared/ui/app-root.tsx';
import {
  DEFERRED_MARKER,
  type DocumentAssets,
  type PageState,
  SSR_DEFERRED_GLOBAL,
  SSR_PAYLOAD_GLOBAL,
  type SsrPayload,
} from '../../shared/ui/ssr-payload.ts';

// Links are built with href(): one scope for every request (English, no base path), from the route tree's
// patterns worked out once at start, as the browser has them.
const { pathOf } = compileRoutes([storefront.root]);
setHrefScope(() => ({ basePath: '', locale: 'en', pathOf }));

const distDir = path.resolve(process.env.BASELINE_DIST ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8')) as BuildManifest;
const assetUrl = (file: string) => `/_assets/${file}`;
const stylesheets = manifest.stylesheets.map(assetUrl);
const entryPreloads = manifest.entry.imports.map(assetUrl);
const bootstrapModules = [assetUrl(manifest.entry.file)];

/** A page's stylesheets and preloads, as the server's document has them: entry imports, locale, segments. */
function assetsOf(routeId: string): DocumentAssets {
  const segmentIds = manifest.pages[routeId];
  if (!segmentIds) throw new Error(`No page ${routeId} in the manifest`);
  // A segment without a chunk of its own (the root layout rides in the entry) preloads nothing more.
  const chunks = segmentIds.flatMap((id) => manifest.routes[id] ?? []);
  const locale = manifest.locales.en;
  const modulePreloads = [
    ...new Set([
      ...entryPreloads,
      ...(locale ? [locale.file, ...locale.imports].map(assetUrl) : []),
      ...chunks.flatMap((chunk) => [chunk.file, ...chunk.imports].map(assetUrl)),
    ]),
  ];
  return { stylesheets, modulePreloads };
}

/** One segment of a page: its module and its data step, called with the request's context. */
interface Segment {
  id: string;
  /** What the segment's search reader read, when it has one. */
  search?: unknown;
  module: SegmentModule;
  data: (context: DataStepContext) => unknown;
}

interface Route {
  routeId: string;
  params: RouteParams;
  /** Root first. */
  segments: Segment[];
  /** The leaf's search params, as its search reader gives them. */
  search: unknown;
  assets: DocumentAssets;
}

const root: Segment = {
  id: 'root',
  module: rootLayout as SegmentModule,
  data: (context) => rootStep({ ...context, params: {}, search: undefined }),
};
const productAssets = assetsOf('product');
const shopAssets = assetsOf('shop');

/** The two pages the benchmark loads; anything else is a 404. */
function routeOf(pathname: string): Route | null {
  if (pathname === '/shop') {
    const layout: Segment = {
      id: 'shop-layout',
      module: shopLayout as SegmentModule,
      data: (context) => shopLayoutStep({ ...context, params: {}, search: undefined }),
    };
    const search = { sort: null, page: 1 };
    const shop: Segment = {
      id: 'shop',
      search,
      module: shopPage as unknown as SegmentModule,
      data: (context) => shopStep({ ...context, params: {}, search }),
    };
    return { routeId: 'shop', params: {}, segments: [root, layout, shop], search, assets: shopAssets };
  }
  const product = /^\/products\/([a-z0-9-]+)$/.exec(pathname);
  if (!product) return null;
  const params = { id: product[1] as string };
  const page: Segment = {
    id: 'product',
    module: productPage as unknown as SegmentModule,
    data: (context) => productStep({ ...context, params, search: undefined }),
  };
  return { routeId: 'product', params, segments: [root, page], search: undefined, assets: productAssets };
}

/**
 * A segment's data as the payload carries it: top-level promises become placeholders, and go out later as
 * `(self.__ssrDeferred||=[]).push([key, ok, value])` scripts.
 */
function splitDeferred(id: string, data: Record<string, unknown>, deferred: Promise<string>[]) {
  const serializable: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!(value instanceof Promise)) {
      serializable[key] = value;
      continue;
    }
    const segmentKey = `${id}:${key}`;
    serializable[key] = { [DEFERRED_MARKER]: segmentKey };
    deferred.push(
      value.then(
        (resolved) => serializeForScript([segmentKey, 1, resolved]),
        () => serializeForScript([segmentKey, 0, null]),
      ),
    );
  }
  return serializable;
}

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
  const route = routeOf(url.pathname);
  if (!route) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const abort = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) abort.abort(new Error('client disconnected'));
  });
  const locale = 'en';
  const context: DataStepContext = {
    params: route.params,
    search: undefined,
    locale,
    url,
    cookies: {},
    signedCookies: {},
    setCookie: () => {},
    headers: request.headers,
    signal: abort.signal,
    parent: () => Promise.resolve(undefined),
  };
  const data = (await Promise.all(route.segments.map((segment) => segment.data(context)))) as Record<
    string,
    unknown
  >[];
  const deferred: Promise<string>[] = [];
  const serializable = route.segments.map(({ id }, index) => ({
    id,
    data: splitDeferred(id, data[index] ?? {}, deferred),
  }));
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
  const payload: SsrPayload = {
    crawler: false,
    trace: null,
    sentry: null,
    buildId: manifest.buildId,
    basePath: '',
    locale,
    url: { pathname: url.pathname, search: url.search },
    page,
    assets: route.assets,
  };
  render(
    response,
    route,
    payload,
    { ...payload, page: { ...page, segments: serializable } },
    deferred,
    abort,
  );
}

/** Streams the document, then each deferred value's script as it settles; ends once all are out. */
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
  const written = deferred.map((script) =>
    script.then((source) => {
      const tag = `<script nonce="${nonce}">(self.${SSR_DEFERRED_GLOBAL}||=[]).push(${source})</script>`;
      if (sink && !sink.writableEnded) sink.write(tag);
      else if (sink) response.write(tag);
      else early.push(tag);
    }),
  );
  const modules = route.segments.map(({ module }) => module);
  const stream = renderToPipeableStream(createElement(AppRoot, { app: storefront, payload, modules }), {
    nonce,
    bootstrapScriptContent: `self.${SSR_PAYLOAD_GLOBAL}=${serializeForScript(serializable)};self.${SSR_DEFERRED_GLOBAL}||=[]`,
    bootstrapModules,
    onShellReady() {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
      });
      sink = new Sink(response, Promise.all(written));
      stream.pipe(sink);
      for (const tag of early.splice(0)) sink.write(tag);
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
server.keepAliveTimeout = 65_000;
// The storefront's English strings, loaded as our server loads every locale before its first request.
await storefront.loadLocale?.('en');
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
