import { inject } from 'vitest';
import { createApp } from '../../server/create-app.ts';
import type { Logger } from '../../server/monitoring/logger.ts';
import { loadBuildOutput } from '../../server/process/build-output.ts';
import { storefrontActions } from '../../server/storefront/actions.ts';
import { storefrontDataSteps } from '../../server/storefront/data-steps.ts';
import { storefrontResources } from '../../server/storefront/resources.ts';
import { storefront } from '../../shared/storefront/app.ts';
import { captureLogger } from './capture-logger.ts';
import { testConfig } from './test-config.ts';

/** The real storefront app over the run's build, configured from environment-style overrides. */
export function createStorefrontApp(env: Record<string, string> = {}, logger: Logger = captureLogger()) {
  return createApp({
    config: testConfig(env),
    app: storefront,
    dataSteps: storefrontDataSteps,
    actions: storefrontActions,
    resources: storefrontResources,
    build: loadBuildOutput(inject('buildDir')),
    logger,
  });
}
