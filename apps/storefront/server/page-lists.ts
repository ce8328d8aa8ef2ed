import type { PrerenderedRoutes, WarmUpSamples } from '#runtime/server';
import { catalogueIndex } from './db/catalogue-queries.ts';
import { helpSections } from './help-articles.ts';
import type { ShopServices } from './services.ts';

/**
 * The pages the build writes as files: the help centre, which is in the code, so its files stay current for
 * the build's life; and the most visited catalogue pages, the home page and the shop's top-level
 * categories, which show prices: each instance regenerates their files when the catalogue's version moves
 * (docs/prerendering.md). Products and deeper categories stay with nginx's page cache (docs/caching.md).
 */
// #region storefront-prerender
export const storefrontPrerender = {
  home: () => [{}],
  shop: async ({ services }) =>
    (await catalogueIndex(services.db)).categoryPaths
      .filter((path) => !path.includes('/'))
      .map((path) => ({ category: [path] })),
  help: () => [{}],
  'help-article': ({ locale }) =>
    helpSections(locale).flatMap((section) =>
      section.articles.map((article) => ({ slug: article.slug.split('/') })),
    ),
} satisfies PrerenderedRoutes<ShopServices>;
// #endregion storefront-prerender

/** What a new instance renders before it is ready, besides the routes without params: a product, a category. */
export const storefrontWarmUp = {
  product: async ({ services }) =>
    (await catalogueIndex(services.db)).productIds.slice(0, 2).map((id) => ({ id })),
  shop: async ({ services }) => [
    {},
    ...(await catalogueIndex(services.db)).categoryPaths
      .slice(0, 1)
      .map((path) => ({ category: path.split('/') })),
  ],
} satisfies WarmUpSamples<ShopServices>;
