import type { HelpData, ShopLayoutData } from '../../types.ts';
import { categoryTree } from '../db/catalogue-queries.ts';
import { helpSections } from '../help-articles.ts';
import type { Step } from '../step.ts';

/** The shop layout's sidebar: the category tree with product counts. */
export const shopLayoutStep: Step<'shop-layout', ShopLayoutData> = async function shopLayoutStep({
  locale,
  signal,
  services: { db },
}) {
  const categories = await categoryTree(db, locale, { signal });
  const productCount = categories.reduce((sum, category) => sum + category.productCount, 0);
  return { categories, productCount };
};

/** The help layout's article navigation: every section with its articles. */
export const helpLayoutStep: Step<'help-layout', HelpData> = function helpLayoutStep({ locale }) {
  return { sections: helpSections(locale) };
};
