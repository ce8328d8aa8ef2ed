import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The one unit test that reads the run's storefront build (`inject('buildDir')`): it runs after the build. */
const BUILD_TEST = 'tests/unit/build.test.ts';

export default defineConfig({
  // Production JSX runtime: React's production build has no jsxDEV.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    // Test what ships: React's production builds, which never put error messages or stacks in the HTML.
    env: { NODE_ENV: 'production' },
    // Two test files more than there are cores, not Vitest's default of one fewer: most of a file's time is
    // spent waiting on servers, browsers, databases and timers, which other files fill. Worker threads, not
    // forked processes: a new worker for each isolated file costs less as a thread. On 2 cores: forks and 3
    // workers 445 s, forks and 4 401 s, threads and 4 373 s, threads and 5 379 s.
    pool: 'threads',
    maxWorkers: availableParallelism() + 2,
    // Files share each core's time: a browser test that takes 20 s alone may take twice that.
    testTimeout: 60_000,
    // expect.poll waits for what a browser or a server does next: 1 s, Vitest's default, was too short for
    // several files sharing two cores (a client navigation back took longer).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Projects, so that an app's own tests (`npx vitest run apps/shelf`) build nothing they do not use:
    // Vitest runs a project's global setup only when one of its files runs.
    projects: [
      // The unit and docs tests, which need no build, in one module graph per worker (`isolate: false`):
      // importing React, the router and the helpers anew for each file cost more than most of these tests.
      // They leave no global behind them (a stub is undone in its file's afterEach).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{unit,docs}/**/*.test.{ts,tsx}'],
          exclude: [BUILD_TEST],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'runtime',
          include: ['tests/{integration,browser,property}/**/*.test.{ts,tsx}', BUILD_TEST],
          // The storefront's production build, made once for the run (tests/helpers/global-setup.ts).
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/after-file.ts'],
        },
      },
      // Each app's own tests, beside its code; an app that needs a build makes its own.
      { extends: true, test: { name: 'apps', include: ['apps/**/*.test.{ts,tsx}'] } },
    ],
  },
});
