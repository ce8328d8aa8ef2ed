import { Form, Link, SubmitButton, useActionResult, useRouter } from '#runtime/shared';
import { href } from '../href.ts';
import type { Messages } from '../messages.ts';
import { IDEMPOTENCY_FIELD, MAX_QUANTITY, PRODUCT_FIELD, QUANTITY_FIELD } from '../shop-rules.ts';
import type { ProductDetail } from '../types.ts';
import { FieldError } from './field-error.tsx';
import { CheckIcon } from './icons.tsx';
import { IdempotencyKeyInput } from './idempotency-key-input.tsx';

/** The quantity a successful add redirects with (`?added=2`), when it is one an add could be. */
function addedQuantity(search: string): number | null {
  const added = new URLSearchParams(search).get('added');
  if (added === null || !/^[1-9][0-9]{0,5}$/.test(added)) return null;
  return Number(added) <= MAX_QUANTITY ? Number(added) : null;
}

/**
 * The quantity the page shows as just added: a successful add redirects to `?added=N`. Read from the URL
 * on the server and in the browser alike, so hydration sees the same. `null` while an invalid answer is
 * shown: the form posts to the current URL, which may still carry `added`.
 */
function useAddedQuantity(): number | null {
  const { search } = useRouter();
  const result = useActionResult('add-to-cart');
  return result ? null : addedQuantity(search);
}

/** "Added to your cart" with a link to the cart, after a successful add. */
export function AddedToCartNotice({ product, messages }: { product: ProductDetail; messages: Messages }) {
  const added = useAddedQuantity();
  if (added === null) return null;
  return (
    <div className="cart-notice" role="status">
      <CheckIcon className="cart-notice__icon" />
      <p className="cart-notice__text">
        <strong>{messages.addedToCart}</strong>
        <span>{messages.addedDetail(added, product.name)}</span>
      </p>
      <Link to={href('cart')} className="button button--small cart-notice__link">
        {messages.viewCart}
      </Link>
    </div>
  );
}

/**
 * The product page's add-to-cart form: a real form post (the `add-to-cart` action), so it works without
 * JavaScript too. Validation is the server's (localized, the same with and without JavaScript): an invalid
 * answer shows its errors next to their fields and keeps the typed quantity.
 */
// #region add-to-cart-form
export function AddToCartForm({ product, messages }: { product: ProductDetail; messages: Messages }) {
  const result = useActionResult('add-to-cart');
  const added = useAddedQuantity();
  const productError = result?.errors[PRODUCT_FIELD];
  const quantityError = result?.errors[QUANTITY_FIELD];
  return (
    // Keyed by product and by the last add, so another product (or a successful add) starts again from 1.
    <Form
      action="add-to-cart"
      failureMessage={messages.formFailure}
      className="add-to-cart"
      key={`${product.id}:${added ?? ''}`}
      noValidate
    >
      <input type="hidden" name={PRODUCT_FIELD} value={product.id} />
      <IdempotencyKeyInput kept={result?.values[IDEMPOTENCY_FIELD]} />
      <FieldError id="add-to-cart-error" message={productError} className="add-to-cart__error" />
      <div className="field">
        <label htmlFor="quantity" className="field__label">
          {messages.quantity}
        </label>
        <input
          id="quantity"
          name={QUANTITY_FIELD}
          type="number"
          min={1}
          max={MAX_QUANTITY}
          inputMode="numeric"
          defaultValue={result?.values[QUANTITY_FIELD] ?? '1'}
          aria-invalid={quantityError ? true : undefined}
          aria-describedby={quantityError ? 'quantity-error' : undefined}
          className="field__input field__input--quantity"
        />
      </div>
      <SubmitButton
        className="button button--large add-to-cart__button"
        aria-describedby={productError ? 'add-to-cart-error' : undefined}
      >
        {messages.addToCart}
      </SubmitButton>
      <FieldError id="quantity-error" message={quantityError} className="add-to-cart__error" />
    </Form>
  );
}
// #endregion add-to-cart-form
