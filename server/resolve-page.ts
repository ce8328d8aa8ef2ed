import type { Request, Response } from 'express';
import type { CompiledRouteTable } from '../shared/routing/compile-routes.ts';
import { HttpError, NotFound, Redirect } from '../shared/routing/control-signals.ts';
import { buildHref } from '../shared/routing/href.ts';
import type { Head, PageModule, RouteDefinition, RouteParams } from '../shared/routing/route-table.ts';
import type { DataStepContext, DataSteps } from './data-step.ts';
import { isThenable } from './deferred-data.ts';
import type { Monitoring } from './monitoring.ts';
import type { PageRequest } from './page-request.ts';
import { setRouteFacts } from './report-error.ts';
import { untilAborted } from './request-abort.ts';
import { createCookieSetter } from './set-cookie.ts';

/** What a page request comes to, for the HTML render and the data endpoint alike. */
export type PageResolution =
  | {
      type: 'page';
      routeId: string;
      params: RouteParams;
      module: PageModule;
      data: unknown;
      head: Head;
    }
  /** `location` is final: base path and locale prefix added to app paths. */
  | { type: 'redirect'; location: string; status: number }
  /** An expected failure (404 from notFound() or no match, 4xx from HttpError). */
  | { type: 'error'; status: number };

export interface ResolvePageOptions {
  routes: CompiledRouteTable;
  dataSteps: DataSteps;
  basePath: string;
  monitoring: Monitoring;
}

/**
 * Matches the app path, loads the page module and runs the route's data step (with the request's abort
 * signal) in parallel, and turns control signals into a resolution. Unexpected errors (and 5xx HttpErrors)
 * are thrown for the caller's error handling.
 */
export function createPageResolver({ routes, dataSteps, basePath, monitoring }: ResolvePageOptions) {
  // One import per route for the process: a dynamic import() per request is a round trip to the module
  // loader, which Sentry's ESM hooks make expensive (npm run bench).
  const pages = new Map<string, Promise<PageModule>>();
  // Once loaded, a page module is taken as is, so a request for it waits on no promise of its own.
  const loadedPages = new Map<string, PageModule>();
  const loadPage = (route: RouteDefinition): Promise<PageModule> => {
    let page = pages.get(route.id);
    if (!page) {
      page = route.page() as Promise<PageModule>;
      page.then(
        (module) => loadedPages.set(route.id, module),
        () => pages.delete(route.id),
      );
      pages.set(route.id, page);
    }
    return page;
  };

  return async function resolvePage(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    signal: AbortSignal,
  ): Promise<PageResolution> {
    const match = routes.match(pageRequest.appPath);
    if (!match) return { type: 'error', status: 404 };
    // Transactions and error reports are grouped by route pattern, never by raw URL.
    const routePattern = `${request.method === 'HEAD' ? 'GET' : request.method} ${match.route.path}`;
    monitoring.nameTransaction(routePattern);
    setRouteFacts(request, { routePattern, locale: pageRequest.locale });
    let url: URL | undefined;
    const context: DataStepContext = {
      params: match.params,
      locale: pageRequest.locale,
      // Parsed when a step reads it: most steps never do, and every request would pay for the parse.
      get url() {
        url ??= new URL(request.originalUrl, `${request.protocol}://${request.get('host') ?? 'localhost'}`);
        return url;
      },
      cookies: request.cookies ?? {},
      signedCookies: request.signedCookies ?? {},
      setCookie: createCookieSetter(request, response, basePath),
      headers: request.headers,
      signal,
    };
    const dataStep = dataSteps[match.route.id];
    try {
      const returned = dataStep ? dataStep(context) : null;
      const pending = isThenable(returned)
        ? returned.then(handleDeferredRejections)
        : handleDeferredRejections(returned);
      const loaded = loadedPages.get(match.route.id);
      // The common case, a loaded page and a synchronous data step, waits on nothing; otherwise the module
      // and the data arrive in parallel, and an abort stops the wait.
      const [module, data] =
        loaded && !isThenable(pending) && !signal.aborted
          ? [loaded, pending]
          : await untilAborted(Promise.all([loaded ?? loadPage(match.route), pending]), signal);
      if (data instanceof Redirect || data instanceof NotFound)
        return fromSignal(data, basePath, pageRequest);
      const head = module.head?.({ data, params: match.params, locale: pageRequest.locale }) ?? { title: '' };
      return { type: 'page', routeId: match.route.id, params: match.params, module, data, head };
    } catch (error) {
      if (error instanceof Redirect || error instanceof NotFound)
        return fromSignal(error, basePath, pageRequest);
      if (error instanceof HttpError && error.status < 500) return { type: 'error', status: error.status };
      throw error;
    }
  };
}

export type ResolvePage = ReturnType<typeof createPageResolver>;

/**
 * Gives a data step's deferred values a no-op rejection handler as soon as the data is there: when the
 * request is aborted before rendering, nobody else ever listens to them, and an unhandled rejection would be
 * reported as a crash. The render's own handlers still see every rejection.
 */
function handleDeferredRejections<Data>(data: Data): Data {
  if (typeof data === 'object' && data !== null) {
    for (const value of Object.values(data)) {
      if (value instanceof Promise) value.catch(ignoreRejection);
    }
  }
  return data;
}

function ignoreRejection(): void {}

function fromSignal(signal: Redirect | NotFound, basePath: string, pageRequest: PageRequest): PageResolution {
  if (signal instanceof NotFound) return { type: 'error', status: 404 };
  const location = signal.location.startsWith('/')
    ? buildHref(basePath, pageRequest.locale, signal.location)
    : signal.location;
  return { type: 'redirect', location, status: signal.status };
}

/** Redirect responses are never cached: they depend on the data step's state. */
export function sendRedirect(response: Response, location: string, status: number): void {
  response.setHeader('Cache-Control', 'no-store');
  response.redirect(status, location);
}
