import type { AppDefinition } from '#runtime/shared';
import { lightRoutes } from './routes.ts';

/** The light page of `npm run bench`, as a user's app on our runtime (built with build.mjs's build()). */
const lightApp: AppDefinition = {
  // The bare page names no icon either; a data: URL keeps the browser from asking for /favicon.ico.
  icon: 'data:,',
  root: lightRoutes,
  locales: { list: ['en'], default: 'en' },
};
export default lightApp;
