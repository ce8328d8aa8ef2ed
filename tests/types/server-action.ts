/**
 * A server action as an app writes it, checked by `npm run typecheck` against the actions API: what it may
 * return (a redirect, `invalid()`) and throw (`HttpError`).
 */

import { href } from '../../apps/storefront/href.ts';
import { messagesFor } from '../../apps/storefront/messages.ts';
import { MAX_QUANTITY } from '../../apps/storefront/shop-rules.ts';
import { invalid, type RouteActions } from '../../server/definition/action.ts';
import { HttpError, redirect } from '../../shared/routing/control-signals.ts';

export const storefrontActions: RouteActions = {
  product: {
    'add-to-cart': ({ fields, locale }) => {
      const quantity = /^\d{1,6}$/.test(fields.quantity ?? '') ? Number(fields.quantity) : 0;
      if (quantity < 1 || quantity > MAX_QUANTITY)
        return invalid({ quantity: messagesFor(locale).errorQuantity(MAX_QUANTITY) }, fields);
      const id = fields.productId;
      if (!id) throw new HttpError(400, 'The form names no product: load the page again');
      // ...write the cart through `services` (the app's database), passing the request's `signal` along...
      return redirect(href('product', { id }, { search: { added: quantity } }), 303);
    },
  },
};
