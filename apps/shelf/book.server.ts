// #region book-server
import { invalid } from '#runtime/server';
import { HttpError, notFound, redirect } from '#runtime/shared';
import { href } from './routes.ts';
import { segment } from './segment.ts';

export const MAX_NOTE_LENGTH = 140;

/** A book's page: its data, and the form that adds a note to it. */
export const bookServer = segment('book', {
  data: ({ params, services }) => {
    // params.id is typed from the pattern '/books/:id'.
    const book = services.shelf.book(params.id);
    return book ? { book } : notFound();
  },
  actions: {
    // The name the page's `<Form action>` gives.
    'add-note': async ({ params, fields, services, session }) => {
      const text = (fields.note ?? '').trim();
      if (text === '') return invalid({ note: 'Write a note first.' }, fields);
      if (text.length > MAX_NOTE_LENGTH)
        return invalid({ note: `A note has at most ${MAX_NOTE_LENGTH} characters.` }, fields);
      const { userId } = await session(); // the note is the reader's when they signed in
      if (!services.shelf.addNote(params.id, text, userId)) throw new HttpError(404, 'No such book');
      // Post/redirect/get: reloading the page after adding a note does not add it twice.
      return redirect(href('book', { id: params.id }), 303);
    },
  },
});
// #endregion book-server
