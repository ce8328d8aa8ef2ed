// #region actions
import { type ActionsOf, invalid } from '#runtime/server';
import { HttpError, redirect } from '#runtime/shared';
import { href, type shelfRoutes } from './routes.ts';
import type { ShelfServices } from './services.ts';

export const MAX_NOTE_LENGTH = 140;

/** The forms' handlers, by route id, then by the name the page's `<Form action>` gives. */
export const shelfActions = {
  book: {
    'add-note': ({ params, fields, services }) => {
      const id = params.id; // typed from the pattern '/books/:id', as in the data step
      const text = (fields.note ?? '').trim();
      if (text === '') return invalid({ note: 'Write a note first.' }, fields);
      if (text.length > MAX_NOTE_LENGTH)
        return invalid({ note: `A note has at most ${MAX_NOTE_LENGTH} characters.` }, fields);
      if (!services.shelf.addNote(id, text)) throw new HttpError(404, 'No such book');
      // Post/redirect/get: reloading the page after adding a note does not add it twice.
      return redirect(href('book', { id }), 303);
    },
  },
} satisfies ActionsOf<typeof shelfRoutes, ShelfServices>;
// #endregion actions
