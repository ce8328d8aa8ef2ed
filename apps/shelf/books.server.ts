// #region books-server
import { segment } from './segment.ts';

/** The list: every book with its number of notes. */
export const booksServer = segment('books', {
  data: ({ services }) => ({
    books: services.shelf.books().map(({ id, title, author, notes }) => ({
      id,
      title,
      author,
      noteCount: notes.length,
    })),
  }),
});
// #endregion books-server
