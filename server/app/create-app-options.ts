import type { AppDefinition } from '../../shared/ui/app-definition.ts';
import type { BuildOutput } from '../definition/build-output.ts';
import type { Config } from '../definition/config.ts';
import type { DataSteps } from '../definition/data-step.ts';
import type { ServerInstrumentation } from '../definition/instrumentation.ts';
import type { Logger } from '../definition/logger.ts';
import type { AnyServerApp } from '../definition/server-app-definition.ts';
import type { ServicesHandle } from '../definition/services.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import type { AfterWork } from '../request/after-response.ts';

/**
 * What `createApp()` builds from: the config, the app's definition and its server handlers (as its
 * `ServerAppDefinition` holds them), and the process's seams (client build, logger, monitoring, readiness,
 * services), each with a default fit for tests.
 */
export interface CreateAppOptions {
  config: Readonly<Config>;
  /** The route tree, icon and locales (shared/). */
  app: AppDefinition;
  /** The app's segment modules (segmentServersOf): each segment's server parts under its id. */
  segments?: AnyServerApp['segments'];
  /** Server data steps keyed by segment id (server/), besides those of `segments`. */
  dataSteps?: DataSteps;
  /** The client build; without it pages render without scripts (server-only tests). */
  build?: BuildOutput;
  logger?: Logger;
  /** `/readyz` answers 503 while this is false (starting, draining). */
  isReady?: () => boolean;
  /**
   * The app's services (server/app/services.ts: the process entry starts them); none by default. Data steps,
   * actions and resource handlers get them as `context.services`.
   */
  services?: ServicesHandle;
  /** While draining, every response closes its connection, so keep-alive clients move elsewhere. */
  isDraining?: () => boolean;
  /** Error and trace reporting (server/monitoring/sentry-server.ts when SENTRY_DSN is set); none by default. */
  monitoring?: Monitoring;
  /** Middleware by segment id (server/), run before the data steps, actions and resources of their branch. */
  middleware?: AnyServerApp['middleware'];
  /** Server actions by route id, then action name (server/). */
  actions?: AnyServerApp['actions'];
  /** Handlers of the resource routes (no document: sitemap.xml, robots.txt) by route id (server/). */
  resources?: AnyServerApp['resources'];
  /** Cache policies by segment id (server/definition/cache-policy.ts); none: every page is private. */
  cache?: AnyServerApp['cache'];
  /** Error hooks and step observers (docs/instrumentation.md), after monitoring's own; none by default. */
  instrumentations?: readonly ServerInstrumentation[];
  /** Deadline of data step plus render; default RENDER_TIMEOUT_MS. */
  renderTimeoutMs?: number;
  /** How long a form body may take to arrive; default FORM_BODY_TIMEOUT_MS. */
  formBodyTimeoutMs?: number;
  /** Where `after()` tasks are counted, for graceful shutdown to wait on (the process entry's); default: its own. */
  afterWork?: AfterWork;
}
