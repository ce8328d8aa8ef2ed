// #region my-notes-server
import { redirect } from '#runtime/shared';
import { href } from './routes.ts';
import { segment } from './segment.ts';

/** A signed-in reader's own notes, and signing out. */
export const myNotesServer = segment('my-notes', {
  // Reading the session makes this page private: no shared cache ever keeps one reader's notes.
  data: async ({ session, services }) => {
    const reader = await session();
    if (!reader.userId) throw redirect(href('sign-in'));
    const notice = await reader.takeFlash('notice');
    return { reader: reader.userId, notes: services.shelf.notesBy(reader.userId), notice: notice ?? null };
  },
  actions: {
    'sign-out': async ({ session }) => {
      await (await session()).signOut();
      return redirect(href('books'), 303);
    },
  },
});
// #endregion my-notes-server
