import type { ComponentType, ReactNode } from 'react';
import type { Locale } from '../routing/locale.ts';
import type { RouteDefinition } from '../routing/route-table.ts';

/** An app built on the runtime: its route table and the layout around every page (error pages too). */
export interface AppDefinition {
  routes: readonly RouteDefinition[];
  Layout: ComponentType<{ children: ReactNode }>;
  /** The favicon's URL (a data: URL keeps it inside the bundle). */
  icon?: string;
  /**
   * Loads what the app needs to render in `locale` (its strings), so each visitor downloads one locale.
   * The browser awaits it before hydrating (the server preloads its module); the server calls it for every
   * locale when the app is created and holds requests until all have resolved.
   */
  loadLocale?: (locale: Locale) => Promise<void>;
}
