import type { Locale, LocalesDeclaration } from '../routing/locale.ts';
import type { RouteNode } from '../routing/route-table.ts';
import type { ClientInstrumentation } from './client-instrumentation.ts';

/**
 * An app built on the runtime, as both sides see it (its server-only parts are in its server definition,
 * `ServerAppDefinition`). The app's isomorphic module default-exports it; package.json's `ssr.app` (or
 * `node build.mjs --app`) names that module.
 *
 * @example
 * const app: AppDefinition = {
 *   root: routes,
 *   locales: { list: ['en'], default: 'en' },
 * };
 * export default app;
 */
export interface AppDefinition {
  /**
   * The root of the route tree: a pathless layout around every page, error pages included. Its data step
   * (keyed by its id) runs for every document, so it should be cheap.
   */
  root: RouteNode;
  /**
   * The locales the app serves: `{ list: ['en', 'fr'], default: 'en' }` serves English at `/shop` and French
   * at `/fr/shop`; `prefixDefault: true` puts the default under `/en` too; a list of one has no prefixes.
   */
  locales: LocalesDeclaration;
  /**
   * Client navigations commit inside `document.startViewTransition` (style them with CSS
   * `view-transition-name`), where the browser has it and the visitor has not asked for reduced motion;
   * a `<Link viewTransition>` decides for itself.
   */
  viewTransitions?: boolean;
  /** The favicon's URL (a data: URL keeps it inside the bundle). */
  icon?: string;
  /**
   * Loads what the app needs to render in `locale` (its strings), so each visitor downloads one locale.
   * The browser awaits it before hydrating (the server preloads its module); the server calls it for every
   * locale when the app is created and holds requests until all have resolved.
   */
  loadLocale?: (locale: Locale) => Promise<void>;
  /**
   * Observers of the browser's navigations, route loads and fetchers (docs/instrumentation.md): each gets
   * the route pattern and how the step ended. The server's are in the server definition.
   */
  instrumentations?: readonly ClientInstrumentation[];
}
