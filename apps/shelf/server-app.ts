// #region server-app
import type { ServerAppDefinition } from '#runtime/server';
import { shelfActions } from './actions.ts';
import { shelfDataSteps } from './data-steps.ts';
import { shelfMiddleware } from './middleware.ts';
import { type ShelfServices, shelfServices } from './services.ts';

/** The shelf's server side: it never reaches the browser bundle. */
const shelfServer = {
  dataSteps: shelfDataSteps,
  actions: shelfActions,
  middleware: shelfMiddleware,
  services: shelfServices,
} satisfies ServerAppDefinition<ShelfServices>;
export default shelfServer;
// #endregion server-app
