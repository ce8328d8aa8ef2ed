import { typedHref } from '#runtime/shared';
import { cartSearch } from './cart-search.ts';
// Every page shows the root layout: it rides in the entry chunk rather than costing a chunk of its own.
import * as rootLayout from './layout.tsx';
import { nextSearch } from './next-path.ts';
import { shopSearch } from './shop-search.ts';

/**
 * The storefront's route tree: a root layout (header with the cart count and the account, footer) around
 * every page; the shop's category tree around its product lists; the help centre's article navigation around
 * its index and articles; the account pages (`/account` only for a signed-in visitor). Data steps are keyed by these ids in apps/storefront/server/.
 */
// #region storefront-routes
export const storefrontRoutes = {
  id: 'root',
  module: async () => rootLayout,
  children: [
    { id: 'home', path: '/', module: () => import('./pages/home.tsx') },
    {
      id: 'shop-layout',
      path: '/shop',
      // Its categories (articles) do not change when a cart or an order does.
      keepAfterActions: true,
      module: () => import('./layouts/shop-layout.tsx'),
      children: [
        { id: 'shop', path: '{/*category}', search: shopSearch, module: () => import('./pages/shop.tsx') },
      ],
    },
    { id: 'product', path: '/products/:id', module: () => import('./pages/product.tsx') },
    {
      id: 'help-layout',
      path: '/help',
      // Its categories (articles) do not change when a cart or an order does.
      keepAfterActions: true,
      module: () => import('./layouts/help-layout.tsx'),
      children: [
        { id: 'help', module: () => import('./pages/help.tsx') },
        { id: 'help-article', path: '/*slug', module: () => import('./pages/help-article.tsx') },
      ],
    },
    { id: 'cart', path: '/cart', search: cartSearch, module: () => import('./pages/cart.tsx') },
    { id: 'checkout', path: '/checkout', module: () => import('./pages/checkout.tsx') },
    { id: 'order', path: '/orders/:id', module: () => import('./pages/order.tsx') },
    { id: 'sign-up', path: '/sign-up', search: nextSearch, module: () => import('./pages/sign-up.tsx') },
    { id: 'sign-in', path: '/sign-in', search: nextSearch, module: () => import('./pages/sign-in.tsx') },
    { id: 'sign-out', path: '/sign-out', module: () => import('./pages/sign-out.tsx') },
    { id: 'account', path: '/account', module: () => import('./pages/account.tsx') },
    { id: 'sitemap', path: '/sitemap.xml', resource: true },
    { id: 'robots', path: '/robots.txt', resource: true },
  ],
} as const;
// #endregion storefront-routes

/**
 * Every internal URL of the storefront as an app path: `href('product', { id })` is `/products/chef-knife`,
 * typed by the tree. Made here, after the tree, and re-exported by href.ts: the root layout imported above
 * imports href.ts, which may therefore run before the tree exists.
 */
export const href = typedHref(storefrontRoutes);
