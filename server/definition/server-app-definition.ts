import type { RouteActions } from './action.ts';
import type { CachePolicies } from './cache-policy.ts';
import type { Config, Env } from './config.ts';
import type { DataSteps } from './data-step.ts';
import type { ServerInstrumentation } from './instrumentation.ts';
import type { Logger } from './logger.ts';
import type { Middlewares } from './middleware.ts';
import type { PrerenderedRoutes, WarmUpSamples } from './page-lists.ts';
import type { ResourceHandlers } from './resource.ts';
import type { SegmentServer } from './segment-server.ts';

/**
 * What an app's services start from (`ServicesDefinition.start`): the runtime's config, the app's own (what
 * its `readConfig` returned), a logger.
 */
export interface ServicesStart<AppConfig = unknown> {
  config: Readonly<Config>;
  appConfig: AppConfig;
  logger: Logger;
  /** The folder of the build being served, with what `prepareBuild` wrote there; undefined without one (tests). */
  buildDir?: string;
}

/** What an app's services prepare at build time from: the build's folder, shipped with the build. */
export interface ServicesPrepareBuild {
  buildDir: string;
}

/**
 * How a process starts and stops what an app's server side opens once and hands to every handler as
 * `context.services` (a database pool, a client of another service). The runtime checks the config, starts
 * them before it serves (pages wait until they are up), asks `isReady` for /readyz, and stops them last on
 * shutdown.
 *
 * @example
 * export const services: ServicesDefinition<{ db: WatchedDatabase }, AppConfig> = {
 *   prepareBuild: ({ buildDir }) => writeDatabaseSnapshot(buildDir, migrations),
 *   start: async ({ appConfig, logger, buildDir }) => ({
 *     db: await openConfiguredDatabase(appConfig, logger, migrations, { buildDir }),
 *   }),
 *   isReady: ({ db }) => db.isAvailable(),
 *   stop: ({ db }) => db.close(),
 * };
 */
export interface ServicesDefinition<Services = unknown, AppConfig = unknown> {
  /**
   * Writes into the build's folder what `start` reads from `buildDir` (a migrated database snapshot:
   * writeDatabaseSnapshot). The build runs it once, in a process of its own, after the server bundle.
   */
  prepareBuild?(build: ServicesPrepareBuild): Promise<unknown>;
  /** Refuses a configuration they cannot run with (throws ConfigError); runs once at start, before any worker. */
  checkConfig?(config: Readonly<Config>, appConfig: AppConfig): void;
  /** Opens them (and, say, migrates a database); pages wait and /readyz answers 503 until it resolves. */
  start(context: ServicesStart<AppConfig>): Promise<Services>;
  /** Whether they can serve right now (a database that answers); /readyz answers 503 while not. */
  isReady?(services: Services): boolean;
  /** Closes them, once the in-flight requests have finished (on SIGTERM). */
  stop?(services: Services): Promise<void>;
}

/**
 * An app's server-only part: one module per segment of its route tree (`segments`: its data step, middleware,
 * cache policy, actions or resource handler, declared with `segmentServersOf`), the services they share and
 * the app's own environment. It never reaches the browser bundle: only the server build imports it.
 * `Services` types `context.services` in every handler (give it to `segmentServersOf`) and the definition
 * (`satisfies ServerAppDefinition<Services, AppConfig>`). A type parameter rather than a global declaration
 * to merge: two apps in one process (tests) keep their own types, and nothing is cast. The app's server
 * module default-exports it; package.json's `ssr.server` (or `--server-app`) names it. The maps by id
 * (`dataSteps`, `middleware`, `actions`, `resources`, `cache`) are the older form of the same parts, still
 * read; a part given both ways fails at start.
 *
 * @example
 * const serverApp = {
 *   readConfig: readAppConfig,
 *   segments: [rootServer, notesServer, noteServer],
 *   services,
 * } satisfies ServerAppDefinition<AppServices, AppConfig>;
 * export default serverApp;
 */
export interface ServerAppDefinition<Services = unknown, AppConfig = unknown> {
  /**
   * Reads and validates the app's own environment variables at start (`readVariable` and ConfigError from
   * the runtime give the same messages as its own); a bad value stops the process before it listens.
   */
  readConfig?(env: Env): AppConfig;
  /**
   * Server middleware by segment id: each runs before the data steps, actions and resource handlers of its
   * segment's branch, outermost first, and may end the request or add values to their context.
   */
  middleware?: Middlewares<Services>;
  /** Each segment's server parts, named once (segmentServersOf): the form to use. */
  segments?: readonly SegmentServer[];
  dataSteps?: DataSteps;
  actions?: RouteActions<Services>;
  resources?: ResourceHandlers<Services>;
  /**
   * Which segments' pages shared caches may keep, and how long (CachePolicy), by segment id. A page is public
   * only when every segment of its branch has a policy (the strictest wins) and no handler read what differs
   * per visitor (cookies, the session): see docs/caching.md.
   */
  cache?: CachePolicies;
  /** Routes the build writes as files, with their pages' params (docs/prerendering.md). */
  prerender?: PrerenderedRoutes<Services>;
  /** Sample params of other routes with params, rendered by a new instance before it is ready. */
  warmUp?: WarmUpSamples<Services>;
  services?: ServicesDefinition<Services, AppConfig>;
  /**
   * Observers around the app's middleware, data steps, actions, resource routes and renders, and a hook for
   * every unexpected error of a request (docs/instrumentation.md); several compose, the first outermost.
   */
  instrumentations?: readonly ServerInstrumentation[];
}

/** Any app's server definition, as the runtime holds it (it never reads the app's types). */
// biome-ignore lint/suspicious/noExplicitAny: each app types its own services and config.
export type AnyServerApp = ServerAppDefinition<any, any>;
