/**
 * The data each storefront page receives from its server data step. Type-only: pages and the server both
 * import it, so it must never pull code into either bundle. Every text in here is already localized for
 * the request's locale; prices are integer euro cents. The catalogue's lists, carts and orders are read
 * from the database for each request (apps/storefront/server/db/); the help centre's lists are built once at
 * start and shared by every request (apps/storefront/server/help-articles.ts freezes them). Arrays are readonly
 * either way: a page never changes what it is given.
 */

import type { AddressField } from './checkout-fields.ts';

/** A category in a breadcrumb trail: its localized name and its path (`kitchen/knives`). */
export interface CategoryCrumb {
  label: string;
  category: string;
}

/** A product as shown in a grid or list. */
export interface ProductSummary {
  /** URL slug: `/products/{id}`. */
  id: string;
  name: string;
  priceCents: number;
  /**
   * The price as the page shows it (`89,00 €`), formatted by the server: the browser's first
   * Intl.NumberFormat costs a phone tens of milliseconds, which would land in the hydration of every grid.
   */
  price: string;
  /** Leaf category path such as `kitchen/knives`; also picks the product's generated picture. */
  categoryPath: string;
}

/** A product on its own page. */
export interface ProductDetail extends ProductSummary {
  description: string;
  /** Localized name of the leaf category. */
  categoryName: string;
}

/** A category as a tile or a chip: its localized name and how many products it holds (subcategories included). */
export interface CategoryLink {
  /** `kitchen` or `kitchen/knives`. */
  path: string;
  name: string;
  productCount: number;
}

/** A top-level category with its subcategories, for the shop's sidebar. */
export interface CategoryTreeLink extends CategoryLink {
  children: readonly CategoryLink[];
}

/** The shop layout's data: the category tree with product counts, and the count of all products. */
export interface ShopLayoutData {
  categories: readonly CategoryTreeLink[];
  productCount: number;
}

export interface HomeData {
  featured: readonly ProductSummary[];
  categories: readonly CategoryLink[];
}

export interface ShopData {
  /** `null` on `/shop` (all products). */
  category: { path: string; name: string } | null;
  /** Category ancestors down to the current one (excluding Home and Shop, which the page adds). */
  breadcrumbs: readonly CategoryCrumb[];
  /** Children of the current category, or the top-level categories on `/shop`. */
  subcategories: readonly CategoryLink[];
  /** The products of this page, in the order asked for. */
  products: readonly ProductSummary[];
  /** How many products the list has on all its pages. */
  productCount: number;
  /** From 1. */
  pageCount: number;
}

export interface ProductData {
  product: ProductDetail;
  /** The product's category trail (excluding Home and Shop). */
  breadcrumbs: readonly CategoryCrumb[];
  /** Deferred: streamed later through Suspense. */
  related: Promise<readonly ProductSummary[]>;
}

export interface HelpArticleSummary {
  /** `shipping/delivery-times`: the URL is `/help/{slug}`. */
  slug: string;
  title: string;
  summary: string;
}

export interface HelpSection {
  /** `shipping` */
  id: string;
  title: string;
  articles: readonly HelpArticleSummary[];
}

export interface HelpData {
  sections: readonly HelpSection[];
}

export interface HelpArticle extends HelpArticleSummary {
  sectionTitle: string;
  paragraphs: readonly string[];
}

export interface HelpArticleData {
  article: HelpArticle;
}

/**
 * A line of a cart or of an order, its name in the page's language; a cart's at today's price, an order's
 * at the price it was placed at. The server reads both from the database (apps/storefront/server/db/).
 */
export interface CartLine {
  productId: string;
  name: string;
  /** The product's leaf category, for its picture. */
  categoryPath: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
}

export interface CartData {
  lines: readonly CartLine[];
  subtotalCents: number;
}

export interface CheckoutData extends CartData {
  /** A fresh key for this form: posting it twice places one order. */
  idempotencyKey: string;
  /** What the form starts with: a signed-in account's last address (or its email); empty otherwise. */
  prefill: Readonly<Partial<Record<AddressField, string>>>;
  /** The countries the shop delivers to, named in the page's language, in its alphabetical order. */
  countries: readonly { code: string; name: string }[];
}

export interface OrderData {
  id: string;
  name: string;
  email: string;
  street: string;
  postcode: string;
  city: string;
  /** Named in the page's language. */
  countryName: string;
  lines: readonly CartLine[];
  totalCents: number;
}

/** What the storefront's layout data step returns for every page (the layout gets `null` without one). */
export interface StorefrontLayoutData {
  /** Units in the cart, summed over its lines. */
  cartCount: number;
  /** The signed-in account, or null. */
  account: { email: string } | null;
}

/** An order in the account page's list. */
export interface AccountOrderSummary {
  id: string;
  /** ISO 8601, for `<time dateTime>`. */
  createdAt: string;
  /** The date written in the page's language and the shop's time zone, by the server (one ICU, no mismatch). */
  dateText: string;
  totalCents: number;
}

export interface AccountData {
  email: string;
  /** Newest first. */
  orders: readonly AccountOrderSummary[];
}

/** The sign-in and sign-up pages' data: where the visitor goes afterwards (a path of this site), if said. */
export interface SignInData {
  next: string | null;
  /** A notice the sign-in page shows once (a flash value): after "Sign out everywhere". */
  notice?: 'signed-out-everywhere' | null;
}
