import type { RouteActions } from './actions/action.ts';
import type { DataSteps } from './data/data-step.ts';
import type { ResourceHandlers } from './pipeline/resource-route.ts';

/**
 * An app's server-only part, keyed by the ids of its route tree: data steps (by segment), actions and
 * resource route handlers (by route). It never reaches the browser bundle.
 */
export interface ServerAppDefinition {
  dataSteps: DataSteps;
  actions?: RouteActions;
  resources?: ResourceHandlers;
}
