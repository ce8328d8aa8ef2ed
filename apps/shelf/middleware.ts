// #region middleware
import type { MiddlewareOf } from '#runtime/server';
import { readerSessions, type ShelfProvides } from './readers.ts';
import type { shelfRoutes } from './routes.ts';
import type { ShelfServices } from './services.ts';

/** The root's middleware runs for every page, data answer and action: it hands out the reader's session. */
export const shelfMiddleware = {
  root: (context) => ({ session: readerSessions.of(context) }),
} satisfies MiddlewareOf<typeof shelfRoutes, ShelfServices, ShelfProvides>;
// #endregion middleware
