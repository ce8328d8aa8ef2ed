import { invalid } from '#runtime/server';
import { HttpError, redirect } from '#runtime/shared';
import { href } from '../href.ts';
import { type Messages, messagesFor } from '../messages.ts';
import {
  IDEMPOTENCY_FIELD,
  MAX_CART_LINES,
  MAX_QUANTITY,
  PRODUCT_FIELD,
  QUANTITY_FIELD,
  SLUG_PATTERN,
} from '../shop-rules.ts';
import { addToCart, type CartRefusal, quantityInCart, setQuantity } from './db/carts.ts';
import type { ShopAction, ShopActionContext } from './step.ts';
import { isUuid } from './uuid.ts';
import { ensureCart } from './visitor.ts';

/** Digits only (surrounding spaces allowed); the range is checked after. Rejects '', '1.5', '-1', '1e2'. */
const WHOLE_NUMBER = /^\s*\d{1,6}\s*$/;
/** The longest product id read: a longer one, like any text that is no slug, is refused before any query. */
const MAX_PRODUCT_ID_LENGTH = 100;

/** The field's quantity when it is a whole number from 1 to MAX_QUANTITY, else `null`. */
function parseQuantity(field: string | undefined): number | null {
  if (field === undefined || !WHOLE_NUMBER.test(field)) return null;
  const quantity = Number(field);
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : null;
}

/** The named product and (unless removing) the quantity, or the field errors to answer with. */
function readLine({ fields, locale }: ShopActionContext, { withQuantity }: { withQuantity: boolean }) {
  const messages = messagesFor(locale);
  const productId = fields[PRODUCT_FIELD] ?? '';
  const quantity = withQuantity ? parseQuantity(fields[QUANTITY_FIELD]) : 0;
  const errors: Record<string, string> = {};
  if (productId.length > MAX_PRODUCT_ID_LENGTH || !SLUG_PATTERN.test(productId))
    errors[PRODUCT_FIELD] = messages.errorUnknownProduct;
  if (quantity === null) errors[QUANTITY_FIELD] = messages.errorQuantity(MAX_QUANTITY);
  return quantity === null || errors[PRODUCT_FIELD] ? { errors } : { productId, quantity };
}

/** The field error for a change the database refused. */
async function refusalErrors(
  context: ShopActionContext,
  refusal: CartRefusal,
  line: { cartId: string; productId: string },
): Promise<Record<string, string>> {
  const messages: Messages = messagesFor(context.locale);
  switch (refusal) {
    case 'cart-full':
      return { [PRODUCT_FIELD]: messages.errorCartFull(MAX_CART_LINES) };
    case 'quantity-out-of-range': {
      const inCart = await quantityInCart(context.services.db, line, { signal: context.signal });
      return { [QUANTITY_FIELD]: messages.errorQuantityOverLimit(inCart, MAX_QUANTITY) };
    }
    case 'not-in-cart':
    case 'unknown-cart':
      return { [PRODUCT_FIELD]: messages.errorNotInCart };
    case 'unknown-product':
      return { [PRODUCT_FIELD]: messages.errorUnknownProduct };
  }
}

/** Adds to the visitor's cart in one statement (a cart is made for a visitor without one). */
// #region add-to-cart-action
export const addToCartAction: ShopAction = async function addToCartAction(context) {
  const read = readLine(context, { withQuantity: true });
  if (read.errors) return invalid(read.errors, context.fields);
  const { productId, quantity } = read;
  const idempotencyKey = context.fields[IDEMPOTENCY_FIELD];
  // Pages older than the key post none; a malformed one was tampered with.
  if (idempotencyKey !== undefined && !isUuid(idempotencyKey))
    throw new HttpError(400, 'The form has no valid key: load the page again');
  const cartId = await ensureCart(context);
  const change = await addToCart(
    context.services.db,
    { cartId, productId, quantity, idempotencyKey },
    { signal: context.signal },
  );
  if (!change.ok)
    return invalid(await refusalErrors(context, change.refusal, { cartId, productId }), context.fields);
  // Of the page on screen, only the header's count (the root segment's data) changed.
  context.revalidate('root');
  return redirect(href('product', { id: productId }, { search: { added: quantity } }), 303);
};
// #endregion add-to-cart-action

/** Sets (`update`) or removes (`remove`) a line the visitor's cart has. */
export function changeLineAction(remove: boolean): ShopAction {
  return async function changeLine(context) {
    const read = readLine(context, { withQuantity: !remove });
    if (read.errors) return invalid(read.errors, context.fields);
    const { cartId } = await context.visitor();
    if (!cartId)
      return invalid({ [PRODUCT_FIELD]: messagesFor(context.locale).errorNotInCart }, context.fields);
    const line = { cartId, productId: read.productId, quantity: read.quantity };
    const change = await setQuantity(context.services.db, line, { signal: context.signal });
    if (!change.ok) return invalid(await refusalErrors(context, change.refusal, line), context.fields);
    return redirect(href('cart'), 303);
  };
}
