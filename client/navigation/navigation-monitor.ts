/** How a client navigation ended. Only `committed` navigations count as completed. */
export type NavigationOutcome = 'committed' | 'superseded' | 'full-load';

/**
 * What the router tells monitoring about navigations, so the router itself knows nothing of Sentry
 * (client/monitoring/sentry-browser.ts implements it, loaded only when a DSN is configured).
 */
export interface NavigationMonitor {
  navigationStarted(token: number, url: string, routePattern: string | undefined): void;
  navigationEnded(token: number, outcome: NavigationOutcome): void;
  /** Measures loading the route's code chunk inside the navigation. */
  measureChunk<T>(token: number, routePattern: string | undefined, load: () => Promise<T>): Promise<T>;
}
