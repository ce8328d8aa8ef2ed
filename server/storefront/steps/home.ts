import type { HomeData } from '../../../shared/storefront/types.ts';
import type { DataStep } from '../../data-step.ts';
import { featuredProducts, topLevelLinks } from '../catalogue.ts';

/** Featured products and the top-level categories as tiles. */
export const homeStep: DataStep<HomeData> = function homeStep({ locale }) {
  return { featured: featuredProducts, categories: topLevelLinks[locale] };
};
