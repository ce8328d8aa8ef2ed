// #region services
import type { ServicesDefinition } from '#runtime/server';
import { createShelf, type Shelf } from './shelf.ts';

/** What every data step and action gets as `context.services`. */
export interface ShelfServices {
  shelf: Shelf;
}

/** Started once per server process, before the first page: one shelf shared by every request. */
export const shelfServices: ServicesDefinition<ShelfServices> = {
  start: async () => ({ shelf: createShelf() }),
};
// #endregion services
