import type { ServerAppDefinition } from '../server-app-definition.ts';
import { storefrontActions } from './actions.ts';
import { storefrontDataSteps } from './data-steps.ts';
import { storefrontResources } from './resources.ts';

/** The storefront's server definition: data steps, cart actions, sitemap.xml and robots.txt. */
const storefrontServer: ServerAppDefinition = {
  dataSteps: storefrontDataSteps,
  actions: storefrontActions,
  resources: storefrontResources,
};
export default storefrontServer;
