import type { HomeData } from '../../types.ts';
import { featuredProducts, subcategoryLinks } from '../db/catalogue-queries.ts';
import type { Step } from '../step.ts';

/** Featured products and the top-level categories as tiles. */
export const homeStep: Step<'home', HomeData> = async function homeStep(context) {
  const { locale, signal } = context;
  const db = context.services.db;
  const [featured, categories] = await Promise.all([
    featuredProducts(db, locale, { signal }),
    subcategoryLinks(db, null, locale, { signal }),
  ]);
  return { featured, categories };
};
