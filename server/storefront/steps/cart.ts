import type { CartData } from '../../../shared/storefront/types.ts';
import type { DataStep } from '../../data-step.ts';

/** Always empty for now: the cart feature will read the cart cookie here and fill in the lines. */
export const cartStep: DataStep<CartData> = function cartStep() {
  return { lines: [], subtotalCents: 0 };
};
