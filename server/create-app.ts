import cookieParser from 'cookie-parser';
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type Response,
} from 'express';
import { withDebugRoutes } from '../shared/debug/routes.ts';
import { compileRoutes } from '../shared/routing/compile-routes.ts';
import { DATA_SEGMENT } from '../shared/routing/href.ts';
import { DEFAULT_LOCALE } from '../shared/routing/locale.ts';
import type { AppDefinition } from '../shared/ui/app-definition.ts';
import type { BrowserSentryConfig } from '../shared/ui/ssr-payload.ts';
import type { RouteActions } from './actions/action.ts';
import { createActionHandler } from './actions/handle-action.ts';
import { FORM_BODY_TIMEOUT_MS } from './actions/read-form-body.ts';
import type { DataSteps } from './data/data-step.ts';
import { debugDataSteps } from './data/debug-data-steps.ts';
import { servePageData } from './data/serve-page-data.ts';
import { createConsoleLogger, type Logger } from './monitoring/logger.ts';
import { type Monitoring, noMonitoring } from './monitoring/monitoring.ts';
import { createErrorReporter } from './monitoring/report-error.ts';
import { requestLog } from './monitoring/request-log.ts';
import { sentryTunnel } from './monitoring/sentry-tunnel.ts';
import { compressResponses } from './pipeline/compress-responses.ts';
import { redirectToCleanPath, splitQuery } from './pipeline/normalize-url.ts';
import { getPageRequest, type PageRequest } from './pipeline/page-request.ts';
import { RENDER_TIMEOUT_MS } from './pipeline/request-abort.ts';
import { resolveLocale } from './pipeline/resolve-locale.ts';
import { createPageResolver } from './pipeline/resolve-page.ts';
import type { ResourceHandlers } from './pipeline/resource-route.ts';
import { securityHeaders } from './pipeline/security-headers.ts';
import { serveAssets } from './pipeline/serve-assets.ts';
import { switchLocale } from './pipeline/switch-locale.ts';
import type { BuildOutput } from './process/build-output.ts';
import type { Config } from './process/config.ts';
import { loadLocales } from './process/load-locales.ts';
import { createDocumentRenderer, DEVELOPMENT_BUILD_ID } from './render/document-renderer.ts';
import { runInHrefScope } from './render/href-scope.ts';
import { renderRoute } from './render/render-route.ts';

export interface CreateAppOptions {
  config: Readonly<Config>;
  /** The route tree, icon and locales (shared/). */
  app: AppDefinition;
  /** Server data steps keyed by segment id (server/). */
  dataSteps: DataSteps;
  /** The client build; without it pages render without scripts (server-only tests). */
  build?: BuildOutput;
  logger?: Logger;
  /** `/readyz` answers 503 while this is false (starting, draining). */
  isReady?: () => boolean;
  /** While draining, every response closes its connection, so keep-alive clients move elsewhere. */
  isDraining?: () => boolean;
  /** Error and trace reporting (server/monitoring/sentry-server.ts when SENTRY_DSN is set); none by default. */
  monitoring?: Monitoring;
  /** Server actions by route id, then action name (server/). */
  actions?: RouteActions;
  /** Handlers of the resource routes (no document: sitemap.xml, robots.txt) by route id (server/). */
  resources?: ResourceHandlers;
  /** Deadline of data step plus render; default RENDER_TIMEOUT_MS. */
  renderTimeoutMs?: number;
  /** How long a form body may take to arrive; default FORM_BODY_TIMEOUT_MS. */
  formBodyTimeoutMs?: number;
}

/** URLs longer than this answer 414 at once (Node itself refuses request lines over MAX_HEADER_BYTES). */
export const MAX_URL_LENGTH = 4096;

