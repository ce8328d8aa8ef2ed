import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Production JSX runtime: React's production build has no jsxDEV.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    // docs/: the tutorial's app and its tests, so the tutorial cannot go stale; apps/: where the tutorial
    // has its reader write their own app.
    include: ['tests/**/*.test.{ts,tsx}', 'docs/**/*.test.{ts,tsx}', 'apps/**/*.test.{ts,tsx}'],
    // Test what ships: React's production builds, which never put error messages or stacks in the HTML.
    env: { NODE_ENV: 'production' },
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/shop-database.ts'],
    // One test file per core, not Vitest's default of one fewer: on a 2-core machine that default ran the
    // files one at a time, and most of their time is spent waiting on servers, browsers and timers.
    maxWorkers: availableParallelism(),
    // Two files share each core's time: a browser test that takes 20 s alone may take twice that.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
