/**
 * A locale the app serves, as its URL prefix spells it: a lower-case language tag (`en`, `fr`, `pt-br`). The
 * runtime knows none: each app declares its own (`AppDefinition.locales`) and may narrow this type for its
 * messages.
 */
export type Locale = string;

/**
 * The locales an app serves, as it declares them in its definition (`AppDefinition.locales`):
 * `{ list: ['en', 'fr'], default: 'en' }` serves English at `/shop` and French at `/fr/shop`.
 */
export interface LocalesDeclaration {
  /** Every locale, each a lower-case language tag (`en`, `fr`, `pt-br`); one locale means no prefixes at all. */
  list: readonly Locale[];
  /** The locale of a visitor who has not chosen one and whose browser asks for none of the list. */
  default: Locale;
  /** Whether the default locale's URLs carry its prefix too (`/en/shop`); default false: `/shop`. */
  prefixDefault?: boolean;
}

/** What a locale puts between the base path and the app path: `/fr`, or nothing. */
export type LocalePrefix = '' | `/${string}`;

/** An app path split at its locale prefix; `redirect` when its URL spells the locale otherwise than `prefixOf`. */
export type LocalePath =
  | { type: 'page'; locale: Locale; path: string }
  /** `/en/…` when the default has no prefix, or no prefix when it has one: the same page at its own URL. */
  | { type: 'redirect'; locale: Locale; path: string };

/** An app's locales, compiled once per app (createLocales), the same code on server and browser. */
export interface Locales {
  list: readonly Locale[];
  default: Locale;
  isLocale(value: string): boolean;
  /** The URL prefix of one of the app's locales (throws for another: a bug of the caller). */
  prefixOf(locale: Locale): LocalePrefix;
  /** Splits the locale prefix off an app path (case-insensitively: `/FR/shop` is French). */
  splitPrefix(path: string): LocalePath;
  /** A URL path read back into its locale and app path; null when it is outside BASE_PATH. */
  parseAppPath(pathname: string, basePath: string): LocalePath | null;
}

/** Name of the cookie the locale switcher sets; it wins over Accept-Language on the bare root. */
export const LOCALE_COOKIE = 'locale';

// Lower case because prefixes are matched case-insensitively; letters first, so no tag is a reserved
// segment (`_data`) or a route's number. BCP 47 (RFC 5646) tags, as Accept-Language names them.
const LOCALE_TAG = /^[a-z]{2,8}(?:-[a-z0-9]{1,8})*$/;

/** Compiles an app's locales declaration; a bad one throws at boot, naming the value and the rule. */
export function createLocales(declaration: LocalesDeclaration): Locales {
  checkDeclaration(declaration);
  return compileLocales(declaration);
}

/**
 * Compiles a declaration already checked by createLocales: the browser's, which the build (build/app-modules.mjs)
 * and the server's boot checked, so the checks and their messages stay out of the client bundle.
 */
export function compileLocales(declaration: LocalesDeclaration): Locales {
  const { list, default: defaultLocale, prefixDefault = false } = declaration;
  const prefixes = new Map<Locale, LocalePrefix>(
    list.map((locale) => [locale, locale === defaultLocale && !prefixDefault ? '' : `/${locale}`]),
  );
  // One unprefixed locale: no segment is read as a locale, so `/fr/x` is just a path.
  const hasPrefixes = list.length > 1 || prefixDefault;
  const isLocale = (value: string) => prefixes.has(value);

  function splitPrefix(path: string): LocalePath {
    if (!hasPrefixes) return { type: 'page', locale: defaultLocale, path };
    const end = path.indexOf('/', 1);
    const first = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
    const rest = end === -1 ? '/' : path.slice(end);
    if (isLocale(first))
      return { type: prefixes.get(first) === '' ? 'redirect' : 'page', locale: first, path: rest };
    return { type: prefixDefault ? 'redirect' : 'page', locale: defaultLocale, path };
  }

  // Not frozen: the Locales type is readonly, and freezing would cost every visitor bytes for nothing.
  return {
    list,
    default: defaultLocale,
    isLocale,
    prefixOf(locale: Locale): LocalePrefix {
      const prefix = prefixes.get(locale);
      if (prefix === undefined)
        throw new TypeError(`"${locale}" is not one of the app's locales (${list.join(', ')})`);
      return prefix;
    },
    splitPrefix,
    parseAppPath(pathname: string, basePath: string): LocalePath | null {
      const appPath = stripBasePath(pathname, basePath);
      return appPath === null ? null : splitPrefix(appPath);
    },
  };
}

function checkDeclaration({ list, default: defaultLocale }: LocalesDeclaration): void {
  const fix = 'declare them in the app definition, e.g. locales: { list: ["en", "fr"], default: "en" }';
  if (list.length === 0) throw new TypeError(`The app declares no locales: ${fix}`);
  for (const locale of list) {
    if (!LOCALE_TAG.test(locale)) {
      throw new TypeError(`Locale "${locale}" is not a lower-case language tag such as "en" or "pt-br"`);
    }
  }
  if (new Set(list).size !== list.length)
    throw new TypeError(`The app's locales repeat one: ${list.join(', ')}`);
  if (!list.includes(defaultLocale)) {
    throw new TypeError(
      `The default locale "${defaultLocale}" is not in the app's list (${list.join(', ')})`,
    );
  }
}

/** The path inside BASE_PATH (segment-exact: `/store` holds `/store/x`, not `/storex`), or null outside it. */
export function stripBasePath(pathname: string, basePath: string): string | null {
  if (basePath === '') return pathname;
  if (pathname === basePath) return '/';
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
}
