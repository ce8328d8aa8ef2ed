import type { Locale } from '#runtime/shared';
import { type StorefrontLocale, storefrontLocale } from './locales.ts';

/** The region each locale writes prices and dates like: `€12.90` and `26 November 2026` (Ireland's English). */
const FORMAT_LOCALES: Readonly<Record<StorefrontLocale, string>> = { en: 'en-IE', fr: 'fr-FR', de: 'de-DE' };

/** The Intl locale that formats numbers and dates for a page in `locale`. */
export function formatLocaleOf(locale: Locale): string {
  return FORMAT_LOCALES[storefrontLocale(locale)];
}
