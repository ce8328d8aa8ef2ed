import type { CartData, CartLine } from '../../../shared/storefront/types.ts';
import { clearCart, readCart } from '../cart-cookie.ts';
import { findProductDetail } from '../catalogue.ts';
import type { Step } from '../step.ts';

/**
 * The cart's lines from the cart cookie, named and priced from the catalogue (the cookie holds only ids
 * and quantities). An unusable cookie shows an empty cart and is replaced here.
 */
export const cartStep: Step<'cart', CartData> = function cartStep({
  locale,
  cookies,
  signedCookies,
  setCookie,
}) {
  const cart = readCart({ cookies, signedCookies });
  if (!cart.trusted) clearCart(setCookie);
  const lines: CartLine[] = [];
  let subtotalCents = 0;
  for (const { productId, quantity } of cart.lines) {
    // readCart only returns catalogue products; the guard keeps a removed product from breaking the page.
    const product = findProductDetail(productId, locale);
    if (!product) continue;
    const lineTotalCents = product.priceCents * quantity;
    subtotalCents += lineTotalCents;
    lines.push({
      productId,
      name: product.name,
      categoryPath: product.categoryPath,
      unitPriceCents: product.priceCents,
      quantity,
      lineTotalCents,
    });
  }
  return { lines, subtotalCents };
};
