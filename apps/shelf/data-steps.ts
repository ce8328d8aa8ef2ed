// #region data-steps
import type { DataOfSteps, DataStepsOf } from '#runtime/server';
import { notFound } from '#runtime/shared';
import type { shelfRoutes } from './routes.ts';
import type { ShelfServices } from './services.ts';

/** What each page needs from the server, keyed by its id in the route tree. */
export const shelfDataSteps = {
  books: ({ services }) => ({
    books: services.shelf.books().map(({ id, title, author, notes }) => ({
      id,
      title,
      author,
      noteCount: notes.length,
    })),
  }),
  book: ({ params, services }) => {
    // params.id is typed from the pattern '/books/:id'.
    const book = services.shelf.book(params.id);
    return book ? { book } : notFound();
  },
} satisfies DataStepsOf<typeof shelfRoutes, ShelfServices>;

// The pages' `data` prop is typed from what the steps return.
declare module './routes.ts' {
  interface ShelfData extends DataOfSteps<typeof shelfDataSteps> {}
}
// #endregion data-steps
