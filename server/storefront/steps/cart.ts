import { randomUUID } from 'node:crypto';
import type { CartData, CheckoutData } from '../../../shared/storefront/types.ts';
import { cartIdOf } from '../cart-session.ts';
import { countryNames } from '../country-names.ts';
import { readCart } from '../db/carts.ts';
import type { ShopContext, Step } from '../step.ts';

/** The visitor's cart, named in the page's language at today's prices; empty without a cart. */
async function cartOf(context: ShopContext) {
  const { locale, signal } = context;
  const cartId = cartIdOf(context);
  const lines = cartId ? await readCart(context.services.db, cartId, locale, { signal }) : [];
  return {
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  } satisfies CartData;
}

export const cartStep: Step<'cart', CartData> = cartOf;

/** The checkout: the cart's summary and a fresh idempotency key for its form (the page says when it is empty). */
export const checkoutStep: Step<'checkout', CheckoutData> = async function checkoutStep(context) {
  const cart = await cartOf(context);
  return { ...cart, idempotencyKey: randomUUID(), countries: countryNames(context.locale) };
};
