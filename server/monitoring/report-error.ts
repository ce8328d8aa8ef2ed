import type { Request } from 'express';
import type { Locale } from '../../shared/routing/locale.ts';
import type { Logger } from '../definition/logger.ts';
import { errorDetails } from './logger.ts';
import type { Monitoring } from './monitoring.ts';

/**
 * Logs and reports an unexpected error once, however many layers see it (React's onError, Express's error
 * handler); returns the monitoring event id, the same one on every call for the same error.
 */
export type ReportError = (error: unknown, request: Request) => string | undefined;

/** What the pipeline learned about a request, for error reports: set once the route matched. */
export interface RouteFacts {
  routePattern: string;
  locale: Locale;
}

export function setRouteFacts(request: Request, facts: RouteFacts): void {
  if (request.res) request.res.locals.routeFacts = facts;
}

/**
 * Names the request's transaction and its error reports by its route's pattern (`POST /products/:id`),
 * never by its raw URL: one name per route, whatever its parameters, locale or build.
 */
export function nameByRoute(
  request: Request,
  monitoring: Monitoring,
  routePath: string | undefined,
  locale: Locale,
): void {
  const routePattern = `${request.method === 'HEAD' ? 'GET' : request.method} ${routePath}`;
  monitoring.nameTransaction(routePattern);
  setRouteFacts(request, { routePattern, locale });
}

export function createErrorReporter(logger: Logger, monitoring: Monitoring): ReportError {
  const reported = new WeakMap<object, string | undefined>();
  return function reportError(error, request) {
    const key = typeof error === 'object' && error !== null ? error : null;
    if (key && reported.has(key)) return reported.get(key);
    const facts = request.res?.locals.routeFacts as RouteFacts | undefined;
    const eventId = monitoring.captureException(error, { request, ...facts });
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
