import type { SearchReader } from '#runtime/shared';
import { MAX_CART_LINES } from './shop-rules.ts';

/** What the cart page says after a sign-in whose cart did not all fit in the account's: two counts. */
export interface CartMergeSearch {
  /** Products of the visitor's cart left out (the account's cart was full). */
  leftOut: number;
  /** Lines whose quantities were lowered to MAX_QUANTITY. */
  clamped: number;
}

const LEFT_OUT_KEY = 'left-out';
const CLAMPED_KEY = 'clamped';

/** A count from 0 to MAX_CART_LINES; anything else reads as 0 (the notice is a courtesy, never a 400). */
function count(value: string | null): number {
  if (value === null || !/^\d{1,2}$/.test(value)) return 0;
  return Math.min(Number(value), MAX_CART_LINES);
}

/** The cart page's search: `?left-out=N&clamped=M`, set by the sign-in that merged the carts. */
export const cartSearch: SearchReader<CartMergeSearch> = {
  keys: [LEFT_OUT_KEY, CLAMPED_KEY],
  parse: (params) => ({ leftOut: count(params.get(LEFT_OUT_KEY)), clamped: count(params.get(CLAMPED_KEY)) }),
};

/** The cart page's search after a merge, zero counts left out. */
export function cartMergeSearchParams({
  leftOut,
  clamped,
}: CartMergeSearch): Record<string, string | undefined> {
  return {
    [LEFT_OUT_KEY]: leftOut > 0 ? String(leftOut) : undefined,
    [CLAMPED_KEY]: clamped > 0 ? String(clamped) : undefined,
  };
}
