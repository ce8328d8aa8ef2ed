// #region app
import type { AppDefinition } from '#runtime/shared';
import { shelfRoutes } from './routes.ts';

/** The shelf's isomorphic definition: what both the server and the browser know of it. */
const shelfApp: AppDefinition = {
  root: shelfRoutes,
  locales: { list: ['en'], default: 'en' },
  // Without an icon the browser asks for /favicon.ico, which this app does not serve.
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
};
export default shelfApp;
// #endregion app
