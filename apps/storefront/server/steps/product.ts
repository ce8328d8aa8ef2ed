import { notFound } from '#runtime/shared';
import type { ProductData } from '../../types.ts';
import { categoryCrumbs, productDetail, relatedProducts } from '../db/catalogue-queries.ts';
import type { Step } from '../step.ts';
import { abortableDelay } from './abortable-delay.ts';

/**
 * How long the related products take. Deliberately slow: it stands in for a recommendation service, so
 * the page shows its shell first and the runtime streams this section later through Suspense.
 */
export const RELATED_PRODUCTS_DELAY_MS = 500;

// #region product-step
export const productStep: Step<'product', ProductData> = async function productStep({
  params,
  locale,
  signal,
  services: { db },
}) {
  const product = await productDetail(db, params.id, locale, { signal });
  if (!product) return notFound();
  const related = abortableDelay(RELATED_PRODUCTS_DELAY_MS, signal, () => undefined).then(() =>
    relatedProducts(db, product, locale, { signal }),
  );
  // Mark the rejection as handled here: if the request is aborted before the runtime subscribes, an
  // unhandled rejection would otherwise crash the process. The runtime still sees the rejection.
  related.catch(ignoreRejection);
  return {
    product,
    breadcrumbs: await categoryCrumbs(db, product.categoryPath, locale, { signal }),
    related,
  };
};
// #endregion product-step

function ignoreRejection(): void {}
