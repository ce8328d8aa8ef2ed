import type { Request, Response } from 'express';
import { createElement } from 'react';
import type { ChunkInfo } from '../build.mjs';
import { buildHref } from '../shared/routing/href.ts';
import { LOCALES, type Locale } from '../shared/routing/locale.ts';
import type { Head, PageModule, RouteParams } from '../shared/routing/route-table.ts';
import type { AppDefinition } from '../shared/ui/app-definition.ts';
import { AppRoot } from '../shared/ui/app-root.tsx';
import {
  type ActionResultState,
  type BrowserSentryConfig,
  type DeferredEntry,
  type DocumentAssets,
  type PageState,
  SSR_DEFERRED_GLOBAL,
  SSR_PAYLOAD_GLOBAL,
  type SsrPayload,
} from '../shared/ui/ssr-payload.ts';
import type { BuildOutput } from './build-output.ts';
import { prepareDeferredData } from './deferred-data.ts';
import { errorHead } from './error-head.ts';
import { isCrawler } from './is-crawler.ts';
import type { Monitoring } from './monitoring.ts';
import type { PageRequest } from './page-request.ts';
import type { ReportError } from './report-error.ts';
import { abortOnDisconnectOrDeadline } from './request-abort.ts';
import { cspNonceOf } from './security-headers.ts';
import { serializeForScript } from './serialize-for-script.ts';
import { streamDocument } from './stream-document.ts';

/** The build id when the app runs without a client build (server-only tests). */
export const DEVELOPMENT_BUILD_ID = 'development';

/** Dynamic HTML must never be stored by a shared cache: it can carry a visitor's cart and locale. */
export const DYNAMIC_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

export interface RouteRender {
  routeId: string;
  params: RouteParams;
  module: PageModule;
  data: unknown;
  head: Head;
  abortController: AbortController;
  /** 200 unless this render answers a form post with invalid input (422). */
  status?: number;
  actionResult?: ActionResultState;
}

export interface DocumentRenderer {
  /** Streams a route's page; a shell failure falls back to the 500 page. */
  renderRoute(request: Request, response: Response, pageRequest: PageRequest, render: RouteRender): void;
  /** Streams the error page for `status` (404, 400, 500…), with the monitoring event id of a 5xx if any. */
  renderError(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    status: number,
    eventId?: string,
  ): void;
}

export interface DocumentRendererOptions {
  app: AppDefinition;
  basePath: string;
  build: BuildOutput | undefined;
  /** Deadline of an error page's render. */
  renderTimeoutMs: number;
  /** The layout's data for a request (see LayoutDataStep). */
  layoutData: (request: Request, pageRequest: PageRequest) => unknown;
  /** Reports an unexpected error once (log + monitoring). */
  reportError: ReportError;
  /** The trace to continue in the browser, and the browser's Sentry settings (null when off). */
  monitoring: Monitoring;
  browserSentry: BrowserSentryConfig | null;
}

