import type { ComponentType, ReactNode } from 'react';
import type { RouteDefinition } from '../routing/route-table.ts';

/** An app built on the runtime: its route table and the layout around every page (error pages too). */
export interface AppDefinition {
  routes: readonly RouteDefinition[];
  Layout: ComponentType<{ children: ReactNode }>;
  /** The favicon's URL (a data: URL keeps it inside the bundle). */
  icon?: string;
}