/** Builds the Express app without listening: the process entry listens, tests drive it with supertest. */
export function createApp(options: CreateAppOptions): Express {
  const { config, app, build } = options;
  const { basePath } = config;
  const logger = options.logger ?? createConsoleLogger();
  const locales = loadLocales(app);
  const isReady = options.isReady ?? (() => true);
  const root = withDebugRoutes(app.root, config.enableDebugRoutes);
  const routes = compileRoutes([root]);
  const dataSteps = config.enableDebugRoutes
    ? { ...options.dataSteps, ...debugDataSteps }
    : options.dataSteps;
  const monitoring = options.monitoring ?? noMonitoring;
  const tunnelPath = `${basePath}/monitoring`;
  const reportError = createErrorReporter(logger, monitoring);
  const browserSentry: BrowserSentryConfig | null = config.sentryDsn
    ? {
        dsn: config.sentryDsn,
        environment: config.sentryEnvironment,
        release: config.sentryRelease ?? build?.manifest.buildId ?? DEVELOPMENT_BUILD_ID,
        tracesSampleRate: config.sentryTracesSampleRate,
        tunnel: tunnelPath,
      }
    : null;
  const renderTimeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const { resolvePage, resolveFrame } = createPageResolver({
    routes,
    dataSteps,
    basePath,
    monitoring,
    reportError,
    root,
  });
  const renderer = createDocumentRenderer({
    app,
    routes,
    basePath,
    build,
    renderTimeoutMs,
    resolveFrame,
    reportError,
    monitoring,
    browserSentry,
  });
  const sendAsset = serveAssets(build);
  const sendLocaleSwitch = switchLocale(basePath);
  const forwardToSentry = sentryTunnel(config.sentryDsn);
  const handleRoute = renderRoute({
    resolvePage,
    renderer,
    renderTimeoutMs,
    resources: options.resources ?? {},
  });
  const defaultPageRequest: PageRequest = { locale: DEFAULT_LOCALE, appPath: '/', search: '' };
  const handleAction = createActionHandler({
    routes,
    actions: options.actions ?? {},
    resolvePage,
    renderer,
    basePath,
    allowedOrigins: config.allowedOrigins,
    renderTimeoutMs,
    formBodyTimeoutMs: options.formBodyTimeoutMs ?? FORM_BODY_TIMEOUT_MS,
    reportError,
  });
  const sendPageData = servePageData({
    resolvePage,
    basePath,
    buildId: build?.manifest.buildId ?? DEVELOPMENT_BUILD_ID,
    renderTimeoutMs,
    reportError,
    handleAction,
    resolveFrame,
  });
  const assetsPrefix = `${basePath}/_assets/`;
  const dataPrefix = `${basePath}/${DATA_SEGMENT}/`;
  const localeSwitchPrefix = `${basePath}/_locale/`;

  const setSecurityHeaders = securityHeaders();
  const compressWhenAccepted = compressResponses();
  const isDraining = options.isDraining ?? (() => false);
  const parseCookies = cookieParser(config.cookieSecret);
  const resolvePageRequest = resolveLocale({
    basePath,
    renderError: (request, response, status) =>
      renderer.renderError(request, response, defaultPageRequest, status),
  });

  const server = express();
  server.disable('x-powered-by');
  server.set('trust proxy', config.trustProxy);
  server.set('etag', false);
  const logRequest = requestLog(logger, server);
  // Signing a cookie (res.cookie with `signed`) reads the secret from the request: set once on the app's
  // request prototype, because cookie-parser below only runs for requests that send cookies.
  (server.request as Request).secret = config.cookieSecret;

  // Every request takes the steps below in one Express handler rather than a dozen middleware layers: the
  // router allocates a match, params and closures per layer and request (~1.3 KB a layer in heap samples
  // under the bench's load). Errors still go to Express's error handler.
  server.use(function serveRequest(request: Request, response: Response, next: NextFunction) {
    // First, so every request gets an id and a log line; before compression, so bytes are bytes sent.
    logRequest(request, response);
    setSecurityHeaders(request, response);
    if (isDraining()) response.setHeader('Connection', 'close');
    runInHrefScope({ basePath, locale: DEFAULT_LOCALE, pathOf: routes.pathOf }, () =>
      compressWhenAccepted(request, response, () => {
        try {
          const waiting = answer(request, response, next);
          if (waiting) waiting.catch(next);
        } catch (error) {
          next(error);
        }
      }),
    );
  });

  // Not an async function: most requests are answered without waiting, and promises are dear here. React's
  // AsyncLocalStorage turns on async hooks, so each promise pays for them and for its garbage under load:
  // cutting a page request from 40 promises to 15 saved ~4% of its CPU (bench/side-by-side.mjs). Handlers
  // that wait return their promise, whose rejection goes to Express's error handler.
  function answer(request: Request, response: Response, next: NextFunction): Promise<void> | void {
    if (request.url.length > MAX_URL_LENGTH) {
      response.status(414).type('text/plain').send('URI Too Long');
      return;
    }
    // Parses cookies and verifies signed ones (the cart) with COOKIE_SECRET; without a Cookie header
    // there is nothing to parse, and readers fall back to no cookies.
    if (request.headers.cookie !== undefined) parseCookies(request, response, () => {});
    const [path = '/'] = splitQuery(request.url);
    // Health endpoints answer at the root, outside BASE_PATH, for load balancers and orchestrators.
    if (path === '/healthz') return sendHealth(response, 200, 'ok');
    if (path === '/readyz') {
      const ready = isReady() && locales.isLoaded();
      return sendHealth(response, ready ? 200 : 503, ready ? 'ready' : 'not ready');
    }
    if (!locales.isLoaded()) return locales.whenLoaded.then(() => answer(request, response, next));
    if (redirectToCleanPath(request, response)) return;
    if (path.startsWith(assetsPrefix)) return sendAsset(request, response, path.slice(assetsPrefix.length));
    if (path === tunnelPath) return forwardToSentry(request, response);
    if (request.url.startsWith(dataPrefix))
      return sendPageData(request, response, request.url.slice(dataPrefix.length));
    if (path.startsWith(localeSwitchPrefix) && request.method === 'GET') {
      return sendLocaleSwitch(request, response, path.slice(localeSwitchPrefix.length));
    }
    const pageRequest = resolvePageRequest(request, response);
    if (!pageRequest) return;
    if (request.method === 'GET' || request.method === 'HEAD')
      return handleRoute(request, response, pageRequest, next);
    if (request.method === 'POST') return handleAction(request, response, pageRequest, 'html', next);
    response.setHeader('Allow', 'GET, HEAD');
    renderer.renderError(request, response, pageRequest, 405);
  }

  const handleError: ErrorRequestHandler = function handleError(error, request, response, _next) {
    const status = httpStatusOf(error);
    const eventId = status >= 500 ? reportError(error, request) : undefined;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    renderer.renderError(request, response, getPageRequest(response) ?? defaultPageRequest, status, eventId);
  };
  server.use(handleError);
  return server;
}

function sendHealth(response: Response, status: number, text: string): void {
  response.setHeader('Cache-Control', 'no-store');
  response.status(status).type('text/plain').send(text);
}

/** Express's convention: `err.status` or `err.statusCode` when it is an HTTP error status; else 500. */
function httpStatusOf(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const candidate = typeof status === 'number' ? status : statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : 500;
}
