// #region actions
import { type ActionsOf, invalid } from '#runtime/server';
import { HttpError, redirect } from '#runtime/shared';
import type { ShelfProvides } from './readers.ts';
import { href, type shelfRoutes } from './routes.ts';
import type { ShelfServices } from './services.ts';

export const MAX_NOTE_LENGTH = 140;
export const MAX_NAME_LENGTH = 40;

/** The forms' handlers, by route id, then by the name the page's `<Form action>` gives. */
export const shelfActions = {
  book: {
    'add-note': async ({ params, fields, services, session }) => {
      const id = params.id; // typed from the pattern '/books/:id', as in the data step
      const text = (fields.note ?? '').trim();
      if (text === '') return invalid({ note: 'Write a note first.' }, fields);
      if (text.length > MAX_NOTE_LENGTH)
        return invalid({ note: `A note has at most ${MAX_NOTE_LENGTH} characters.` }, fields);
      const { userId } = await session(); // the note is the reader's when they signed in
      if (!services.shelf.addNote(id, text, userId)) throw new HttpError(404, 'No such book');
      // Post/redirect/get: reloading the page after adding a note does not add it twice.
      return redirect(href('book', { id }), 303);
    },
  },
  'sign-in': {
    'sign-in': async ({ fields, session }) => {
      const name = (fields.name ?? '').trim();
      if (name === '') return invalid({ name: 'Write your name.' }, fields);
      if (name.length > MAX_NAME_LENGTH)
        return invalid({ name: `A name has at most ${MAX_NAME_LENGTH} characters.` }, fields);
      const reader = await session();
      // A new session id at sign-in, so an id someone planted in this browser before is worth nothing.
      await reader.signIn(name);
      await reader.flash('notice', `Signed in as ${name}.`);
      return redirect(href('my-notes'), 303);
    },
  },
  'my-notes': {
    'sign-out': async ({ session }) => {
      await (await session()).signOut();
      return redirect(href('books'), 303);
    },
  },
} satisfies ActionsOf<typeof shelfRoutes, ShelfServices, ShelfProvides>;
// #endregion actions
