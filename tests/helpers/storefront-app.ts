import { inject } from 'vitest';
import { storefront } from '../../apps/storefront/app.ts';
import { storefrontServices } from '../../apps/storefront/server/services.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import { createApp } from '../../server/app/create-app.ts';
import { serverPartsOf } from '../../server/app/server-parts.ts';
import { startServices } from '../../server/app/services.ts';
import { loadBuildOutput } from '../../server/definition/build-output.ts';
import type { Logger } from '../../server/definition/logger.ts';
import type { DataSteps } from '../../server/index.ts';
import type { Monitoring } from '../../server/monitoring/monitoring.ts';
import { captureLogger } from './capture-logger.ts';
import { testShopServices } from './shop-database.ts';
import { testConfig } from './test-config.ts';

/** The storefront's handlers by id, as its segment modules give them: replace some per test. */
const storefrontParts = serverPartsOf(storefrontServer);
/** The storefront's data steps by segment id (from its segment modules). */
export const storefrontDataSteps = storefrontParts.dataSteps;

/**
 * The real storefront app over the run's build, configured from environment-style overrides, on the test
 * file's shared in-memory shop database (its pages wait for it to open).
 */
export function createStorefrontApp(
  env: Record<string, string> = {},
  logger: Logger = captureLogger(),
  dataSteps: DataSteps = storefrontDataSteps,
  monitoring?: Monitoring,
) {
  const config = testConfig(env);
  return createApp({
    config,
    app: storefront,
    ...storefrontParts,
    dataSteps,
    services: startServices(
      { ...storefrontServices, start: testShopServices },
      { config, appConfig: undefined, logger },
    ),
    build: loadBuildOutput(inject('buildDir')),
    logger,
    monitoring,
  });
}
