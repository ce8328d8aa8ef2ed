// #region segment
import { segmentServersOf } from '#runtime/server';
import type { shelfRoutes } from './routes.ts';
import type { ShelfServices } from './services.ts';

/**
 * Declares one segment's server side (its data step, actions, middleware, cache policy), typed from the
 * route tree: `params` from the segment's pattern, `services` as the shelf's.
 */
export const segment = segmentServersOf<typeof shelfRoutes, ShelfServices>();
// #endregion segment
