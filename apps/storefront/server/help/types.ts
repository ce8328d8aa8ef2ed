import type { StorefrontLocale } from '../../locales.ts';

/** A text in every locale the shop serves. */
export type Localized = Readonly<Record<StorefrontLocale, string>>;

export interface HelpArticleDefinition {
  /** Full nested slug: `shipping/delivery-times`, served at `/help/shipping/delivery-times`. */
  readonly slug: string;
  readonly title: Localized;
  readonly summary: Localized;
  readonly body: Readonly<Record<StorefrontLocale, readonly string[]>>;
}

export interface HelpSectionDefinition {
  /** The first slug segment of its articles. */
  readonly id: string;
  readonly title: Localized;
  readonly articles: readonly HelpArticleDefinition[];
}
