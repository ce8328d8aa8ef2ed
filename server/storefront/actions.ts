import { redirect } from '../../shared/routing/control-signals.ts';
import { href } from '../../shared/storefront/href.ts';
import { messagesFor } from '../../shared/storefront/messages.ts';
import {
  type ActionContext,
  type ActionHandler,
  type Invalid,
  invalid,
  type RouteActions,
} from '../actions/action.ts';
import {
  type CartCookieLine,
  type CartRead,
  cartFits,
  clearCart,
  MAX_CART_LINES,
  MAX_QUANTITY,
  readCart,
  writeCart,
} from './cart-cookie.ts';
import { findProduct } from './catalogue.ts';

/** Digits only (surrounding spaces allowed); the range is checked after. Rejects '', '1.5', '-1', '1e2'. */
const WHOLE_NUMBER = /^\s*\d{1,6}\s*$/;

/** The field's quantity when it is a whole number from 1 to MAX_QUANTITY, else `null`. */
function parseQuantity(field: string | undefined): number | null {
  if (field === undefined || !WHOLE_NUMBER.test(field)) return null;
  const quantity = Number(field);
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : null;
}

/**
 * The invalid-input answer. An unusable cart cookie (read as empty) is replaced here; a successful action
 * replaces it by writing the new cart, so a response never carries two `cart` cookies.
 */
function refuse(context: ActionContext, cart: CartRead, errors: Record<string, string>): Invalid {
  if (!cart.trusted) clearCart(context.setCookie);
  return invalid(errors, context.fields);
}

const addToCart: ActionHandler = function addToCart(context) {
  const { fields, locale } = context;
  const messages = messagesFor(locale);
  const cart = readCart(context);
  const productId = fields.productId ?? '';
  const product = findProduct(productId);
  const quantity = parseQuantity(fields.quantity);

  const errors: Record<string, string> = {};
  if (!product) errors.productId = messages.errorUnknownProduct;
  if (quantity === null) errors.quantity = messages.errorQuantity(MAX_QUANTITY);
  if (!product || quantity === null) return refuse(context, cart, errors);

  const existing = cart.lines.find((line) => line.productId === product.id);
  let lines: CartCookieLine[];
  if (existing) {
    if (existing.quantity + quantity > MAX_QUANTITY) {
      return refuse(context, cart, {
        quantity: messages.errorQuantityOverLimit(existing.quantity, MAX_QUANTITY),
      });
    }
    lines = cart.lines.map((line) =>
      line === existing ? { productId: line.productId, quantity: line.quantity + quantity } : line,
    );
  } else {
    lines = [...cart.lines, { productId: product.id, quantity }];
  }
  if (!cartFits(lines)) return refuse(context, cart, { productId: messages.errorCartFull(MAX_CART_LINES) });

  writeCart(context.setCookie, lines);
  return redirect(href('product', { id: product.id }, { search: { added: quantity } }), 303);
};

/** The cart line an update or remove names, or the field error to answer with. */
function lineOf(context: ActionContext, cart: CartRead): CartCookieLine | string {
  const messages = messagesFor(context.locale);
  const productId = context.fields.productId ?? '';
  if (!findProduct(productId)) return messages.errorUnknownProduct;
  return cart.lines.find((line) => line.productId === productId) ?? messages.errorNotInCart;
}

const updateLine: ActionHandler = function updateLine(context) {
  const { fields } = context;
  const cart = readCart(context);
  const target = lineOf(context, cart);
  const quantity = parseQuantity(fields.quantity);
  const errors: Record<string, string> = {};
  if (typeof target === 'string') errors.productId = target;
  if (quantity === null) errors.quantity = messagesFor(context.locale).errorQuantity(MAX_QUANTITY);
  if (typeof target === 'string' || quantity === null) return refuse(context, cart, errors);

  if (quantity !== target.quantity) {
    writeCart(
      context.setCookie,
      cart.lines.map((line) => (line === target ? { productId: line.productId, quantity } : line)),
    );
  }
  return redirect(href('cart'), 303);
};

const removeLine: ActionHandler = function removeLine(context) {
  const cart = readCart(context);
  const target = lineOf(context, cart);
  if (typeof target === 'string') return refuse(context, cart, { productId: target });
  writeCart(
    context.setCookie,
    cart.lines.filter((line) => line !== target),
  );
  return redirect(href('cart'), 303);
};

/** The storefront's server actions, by route id then action name (the forms' hidden `_action`). */
export const storefrontActions: RouteActions = {
  product: { 'add-to-cart': addToCart },
  cart: { update: updateLine, remove: removeLine },
};
