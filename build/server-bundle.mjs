import path from 'node:path';
import * as esbuild from 'esbuild';
import { appEntries, appModulesPlugin } from './app-modules.mjs';
import { DIST, ROOT } from './paths.mjs';
import { rawTextPlugin } from './raw-text.mjs';

/** Bundles the server entry for Node; npm packages stay external and are loaded from node_modules. */
export async function buildServer({ outdir = DIST, app: appOptions } = {}) {
  const entries = await appEntries(ROOT, appOptions);
  await esbuild.build(serverOptions({ outdir, entries }));
}

/** esbuild options of the server bundle, shared by `buildServer` and dev mode. */
export function serverOptions({ outdir, entries }) {
  return {
    plugins: [appModulesPlugin(ROOT, entries), rawTextPlugin],
    absWorkingDir: ROOT,
    // instrument.mjs is loaded with --import before index.mjs; Sentry's code is a chunk of its own, loaded
    // only when SENTRY_DSN is set. prepare-build.mjs and prerender.mjs are the build's last steps (build/prepare-build.mjs).
    entryPoints: {
      index: 'server/process/index.ts',
      instrument: 'server/process/instrument.ts',
      'prepare-build': 'server/process/prepare-build.ts',
      prerender: 'server/process/prerender.ts',
    },
    outdir: path.join(outdir, 'server'),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // React is bundled with NODE_ENV fixed to production, so `node dist/server/index.mjs` never runs React's
    // development build (slow, and it writes error messages and stacks into the HTML) whatever the env says.
    external: [
      'express',
      'isbot',
      'cookie-parser',
      'busboy',
      'path-to-regexp',
      '@sentry/node',
      '@sentry/node-core',
      '@sentry/core',
      'pino',
      'pino-pretty',
      'helmet',
      'compression',
      '@electric-sql/pglite',
      'pg',
    ],
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's CommonJS code calls require() for Node builtins; ESM output needs one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  };
}
