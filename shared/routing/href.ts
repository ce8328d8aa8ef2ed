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
