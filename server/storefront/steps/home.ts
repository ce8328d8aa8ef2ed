import type { HomeData } from '../../../shared/storefront/types.ts';
import { featuredProducts, topLevelLinks } from '../catalogue.ts';
import type { Step } from '../step.ts';

/** Featured products and the top-level categories as tiles. */
export const homeStep: Step<'home', HomeData> = function homeStep({ locale }) {
  return { featured: featuredProducts, categories: topLevelLinks[locale] };
};
