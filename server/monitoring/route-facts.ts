import type { Request } from 'express';
import type { Locale } from '../../shared/routing/locale.ts';

/** What the pipeline learned about a request, for error reports and observers: set once the route matched. */
export interface RouteFacts {
  /** The transaction's name: `GET /products/:id`. */
  routePattern: string;
  locale: Locale;
  routeId?: string;
  /** The route's own pattern: `/products/:id`. */
  routePath?: string | undefined;
}

export function setRouteFacts(request: Request, facts: RouteFacts): void {
  if (request.res) request.res.locals.routeFacts = facts;
}

/** What the pipeline learned about a request's route; undefined before it matched. */
export function routeFactsOf(request: object): RouteFacts | undefined {
  return (request as Partial<Request>).res?.locals.routeFacts as RouteFacts | undefined;
}
