import { type DataOfSegments, segmentServersOf } from '#runtime/server';
import type { StorefrontRoutes } from '../href.ts';
import {
  signInAction,
  signOutAction,
  signOutEverywhereAction,
  signUpAction,
} from './accounts/account-actions.ts';
import { addToCartAction, changeLineAction } from './actions.ts';
import { CATALOGUE, HELP } from './cache.ts';
import { placeOrderAction } from './checkout-action.ts';
import { storefrontMiddleware } from './middleware.ts';
import { robots, sitemap } from './resources.ts';
import type { ShopServices } from './services.ts';
import type { ShopProvides } from './step.ts';
import { accountStep, signInStep, signUpStep } from './steps/account.ts';
import { cartStep, checkoutStep } from './steps/cart.ts';
import { helpArticleStep, helpStep } from './steps/help.ts';
import { homeStep } from './steps/home.ts';
import { helpLayoutStep, shopLayoutStep } from './steps/layouts.ts';
import { orderStep } from './steps/order.ts';
import { productStep } from './steps/product.ts';
import { rootStep } from './steps/root.ts';
import { shopStep } from './steps/shop.ts';

// #region storefront-segments
const segment = segmentServersOf<StorefrontRoutes, ShopServices, ShopProvides>();

/**
 * The storefront's segments, each with its server parts (see apps/storefront/routes.ts). The catalogue and
 * help pages are public; the root's data (the header's cart count and account) is per visitor, so a shared
 * page leaves it out and the browser asks for it once hydrated. Cart, checkout, orders, account and the
 * sign-in pages have no policy: they are private.
 */
export const storefrontSegments = [
  segment('root', { middleware: storefrontMiddleware.root, data: rootStep, cache: 'per-visitor' }),
  segment('home', { data: homeStep, cache: CATALOGUE }),
  segment('shop-layout', { data: shopLayoutStep, cache: CATALOGUE }),
  segment('shop', { data: shopStep, cache: CATALOGUE }),
  segment('product', { data: productStep, actions: { 'add-to-cart': addToCartAction }, cache: CATALOGUE }),
  segment('help-layout', { data: helpLayoutStep, cache: HELP }),
  segment('help', { data: helpStep, cache: HELP }),
  segment('help-article', { data: helpArticleStep, cache: HELP }),
  segment('cart', {
    data: cartStep,
    actions: { update: changeLineAction(false), remove: changeLineAction(true) },
  }),
  segment('checkout', { data: checkoutStep, actions: { 'place-order': placeOrderAction } }),
  segment('order', { data: orderStep }),
  segment('sign-up', { data: signUpStep, actions: { 'sign-up': signUpAction } }),
  segment('sign-in', { data: signInStep, actions: { 'sign-in': signInAction } }),
  segment('sign-out', { actions: { 'sign-out': signOutAction } }),
  segment('account', {
    middleware: storefrontMiddleware.account,
    data: accountStep,
    actions: { 'sign-out-everywhere': signOutEverywhereAction },
  }),
  segment('sitemap', { resource: sitemap }),
  segment('robots', { resource: robots }),
];

// Each component's data is what its step returns: apps/storefront/href.ts's `Props<'shop'>` reads it here.
declare module '../href.ts' {
  interface StorefrontData extends DataOfSegments<typeof storefrontSegments> {}
}
// #endregion storefront-segments
