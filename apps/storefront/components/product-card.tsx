import type { SubmitEvent } from 'react';
import { Link, type Locale, useFetcher } from '#runtime/shared';
import { formFields } from '../form-fields.ts';
import { href } from '../href.ts';
import { messagesFor } from '../messages.ts';
import { PRODUCT_FIELD, QUANTITY_FIELD } from '../shop-rules.ts';
import type { ProductSummary } from '../types.ts';
import { useCartChange } from './optimistic-cart.tsx';
import { ProductImage } from './product-image.tsx';

export interface ProductCardProps {
  product: ProductSummary;
  locale: Locale;
  /** The card's heading level, one below the section it sits in. */
  headingLevel: 2 | 3;
}

/** A product in a grid. The name's link covers the whole card (see `.product-card__link::after`). */
export function ProductCard({ product, locale, headingLevel }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card">
      <ProductImage product={product} morph />
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to={href('product', { id: product.id })} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__price">{product.price}</p>
        <QuickAdd product={product} locale={locale} />
      </div>
    </article>
  );
}

/**
 * Adds one of the product with a fetcher: the page stays, the header's count goes up at once
 * (useCartChange) and settles to the server's once the root data is revalidated. Without JavaScript it is
 * the product page's `add-to-cart` post (303 to the product page). It sends no request key, since each
 * press is meant to add one more; the button is disabled while its post is pending, so a double click adds
 * once (and a second post never aborts the first, whose add may have landed).
 */
function QuickAdd({ product, locale }: { product: ProductSummary; locale: Locale }) {
  const fetcher = useFetcher();
  const changeCart = useCartChange();
  const messages = messagesFor(locale);
  const to = href('product', { id: product.id });
  const error =
    fetcher.result?.type === 'failed'
      ? messages.formFailure
      : (fetcher.errors?.[QUANTITY_FIELD] ?? fetcher.errors?.[PRODUCT_FIELD]);
  const done = fetcher.state === 'idle' && fetcher.result?.type === 'done';
  const errorId = `quick-add-error-${product.id}`;
  function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = formFields(event.currentTarget);
    changeCart({ delta: 1, post: () => fetcher.submit(fields, { action: 'add-to-cart', to }) });
  }
  return (
    <fetcher.Form action="add-to-cart" to={to} className="quick-add" onSubmit={add}>
      <input type="hidden" name={PRODUCT_FIELD} value={product.id} />
      <input type="hidden" name={QUANTITY_FIELD} value="1" />
      <button
        type="submit"
        className="button button--small quick-add__button"
        aria-label={messages.addProductToCart(product.name)}
        aria-describedby={error ? errorId : undefined}
        disabled={fetcher.state === 'submitting'}
      >
        {messages.addToCart}
      </button>
      {/* Always in the page, so screen readers announce what appears in it. */}
      <p
        id={errorId}
        className={error ? 'quick-add__status quick-add__status--error' : 'quick-add__status'}
        role="status"
      >
        {error ?? (done ? messages.addedOneToCart(product.name) : '')}
      </p>
    </fetcher.Form>
  );
}
