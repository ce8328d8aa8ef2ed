// Loaded with `node --import ./dist/server/instrument.mjs` before the app, as @sentry/node documents for
// ES modules, so its http and Express instrumentation are in place before Express is imported. Without
// SENTRY_DSN it loads nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
    const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    return (JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8')) as { buildId: string })
      .buildId;
  } catch {
    return undefined;
  }
}

const config = configOrNull();
if (config?.sentryDsn) {
  const { initServerSentry } = await import('./sentry-server.ts');
  initServerSentry({
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    release: config.sentryRelease ?? buildId() ?? 'unknown',
    tracesSampleRate: config.sentryTracesSampleRate,
    basePath: config.basePath,
  });
}
