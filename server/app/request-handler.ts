import type { NextFunction, Request, Response } from 'express';
import type { Locales } from '../../shared/routing/locale.ts';
import { reservedPaths } from '../../shared/routing/reserved-paths.ts';
import type { HandleAction } from '../answer/handle-action.ts';
import type { ServicesHandle } from '../definition/services.ts';
import { checkRequestTarget } from '../edge/request-target.ts';
import { redirectToCleanPath, splitQuery } from '../request/normalize-url.ts';
import { defaultPageRequest, type PageRequest } from '../request/page-request.ts';
import type { LoadedLocales } from './load-locales.ts';

/** URLs longer than this answer 414 at once (Node itself refuses request lines over MAX_HEADER_BYTES). */
export const MAX_URL_LENGTH = 4096;

type Handler<Rest extends unknown[] = []> = (
  request: Request,
  response: Response,
  ...rest: Rest
) => Promise<void> | void;

/** The parts a request may go to, each built once by createApp. */
export interface RequestHandlerParts {
  basePath: string;
  /** PUBLIC_ORIGIN: an absolute-form request target must name its host (else the Host header's). */
  publicOrigin: string | undefined;
  /** Wraps everything else: a request's monitoring scope and transaction (Monitoring.traceRequest). */
  traceRequest: (request: Request, response: Response, answer: () => void) => void;
  /** Runs first, so every request gets an id and a log line (before compression: bytes are bytes sent). */
  logRequest: Handler;
  setSecurityHeaders: Handler;
  compressWhenAccepted: (request: Request, response: Response, next: () => void) => void;
  isDraining: () => boolean;
  isReady: () => boolean;
  /** The app's locales (createLocales): a target refused before the locale step answers in the default one. */
  locales: Locales;
  /** Their strings (the app's `loadLocale`): pages wait until every locale has loaded. */
  localesLoaded: LoadedLocales;
  /** The app's services (server/app/services.ts): pages wait until they are started, at most `startWaitMs`. */
  services: ServicesHandle;
  startWaitMs: number;
  /** cookie-parser: reads cookies and verifies signed ones with COOKIE_SECRET. */
  parseCookies: (request: Request, response: Response, next: () => void) => void;
  sendAsset: Handler<[assetName: string]>;
  forwardToSentry: Handler;
  sendPageData: Handler<[rest: string]>;
  sendLocaleSwitch: Handler<[locale: string]>;
  /** Strips BASE_PATH and the locale prefix (or answers: 404 outside BASE_PATH, 400, a locale redirect). */
  resolvePageRequest: (request: Request, response: Response) => PageRequest | undefined;
  servePage: Handler<[pageRequest: PageRequest, next: NextFunction]>;
  handleAction: HandleAction;
  /** The methods a page answers (its `Allow` header): POST only where its route declares actions. */
  pageMethodsOf: (pageRequest: PageRequest) => string;
  renderError: Handler<[pageRequest: PageRequest, status: number]>;
}

/**
 * The one request handler: every request takes the steps below in one Express handler rather than a dozen
 * middleware layers, because the router allocates a match, params and closures per layer and request
 * (heap samples under the bench's load). Errors still go to Express's error handler.
 *
 * long function: the dispatch is one `answer()` that reads top to bottom, in the order a request meets it.
 */
