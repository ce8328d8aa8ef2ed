/** The locales the app serves; English is the default and has no URL prefix. */
export const LOCALES = ['en', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Name of the cookie the locale switcher sets; it wins over Accept-Language on the bare root. */
export const LOCALE_COOKIE = 'locale';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** An app path split at its locale prefix; `/en/…` spells out the default locale, which redirects away. */
export type LocalePath =
  | { type: 'page'; locale: Locale; path: string }
  | { type: 'default-spelled-out'; path: string };

/** Splits the locale prefix off an app path (case-insensitively: `/FR/shop` is French). */
export function splitLocalePrefix(path: string): LocalePath {
  const end = path.indexOf('/', 1);
  const first = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
  const rest = end === -1 ? '/' : path.slice(end);
  if (first === DEFAULT_LOCALE) return { type: 'default-spelled-out', path: rest };
  if (isLocale(first)) return { type: 'page', locale: first, path: rest };
  return { type: 'page', locale: DEFAULT_LOCALE, path };
}

/** The path inside BASE_PATH (segment-exact: `/store` holds `/store/x`, not `/storex`), or null outside it. */
export function stripBasePath(pathname: string, basePath: string): string | null {
  if (basePath === '') return pathname;
  if (pathname === basePath) return '/';
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
}

/** A URL path read back into its locale and app path; null when it is outside BASE_PATH. */
export function parseAppPath(pathname: string, basePath: string): LocalePath | null {
  const appPath = stripBasePath(pathname, basePath);
  return appPath === null ? null : splitLocalePrefix(appPath);
}

/** The URL prefix of a locale: empty for the default one. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}
