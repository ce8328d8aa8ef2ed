import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import appDefinition from 'virtual:ssr-app';
import serverApp from 'virtual:ssr-server-app';
import { createLocales } from '../../shared/routing/locale.ts';
import { createApp } from '../app/create-app.ts';
import { startServices } from '../app/services.ts';
import { distDirOf, loadBuildOutput } from '../definition/build-output.ts';
import { createLogger, errorDetails } from '../monitoring/logger.ts';
import { noMonitoring } from '../monitoring/monitoring.ts';
import { createAfterWork } from '../request/after-response.ts';
import { runPrimary } from './cluster-primary.ts';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { createHttpServer } from './http-server.ts';
import { createLifecycle } from './lifecycle.ts';
import { type PrerenderRegeneration, startPrerenderRegeneration } from './prerender-regeneration.ts';
import { servedPrerendered } from './served-prerendered.ts';
import { watchVisitors } from './visitor-traffic.ts';
import { warmUpInstance } from './warm-up.ts';

// The process entry: the only place that reads the environment, starts monitoring, listens and installs
// signal handlers.
let config: ReturnType<typeof loadConfig>;
let appConfig: unknown;
try {
  config = loadConfig(process.env, availableParallelism());
  appConfig = serverApp.readConfig?.(process.env);
  serverApp.services?.checkConfig?.(config, appConfig);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY === true });

if (cluster.isPrimary && config.webConcurrency > 1) {
  runPrimary({
    workers: config.webConcurrency,
    logger,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    exit: (code) => process.exit(code),
  });
} else {
  await runServer(config);
}

/**
 * Starts one server process: its services, the app, the listener, then the prerendered pages' check and the
 * warm-up before /readyz says 200.
 *
 * long function: the start's steps run in the order they depend on one another, top to bottom.
 */
async function runServer(config: ReturnType<typeof loadConfig>) {
  for (const warning of configWarnings(config, process.env)) logger.warn({}, warning);
  // This file is bundled to dist/server/index.mjs; the build output is its sibling.
  const buildDir = distDirOf(import.meta.url);
  const built = loadBuildOutput(buildDir);
  const prerendered = servedPrerendered(
    buildDir,
    built.manifest.buildId,
    config.prerenderedDir,
    config.basePath,
  );
  const build = { ...built, prerendered: prerendered.pages };
  // Sentry was started by instrument.mjs (loaded with --import); without a DSN its code is never loaded.
  const monitoring = config.sentryDsn
    ? await (await import('../monitoring/sentry-server.ts')).sentryMonitoring(
        config.sentrySdk,
        config.basePath,
      )
    : noMonitoring;
  const { untraced } = monitoring;

  const { services: servicesDefinition, readConfig: _readAtStart, ...serverParts } = serverApp;
  const services = startServices(servicesDefinition, { config, appConfig, logger, buildDir });
  services.started.catch((error) => {
    logger.error({ err: errorDetails(error) }, "the app's services did not start");
    process.exit(1);
  });
  let lifecycle: ReturnType<typeof createLifecycle> | undefined;
  const afterWork = createAfterWork();
  const app = createApp({
    config,
    app: appDefinition,
    ...serverParts,
    services,
    build,
    logger,
    monitoring,
    isReady: () => lifecycle?.isReady() ?? false,
    isDraining: () => lifecycle?.isDraining() ?? false,
    afterWork,
  });
  const server = createHttpServer(app);
  lifecycle = createLifecycle({
    server,
    logger,
    monitoring,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    exit: (code) => process.exit(code),
    stopServices: async () => {
      await regeneration?.stop();
      await services.stop();
    },
    afterWork,
  });
  lifecycle.installProcessHandlers();
  const buildId = build.manifest.buildId;
  let regeneration: PrerenderRegeneration | undefined;
  const checkPrerendered = async () => {
    await services.started;
    if (!prerendered.index || config.prerenderCheckMs === 0) return;
    const started = performance.now();
    const { folder, index, pages } = prerendered;
    const locales = createLocales(appDefinition.locales);
    const { basePath, prerenderCheckMs: checkEveryMs } = config;
    const options = { app, folder, index, pages, locales, basePath, checkEveryMs, logger, untraced };
    regeneration = await startPrerenderRegeneration(options);
    const report = await regeneration.check();
    logger.info({ ...report, ms: Math.round(performance.now() - started) }, 'prerendered pages checked');
  };
  const visitors = watchVisitors(server);
  server.listen(config.port, config.host, () => {
    // Ready once the prerendered files are current (a price moved since the build) and the instance is warm
    // (WARM_UP_MS): the first visitors then get today's pages at the instance's steady speed. The two run
    // side by side: the check's renders warm the same code, and its compression and file writes leave the
    // thread free for the warm-up's renders.
    const checking = checkPrerendered().catch((error) =>
      logger.warn({ err: errorDetails(error) }, 'prerendered pages not checked'),
    );
    const warming = warmUpInstance({
      app,
      appDefinition,
      serverApp,
      services,
      config,
      buildId,
      logger,
      untraced,
      visitors,
    }).finally(visitors.stop);
    void Promise.all([checking, warming]).then(() => {
      lifecycle?.markReady();
      // The line dev mode's supervisor waits for, and what ops read a slow start by.
      if (lifecycle?.isReady()) logger.info({ msSinceStart: Math.round(performance.now()) }, 'ready');
      regeneration?.start();
    });
    const { port } = server.address() as AddressInfo;
    logger.info({ port, host: config.host, basePath: config.basePath, buildId }, 'listening');
  });
}
