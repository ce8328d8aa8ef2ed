import { type Href, redirect } from '#runtime/shared';
import { NEXT_KEY } from '../../account-fields.ts';
import { cartMergeSearchParams } from '../../cart-search.ts';
import { href } from '../../href.ts';
import { safeNextPath } from '../../next-path.ts';
import { forgetCartCookie, setCartCookie } from '../cart-cookie.ts';
import { adoptVisitorOrders } from '../db/account-orders.ts';
import { mergeCartIntoAccount } from '../db/cart-merge.ts';
import type { CanonicalEmail } from '../email-address.ts';
import type { VisitorContext } from '../step.ts';

/**
 * Where a sign-in goes: the `next` of the page's URL when it is a path of this site, else the account page.
 * When the visitor's cart did not all fit in the account's, the cart page first, which says what happened.
 */
function destination(context: VisitorContext, merge: { leftOut: number; clamped: number }): Href {
  if (merge.leftOut > 0 || merge.clamped > 0)
    return href('cart', {}, { search: cartMergeSearchParams(merge) });
  return safeNextPath(context.url.searchParams.get(NEXT_KEY)) ?? href('account');
}

/**
 * Signs the account in (sign-in and sign-up): the session under a new id (rotation), the orders the visitor placed
 * without an account adopted when they have its email, the visitor's cart merged into the account's and the
 * cart cookie pointed at it, then a 303 to where the visitor was going.
 */
export async function completeSignIn(
  context: VisitorContext,
  { accountId, email }: { accountId: string; email: CanonicalEmail },
): Promise<ReturnType<typeof redirect>> {
  const { signal } = context;
  const visitor = await context.visitor();
  await (await context.session()).signIn(accountId);
  // A signed-in visitor's cart is an account's: only a visitor's own cart has orders to adopt.
  if (!visitor.account && visitor.cartId)
    await adoptVisitorOrders(
      context.services.db,
      { accountId, email, visitorCartId: visitor.cartId },
      { signal },
    );
  const merge = await mergeCartIntoAccount(
    context.services.db,
    { accountId, visitorCartId: visitor.cartId },
    { signal },
  );
  if (merge.cartId) setCartCookie(context, merge.cartId);
  else forgetCartCookie(context);
  return redirect(destination(context, merge), 303);
}
