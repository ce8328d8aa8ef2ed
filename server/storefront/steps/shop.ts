import { notFound } from '../../../shared/routing/control-signals.ts';
import type { ShopData } from '../../../shared/storefront/types.ts';
import { allProducts, findCategory, subcategoryLinks, topLevelLinks } from '../catalogue.ts';
import type { Step } from '../step.ts';
import { slugPath } from './slug-path.ts';

/** `/shop`: everything; `/shop/kitchen(/knives)`: the category with all products at or below it. */
export const shopStep: Step<'shop', ShopData> = function shopStep({ params, locale }) {
  const path = slugPath(params.category);
  if (path === null) return notFound();
  if (path === '') {
    return { category: null, breadcrumbs: [], subcategories: topLevelLinks[locale], products: allProducts };
  }
  const category = findCategory(path);
  if (!category) return notFound();
  return {
    category: { path: category.path, name: category.names[locale] },
    breadcrumbs: category.crumbs[locale],
    subcategories: subcategoryLinks(category.path, locale),
    products: category.products,
  };
};
