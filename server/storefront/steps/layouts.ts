import type { HelpData, ShopLayoutData } from '../../../shared/storefront/types.ts';
import { allProducts, categoryTreeLinks } from '../catalogue.ts';
import { helpSections } from '../help-articles.ts';
import type { Step } from '../step.ts';

/** The shop layout's sidebar: the category tree with product counts. */
export const shopLayoutStep: Step<'shop-layout', ShopLayoutData> = function shopLayoutStep({ locale }) {
  return { categories: categoryTreeLinks[locale], productCount: allProducts.length };
};

/** The help layout's article navigation: every section with its articles. */
export const helpLayoutStep: Step<'help-layout', HelpData> = function helpLayoutStep({ locale }) {
  return { sections: helpSections(locale) };
};
