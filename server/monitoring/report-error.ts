import type { Request } from 'express';
import type { Locale } from '../../shared/routing/locale.ts';
import type { ObservedKind, RequestErrorFacts } from '../definition/instrumentation.ts';
import type { Logger } from '../definition/logger.ts';
import type { ErrorHook } from './instrumentations.ts';
import { errorDetails } from './logger.ts';
import type { Monitoring } from './monitoring.ts';
import { type RouteFacts, routeFactsOf, setRouteFacts } from './route-facts.ts';

export { setRouteFacts } from './route-facts.ts';

/**
 * Logs and reports an unexpected error once, however many layers see it (React's onError, Express's error
 * handler); returns the monitoring event id, the same one on every call for the same error. `kind`: what
 * was running, when the caller knows it.
 */
export type ReportError = (error: unknown, request: Request, kind?: ObservedKind) => string | undefined;

/**
 * Names the request's transaction and its error reports by its route's pattern (`POST /products/:id`),
 * never by its raw URL: one name per route, whatever its parameters, locale or build.
 */
export function nameByRoute(
  request: Request,
  monitoring: Monitoring,
  routePath: string | undefined,
  locale: Locale,
  routeId?: string,
): void {
  const routePattern = `${request.method === 'HEAD' ? 'GET' : request.method} ${routePath}`;
  monitoring.nameTransaction(routePattern);
  setRouteFacts(request, { routePattern, locale, routeId, routePath });
}

export function createErrorReporter(logger: Logger, onRequestError: ErrorHook): ReportError {
  const reported = new WeakMap<object, string | undefined>();
  return function reportError(error, request, kind) {
    const key = typeof error === 'object' && error !== null ? error : null;
    if (key && reported.has(key)) return reported.get(key);
    const facts = routeFactsOf(request);
    const eventId = onRequestError(error, errorFactsOf(request, facts, kind));
    if (key) reported.set(key, eventId);
    logger.error(
      {
        ...errorDetails(error),
        requestId: request.res?.locals.requestId,
        method: request.method,
        path: request.path,
        route: facts?.routePattern,
        eventId,
      },
      'unexpected error',
    );
    return eventId;
  };
}

function errorFactsOf(
  request: Request,
  facts: RouteFacts | undefined,
  kind?: ObservedKind,
): RequestErrorFacts {
  return {
    request,
    routePattern: facts?.routePath,
    routeId: facts?.routeId,
    locale: facts?.locale,
    kind,
  };
}
