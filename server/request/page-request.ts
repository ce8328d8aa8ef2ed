import type { Response } from 'express';
import type { Locale, Locales } from '../../shared/routing/locale.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';
import type { RequestFacts, RequestSignalSource } from '../definition/request-context.ts';

/** Where a request points inside the app, once base path and locale prefix are stripped. */
export interface PageRequest {
  locale: Locale;
  /** Path without base path or locale prefix, still percent-encoded (`/products/chef-knife`). */
  appPath: string;
  /** `?…` or empty. */
  search: string;
  /** The page's own path and query (base path and locale prefix included) when asked for by its data URL. */
  pageTarget?: string;
}

/** What a request context takes from the page request: its locale, and its own path for a data URL. */
export function factsOf(
  pageRequest: PageRequest,
  params: RouteParams,
  abort: RequestSignalSource,
): RequestFacts {
  return { params, locale: pageRequest.locale, abort, pageTarget: pageRequest.pageTarget };
}

/** Stores the resolved page request for the handlers after the locale step. */
export function setPageRequest(response: Response, pageRequest: PageRequest): void {
  response.locals.pageRequest = pageRequest;
}

export function getPageRequest(response: Response): PageRequest | undefined {
  return response.locals.pageRequest as PageRequest | undefined;
}

/** The page request of an answer made before the locale step (or without one): the default locale's home. */
export function defaultPageRequest(locales: Locales): PageRequest {
  return Object.freeze({ locale: locales.default, appPath: '/', search: '' });
}
