import { AsyncLocalStorage } from 'node:async_hooks';
import { type HrefScope, setHrefScope } from '../../shared/routing/href.ts';
import type { Locale } from '../../shared/routing/locale.ts';

/**
 * The scope `href()` builds with while a request is served: its app's patterns and base path, and the
 * locale of the page once the request's locale is known. React's streaming render keeps the request's
 * async context, so a href built in a component rendered late is still this request's.
 */
const scopes = new AsyncLocalStorage<HrefScope>();

/**
 * The request's scope. The checks the browser's `href()` leaves out live here: every page's links are built
 * on the server first, so a href outside a request or to an unknown route fails here, where it is reported.
 */
export function readServerHrefScope(): HrefScope {
  const scope = scopes.getStore();
  if (!scope) throw new Error('href() was called outside a request or page');
  return scope;
}
setHrefScope(readServerHrefScope);

/** Runs `serve` (and everything it starts) with `scope` as `href()`'s scope. */
export function runInHrefScope<Result>(scope: HrefScope, serve: () => Result): Result {
  const checkedScope = {
    ...scope,
    pathOf(routeId: string) {
      const pattern = scope.pathOf(routeId);
      if (pattern === undefined) throw new Error(`href(): no route "${routeId}"`);
      return pattern;
    },
  };
  return scopes.run(checkedScope, serve);
}

/** The request's page is in `locale`: hrefs built from now on default to it. */
export function setHrefLocale(locale: Locale): void {
  const scope = scopes.getStore();
  if (scope) scope.locale = locale;
}
