import { localeSwitchHref, useRouter } from '#runtime/shared';
import { type StorefrontLocale, storefrontLocales } from '../locales.ts';

/** Each language named in itself, so a visitor finds theirs whatever the page's language. */
const LOCALE_NAMES: Readonly<Record<StorefrontLocale, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
};

/**
 * Links to the same page in the other languages. Plain `<a>` (not `<Link>`): the target is the server's
 * `/_locale/{locale}` endpoint, which stores the choice in a cookie and redirects to `next` in that language.
 */
export function LocaleSwitcher({ label }: { label: string }) {
  const { basePath, locale, pathname, search } = useRouter();
  return (
    <nav aria-label={label} className="locale-switcher">
      <ul>
        {storefrontLocales.list.map((candidate) => (
          <li key={candidate}>
            {candidate === locale ? (
              <span className="locale-switcher__item is-active" lang={candidate} aria-current="true">
                {LOCALE_NAMES[candidate]}
              </span>
            ) : (
              <a
                className="locale-switcher__item"
                href={localeSwitchHref(basePath, candidate, `${pathname}${search}`)}
                hrefLang={candidate}
                lang={candidate}
              >
                {LOCALE_NAMES[candidate]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
