import type { Response } from 'express';
import type { Locale, Locales } from '../../shared/routing/locale.ts';
import { setHrefLocale } from '../render/href-scope.ts';

/** Where a request points inside the app, once base path and locale prefix are stripped. */
export interface PageRequest {
  locale: Locale;
  /** Path without base path or locale prefix, still percent-encoded (`/products/chef-knife`). */
  appPath: string;
  /** `?…` or empty. */
  search: string;
}

/** Stores the resolved page request for the handlers after the locale step; `href()` now builds in its locale. */
export function setPageRequest(response: Response, pageRequest: PageRequest): void {
  response.locals.pageRequest = pageRequest;
  setHrefLocale(pageRequest.locale);
}

export function getPageRequest(response: Response): PageRequest | undefined {
  return response.locals.pageRequest as PageRequest | undefined;
}

/** The page request of an answer made before the locale step (or without one): the default locale's home. */
export function defaultPageRequest(locales: Locales): PageRequest {
  return Object.freeze({ locale: locales.default, appPath: '/', search: '' });
}
