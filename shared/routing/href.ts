import { type Locale, localePrefix } from './locale.ts';

/**
 * Builds a URL path from an app path: base path, then locale prefix, then the path.
 * The root of a prefixed locale is `/fr`, never `/fr/`, because trailing slashes redirect.
 */
export function buildHref(basePath: string, locale: Locale, appPath: string): string {
  const [pathname = '/', suffix = ''] = splitSuffix(appPath);
  const prefixed = `${localePrefix(locale)}${pathname === '/' ? '' : pathname}`;
  const full = `${basePath}${prefixed}`;
  return `${full === '' ? '/' : full}${suffix}`;
}

function splitSuffix(appPath: string): [string, string] {
  const cut = appPath.search(/[?#]/);
  return cut === -1 ? [appPath, ''] : [appPath.slice(0, cut), appPath.slice(cut)];
}

/** Path of the data endpoint prefix: `{base}/_data/{buildId}`, then the page's locale prefix and path. */
export const DATA_SEGMENT = '_data';

/**
 * The data endpoint URL of a page: `{base}/_data/{buildId}{/locale}{path}{?search}`. The home page of the
 * default locale has no path after the build id (a trailing slash would redirect).
 */
export function buildDataHref(basePath: string, buildId: string, locale: Locale, appPath: string): string {
  return buildHref(`${basePath}/${DATA_SEGMENT}/${buildId}`, locale, appPath);
}
