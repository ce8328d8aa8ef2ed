// #region storefront-stylesheet
import './styles.css';
// #endregion storefront-stylesheet
import type { AppDefinition } from '#runtime/shared';
import { storefrontLocales } from './locales.ts';
import { loadMessages } from './messages.ts';
import { storefrontRoutes } from './routes.ts';

// The favicon is the logo mark as a data: URL, so it costs no request and never 404s.
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f5d4e"/>' +
  '<path d="M9 23V10l7 8 7-8v13" fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/></svg>';

/**
 * The example storefront: route tree, icon, locales and their strings. Its server data steps live in
 * apps/storefront/server/.
 */
// #region storefront-app
export const storefront: AppDefinition = {
  root: storefrontRoutes,
  icon: `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`,
  locales: storefrontLocales,
  loadLocale: loadMessages,
  // A card's image morphs into the product page's (ProductImage's `morph`).
  viewTransitions: true,
};
// #endregion storefront-app

export default storefront;
