import type { HelpData, ShopLayoutData } from '../../../shared/storefront/types.ts';
import type { DataStep } from '../../data-step.ts';
import { allProducts, categoryTreeLinks } from '../catalogue.ts';
import { helpSections } from '../help-articles.ts';

/** The shop layout's sidebar: the category tree with product counts. */
export const shopLayoutStep: DataStep<ShopLayoutData> = function shopLayoutStep({ locale }) {
  return { categories: categoryTreeLinks[locale], productCount: allProducts.length };
};

/** The help layout's article navigation: every section with its articles. */
export const helpLayoutStep: DataStep<HelpData> = function helpLayoutStep({ locale }) {
  return { sections: helpSections(locale) };
};
