// Loaded with `node --import ./dist/server/instrument.mjs` before the app, as @sentry/node documents for
// ES modules, so with SENTRY_SDK=full its http and Express instrumentation are in place before Express is
// imported (the default light mode needs no such order). Without SENTRY_DSN it loads nothing.
import { distDirOf, readManifest } from '../process/build-output.ts';
import { type Config, loadConfig } from '../process/config.ts';

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
  const { initServerSentry } = await import('./sentry-server.ts');
  await initServerSentry({
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    release: config.sentryRelease ?? buildId() ?? 'unknown',
    tracesSampleRate: config.sentryTracesSampleRate,
    basePath: config.basePath,
    sdk: config.sentrySdk,
  });
}
