import { notFound } from '../../../shared/routing/control-signals.ts';
import type { Locale } from '../../../shared/routing/locale.ts';
import { PRODUCTS_PER_PAGE, type ShopSearch } from '../../../shared/storefront/shop-search.ts';
import type { ProductSummary, ShopData } from '../../../shared/storefront/types.ts';
import { categoryCrumbs, productsUnder, subcategoryLinks } from '../db/catalogue-queries.ts';
import { shopDatabase } from '../services.ts';
import type { Step } from '../step.ts';
import { slugPath } from './slug-path.ts';

/**
 * `/shop`: everything; `/shop/kitchen(/knives)`: the category with all products at or below it. Either is
 * sorted and cut into pages as its search asks (`?sort=name&page=2`); a page past the last answers 404.
 */
export const shopStep: Step<'shop', ShopData> = async function shopStep({
  params,
  locale,
  search,
  signal,
  ...context
}) {
  const db = shopDatabase(context);
  const path = slugPath(params.category);
  if (path === null) return notFound();
  const at = path === '' ? null : path;
  const [breadcrumbs, products, subcategories] = await Promise.all([
    at === null ? [] : categoryCrumbs(db, at, locale, { signal }),
    productsUnder(db, at, locale, { signal }),
    subcategoryLinks(db, at, locale, { signal }),
  ]);
  const current = breadcrumbs.at(-1);
  if (at !== null && !current) return notFound();
  const pageCount = Math.max(1, Math.ceil(products.length / PRODUCTS_PER_PAGE));
  if (search.page > pageCount) return notFound();
  const start = (search.page - 1) * PRODUCTS_PER_PAGE;
  return {
    category: current ? { path: current.category, name: current.label } : null,
    breadcrumbs,
    subcategories,
    products: sorted(products, search, locale).slice(start, start + PRODUCTS_PER_PAGE),
    productCount: products.length,
    pageCount,
  };
};

function sorted(products: readonly ProductSummary[], { sort }: ShopSearch, locale: Locale) {
  if (sort === null) return products;
  const collator = new Intl.Collator(locale);
  // Ties keep the catalogue's order (sort is stable), so a page never shuffles between requests.
  if (sort === 'name') return products.toSorted((a, b) => collator.compare(a.name, b.name));
  const direction = sort === 'price-asc' ? 1 : -1;
  return products.toSorted((a, b) => direction * (a.priceCents - b.priceCents));
}
