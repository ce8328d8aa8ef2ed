import type { ServerAppDefinition } from '../server-app-definition.ts';
import { storefrontActions } from './actions.ts';
import { storefrontDataSteps } from './data-steps.ts';
import { storefrontResources } from './resources.ts';
import { storefrontServices } from './services.ts';

/** The storefront's server definition: data steps, cart and checkout actions, sitemap.xml and robots.txt, its database. */
const storefrontServer: ServerAppDefinition = {
  dataSteps: storefrontDataSteps,
  actions: storefrontActions,
  resources: storefrontResources,
  services: storefrontServices,
};
export default storefrontServer;
