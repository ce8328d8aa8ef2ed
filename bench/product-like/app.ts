import type { AppDefinition } from '#runtime/shared';
import { productLikeRoutes } from './routes.ts';

/** The product-like page of `npm run bench`'s wrk pair, as a user's app on our runtime. */
const productLikeApp: AppDefinition = {
  // The bare page names no icon either; a data: URL keeps the browser from asking for /favicon.ico.
  icon: 'data:,',
  root: productLikeRoutes,
  locales: { list: ['en'], default: 'en' },
};
export default productLikeApp;
