import type { Locale } from '#runtime/shared';
import { COUNTRIES } from '../checkout-fields.ts';

/**
 * The countries the shop delivers to, named in `locale` (CLDR's names through Intl.DisplayNames) and in the
 * alphabetical order of its readers. Named on the server and sent as data, so the browser's ICU, which may
 * word a name differently, never changes the hydrated page.
 */
export function countryNames(locale: Locale): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
