import type { RouteActions } from './actions/action.ts';
import type { DataSteps } from './data/data-step.ts';
import type { Logger } from './monitoring/logger.ts';
import type { ResourceHandlers } from './pipeline/resource-route.ts';
import type { Config } from './process/config.ts';

/**
 * What an app's server side opens once per process and hands to every data step, action and resource
 * handler as `context.services`: a database pool, a client of another service. An app declares its shape by
 * augmenting this interface: `declare module '<path>/server-app-definition.ts' { interface AppServices { db: Database } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging.
export interface AppServices {}

/** How a process starts and stops an app's services (server/services.ts runs it). */
export interface ServicesDefinition {
  /** Refuses a configuration they cannot run with (throws ConfigError); runs once at start, before any worker. */
  checkConfig?(config: Readonly<Config>): void;
  /** Opens them (and, say, migrates a database); pages wait and /readyz answers 503 until it resolves. */
  start(context: { config: Readonly<Config>; logger: Logger }): Promise<AppServices>;
  /** Whether they can serve right now (a database that answers); /readyz answers 503 while not. */
  isReady?(services: AppServices): boolean;
  /** Closes them, once the in-flight requests have finished (on SIGTERM). */
  stop?(services: AppServices): Promise<void>;
}

/**
 * An app's server-only part, keyed by the ids of its route tree: data steps (by segment), actions and
 * resource route handlers (by route), and the services they share. It never reaches the browser bundle.
 */
export interface ServerAppDefinition {
  dataSteps: DataSteps;
  actions?: RouteActions;
  resources?: ResourceHandlers;
  services?: ServicesDefinition;
}
