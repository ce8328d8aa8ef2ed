import { createContext, type ReactNode, useContext } from 'react';

/** What a layout's `<Outlet />` renders: the segment below it (or the boundary shown in its place). */
export const OutletContext = createContext<ReactNode>(null);

/** Where a layout segment renders its child segment. */
export function Outlet(): ReactNode {
  return useContext(OutletContext);
}