export function createRequestHandler(parts: RequestHandlerParts) {
  const { basePath, localesLoaded, services } = parts;
  const paths = reservedPaths(basePath);
  const started = () => isStarted(parts);

  return function serveRequest(request: Request, response: Response, next: NextFunction): void {
    // The process's own requests (server/process/in-process-client.ts: prerendering, warm-up) are no visit.
    if (response.locals.inProcess === true) return serveRequestParts(request, response, next);
    parts.traceRequest(request, response, () => {
      parts.logRequest(request, response);
      serveRequestParts(request, response, next);
    });
  };

  function serveRequestParts(request: Request, response: Response, next: NextFunction): void {
    parts.setSecurityHeaders(request, response);
    if (parts.isDraining()) response.setHeader('Connection', 'close');
    parts.compressWhenAccepted(request, response, () => {
      try {
        const waiting = answer(request, response, next);
        if (waiting) waiting.catch(next);
      } catch (error) {
        next(error);
      }
    });
  }

  // Not an async function: most requests are answered without waiting, and promises are dear here. React's
  // AsyncLocalStorage turns on async hooks, so each promise pays for them and for its garbage under load
  // (bench/side-by-side.mjs). Handlers that wait return their promise, whose rejection goes to Express's
  // error handler.
  function answer(request: Request, response: Response, next: NextFunction): Promise<void> | void {
    if (request.url.length > MAX_URL_LENGTH) return sendText(response, 414, 'URI Too Long');
    // Before anything reads the URL or the host: a malformed Host, a second one or a foreign target is a 400.
    if (checkRequestTarget(request, parts.publicOrigin)) return refuseTarget(parts, request, response);
    // Without a Cookie header there is nothing to parse, and readers fall back to no cookies.
    if (request.headers.cookie !== undefined) parts.parseCookies(request, response, () => {});
    const [path = '/'] = splitQuery(request.url);

    // Health endpoints answer at the root, outside BASE_PATH, for load balancers and orchestrators. They and
    // the assets and the locale switch only read: GET and HEAD.
    const isHealth = path === '/healthz' || path === '/readyz';
    const readsOnly = isHealth || path.startsWith(paths.assets) || path.startsWith(paths.localeSwitch);
    if (readsOnly && request.method !== 'GET' && request.method !== 'HEAD')
      return sendMethodNotAllowed(response, 'GET, HEAD');
    if (path === '/healthz') return sendHealth(response, true, 'ok');
    if (path === '/readyz') {
      const ready = parts.isReady() && localesLoaded.isLoaded() && services.isReady();
      return sendHealth(response, ready, ready ? 'ready' : 'not ready');
    }
    if (!started()) return afterStart(parts, response, () => answer(request, response, next));
    if (redirectToCleanPath(request, response)) return;
    // The runtime's own endpoints under BASE_PATH (shared/routing/reserved-paths.ts).
    if (path.startsWith(paths.assets))
      return parts.sendAsset(request, response, path.slice(paths.assets.length));
    if (path === paths.tunnel) return parts.forwardToSentry(request, response);
    if (path.startsWith(paths.data))
      return parts.sendPageData(request, response, request.url.slice(paths.data.length));
    if (path.startsWith(paths.localeSwitch))
      return parts.sendLocaleSwitch(request, response, path.slice(paths.localeSwitch.length));

    // Pages: GET and HEAD render, POST runs an action, anything else is 405.
    const pageRequest = parts.resolvePageRequest(request, response);
    if (!pageRequest) return;
    if (request.method === 'GET' || request.method === 'HEAD')
      return parts.servePage(request, response, pageRequest, next);
    if (request.method === 'POST') return parts.handleAction(request, response, pageRequest, 'html', next);
    response.setHeader('Allow', parts.pageMethodsOf(pageRequest));
    return parts.renderError(request, response, pageRequest, 405);
  }
}

/** The error page and every page need the locales and the app's services. */
function isStarted({ localesLoaded, services }: RequestHandlerParts): boolean {
  return localesLoaded.isLoaded() && services.current !== undefined;
}

/** The 400 page for a request whose Host or target checkRequestTarget refused; the connection closes. */
function refuseTarget(
  parts: RequestHandlerParts,
  request: Request,
  response: Response,
): Promise<void> | void {
  response.setHeader('Connection', 'close');
  const refuse = () => parts.renderError(request, response, defaultPageRequest(parts.locales), 400);
  return isStarted(parts) ? refuse() : afterStart(parts, response, refuse);
}

/**
 * Answers once the locales and the services (a database being migrated, a server not up yet) are ready,
 * waiting at most `startWaitMs`, the render deadline: then 503 with Retry-After, never a request that hangs.
 */
function afterStart(
  { localesLoaded, services, startWaitMs }: RequestHandlerParts,
  response: Response,
  answer: () => Promise<void> | void,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), startWaitMs);
  });
  const started = Promise.all([localesLoaded.whenLoaded, services.started]).then(() => true);
  const settled = Promise.race([started, gaveUp]).finally(() => clearTimeout(timer));
  return settled.then((ready) => {
    if (ready) return answer();
    response.setHeader('Retry-After', '5');
    sendText(response, 503, 'Service Unavailable: the server is starting');
  });
}

/** The runtime's own endpoints answer other methods with a plain 405 naming theirs (RFC 9110 section 15.5.6). */
function sendMethodNotAllowed(response: Response, allow: string): void {
  response.setHeader('Allow', allow);
  response.setHeader('Cache-Control', 'no-store');
  sendText(response, 405, 'Method Not Allowed');
}

function sendText(response: Response, status: number, text: string): void {
  response.status(status).type('text/plain').send(text);
}

function sendHealth(response: Response, healthy: boolean, text: string): void {
  response.setHeader('Cache-Control', 'no-store');
  sendText(response, healthy ? 200 : 503, text);
}
