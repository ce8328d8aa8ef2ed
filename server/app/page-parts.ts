import { compileServedRoutes } from '../../shared/debug/served-routes.ts';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import { reservedPaths } from '../../shared/routing/reserved-paths.ts';
import type { BrowserSentryConfig } from '../../shared/ui/ssr-payload.ts';
import { createActionHandler } from '../answer/handle-action.ts';
import { servePage } from '../answer/serve-page.ts';
import { servePageData } from '../answer/serve-page-data.ts';
import { buildIdOf } from '../definition/build-output.ts';
import { checkCachePolicies } from '../definition/cache-policy.ts';
import type { ServicesHandle } from '../definition/services.ts';
import type { StepObservers } from '../monitoring/instrumentations.ts';
import { noMonitoring } from '../monitoring/monitoring.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { createDocumentRenderer } from '../render/document-renderer.ts';
import { type AfterWork, afterResponse } from '../request/after-response.ts';
import { createOriginOf } from '../request/origin-of.ts';
import { RENDER_TIMEOUT_MS } from '../request/request-abort.ts';
import { requestContextFactory } from '../request/request-context.ts';
import { createCookieSetterOf } from '../request/set-cookie.ts';
import { FORM_BODY_TIMEOUT_MS } from '../resolve/read-form-body.ts';
import { createPageResolver } from '../resolve/resolve-page.ts';
import { createMiddlewareRunner } from '../resolve/run-middleware.ts';
import type { CreateAppOptions } from './create-app-options.ts';
import { debugActions } from './debug-actions.ts';
import { debugDataSteps } from './debug-data-steps.ts';
import { observedActions, observedHandlers, observedRenderer } from './observed-handlers.ts';
import { checkSegmentIds, serverPartsOf } from './server-parts.ts';

/**
 * The page machinery of an app, built once: the served route table, the app's locales, the resolver that
 * runs data steps, the document renderer, and the three ways a page is asked for (its document, its data,
 * its action).
 *
 * long function: the parts are built in the order they depend on one another, each from the ones above;
 * split, the same dozen values would be handed from helper to helper.
 */
export function createPageParts(
  options: CreateAppOptions,
  reportError: ReportError,
  services: ServicesHandle,
  afterWork: AfterWork,
  /** The app's observers by kind (none observed: its handlers run as they are). */
  observers: StepObservers = {},
) {
  const { config, build } = options;
  const { basePath } = config;
  const monitoring = options.monitoring ?? noMonitoring;
  const renderTimeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const { root, routes } = compileServedRoutes(options.app.root, config.enableDebugRoutes);
  checkSegmentIds(options.segments, (id) => routes.byId(id) !== undefined);
  const parts = serverPartsOf(options);
  const dataSteps = observedHandlers(
    observers['data-step'],
    'data-step',
    config.enableDebugRoutes ? { ...parts.dataSteps, ...debugDataSteps } : parts.dataSteps,
    (segmentId) => ({ segmentId }),
  );
  const locales = createLocales(options.app.locales);
  // PUBLIC_ORIGIN, or the request's own: for every absolute URL a handler writes.
  const originOf = createOriginOf(config.publicOrigin);
  const cookieSetterOf = createCookieSetterOf(basePath, config.publicOrigin);
  const createRequestContext = requestContextFactory({
    basePath,
    locales,
    originOf,
    cookieSetterOf,
    services,
    afterOf: (request, response) => afterResponse(request, response, afterWork, reportError),
  });
  const middleware = createMiddlewareRunner(
    observedHandlers(observers.middleware, 'middleware', parts.middleware, (segmentId) => ({ segmentId })),
    routes,
    root,
    reportError,
  );
  const common = {
    routes,
    basePath,
    locales,
    renderTimeoutMs,
    reportError,
    monitoring,
    createRequestContext,
    middleware,
  };
  const cachePolicies = parts.cache;
  checkCachePolicies(cachePolicies);
  const { resolvePage, resolveFrame } = createPageResolver({
    ...common,
    dataSteps,
    root,
    cachePolicies,
    prerendered: options.build?.prerendered,
  });
  const browser = { sentry: browserSentryOf(options), debugRoutes: config.enableDebugRoutes };
  const renderer = observedRenderer(
    createDocumentRenderer({
      ...common,
      app: options.app,
      build,
      resolveFrame,
      browser,
    }),
    observers.render,
    reportError,
  );
  const actions = observedActions(
    observers.action,
    config.enableDebugRoutes ? { ...parts.actions, ...debugActions } : parts.actions,
  );
  const handleAction = createActionHandler({
    ...common,
    actions,
    resolvePage,
    renderer,
    allowedOrigins: config.allowedOrigins,
    publicOrigin: config.publicOrigin,
    formBodyTimeoutMs: options.formBodyTimeoutMs ?? FORM_BODY_TIMEOUT_MS,
  });
  return {
    locales,
    cookieSetterOf,
    handleAction,
    pageMethodsOf: pageMethods(routes, actions),
    renderError: renderer.renderError,
    servePage: servePage({
      resolvePage,
      renderer,
      renderTimeoutMs,
      resources: observedHandlers(observers.resource, 'resource', parts.resources, (routeId) => ({
        routeId,
      })),
      documentVersion: JSON.stringify([buildIdOf(build), basePath, browser]),
      buildId: buildIdOf(build),
      reportError,
      middleware,
    }),
    sendPageData: servePageData({
      ...common,
      resolvePage,
      buildId: buildIdOf(build),
      handleAction,
      resolveFrame,
    }),
  };
}

/** The methods a page answers (its `Allow` header): POST only where its route declares actions. */
function pageMethods(routes: CompiledRouteTable, actions: object) {
  return function pageMethodsOf({ appPath }: { appPath: string }): string {
    const routeId = routes.match(appPath)?.route.id;
    return routeId !== undefined && Object.hasOwn(actions, routeId) ? 'GET, HEAD, POST' : 'GET, HEAD';
  };
}

/** The browser's Sentry settings (null when SENTRY_DSN is unset): same DSN, events through our tunnel. */
function browserSentryOf({ config, build }: CreateAppOptions): BrowserSentryConfig | null {
  if (!config.sentryDsn) return null;
  return {
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    release: config.sentryRelease ?? buildIdOf(build),
    tracesSampleRate: config.sentryTracesSampleRate,
    tunnel: reservedPaths(config.basePath).tunnel,
  };
}
