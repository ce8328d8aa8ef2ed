// Loaded with `node --import ./dist/server/instrument.mjs` before the app, as @sentry/node documents for
// ES modules, so with SENTRY_SDK=full its http and Express instrumentation are in place before Express is
// imported (the default light mode needs no such order). Without SENTRY_DSN it loads nothing.

import { distDirOf, readManifest } from '../definition/build-output.ts';
import type { Config } from '../definition/config.ts';
import { loadConfig } from './config.ts';

function configOrNull(): Readonly<Config> | null {
  try {
    return loadConfig(process.env);
  } catch {
    return null; // server/process/index.ts reports configuration errors and exits
  }
}

function buildId(): string | undefined {
  try {
    return readManifest(distDirOf(import.meta.url)).buildId;
  } catch {
    return undefined; // server/process/index.ts says the build is missing and exits
  }
}

const config = configOrNull();
if (config?.sentryDsn) {
  // Sentry's packages keep their debug logging behind `__SENTRY_DEBUG__`, which Sentry documents as a bundler
  // define; ours load from node_modules, unbundled, so the flag is set before their first import. With it
  // unset, each request formatted log lines nobody prints (spanToJSON at every span's start and end).
  (globalThis as { __SENTRY_DEBUG__?: boolean }).__SENTRY_DEBUG__ = false;
  const { initServerSentry } = await import('../monitoring/sentry-server.ts');
  await initServerSentry({
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    release: config.sentryRelease ?? buildId() ?? 'unknown',
    tracesSampleRate: config.sentryTracesSampleRate,
    basePath: config.basePath,
    sdk: config.sentrySdk,
  });
}
