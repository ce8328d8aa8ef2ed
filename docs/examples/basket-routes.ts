import { type AppDefinition, typedHref } from '#runtime/shared';

/** A shop of two pages, for the docs' caching and reporting examples: the week's offers and a basket. */
export const basketRoutes = {
  id: 'root',
  module: () => import('./basket-layout.tsx'),
  children: [
    { id: 'offers', path: '/offers', module: () => import('./basket-page.tsx') },
    { id: 'basket', path: '/basket', module: () => import('./basket-page.tsx') },
  ],
} as const;

export const href = typedHref(basketRoutes);

export const basketApp: AppDefinition = { root: basketRoutes, locales: { list: ['en'], default: 'en' } };
