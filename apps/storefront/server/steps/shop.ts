import { type Locale, notFound } from '#runtime/shared';
import { PRODUCTS_PER_PAGE, type ShopSearch } from '../../shop-search.ts';
import type {
  CategoryLink,
  CategoryTreeLink,
  ProductSummary,
  ShopData,
  ShopLayoutData,
} from '../../types.ts';
import { productsUnder } from '../db/catalogue-queries.ts';
import type { Step } from '../step.ts';
import { slugPath } from './slug-path.ts';

/**
 * `/shop`: everything; `/shop/kitchen(/knives)`: the category with all products at or below it. Either is
 * sorted and cut into pages as its search asks (`?sort=name&page=2`); a page past the last answers 404.
 * The category, its trail and its subcategories come from the layout's category tree (`parent()`), so the
 * page costs one query of its own: its products.
 */
export const shopStep: Step<'shop', ShopData> = async function shopStep(context) {
  const { params, locale, search, signal } = context;
  const path = slugPath(params.category);
  if (path === null) return notFound();
  const at = path === '' ? null : path;
  // #region shop-parent
  const [{ categories }, products] = await Promise.all([
    context.parent() as Promise<ShopLayoutData>,
    productsUnder(context.services.db, at, locale, { signal }),
  ]);
  // #endregion shop-parent
  const place = placeIn(categories, at);
  if (!place) return notFound();
  const pageCount = Math.max(1, Math.ceil(products.length / PRODUCTS_PER_PAGE));
  if (search.page > pageCount) return notFound();
  const start = (search.page - 1) * PRODUCTS_PER_PAGE;
  const current = place.breadcrumbs.at(-1);
  return {
    category: current ? { path: current.category, name: current.label } : null,
    breadcrumbs: place.breadcrumbs,
    subcategories: place.subcategories,
    products: sorted(products, search, locale).slice(start, start + PRODUCTS_PER_PAGE),
    productCount: products.length,
    pageCount,
  };
};

/** The category at `path` in the tree: its trail and the categories under it; undefined when it is not there. */
function placeIn(tree: readonly CategoryTreeLink[], path: string | null) {
  const link = ({ path, name, productCount }: CategoryLink) => ({ path, name, productCount });
  if (path === null) return { breadcrumbs: [], subcategories: tree.map(link) };
  for (const top of tree) {
    const trail = [{ label: top.name, category: top.path }];
    if (top.path === path) return { breadcrumbs: trail, subcategories: top.children };
    const child = top.children.find((candidate) => candidate.path === path);
    if (child)
      return { breadcrumbs: [...trail, { label: child.name, category: child.path }], subcategories: [] };
  }
  return undefined;
}

function sorted(products: readonly ProductSummary[], { sort }: ShopSearch, locale: Locale) {
  if (sort === null) return products;
  const collator = new Intl.Collator(locale);
  // Ties keep the catalogue's order (sort is stable), so a page never shuffles between requests.
  if (sort === 'name') return products.toSorted((a, b) => collator.compare(a.name, b.name));
  const direction = sort === 'price-asc' ? 1 : -1;
  return products.toSorted((a, b) => direction * (a.priceCents - b.priceCents));
}
