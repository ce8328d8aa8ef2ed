import { inject } from 'vitest';
import { storefront } from '../../apps/storefront/app.ts';
import { storefrontActions } from '../../apps/storefront/server/actions.ts';
import { storefrontCache } from '../../apps/storefront/server/cache.ts';
import { storefrontDataSteps } from '../../apps/storefront/server/data-steps.ts';
import { storefrontMiddleware } from '../../apps/storefront/server/middleware.ts';
import { storefrontResources } from '../../apps/storefront/server/resources.ts';
import { storefrontServices } from '../../apps/storefront/server/services.ts';
import { createApp } from '../../server/app/create-app.ts';
import { startServices } from '../../server/app/services.ts';
import { loadBuildOutput } from '../../server/definition/build-output.ts';
import type { Logger } from '../../server/definition/logger.ts';
import type { DataSteps } from '../../server/index.ts';
import { captureLogger } from './capture-logger.ts';
import { testShopServices } from './shop-database.ts';
import { testConfig } from './test-config.ts';

/**
 * The real storefront app over the run's build, configured from environment-style overrides, on the test
 * file's shared in-memory shop database (its pages wait for it to open).
 */
export function createStorefrontApp(
  env: Record<string, string> = {},
  logger: Logger = captureLogger(),
  dataSteps: DataSteps = storefrontDataSteps,
) {
  const config = testConfig(env);
  return createApp({
    config,
    app: storefront,
    middleware: storefrontMiddleware,
    dataSteps,
    actions: storefrontActions,
    resources: storefrontResources,
    cache: storefrontCache,
    services: startServices(
      { ...storefrontServices, start: testShopServices },
      { config, appConfig: undefined, logger },
    ),
    build: loadBuildOutput(inject('buildDir')),
    logger,
  });
}
