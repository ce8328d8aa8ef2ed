import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import appDefinition from 'virtual:ssr-app';
import serverApp from 'virtual:ssr-server-app';
import { createLocales } from '../../shared/routing/locale.ts';
import { createApp } from '../app/create-app.ts';
import { startServices } from '../app/services.ts';
import { distDirOf, loadBuildOutput } from '../definition/build-output.ts';
import { PRERENDERED_DIR } from '../definition/prerendered-pages.ts';
import { createLogger } from '../monitoring/logger.ts';
import { loadConfig } from './config.ts';
import { prerenderPages } from './prerender-pages.ts';

// A step of the build (build/prerender.mjs runs it once the client, the server bundle and the database
// snapshot are written): the app's prerendered routes rendered into files. Against an embedded database of
// its own, from the build's snapshot, in a temporary DATA_DIR: a build never reads a live database.
const buildDir = distDirOf(import.meta.url);
rmSync(path.join(buildDir, PRERENDERED_DIR), { recursive: true, force: true });
// An app without prerendered routes starts nothing here.
if (Object.keys(serverApp.prerender ?? {}).length === 0) process.exit(0);
const dataDir = mkdtempSync(path.join(tmpdir(), 'prerender-data-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  WARM_UP_MS: '0',
  LOG_LEVEL: 'warn',
};
const config = loadConfig(env);
const logger = createLogger({ level: config.logLevel, pretty: false });
const { services: servicesDefinition, readConfig, ...serverParts } = serverApp;
const services = startServices(servicesDefinition, {
  config,
  appConfig: readConfig?.(env),
  logger,
  buildDir,
});
try {
  // The files of the build before were removed above: this build's pages are rendered, never served from them.
  const build = loadBuildOutput(buildDir);
  const app = createApp({ config, app: appDefinition, ...serverParts, services, build, logger });
  await prerenderPages({
    app,
    appDefinition,
    serverApp,
    locales: createLocales(appDefinition.locales),
    basePath: config.basePath,
    buildId: build.manifest.buildId,
    services: await services.started,
    buildDir,
  });
} finally {
  await services.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
