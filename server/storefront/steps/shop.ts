import { notFound } from '../../../shared/routing/control-signals.ts';
import type { Locale } from '../../../shared/routing/locale.ts';
import { PRODUCTS_PER_PAGE, type ShopSearch } from '../../../shared/storefront/shop-search.ts';
import type { ProductSummary, ShopData } from '../../../shared/storefront/types.ts';
import { allProducts, findCategory, subcategoryLinks, topLevelLinks } from '../catalogue.ts';
import type { Step } from '../step.ts';
import { slugPath } from './slug-path.ts';

/**
 * `/shop`: everything; `/shop/kitchen(/knives)`: the category with all products at or below it. Either is
 * sorted and cut into pages as its search asks (`?sort=name&page=2`); a page past the last answers 404.
 */
export const shopStep: Step<'shop', ShopData> = function shopStep({ params, locale, search }) {
  const path = slugPath(params.category);
  if (path === null) return notFound();
  const category = path === '' ? null : findCategory(path);
  if (category === undefined) return notFound();
  const products = category?.products ?? allProducts;
  const pageCount = Math.max(1, Math.ceil(products.length / PRODUCTS_PER_PAGE));
  if (search.page > pageCount) return notFound();
  const start = (search.page - 1) * PRODUCTS_PER_PAGE;
  const shown = sorted(products, search, locale).slice(start, start + PRODUCTS_PER_PAGE);
  const list = { products: shown, productCount: products.length, pageCount };
  if (!category) return { category: null, breadcrumbs: [], subcategories: topLevelLinks[locale], ...list };
  return {
    category: { path: category.path, name: category.names[locale] },
    breadcrumbs: category.crumbs[locale],
    subcategories: subcategoryLinks(category.path, locale),
    ...list,
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
