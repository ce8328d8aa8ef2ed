/** The locales the app serves; English is the default and has no URL prefix. */
export const LOCALES = ['en', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Name of the cookie the locale switcher sets; it wins over Accept-Language on the bare root. */
export const LOCALE_COOKIE = 'locale';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export type LocalePrefix =
  | { type: 'default'; path: string }
  | { type: 'prefixed'; locale: Locale; path: string }
  | { type: 'default-prefixed'; path: string };

/**
 * Splits a locale prefix off an app path (case-insensitively: `/FR/shop` is French).
 * `default-prefixed` means the URL spelled out the default locale (`/en/shop`), which we redirect away from.
 */
export function splitLocalePrefix(path: string): LocalePrefix {
  const end = path.indexOf('/', 1);
  const first = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
  const rest = end === -1 ? '/' : path.slice(end);
  if (first === DEFAULT_LOCALE) return { type: 'default-prefixed', path: rest };
  if (isLocale(first)) return { type: 'prefixed', locale: first, path: rest };
  return { type: 'default', path };
}

/** The URL prefix of a locale: empty for the default one. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}
