import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Production JSX runtime: React's production build has no jsxDEV.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Test what ships: React's production builds, which never put error messages or stacks in the HTML.
    env: { NODE_ENV: 'production' },
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/shop-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
