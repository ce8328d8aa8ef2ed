// #region server-app
import type { DataOfSegments, ServerAppDefinition } from '#runtime/server';
import { bookServer } from './book.server.ts';
import { booksServer } from './books.server.ts';
import { myNotesServer } from './my-notes.server.ts';
import { rootServer } from './root.server.ts';
import { type ShelfServices, shelfServices } from './services.ts';
import { signInServer } from './sign-in.server.ts';

/** Each segment's server module, named once by its id. */
const segments = [rootServer, booksServer, bookServer, signInServer, myNotesServer];

/** The shelf's server side: only the server build imports it, so it never reaches the browser bundle. */
const shelfServer = {
  segments,
  services: shelfServices,
} satisfies ServerAppDefinition<ShelfServices>;
export default shelfServer;

// The pages' `data` prop is typed from what each segment's data step returns.
declare module './routes.ts' {
  interface ShelfData extends DataOfSegments<typeof segments> {}
}
// #endregion server-app
