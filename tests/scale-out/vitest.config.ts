import path from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:nginx`: the scale-out test (two built server processes behind a real nginx). Kept out of
// `npm test` by its file name (`*.scale.ts`, not `*.test.ts`); it reuses the run-wide build of
// tests/helpers/global-setup.ts.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/scale-out/**/*.scale.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    // Installing nginx with apt-get (when missing) happens in a hook.
    hookTimeout: 300_000,
  },
});
