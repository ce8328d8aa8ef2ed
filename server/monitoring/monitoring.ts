import type { Request, Response } from 'express';
import type { Locale } from '../../shared/routing/locale.ts';
import type { ReservedPaths } from '../../shared/routing/reserved-paths.ts';
import type { RequestErrorFacts, ServerInstrumentation } from '../definition/instrumentation.ts';
import { routeFactsOf } from './route-facts.ts';

/** What one request tells monitoring about itself. */
export interface RequestFacts {
  /** Absent for process-level failures (unhandled rejections). */
  request?: Request;
  /** `GET /products/:id`, never the raw URL. */
  routePattern?: string;
  locale?: Locale;
}

/** The trace the page continues in the browser (`sentry-trace` and `baggage` meta tags). */
export interface TraceMeta {
  sentryTrace: string;
  baggage: string;
}

/**
 * The server's monitoring, as createApp sees it: the Sentry implementation (server/monitoring/sentry-server.ts) when
 * SENTRY_DSN is set, `noMonitoring` otherwise, so an app without a DSN does no SDK work at all.
 */
export interface Monitoring {
  /**
   * Runs `answer` as one monitored request: the light SDK opens its isolation scope and transaction here
   * (server/monitoring/sentry-light.ts); the others just call it.
   */
  traceRequest(request: Request, response: Response, answer: () => void): void;
  /**
   * What monitoring observes of each request, through the seam an app's instrumentations use: its
   * `onRequestError` reports each request's unexpected errors (captureRequestErrors), and Sentry's spans.
   */
  instrumentation: ServerInstrumentation;
  /** Reports an unexpected error (a request's, or the process's); returns the event id ops can search for. */
  captureException(error: unknown, facts: RequestFacts): string | undefined;
  /** Names the request's transaction by route pattern (`GET /products/:id`). */
  nameTransaction(name: string): void;
  /** The current trace, to continue in the browser. */
  traceMeta(): TraceMeta | undefined;
  /**
   * Runs the process's own work apart from every visit (its requests to itself: warm-up, prerendered pages'
   * checks): in a scope of its own with tracing suppressed, so none of it becomes a span, a trace header or a
   * breadcrumb that a visitor's later error or transaction would carry.
   */
  untraced<T>(work: () => T): T;
  /** Sends what is pending, waiting at most `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean>;
}

export const noMonitoring: Monitoring = {
  traceRequest: (_request, _response, answer) => answer(),
  instrumentation: {},
  captureException: () => undefined,
  nameTransaction: () => {},
  traceMeta: () => undefined,
  untraced: (work) => work(),
  flush: async () => true,
};

/**
 * A monitoring's request error hook: its captureException, with the request and its transaction's name
 * (`GET /products/:id`) and locale.
 */
export function captureRequestErrors(captureException: Monitoring['captureException']) {
  return function onRequestError(error: unknown, facts: RequestErrorFacts): string | undefined {
    return captureException(error, {
      request: facts.request as Request,
      routePattern: routeFactsOf(facts.request)?.routePattern,
      locale: facts.locale,
    });
  };
}

/** Paths whose requests are never traced: assets, health checks, the tunnel itself. */
export function isUnmonitoredPath(path: string, paths: ReservedPaths): boolean {
  return (
    path === '/healthz' ||
    path === '/readyz' ||
    path.startsWith(paths.assets) ||
    path === paths.tunnel ||
    path.startsWith(`${paths.tunnel}?`)
  );
}
