import type { StorefrontLayoutData } from '../../../shared/storefront/types.ts';
import { countItems, readCart } from '../cart-cookie.ts';
import type { Step } from '../step.ts';

/**
 * The root layout's data, on every page (error pages included): the cart count for the header. It only
 * reads: an untrusted cart counts as empty, and the cart page's data step or the next cart action replaces
 * the cookie.
 */
export const rootStep: Step<'root', StorefrontLayoutData> = function rootStep(context) {
  return { cartCount: countItems(readCart(context).lines) };
};
