import type { MiddlewareOf } from '#runtime/server';
import { redirect } from '#runtime/shared';
import { NEXT_KEY } from '../account-fields.ts';
import { href, type StorefrontRoutes } from '../href.ts';
import type { ShopServices } from './services.ts';
import { shopSessions } from './sessions.ts';
import type { ShopProvides } from './step.ts';
import { visitorLookup } from './visitor.ts';

/**
 * The storefront's middleware, by segment id. The root's gives every handler the request's `session()` (the
 * runtime's) and `visitor()`, which reads the session and the cart once per request, when first asked (a page
 * that never asks, like a help article, costs no query; a database outage fails only the handlers that ask),
 * and tells the browser the request's total time (`Server-Timing`). `/account`'s lets only a signed-in
 * visitor through, for its page, its data answer and its actions alike, and adds `account`.
 */
// #region storefront-middleware
export const storefrontMiddleware = {
  root: async function lookUpVisitorAndTime(context, next) {
    const started = performance.now();
    const session = shopSessions.of(context);
    const answer = await next({ session, visitor: visitorLookup(context, session) });
    // Browsers show it in their network panel: the server's time until the answer's head was decided.
    answer.headers.append('Server-Timing', `total;dur=${(performance.now() - started).toFixed(1)}`);
  },
  account: async function requireAccount({ visitor }) {
    const { account } = await visitor();
    if (!account) throw redirect(href('sign-in', {}, { search: { [NEXT_KEY]: href('account') } }), 303);
    return { account };
  },
} satisfies MiddlewareOf<StorefrontRoutes, ShopServices, ShopProvides>;
// #endregion storefront-middleware
