import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storefront } from '../shared/storefront/app.ts';
import { loadBuildOutput } from './build-output.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createApp } from './create-app.ts';
import { createConsoleLogger } from './logger.ts';
import { noMonitoring } from './monitoring.ts';
import { storefrontActions } from './storefront/actions.ts';
import { storefrontDataSteps } from './storefront/data-steps.ts';
import { storefrontLayoutData } from './storefront/layout-data.ts';

/** How long shutdown waits for Sentry to send what is pending. */
const SENTRY_FLUSH_TIMEOUT_MS = 2_000;

// The process entry: the only place that reads the environment and listens.
const logger = createConsoleLogger();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env, availableParallelism());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (config.cookieSecretIsRandom) {
  logger.warn(
    {},
    'COOKIE_SECRET is not set: using a random key, so carts do not survive a restart or span instances',
  );
}

// This file is bundled to dist/server/index.mjs; the build output is its sibling.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = loadBuildOutput(distDir);
// Sentry was started by instrument.mjs (loaded with --import); without a DSN its code is never loaded.
const monitoring = config.sentryDsn ? (await import('./sentry-server.ts')).sentryMonitoring : noMonitoring;
let ready = false;
const app = createApp({
  config,
  app: storefront,
  dataSteps: storefrontDataSteps,
  actions: storefrontActions,
  layoutData: storefrontLayoutData,
  build,
  logger,
  isReady: () => ready,
  monitoring,
});
const server = app.listen(config.port, config.host, () => {
  ready = true;
  const { port } = server.address() as AddressInfo;
  logger.info(
    { port, host: config.host, basePath: config.basePath, buildId: build.manifest.buildId },
    'listening',
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    ready = false;
    server.close(() => {
      // Pending events are sent before exiting, but a sick Sentry cannot hold the shutdown.
      void monitoring.flush(SENTRY_FLUSH_TIMEOUT_MS).finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  });
}