/** Precomputes everything that does not depend on the request: asset URLs per route, the bootstrap module. */
export function createDocumentRenderer({
  app,
  basePath,
  build,
  renderTimeoutMs,
  layoutData,
  reportError,
  monitoring,
  browserSentry,
}: DocumentRendererOptions): DocumentRenderer {
  const assetUrl = (file: string) => `${basePath}/_assets/${file}`;
  const manifest = build?.manifest;
  const buildId = manifest?.buildId ?? DEVELOPMENT_BUILD_ID;
  const stylesheets = (manifest?.stylesheets ?? []).map(assetUrl);
  const bootstrapModules = manifest ? [assetUrl(manifest.entry.file)] : undefined;
  const preloadsOf = (chunk: ChunkInfo | undefined) =>
    chunk ? [chunk.file, ...chunk.imports].map(assetUrl) : [];
  // Per locale and route (or error page, ''): the entry's imports, the locale's module, the route's chunks.
  const assetsByPage = new Map<string, DocumentAssets>();
  for (const locale of LOCALES) {
    for (const routeId of ['', ...Object.keys(manifest?.routes ?? {})]) {
      const modulePreloads = [
        ...new Set([
          ...(manifest?.entry.imports.map(assetUrl) ?? []),
          ...preloadsOf(manifest?.locales[locale]),
          ...preloadsOf(manifest?.routes[routeId]),
        ]),
      ];
      assetsByPage.set(`${locale}:${routeId}`, Object.freeze({ stylesheets, modulePreloads }));
    }
  }
  const assetsOf = (locale: Locale, routeId = ''): DocumentAssets =>
    assetsByPage.get(`${locale}:${routeId}`) ?? (assetsByPage.get(`${locale}:`) as DocumentAssets);

  function payloadFor(
    request: Request,
    pageRequest: PageRequest,
    page: PageState,
    assets: DocumentAssets,
  ): SsrPayload {
    return {
      crawler: isCrawler(request.get('user-agent')),
      layout: layoutData(request, pageRequest),
      trace: monitoring.traceMeta() ?? null,
      sentry: browserSentry,
      buildId,
      basePath,
      locale: pageRequest.locale,
      url: { pathname: pageRequest.appPath, search: pageRequest.search },
      page,
      assets,
    };
  }

  function stream(
    request: Request,
    response: Response,
    payload: SsrPayload,
    serializable: SsrPayload,
    options: { status: number; Page: PageModule['default'] | null; deferredScripts: Promise<string>[] },
    abortController: AbortController,
    onShellError: (error: unknown) => void,
  ) {
    response.setHeader('Cache-Control', DYNAMIC_CACHE_CONTROL);
    streamDocument(response, {
      element: createElement(AppRoot, { app, payload, Page: options.Page }),
      status: options.status,
      waitForAll: payload.crawler,
      nonce: cspNonceOf(response),
      bootstrapScriptContent: bootstrapModules
        ? `self.${SSR_PAYLOAD_GLOBAL}=${serializeForScript(serializable)};self.${SSR_DEFERRED_GLOBAL}||=[]`
        : undefined,
      bootstrapModules,
      deferredScripts: options.deferredScripts,
      abortController,
      onRenderError: (error) => reportError(error, request),
      onShellError,
    });
  }

  const renderer: DocumentRenderer = {
    renderRoute(request, response, pageRequest, render) {
      const deferred = prepareDeferredData(render.data, render.abortController.signal, (error) =>
        reportError(error, request),
      );
      const deferredScripts = deferred.entries.map((entry) =>
        entry.then((settled) => deferredScript(settled, (error) => reportError(error, request))),
      );
      const assets = assetsOf(pageRequest.locale, render.routeId);
      const page: PageState = {
        actionResult: render.actionResult,
        type: 'route',
        routeId: render.routeId,
        params: render.params,
        data: render.data,
        head: render.head,
      };
      const payload = payloadFor(request, pageRequest, page, assets);
      const serializable = { ...payload, page: { ...page, data: deferred.serializable } };
      stream(
        request,
        response,
        payload,
        serializable,
        { status: render.status ?? 200, Page: render.module.default, deferredScripts },
        render.abortController,
        (error) => renderer.renderError(request, response, pageRequest, 500, reportError(error, request)),
      );
    },

    renderError(request, response, pageRequest, status, eventId) {
      const page: PageState = { type: 'error', status, head: errorHead(status), eventId };
      const payload = payloadFor(request, pageRequest, page, assetsOf(pageRequest.locale));
      stream(
        request,
        response,
        payload,
        payload,
        { status, Page: null, deferredScripts: [] },
        abortOnDisconnectOrDeadline(response, renderTimeoutMs),
        () => sendPlainErrorPage(response, status, buildHref(basePath, pageRequest.locale, '/')),
      );
    },
  };
  return renderer;
}

/**
 * The script that hands a settled deferred value to the browser. A value JSON cannot hold (a BigInt, a
 * cycle) is reported and goes out as a failure, so `<Await>` shows its error element instead of waiting.
 */
function deferredScript(entry: DeferredEntry, onUnserializable: (error: unknown) => void): string {
  let json: string;
  try {
    json = serializeForScript(entry);
  } catch (error) {
    onUnserializable(error);
    json = serializeForScript([entry[0], 0, null]);
  }
  return `(self.${SSR_DEFERRED_GLOBAL}||=[]).push(${json})`;
}

/** The last resort when even the error document (the layout) fails to render. */
function sendPlainErrorPage(response: Response, status: number, homeHref: string) {
  if (response.headersSent) return;
  const { title } = errorHead(status);
  response
    .status(status)
    .type('html')
    .send(
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title><meta name="robots" content="noindex"></head><body><h1>${title}</h1><p><a href="${homeHref}">Go to the home page</a></p></body></html>`,
    );
}
