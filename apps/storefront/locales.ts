import type { Locale, LocalesDeclaration } from '#runtime/shared';

/** The storefront's locales: English by default at `/shop`, French at `/fr/shop`, German at `/de/shop`. */
// #region storefront-locales
export const storefrontLocales = {
  list: ['en', 'fr', 'de'],
  default: 'en',
  prefixDefault: false,
} as const satisfies LocalesDeclaration;
// #endregion storefront-locales

/** A locale the storefront has strings for: the key of its message tables. */
export type StorefrontLocale = (typeof storefrontLocales.list)[number];

/** The locale of a page or request as the storefront's own (the runtime serves only the declared ones). */
export function storefrontLocale(locale: Locale): StorefrontLocale {
  if ((storefrontLocales.list as readonly Locale[]).includes(locale)) return locale as StorefrontLocale;
  throw new TypeError(`"${locale}" is not a storefront locale (${storefrontLocales.list.join(', ')})`);
}
