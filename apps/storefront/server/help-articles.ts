/**
 * Help centre content and lookups. Localized projections are built once per locale at module load, so the
 * help data steps only pick ready-made (frozen, shared) objects.
 */
import type { Locale } from '#runtime/shared';
import { type StorefrontLocale, storefrontLocales } from '../locales.ts';
import type { HelpArticle, HelpSection } from '../types.ts';
import { deepFreeze } from './deep-freeze.ts';
import { ACCOUNT_SECTION, PAYMENT_SECTION } from './help/payment-account.ts';
import { RETURNS_SECTION } from './help/returns.ts';
import { SHIPPING_SECTION } from './help/shipping.ts';
import type { HelpSectionDefinition } from './help/types.ts';

const SECTIONS: readonly HelpSectionDefinition[] = [
  SHIPPING_SECTION,
  RETURNS_SECTION,
  PAYMENT_SECTION,
  ACCOUNT_SECTION,
];

interface LocalizedHelp {
  sections: readonly HelpSection[];
  articles: ReadonlyMap<string, HelpArticle>;
}

const helpByLocale = new Map<Locale, LocalizedHelp>(
  storefrontLocales.list.map((locale) => [locale, localize(locale)]),
);

/** The help index in `locale`: sections in display order, each with its article summaries. */
export function helpSections(locale: Locale): readonly HelpSection[] {
  return helpByLocale.get(locale)!.sections;
}

/** One article in `locale`, by its nested slug (`shipping/delivery-times`). */
export function findHelpArticle(slug: string, locale: Locale): HelpArticle | undefined {
  return helpByLocale.get(locale)!.articles.get(slug);
}

function localize(locale: StorefrontLocale): LocalizedHelp {
  const articles = new Map<string, HelpArticle>();
  const sections = SECTIONS.map((section): HelpSection => {
    const summaries = section.articles.map((definition) => {
      if (!definition.slug.startsWith(`${section.id}/`)) {
        throw new Error(`Help article "${definition.slug}" must live under "${section.id}/"`);
      }
      const article: HelpArticle = {
        slug: definition.slug,
        title: definition.title[locale],
        summary: definition.summary[locale],
        sectionTitle: section.title[locale],
        paragraphs: [...definition.body[locale]],
      };
      articles.set(article.slug, deepFreeze(article));
      return { slug: article.slug, title: article.title, summary: article.summary };
    });
    return { id: section.id, title: section.title[locale], articles: summaries };
  });
  return { sections: deepFreeze(sections), articles };
}
