import type { Locale } from '../../../shared/routing/locale.ts';

/** A text in every locale the shop serves. */
export type Localized = Readonly<Record<Locale, string>>;

/** A product as the catalogue stores it. Names and descriptions are English only for now. */
export interface Product {
  /** URL slug, unique across the catalogue. */
  readonly id: string;
  readonly name: string;
  /** Integer euro cents, VAT included. */
  readonly priceCents: number;
  /** Path of a leaf category, e.g. `kitchen/knives`. */
  readonly categoryPath: string;
  readonly description: string;
}

/** A node of the category tree as written in the data; its path is built from the slugs above it. */
export interface CategoryDefinition {
  readonly slug: string;
  readonly names: Localized;
  readonly children?: readonly CategoryDefinition[];
}
