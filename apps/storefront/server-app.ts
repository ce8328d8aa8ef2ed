import type { ServerAppDefinition } from '#runtime/server';
import { storefrontActions } from './server/actions.ts';
import { storefrontCache } from './server/cache.ts';
import { readShopConfig, type ShopConfig } from './server/config.ts';
import { storefrontDataSteps } from './server/data-steps.ts';
import { storefrontMiddleware } from './server/middleware.ts';
import { storefrontPrerender, storefrontWarmUp } from './server/page-lists.ts';
import { storefrontResources } from './server/resources.ts';
import { type ShopServices, storefrontServices } from './server/services.ts';

/**
 * The storefront's server definition: its middleware (who is asking; /account for signed-in visitors only),
 * data steps, cart, checkout and account actions, sitemap.xml and robots.txt, its database.
 */
// #region storefront-server
const storefrontServer = {
  readConfig: readShopConfig,
  middleware: storefrontMiddleware,
  dataSteps: storefrontDataSteps,
  actions: storefrontActions,
  resources: storefrontResources,
  cache: storefrontCache,
  prerender: storefrontPrerender,
  warmUp: storefrontWarmUp,
  services: storefrontServices,
} satisfies ServerAppDefinition<ShopServices, ShopConfig>;
// #endregion storefront-server
export default storefrontServer;
