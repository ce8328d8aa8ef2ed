// #region root-server
import { readerSessions } from './readers.ts';
import { segment } from './segment.ts';

/** The root's middleware runs for every page, data answer and action: it hands out the reader's session. */
export const rootServer = segment('root', {
  middleware: (context) => ({ session: readerSessions.of(context) }),
});
// #endregion root-server
