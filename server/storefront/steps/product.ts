import { notFound } from '../../../shared/routing/control-signals.ts';
import type { ProductData, ProductSummary } from '../../../shared/storefront/types.ts';
import { findCategory, findProductDetail, relatedProducts } from '../catalogue.ts';
import type { Step } from '../step.ts';
import { abortableDelay } from './abortable-delay.ts';

/**
 * How long the related products take. Deliberately slow: it stands in for a recommendation service, so
 * the page shows its shell first and the runtime streams this section later through Suspense.
 */
export const RELATED_PRODUCTS_DELAY_MS = 500;

export const productStep: Step<'product', ProductData> = function productStep({ params, locale, signal }) {
  const product = typeof params.id === 'string' ? findProductDetail(params.id, locale) : undefined;
  if (!product) return notFound();
  const related = abortableDelay<readonly ProductSummary[]>(RELATED_PRODUCTS_DELAY_MS, signal, () =>
    relatedProducts(product.id),
  );
  // Mark the rejection as handled here: if the request is aborted before the runtime subscribes, an
  // unhandled rejection would otherwise crash the process. The runtime still sees the rejection.
  related.catch(ignoreRejection);
  return {
    product,
    breadcrumbs: findCategory(product.categoryPath)?.crumbs[locale] ?? [],
    related,
  };
};

function ignoreRejection(): void {}
