import { notFound } from '#runtime/shared';
import type { OrderData } from '../../types.ts';
import { countryNames } from '../country-names.ts';
import { findOrder } from '../db/orders.ts';
import type { Step } from '../step.ts';

/**
 * `/orders/:id`: the confirmation, for the account that placed the order (from any device) or, placed without
 * signing in, the cart that placed it; 404 for anyone else.
 */
export const orderStep: Step<'order', OrderData> = async function orderStep(context) {
  const { params, locale, signal } = context;
  const { cartId, account } = await context.visitor();
  const viewer = { cartId, accountId: account?.accountId };
  const order = await findOrder(context.services.db, params.id, viewer, { signal });
  if (!order) return notFound();
  const { id, name, email, street, postcode, city, country, lines, totalCents } = order;
  const countryName = countryNames(locale).find((entry) => entry.code === country)?.name ?? country;
  return { id, name, email, street, postcode, city, countryName, lines, totalCents };
};
