import { randomUUID } from 'node:crypto';
import type { CartData, CheckoutData } from '../../types.ts';
import { countryNames } from '../country-names.ts';
import { lastOrderAddress } from '../db/account-orders.ts';
import type { SessionAccount } from '../db/accounts.ts';
import { readCart } from '../db/carts.ts';
import type { Step, VisitorContext } from '../step.ts';

/** The visitor's cart, named in the page's language at today's prices; empty without a cart. */
async function cartOf(context: VisitorContext) {
  const { locale, signal } = context;
  const { cartId } = await context.visitor();
  const lines = cartId ? await readCart(context.services.db, cartId, locale, { signal }) : [];
  return {
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  } satisfies CartData;
}

export const cartStep: Step<'cart', CartData> = cartOf;

/** A signed-in account's last delivery address, or at least its email; nothing for a visitor. */
async function prefillFor(context: VisitorContext, account: SessionAccount | undefined) {
  if (!account) return {};
  const last = await lastOrderAddress(context.services.db, account.accountId, { signal: context.signal });
  return last ?? { email: account.email };
}

/** The checkout: the cart's summary, the form's prefill and a fresh idempotency key (the page says when it is empty). */
export const checkoutStep: Step<'checkout', CheckoutData> = async function checkoutStep(context) {
  const { account } = await context.visitor();
  const [cart, prefill] = await Promise.all([cartOf(context), prefillFor(context, account)]);
  return { ...cart, prefill, idempotencyKey: randomUUID(), countries: countryNames(context.locale) };
};
