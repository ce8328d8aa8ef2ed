import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Test files that measure CPU time, run in a group of their own once every other file is done. */
const QUIET_FILES = ['tests/browser/load-long-tasks.test.ts'];
/**
 * Test files that leave no global, listener or open handle behind, run in workers reused from file to file:
 * loading the runtime and the storefront's modules once a worker, not once a file, is most of their CPU.
 */
const SHARED_WORKER_FILES = [
  'tests/unit/**/*.test.{ts,tsx}',
  'tests/docs/**/*.test.{ts,tsx}',
  'tests/property/**/*.test.{ts,tsx}',
  'tests/integration/**/*.test.{ts,tsx}',
];

export default defineConfig({
  // Production JSX runtime: React's production build has no jsxDEV.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    // Test what ships: React's production builds, which never put error messages or stacks in the HTML.
    env: { NODE_ENV: 'production' },
    // Baseline WebAssembly code only in the test files' processes: each lives seconds, and optimised
    // compiles of the in-memory databases' Postgres cost more CPU than they save there.
    execArgv: ['--liftoff-only'],
    // One test file more than there are cores, not Vitest's default of one fewer: most of a file's time is
    // spent waiting on servers, browsers, databases and timers, so a third file on a 2-core machine fills
    // the waits (Vitest's default ran the files one at a time there).
    maxWorkers: availableParallelism() + 1,
    // Files share each core's time: a browser test that takes 20 s alone may take twice that.
    testTimeout: 60_000,
    // expect.poll waits for what a browser or a server does next: 1 s, Vitest's default, was too short for
    // three files sharing two cores (a client navigation back took longer).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Two projects, so that an app's own tests (`npx vitest run apps/shelf`) build nothing they do not use:
    // Vitest runs a project's global setup only when one of its files runs.
    projects: [
      {
        extends: true,
        test: {
          name: 'runtime',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...QUIET_FILES, ...SHARED_WORKER_FILES],
          // The storefront's production build, made once for the run (tests/helpers/global-setup.ts).
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/after-file.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'runtime-shared-worker',
          include: SHARED_WORKER_FILES,
          isolate: false,
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/after-file.ts'],
        },
      },
      // Measurements of a page's own CPU (a phone's main-thread tasks) alone on the machine, after the rest:
      // beside two other files, a task's thread time grows with the cores' shared caches and clock.
      {
        extends: true,
        test: {
          name: 'runtime-quiet',
          include: QUIET_FILES,
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/after-file.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      // Each app's own tests, beside its code; an app that needs a build makes its own.
      { extends: true, test: { name: 'apps', include: ['apps/**/*.test.{ts,tsx}'] } },
    ],
  },
});
