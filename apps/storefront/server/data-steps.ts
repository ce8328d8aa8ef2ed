import type { DataOfSteps, DataStepsOf } from '#runtime/server';
import type { StorefrontRoutes } from '../href.ts';
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

/** The storefront's server data steps, keyed by segment id (see apps/storefront/routes.ts). */
// #region storefront-data-steps
export const storefrontDataSteps = {
  root: rootStep,
  'shop-layout': shopLayoutStep,
  'help-layout': helpLayoutStep,
  home: homeStep,
  shop: shopStep,
  product: productStep,
  help: helpStep,
  'help-article': helpArticleStep,
  cart: cartStep,
  checkout: checkoutStep,
  order: orderStep,
  'sign-in': signInStep,
  'sign-up': signUpStep,
  account: accountStep,
} satisfies DataStepsOf<StorefrontRoutes, ShopServices, ShopProvides>;

// Each component's data is what its step returns: apps/storefront/href.ts's `Props<'shop'>` reads it here.
declare module '../href.ts' {
  interface StorefrontData extends DataOfSteps<typeof storefrontDataSteps> {}
}
// #endregion storefront-data-steps
