import { notFound } from '../../../shared/index.ts';
import type { OrderData } from '../../../shared/storefront/types.ts';
import { cartIdOf } from '../cart-session.ts';
import { countryNames } from '../country-names.ts';
import { findOrder } from '../db/orders.ts';
import type { Step } from '../step.ts';

/** `/orders/:id`: the confirmation, for the cart session that placed the order only (404 for anyone else). */
export const orderStep: Step<'order', OrderData> = async function orderStep(context) {
  const { params, locale, signal } = context;
  const cartId = cartIdOf(context);
  const order = cartId ? await findOrder(context.services.db, params.id, cartId, { signal }) : undefined;
  if (!order) return notFound();
  const { id, name, email, street, postcode, city, country, lines, totalCents } = order;
  const countryName = countryNames(locale).find((entry) => entry.code === country)?.name ?? country;
  return { id, name, email, street, postcode, city, countryName, lines, totalCents };
};
