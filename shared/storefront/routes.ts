import type { RouteDefinition } from '../routing/route-table.ts';

/** The storefront's route table. Each page module is named after its route id (the build relies on it). */
export const storefrontRoutes: readonly RouteDefinition[] = [
  { id: 'home', path: '/', page: () => import('./pages/home.tsx') },
  { id: 'shop', path: '/shop{/*category}', page: () => import('./pages/shop.tsx') },
  { id: 'product', path: '/products/:id', page: () => import('./pages/product.tsx') },
  { id: 'help', path: '/help', page: () => import('./pages/help.tsx') },
  { id: 'help-article', path: '/help/*slug', page: () => import('./pages/help-article.tsx') },
  { id: 'cart', path: '/cart', page: () => import('./pages/cart.tsx') },
];
