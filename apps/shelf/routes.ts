// #region routes
import { type SegmentId, type SegmentPropsOf, typedHref } from '#runtime/shared';

/**
 * The shelf's pages, inside the layout: the list of books at `/`, one book at `/books/:id`, and a signed-in
 * reader's own notes at `/my-notes`, with the page to sign in.
 */
export const shelfRoutes = {
  id: 'root',
  module: () => import('./layout.tsx'),
  children: [
    { id: 'books', path: '/', module: () => import('./book-list.tsx') },
    { id: 'book', path: '/books/:id', module: () => import('./book-page.tsx') },
    { id: 'sign-in', path: '/sign-in', module: () => import('./sign-in-page.tsx') },
    { id: 'my-notes', path: '/my-notes', module: () => import('./my-notes-page.tsx') },
  ],
} as const;

/** Every URL of the app comes from here: `href('book', { id: 'dune' })` is `/books/dune`. */
export const href = typedHref(shelfRoutes);
// #endregion routes

// #region props
/** Each segment's data, filled in from its data step (server-app.ts) by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging.
export interface ShelfData {}

/** A segment's props (`data`, `params`, `locale`), typed from the tree and its data step. */
export type Props<Id extends SegmentId<typeof shelfRoutes>> = SegmentPropsOf<
  typeof shelfRoutes,
  ShelfData,
  Id
>;
// #endregion props
