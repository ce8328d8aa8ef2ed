import type { StorefrontLayoutData } from '../../shared/storefront/types.ts';
import type { LayoutDataStep } from '../data-step.ts';
import { countItems, readCart } from './cart-cookie.ts';

/**
 * What the storefront's layout needs on every page, error pages included: the cart count for the header.
 * It only reads (it has no setCookie): an untrusted cart counts as empty, and the cart page's data step or
 * the next cart action replaces the cookie.
 */
export const storefrontLayoutData: LayoutDataStep = function storefrontLayoutData(
  context,
): StorefrontLayoutData {
  return { cartCount: countItems(readCart(context).lines) };
};
