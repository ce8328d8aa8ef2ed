import type { Request } from 'express';
import { buildHref } from '../../shared/routing/href.ts';
import { LOCALE_COOKIE, type Locale, type Locales, stripBasePath } from '../../shared/routing/locale.ts';
import { hasValidPercentEncoding, splitQuery } from '../request/normalize-url.ts';
import type { PageRequest } from '../request/page-request.ts';

export interface ResolveLocaleOptions {
  basePath: string;
  /** The app's locales (createLocales). */
  locales: Locales;
}

/** What a page URL comes to before its route is matched, as a value the answer applies (answer/page-target.ts). */
export type PageTarget =
  /** `vary`: the request headers that chose it (the bare root negotiates the locale). */
  | { type: 'page'; pageRequest: PageRequest; vary: readonly string[] }
  | { type: 'redirect'; status: number; location: string; vary: readonly string[] }
  /** Outside the base path (404), or broken percent-encoding (400). */
  | { type: 'error'; status: number };

/**
 * Strips the base path (segment-exact: `/storefoo` is outside `/store`) and the locale prefix, and on the
 * bare root of an app with several locales sends a visitor to their locale: the `locale` cookie if they chose
 * one, else Accept-Language. A locale spelled otherwise than its prefix (`/en/…` when English has none, no
 * prefix when the default has one) redirects to its own URL.
 */
export function resolveLocale({ basePath, locales }: ResolveLocaleOptions) {
  const negotiates = locales.list.length > 1;
  // The default first: Accept-Language `*`, or none, picks the first locale the negotiation is offered.
  const offered = [locales.default, ...locales.list.filter((locale) => locale !== locales.default)];
  return function resolveLocaleStep(request: Request): PageTarget {
    const [rawPath = '/', query] = splitQuery(request.url);
    const search = query === undefined ? '' : `?${query}`;
    const appPath = stripBasePath(rawPath, basePath);
    if (appPath === null) return { type: 'error', status: 404 };
    if (!hasValidPercentEncoding(appPath)) return { type: 'error', status: 400 };

    let vary: readonly string[] = NO_VARY;
    if (appPath === '/' && negotiates) {
      vary = NEGOTIATED;
      const prefix = locales.prefixOf(preferredLocale(request, locales, offered));
      const location = `${buildHref(basePath, prefix, '/')}${search}`;
      if (prefix !== '') return { type: 'redirect', status: 307, location, vary };
    }
    const target = locales.splitPrefix(appPath);
    if (target.type === 'redirect') {
      const location = buildHref(basePath, locales.prefixOf(target.locale), target.path);
      return { type: 'redirect', status: 308, location: `${location}${search}`, vary };
    }
    return { type: 'page', pageRequest: { locale: target.locale, appPath: target.path, search }, vary };
  };
}

const NO_VARY: readonly string[] = [];
const NEGOTIATED: readonly string[] = ['Accept-Language', 'Cookie'];

/** The visitor's explicit choice (cookie) wins; otherwise Express's Accept-Language negotiation (q-values, `fr-CA` → fr). */
function preferredLocale(request: Request, locales: Locales, offered: readonly Locale[]): Locale {
  const chosen: unknown = request.cookies?.[LOCALE_COOKIE];
  if (typeof chosen === 'string' && locales.isLocale(chosen)) return chosen;
  const negotiated = request.acceptsLanguages(...offered);
  return negotiated && locales.isLocale(negotiated) ? negotiated : locales.default;
}
