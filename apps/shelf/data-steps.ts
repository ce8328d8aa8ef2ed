// #region data-steps
import type { DataOfSteps, DataStepsOf } from '#runtime/server';
import { notFound, redirect } from '#runtime/shared';
import type { ShelfProvides } from './readers.ts';
import { href, type shelfRoutes } from './routes.ts';
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
  // Reading the session makes this page private: no shared cache ever keeps one reader's notes.
  'my-notes': async ({ session, services }) => {
    const reader = await session();
    if (!reader.userId) throw redirect(href('sign-in'));
    const notice = await reader.takeFlash('notice');
    return { reader: reader.userId, notes: services.shelf.notesBy(reader.userId), notice: notice ?? null };
  },
} satisfies DataStepsOf<typeof shelfRoutes, ShelfServices, ShelfProvides>;

// The pages' `data` prop is typed from what the steps return.
declare module './routes.ts' {
  interface ShelfData extends DataOfSteps<typeof shelfDataSteps> {}
}
// #endregion data-steps
