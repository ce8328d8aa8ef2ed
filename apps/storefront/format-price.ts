import type { Locale } from '#runtime/shared';
import { formatLocaleOf } from './format-locale.ts';

// Building an Intl.NumberFormat is costly compared with using one, and a grid formats dozens of prices.
const formatters = new Map<Locale, Intl.NumberFormat>();

function formatterFor(locale: Locale): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formatLocaleOf(locale), {
      style: 'currency',
      currency: 'EUR',
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * Formats integer euro cents for `locale`. ICU versions disagree on which no-break space goes between
 * amount and `€` (U+00A0 or U+202F), and the server's ICU is not the browser's: normalising to U+00A0
 * keeps the server's HTML and the hydrating browser's text identical.
 */
export function formatPrice(cents: number, locale: Locale): string {
  return formatterFor(locale)
    .format(cents / 100)
    .replace(/[\u202f\u00a0]/g, '\u00a0');
}
