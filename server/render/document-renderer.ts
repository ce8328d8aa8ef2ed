import type { Request, Response } from 'express';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import { buildHref } from '../../shared/routing/href.ts';
import type { Locales } from '../../shared/routing/locale.ts';
import type { AppDefinition } from '../../shared/ui/app-definition.ts';
import { appBody } from '../../shared/ui/app-root.tsx';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import {
  type DeferredEntry,
  type PageState,
  type SegmentState,
  SSR_DEFERRED_GLOBAL,
  SSR_PAYLOAD_GLOBAL,
  type SsrPayload,
} from '../../shared/ui/ssr-payload.ts';
import { type BuildOutput, buildIdOf } from '../definition/build-output.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { cspNonceOf } from '../request/csp-nonce.ts';
import { isCrawler } from '../request/is-crawler.ts';
import type { PageRequest } from '../request/page-request.ts';
import { notePublicAnswer } from '../request/private-reads.ts';
import { abortOnDisconnectOrDeadline, type RequestAbort } from '../request/request-abort.ts';
import { prepareDeferredData } from '../resolve/deferred-data.ts';
import { errorHead } from '../resolve/error-head.ts';
import type { ResolveFrame } from '../resolve/resolve-page.ts';
import { pageAssets } from './document-assets.ts';
import { documentFrame } from './document-frame.ts';
import { withErrorInPlace } from './error-in-place.ts';
import { sendPlainErrorPage } from './plain-error-page.ts';
import type { RouteRender } from './route-render.ts';
import { serializeForScript } from './serialize-for-script.ts';
import { streamDocument, streamPrivately } from './stream-document.ts';

/** Dynamic HTML must never be stored by a shared cache: it can carry a visitor's cart and locale. */
export const DYNAMIC_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

export interface DocumentRenderer {
  /** Streams a route's page; a shell failure falls back to the 500 page. */
  renderRoute(request: Request, response: Response, pageRequest: PageRequest, render: RouteRender): void;
  /**
   * Streams the error page for `status` (404, 400, 500…), with the monitoring event id of a 5xx if any and
   * an HttpError's public message (publicMessageOf) if it has one.
   */
  renderError(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    status: number,
    details?: ErrorDetails,
  ): void;
}

/** What an error page may say besides its status. */
export interface ErrorDetails {
  /** The monitoring event of a 5xx, shown so ops can search for it. */
  eventId?: string;
  /** Written for visitors: an HttpError's exposed public message. */
  message?: string;
}

export interface DocumentRendererOptions {
  app: AppDefinition;
  /** The app's locales, compiled once (createLocales(app.locales)). */
  locales: Locales;
  /** The compiled route tree: which segments each route shows, for the chunks its page preloads. */
  routes: CompiledRouteTable;
  basePath: string;
  build: BuildOutput | undefined;
  /** Deadline of an error page's render. */
  renderTimeoutMs: number;
  /** The root layout around an error page: its segment, or none when its data step failed. */
  resolveFrame: ResolveFrame;
  /** Reports an unexpected error once (log + monitoring). */
  reportError: ReportError;
  /** The trace to continue in the browser. */
  monitoring: Monitoring;
  /** What every page tells the browser: its Sentry settings (null when off), whether debug routes are served. */
  browser: Pick<SsrPayload, 'sentry' | 'debugRoutes'>;
}

/**
 * Renders pages and error pages as streamed documents; what does not depend on the request is worked out
 * here once.
 *
 * long function: renderRoute and renderError share the page assets and the payload builder, and a page
 * whose shell fails falls back to renderError.
 */
