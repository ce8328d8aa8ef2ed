// #region sign-in-server
import { invalid } from '#runtime/server';
import { redirect } from '#runtime/shared';
import { href } from './routes.ts';
import { segment } from './segment.ts';

export const MAX_NAME_LENGTH = 40;

/** Signing in takes a name, and gives the reader a new session. */
export const signInServer = segment('sign-in', {
  actions: {
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
});
// #endregion sign-in-server
