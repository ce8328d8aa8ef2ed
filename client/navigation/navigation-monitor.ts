/** How a client navigation ended. Only `committed` navigations count as completed. */
export type NavigationOutcome = 'committed' | 'superseded' | 'full-load';

/**
 * What the router tells monitoring about navigations, so the router itself knows nothing of Sentry
 * (client/monitoring/sentry-browser.ts implements it, loaded only when a DSN is configured).
 */
export interface NavigationMonitor {
  /** `chunk`: the route's code chunk loading, measured inside the navigation (it may reject). */
  navigationStarted(token: number, routePattern: string | undefined, chunk: Promise<unknown>): void;
  navigationEnded(token: number, outcome: NavigationOutcome): void;
}
