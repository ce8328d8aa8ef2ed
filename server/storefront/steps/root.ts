import type { StorefrontLayoutData } from '../../../shared/storefront/types.ts';
import { DatabaseUnavailableError } from '../../index.ts';
import { cartIdOf } from '../cart-session.ts';
import { countItems } from '../db/carts.ts';
import type { Step } from '../step.ts';

/**
 * The root layout's data, on every page (error pages included): the cart count for the header. A database
 * that cannot be reached shows no count rather than failing the layout: the page's own step answers 503,
 * once, inside the layout.
 */
export const rootStep: Step<'root', StorefrontLayoutData> = async function rootStep(context) {
  const cartId = cartIdOf(context);
  if (!cartId) return { cartCount: 0 };
  try {
    return { cartCount: await countItems(context.services.db, cartId, { signal: context.signal }) };
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return { cartCount: 0 };
    throw error;
  }
};
