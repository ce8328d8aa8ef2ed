// #region segment
import { segmentServersOf } from '#runtime/server';
import type { ShelfProvides } from './readers.ts';
import type { shelfRoutes } from './routes.ts';
import type { ShelfServices } from './services.ts';

/**
 * Declares one segment's server side (its data step, actions, middleware, cache policy), typed from the
 * route tree: `params` from the segment's pattern, `services` as the shelf's, and what the middleware above
 * it provide (`session`, readers.ts).
 */
export const segment = segmentServersOf<typeof shelfRoutes, ShelfServices, ShelfProvides>();
// #endregion segment
