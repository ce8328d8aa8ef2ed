import cookieParser from 'cookie-parser';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { publicMessageOf } from '../../shared/routing/control-signals.ts';
import { answerPageTarget } from '../answer/page-target.ts';
import { compressResponses } from '../edge/compress-responses.ts';
import { requestLog } from '../edge/request-log.ts';
import { securityHeaders } from '../edge/security-headers.ts';
import { sentryTunnel } from '../edge/sentry-tunnel.ts';
import { serveAssets } from '../edge/serve-assets.ts';
import { switchLocale } from '../edge/switch-locale.ts';
import { composeErrorHooks, composeObservers } from '../monitoring/instrumentations.ts';
import { createConsoleLogger } from '../monitoring/logger.ts';
import { noMonitoring } from '../monitoring/monitoring.ts';
import { createErrorReporter } from '../monitoring/report-error.ts';
import { createAfterWork } from '../request/after-response.ts';
import { createIsHttps } from '../request/origin-of.ts';
import { defaultPageRequest, getPageRequest } from '../request/page-request.ts';
import { RENDER_TIMEOUT_MS } from '../request/request-abort.ts';
import { resolveLocale } from '../resolve/resolve-locale.ts';
import type { CreateAppOptions } from './create-app-options.ts';
import { loadLocales } from './load-locales.ts';
import { createPageParts } from './page-parts.ts';
import { createRequestHandler } from './request-handler.ts';
import { startedServices } from './services.ts';

export { MAX_URL_LENGTH } from './request-handler.ts';

/**
 * Builds the Express app without listening: the process entry listens, tests drive it with supertest. It
 * reads no environment (`config` is given whole) and starts nothing: services come in started
 * (`options.services`). Route tree errors (a bad pattern, a repeated id) throw here, at start. An app's
 * tests usually want `createTestApp()` (server/test-kit.ts), which calls it with test defaults.
 *
 * @example
 * const server = createApp({ config, app, dataSteps: serverApp.dataSteps, actions: serverApp.actions });
 * await request(server).get('/notes').expect(200);
 *
 * long function: the Express app is assembled in the order a request meets its parts, top to bottom.
 */
export function createApp(options: CreateAppOptions): Express {
  const { config, build } = options;
  const logger = options.logger ?? createConsoleLogger();
  const monitoring = options.monitoring ?? noMonitoring;
  // Monitoring's own first: its spans wrap the app's observers, and its event id is the 500 page's.
  const instrumentations = [monitoring.instrumentation, ...(options.instrumentations ?? [])];
  const reportError = createErrorReporter(logger, composeErrorHooks(instrumentations, logger));
  const services = options.services ?? startedServices({});
  // The pages' parts (servePage, handleAction, pageMethodsOf, sendPageData, renderError), for the handler.
  const pageParts = createPageParts(
    options,
    reportError,
    services,
    options.afterWork ?? createAfterWork(),
    composeObservers(instrumentations, logger),
  );
  const { locales, renderError, cookieSetterOf } = pageParts;

  const server = express();
  server.disable('x-powered-by');
  server.set('trust proxy', config.trustProxy);
  server.set('etag', false);
  // Signing a cookie (res.cookie with `signed`) reads the secret from the request: set once on the app's
  // request prototype, because cookie-parser only runs for requests that send cookies.
  (server.request as Request).secret = config.cookieSecret;

  const homeRequest = defaultPageRequest(locales);
  server.use(
    createRequestHandler({
      ...pageParts,
      basePath: config.basePath,
      publicOrigin: config.publicOrigin,
      traceRequest: monitoring.traceRequest,
      logRequest: requestLog(logger, server),
      setSecurityHeaders: securityHeaders(createIsHttps(config.publicOrigin)),
      compressWhenAccepted: compressResponses(),
      isDraining: options.isDraining ?? (() => false),
      isReady: options.isReady ?? (() => true),
      localesLoaded: loadLocales(options.app),
      services,
      startWaitMs: options.renderTimeoutMs ?? RENDER_TIMEOUT_MS,
      parseCookies: cookieParser(config.cookieSecret),
      sendAsset: serveAssets(build),
      forwardToSentry: sentryTunnel(config.sentryDsn),
      sendLocaleSwitch: switchLocale(config.basePath, locales, cookieSetterOf),
      resolvePageRequest: answerPageTarget(
        resolveLocale({ basePath: config.basePath, locales }),
        (request, response, status) => renderError(request, response, homeRequest, status),
      ),
    }),
  );
  server.use(function handleError(error: unknown, request: Request, response: Response, _next: NextFunction) {
    const status = httpStatusOf(error);
    const eventId = status >= 500 ? reportError(error, request) : undefined;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const message = publicMessageOf(error);
    renderError(request, response, getPageRequest(response) ?? homeRequest, status, { eventId, message });
  });
  return server;
}

/** Express's convention: `err.status` or `err.statusCode` when it is an HTTP error status; else 500. */
function httpStatusOf(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const candidate = typeof status === 'number' ? status : statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : 500;
}
