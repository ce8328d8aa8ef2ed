import type { ServerAppDefinition } from '../index.ts';
import { storefrontActions } from './actions.ts';
import { storefrontCache } from './cache.ts';
import { readShopConfig, type ShopConfig } from './config.ts';
import { storefrontDataSteps } from './data-steps.ts';
import { storefrontResources } from './resources.ts';
import { type ShopServices, storefrontServices } from './services.ts';

/** The storefront's server definition: data steps, cart and checkout actions, sitemap.xml and robots.txt, its database. */
const storefrontServer = {
  readConfig: readShopConfig,
  dataSteps: storefrontDataSteps,
  actions: storefrontActions,
  resources: storefrontResources,
  cache: storefrontCache,
  services: storefrontServices,
} satisfies ServerAppDefinition<ShopServices, ShopConfig>;
export default storefrontServer;
