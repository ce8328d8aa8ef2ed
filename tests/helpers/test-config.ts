import type { Config } from '../../server/definition/config.ts';
import { loadConfig } from '../../server/process/config.ts';

/** A valid test configuration from environment-style overrides. */
export function testConfig(env: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    COOKIE_SECRET: 'test-secret-test-secret-test-secret!',
    NODE_ENV: 'production',
    ...env,
  });
}
