import type { ServerAppDefinition } from '#runtime/server';
import { readShopConfig, type ShopConfig } from './server/config.ts';
import { storefrontPrerender, storefrontWarmUp } from './server/page-lists.ts';
import { storefrontSegments } from './server/segments.ts';
import { type ShopServices, storefrontServices } from './server/services.ts';

/**
 * The storefront's server definition: its segments' server modules (who is asking; /account for signed-in
 * visitors only; data steps, cart, checkout and account actions, sitemap.xml and robots.txt, caching), its
 * database.
 */
// #region storefront-server
const storefrontServer = {
  readConfig: readShopConfig,
  segments: storefrontSegments,
  prerender: storefrontPrerender,
  warmUp: storefrontWarmUp,
  services: storefrontServices,
} satisfies ServerAppDefinition<ShopServices, ShopConfig>;
// #endregion storefront-server
export default storefrontServer;
