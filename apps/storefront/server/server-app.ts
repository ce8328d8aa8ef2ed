import type { ServerAppDefinition } from '#runtime/server';
import { storefrontActions } from './actions.ts';
import { storefrontCache } from './cache.ts';
import { readShopConfig, type ShopConfig } from './config.ts';
import { storefrontDataSteps } from './data-steps.ts';
import { storefrontMiddleware } from './middleware.ts';
import { storefrontResources } from './resources.ts';
import { type ShopServices, storefrontServices } from './services.ts';

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
  services: storefrontServices,
} satisfies ServerAppDefinition<ShopServices, ShopConfig>;
// #endregion storefront-server
export default storefrontServer;