export function createDocumentRenderer(options: DocumentRendererOptions): DocumentRenderer {
  const { app, locales, routes, basePath, build, renderTimeoutMs, resolveFrame, reportError, monitoring } =
    options;
  const assets = pageAssets(app.root, routes, locales.list, basePath, build);
  const buildId = buildIdOf(build);

  function payloadFor(pageRequest: PageRequest, page: PageState, routeId?: string): SsrPayload {
    return {
      ...options.browser,
      buildId,
      basePath,
      locale: pageRequest.locale,
      url: { pathname: pageRequest.appPath, search: pageRequest.search },
      page,
      assets: assets.assetsOf(pageRequest.locale, routeId),
    };
  }
  const stream = (
    request: Request,
    response: Response,
    payload: SsrPayload,
    segments: ShownSegment[],
    streaming: Streaming,
  ) =>
    streamPage(
      request,
      response,
      {
        app,
        locales,
        payload,
        segments,
        entry: assets.entry,
        inlineStyleTag: assets.inlineStyleTag,
        reportError,
        traceMeta: () => monitoring.traceMeta(),
      },
      streaming,
    );

  const renderer: DocumentRenderer = {
    renderRoute(request, response, pageRequest, render) {
      const page: PageState = {
        actionResult: render.actionResult,
        type: 'route',
        routeId: render.routeId,
        params: render.params,
        segments: render.segments.map(({ state }) => state),
        head: render.head,
      };
      if (render.kept?.size) page.later = [...render.kept].map((index) => render.segments[index]!.state.id);
      const payload = payloadFor(pageRequest, page, render.routeId);
      const shared = render.shared === true;
      stream(request, response, payload, render.segments, {
        status: render.status,
        shared,
        whole: shared || isCrawler(request.get('user-agent')),
        abort: render.abort,
        onShellError(error) {
          const eventId = reportError(error, request, 'render');
          // A segment failed while rendering the shell: nothing was sent, so render again with the deepest
          // error component in its place (the layouts above stay); above every one, the 500 page.
          const inPlace = withErrorInPlace(render);
          if (inPlace) renderer.renderRoute(request, response, pageRequest, inPlace);
          else renderer.renderError(request, response, pageRequest, 500, { eventId });
        },
      });
    },

    renderError(request, response, pageRequest, status, { eventId, message } = {}) {
      const abort = abortOnDisconnectOrDeadline(response, renderTimeoutMs);
      const head = errorHead(status, message);
      const sendPlain = () =>
        sendPlainErrorPage(
          response,
          status,
          head,
          buildHref(basePath, locales.prefixOf(pageRequest.locale), '/'),
        );
      resolveFrame(request, response, pageRequest, abort)
        .then((segments) => {
          if (response.headersSent || response.destroyed) return;
          const states = segments.map(({ state }) => state);
          const page: PageState = {
            type: 'error',
            status,
            head,
            segments: states,
            eventId,
          };
          const payload = payloadFor(pageRequest, page);
          const whole = isCrawler(request.get('user-agent'));
          const streaming = { status, shared: false, whole, abort, onShellError: sendPlain };
          stream(request, response, payload, segments, streaming);
        })
        .catch((error: unknown) => {
          reportError(error, request, 'render');
          sendPlain();
        });
    },
  };
  return renderer;
}

interface Streaming {
  status: number;
  /** Public: its caching headers are set already. */
  shared: boolean;
  /** Rendered whole before it is sent, every Suspense boundary in place: a shared copy, a crawler's page. */
  whole: boolean;
  abort: RequestAbort;
  onShellError: (error: unknown) => void;
}

interface StreamedPage {
  app: AppDefinition;
  locales: Locales;
  payload: SsrPayload;
  segments: ShownSegment[];
  /** The client entry, or none without a client build. */
  entry: string | undefined;
  /** The app's stylesheet as a `<style>` tag, when the build inlines it. */
  inlineStyleTag: string | undefined;
  reportError: ReportError;
  traceMeta: Monitoring['traceMeta'];
}

/** Streams one document: the app's page, the payload script with deferred placeholders, then each deferred value. */
function streamPage(request: Request, response: Response, page: StreamedPage, options: Streaming) {
  const { app, payload, segments } = page;
  const report = (error: unknown) => page.reportError(error, request, 'render');
  const deferred = segments.map(({ state }) =>
    'data' in state ? prepareDeferredData(state.data, options.abort, report, `${state.id}:`) : undefined,
  );
  const serializable: SsrPayload = {
    ...payload,
    page: {
      ...payload.page,
      segments: segments.map(({ state }, index): SegmentState => {
        const prepared = deferred[index];
        return prepared ? { ...state, data: prepared.serializable } : state;
      }),
    },
  };
  if (options.shared) notePublicAnswer(response);
  else streamPrivately(response, DYNAMIC_CACHE_CONTROL);
  const nonce = cspNonceOf(response);
  streamDocument(response, {
    element: appBody({
      app,
      locales: page.locales,
      payload,
      modules: segments.map(({ module }) => module),
    }),
    status: options.status,
    waitForAll: options.whole,
    nonce,
    frame: documentFrame({
      head: payload.page.head,
      payload,
      icon: app.icon,
      inlineStyleTag: page.inlineStyleTag,
      entry: page.entry,
      trace: options.shared ? undefined : page.traceMeta(),
      bootstrapScript: page.entry
        ? `self.${SSR_PAYLOAD_GLOBAL}=${serializeForScript(serializable)};self.${SSR_DEFERRED_GLOBAL}||=[]`
        : '',
      nonce,
    }),
    deferredScripts: deferred.flatMap(
      (prepared) =>
        prepared?.entries.map((entry) => entry.then((settled) => deferredScript(settled, report))) ?? [],
    ),
    abort: options.abort,
    onRenderError: report,
    onShellError: options.onShellError,
  });
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
