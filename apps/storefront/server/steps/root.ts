import { DatabaseUnavailableError } from '#runtime/database';
import type { StorefrontLayoutData } from '../../types.ts';
import { countItems } from '../db/carts.ts';
import type { Step } from '../step.ts';

const NOBODY: StorefrontLayoutData = { cartCount: 0, account: null };

/**
 * The root layout's data, on every page (error pages included): the cart count and who is signed in, for the
 * header. A database that cannot be reached shows no count and nobody rather than failing the layout: the
 * page's own step answers 503, once, inside the layout.
 */
export const rootStep: Step<'root', StorefrontLayoutData> = async function rootStep(context) {
  try {
    const { cartId, account } = await context.visitor();
    const cartCount = cartId ? await countItems(context.services.db, cartId, { signal: context.signal }) : 0;
    return { cartCount, account: account ? { email: account.email } : null };
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return NOBODY;
    throw error;
  }
};
