// The builds a benchmark runs: ours (timed, and a private snapshot) and the bare baseline's bundle.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { rawTextPlugin } from '../../build/raw-text.mjs';
import { spawnTracked } from './children.mjs';
import {
  BARE_CLIENT_BUNDLE,
  BARE_SERVER_BUNDLE,
  BASELINE_BUNDLE,
  EXPRESS_SERVER_BUNDLE,
  LIGHT_DIST,
  PRODUCT_LIKE_BARE_CLIENT,
  PRODUCT_LIKE_BARE_SERVER,
  PRODUCT_LIKE_DIST,
  ROOT,
  SNAPSHOT_DIR,
} from './constants.mjs';

/** Runs `node build.mjs`; resolves with wall time and the build's own reported time. */
export async function runBuild() {
  const started = performance.now();
  const child = spawnTracked(process.execPath, ['build.mjs']);
  const { code } = await child.exited;
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`node build.mjs failed (exit ${code}):\n${child.output}`);
  const reported = /build (\w+) in (\d+) ms/.exec(child.output);
  return { wallMs, reportedMs: reported ? Number(reported[2]) : Number.NaN, buildId: reported?.[1] };
}

/** `node build.mjs --if-needed`: dist/ for a part of the bench run alone; throws with the output if it fails. */
export async function buildDistIfNeeded() {
  const build = spawnTracked(process.execPath, ['build.mjs', '--if-needed'], { cwd: ROOT });
  if ((await build.exited).code !== 0) throw new Error(`the build failed:\n${build.output}`);
  return path.join(ROOT, 'dist');
}

/**
 * Writes the production build (build.mjs's `build()`, what `node build.mjs` runs) to bench/results/dist.
 * A private copy, because other people's builds rewrite dist/ at any time; `../../../node_modules` stays
 * reachable from it, so the server bundle runs from there exactly as from dist/.
 */
export async function snapshotBuild() {
  await rm(SNAPSHOT_DIR, { recursive: true, force: true });
  const { build } = await import(pathToFileURL(path.join(ROOT, 'build.mjs')).href);
  const manifest = await build({ outdir: SNAPSHOT_DIR });
  return { method: "build.mjs's build() into bench/results/dist", buildId: manifest.buildId };
}

/** Bundles bench/baseline/server.tsx like build.mjs's server build, with every package but the database's bundled. */
export async function buildBaseline() {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['bench/baseline/server.tsx'],
    outfile: BASELINE_BUNDLE,
    bundle: true,
    // The database packages load their own files (PGlite's WebAssembly) from node_modules, as ours do.
    external: ['@electric-sql/pglite', 'pg'],
    plugins: [rawTextPlugin],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Linked like the server build's, so CPU profiles map back to react-dom, the storefront and bench/.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/**
 * A pair of the bench: a page built as a user's app with build.mjs's build() into `outdir`, and its bare
 * renderer, bundled with React in production mode, with its one client script (minified ESM for the same
 * browsers as ours).
 */
async function buildPair({ app, outdir, bareServer, bareClient, referenceServers = [] }) {
  await rm(outdir, { recursive: true, force: true });
  const { build } = await import(pathToFileURL(path.join(ROOT, 'build.mjs')).href);
  await build({ outdir, app });
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    logLevel: 'warning',
  };
  for (const server of [bareServer, ...referenceServers])
    await esbuild.build({
      ...common,
      entryPoints: [server.entry],
      outfile: server.outfile,
      platform: 'node',
      target: 'node20',
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      sourcemap: 'linked',
    });
  await esbuild.build({
    ...common,
    entryPoints: [bareClient.entry],
    outfile: bareClient.outfile,
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
    minify: true,
  });
}

/**
 * The light pair: bench/light/ as an app (into bench/results/light-dist) and its bare renderer, with the
 * Express reference (bench/light/express-server.tsx).
 */
export function buildLightPair() {
  return buildPair({
    app: { app: 'bench/light/app.ts', serverApp: 'bench/light/server-app.ts' },
    outdir: LIGHT_DIST,
    bareServer: { entry: 'bench/light/bare-server.tsx', outfile: BARE_SERVER_BUNDLE },
    bareClient: { entry: 'bench/light/bare-client.tsx', outfile: BARE_CLIENT_BUNDLE },
    referenceServers: [{ entry: 'bench/light/express-server.tsx', outfile: EXPRESS_SERVER_BUNDLE }],
  });
}

/** The wrk pair's product-like page: bench/product-like/ as an app and its bare renderer. */
export function buildProductLikePair() {
  return buildPair({
    app: { app: 'bench/product-like/app.ts', serverApp: 'bench/product-like/server-app.ts' },
    outdir: PRODUCT_LIKE_DIST,
    bareServer: { entry: 'bench/product-like/bare-server.tsx', outfile: PRODUCT_LIKE_BARE_SERVER },
    bareClient: { entry: 'bench/product-like/bare-client.tsx', outfile: PRODUCT_LIKE_BARE_CLIENT },
  });
}
