import { buildHref } from './href.ts';
import type { Locale, LocalePrefix } from './locale.ts';

/**
 * The first path segments under BASE_PATH that the runtime answers itself
 * (docs/locales-and-base-path.md#urls): no route may start with one, which compileRoutes checks at start.
 * Every URL of these endpoints is built and parsed here, on both sides.
 */
export const RESERVED_SEGMENTS = ['_data', '_assets', '_locale', 'monitoring'] as const;

/** The runtime's own path prefixes under a base path, worked out once per app. */
export interface ReservedPaths {
  /** `{base}/_data/`: page data for client navigations, then `{buildId}{/locale}{path}`. */
  data: string;
  /** `{base}/_assets/`: built client files. */
  assets: string;
  /** `{base}/_locale/`: the locale switcher, then `{locale}?next=…`. */
  localeSwitch: string;
  /** `{base}/monitoring`: the Sentry tunnel. */
  tunnel: string;
}

export function reservedPaths(basePath: string): ReservedPaths {
  return {
    data: `${basePath}/_data/`,
    assets: `${basePath}/_assets/`,
    localeSwitch: `${basePath}/_locale/`,
    tunnel: `${basePath}/monitoring`,
  };
}

/**
 * The data endpoint URL of a page: `{base}/_data/{buildId}{/locale}{path}{?search}`. The home page of the
 * unprefixed locale has no path after the build id (a trailing slash would redirect).
 */
export function dataHref(
  basePath: string,
  buildId: string,
  localePrefix: LocalePrefix,
  appPath: string,
): string {
  return buildHref(`${basePath}/_data/${buildId}`, localePrefix, appPath);
}

/** What follows `{base}/_data/` in a request URL: the build it was made for, the page's path (locale prefix included) and query. */
export function parseDataPath(rest: string): { buildId: string; path: string; query: string | undefined } {
  const queryStart = rest.indexOf('?');
  const target = queryStart === -1 ? rest : rest.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : rest.slice(queryStart + 1);
  const cut = target.indexOf('/');
  return cut === -1
    ? { buildId: target, path: '/', query }
    : { buildId: target.slice(0, cut), path: target.slice(cut), query };
}

/** The URL of a built client file. */
export function assetHref(basePath: string, file: string): string {
  return `${basePath}/_assets/${file}`;
}

/**
 * The locale switcher's URL: stores the choice in a cookie, then redirects to `next` (an app path) in that
 * locale. A plain `<a href>` (not a `<Link>`): the page changes language with a full load. `basePath` comes
 * from `useRouter()`.
 *
 * @example
 * const { basePath, pathname, search } = useRouter();
 * <a href={localeSwitchHref(basePath, 'fr', `${pathname}${search}`)} hrefLang="fr">Français</a>
 */
export function localeSwitchHref(basePath: string, locale: Locale, next: string): string {
  return `${basePath}/_locale/${locale}?next=${encodeURIComponent(next)}`;
}
