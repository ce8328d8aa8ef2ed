import type { RouteNode } from '../routing/route-table.ts';

/**
 * The storefront's route tree: a root layout (header with the cart count, footer) around every page. Data
 * steps are keyed by these ids in server/storefront/.
 */
export const storefrontRoutes: RouteNode = {
  id: 'root',
  module: () => import('./layout.tsx'),
  children: [
    { id: 'home', path: '/', module: () => import('./pages/home.tsx') },
    { id: 'shop', path: '/shop{/*category}', module: () => import('./pages/shop.tsx') },
    { id: 'product', path: '/products/:id', module: () => import('./pages/product.tsx') },
    { id: 'help', path: '/help', module: () => import('./pages/help.tsx') },
    { id: 'help-article', path: '/help/*slug', module: () => import('./pages/help-article.tsx') },
    { id: 'cart', path: '/cart', module: () => import('./pages/cart.tsx') },
  ],
};
