// Builds the browser bundle (ESM, one lazy chunk per route, hashed names, manifest) and the server bundle.
// `node build.mjs` always builds; `node build.mjs --if-needed` skips when dist/ is newer than every source.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const SOURCE_DIRS = ['client', 'shared', 'server'];
/** Page modules are named after their route id: `<dir>/<route id>.tsx` (see shared/routing/route-table.ts). */
const PAGE_DIRS = ['shared/storefront/pages', 'shared/debug'];
/** Folders whose code must never reach the browser (secrets, data access). */
const SERVER_ONLY_DIRS = ['server/'];

/** Thrown when a server-only module is reachable from the client entry. */
export class ServerModuleLeakError extends Error {
  name = 'ServerModuleLeakError';
}

/**
 * Bundles the client entry into `outdir/client`, moves source maps to `outdir/sourcemaps` (written, never
 * served) and returns the manifest: build id, entry, stylesheets, and per route its chunk and static imports.
 */
export async function buildClient({ entry = 'client/entry.tsx', outdir = DIST, minify = true } = {}) {
  const publicDir = path.join(outdir, 'client');
  await rm(publicDir, { recursive: true, force: true });
  const result = await esbuild
    .build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      plugins: [serverOnlyGuard],
      outdir: publicDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
      minify,
      sourcemap: 'external',
      metafile: true,
      jsx: 'automatic',
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: '[name]-[hash]',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    })
    .catch((error) => {
      const leak = error.errors?.find((message) => message.text.startsWith(SERVER_MODULE_LEAK));
      if (!leak) throw error;
      throw new ServerModuleLeakError(
        `${leak.text}. Keep data access in server/ keyed by route id; client/ and pages import only shared/.`,
      );
    });
  await moveSourceMaps(publicDir, path.join(outdir, 'sourcemaps'));
  return createManifest(result.metafile, publicDir, entry);
}

const SERVER_MODULE_LEAK = 'Server-only module in the client bundle';

/** Fails the build at the first import of a server-only module, naming the importer. */
const serverOnlyGuard = {
  name: 'server-only-guard',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      const target = path.relative(ROOT, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/');
      if (!SERVER_ONLY_DIRS.some((dir) => target.startsWith(dir))) return undefined;
      const importer = path.relative(ROOT, args.importer);
      return { errors: [{ text: `${SERVER_MODULE_LEAK}: ${importer} imports ${target}` }] };
    });
  },
};
function createManifest(metafile, publicDir, entry) {
  const outputs = metafile.outputs;
  const publicName = (output) => path.relative(publicDir, path.join(ROOT, output)).split(path.sep).join('/');
  const staticImports = (output, seen = new Set()) => {
    for (const imported of outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !seen.has(imported.path)) {
        seen.add(imported.path);
        staticImports(imported.path, seen);
      }
    }
    return seen;
  };
  const describe = (output) => ({
    file: publicName(output),
    imports: [...staticImports(output)].map(publicName),
  });

  const routes = {};
  let entryOutput;
  let stylesheets = [];
  for (const [output, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || !output.endsWith('.js')) continue;
    if (meta.entryPoint === entry) {
      entryOutput = output;
      if (meta.cssBundle) stylesheets = [publicName(meta.cssBundle)];
      continue;
    }
    const pageDir = PAGE_DIRS.find((dir) => meta.entryPoint.startsWith(`${dir}/`));
    if (pageDir) routes[path.basename(meta.entryPoint).replace(/\.[jt]sx?$/, '')] = describe(output);
  }
  if (!entryOutput) throw new Error(`esbuild produced no output for the client entry ${entry}`);
  const manifest = { entry: describe(entryOutput), stylesheets, routes };
  const buildId = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
  return { buildId, ...manifest };
}

async function moveSourceMaps(publicDir, mapsDir) {
  await rm(mapsDir, { recursive: true, force: true });
  await mkdir(mapsDir, { recursive: true });
  for (const name of await readdir(publicDir)) {
    if (name.endsWith('.map')) await rename(path.join(publicDir, name), path.join(mapsDir, name));
  }
}

/** Bundles the server entry for Node; npm packages stay external and are loaded from node_modules. */
export async function buildServer({ outdir = DIST } = {}) {
  await esbuild.build({
    absWorkingDir: ROOT,
    // instrument.mjs is loaded with --import before index.mjs; Sentry's code is a chunk of its own, loaded
    // only when SENTRY_DSN is set.
    entryPoints: ['server/index.ts', 'server/instrument.ts'],
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
    external: ['express', 'isbot', 'cookie-parser', 'busboy', 'path-to-regexp', '@sentry/node'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's CommonJS code calls require() for Node builtins; ESM output needs one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
}

/** The full build: client, manifest, server. Returns the manifest. */
export async function build({ outdir = DIST } = {}) {
  const [manifest] = await Promise.all([buildClient({ outdir }), buildServer({ outdir })]);
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function isUpToDate() {
  const built = await stat(path.join(DIST, 'manifest.json')).catch(() => null);
  if (!built) return false;
  const sources = [path.join(ROOT, 'build.mjs'), path.join(ROOT, 'package-lock.json')];
  for (const dir of SOURCE_DIRS) {
    for (const entry of await readdir(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) sources.push(path.join(entry.parentPath, entry.name));
    }
  }
  const times = await Promise.all(
    sources.map((file) =>
      stat(file).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  return times.every((time) => time <= built.mtimeMs);
}

async function sizeTable(manifest) {
  const sizes = async (file) => {
    const bytes = await readFile(path.join(DIST, 'client', file));
    return { gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
  };
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = [['route', 'chunk (gzip)', 'first load JS (gzip)']];
  const entryFiles = [manifest.entry.file, ...manifest.entry.imports];
  for (const [id, route] of Object.entries(manifest.routes)) {
    const chunk = await sizes(route.file);
    const files = new Set([...entryFiles, route.file, ...route.imports]);
    let total = 0;
    for (const file of files) total += (await sizes(file)).gzip;
    rows.push([id, kb(chunk.gzip), kb(total)]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ')).join('\n');
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  try {
    if (process.argv.includes('--if-needed') && (await isUpToDate())) {
      console.log('build: dist/ is up to date');
    } else {
      const started = performance.now();
      const manifest = await build();
      console.log(`build ${manifest.buildId} in ${Math.round(performance.now() - started)} ms\n`);
      console.log(await sizeTable(manifest));
    }
  } catch (error) {
    console.error(`build failed: ${error.message}`);
    for (const message of error.errors ?? [])
      console.error(esbuild.formatMessagesSync([message], { kind: 'error' }).join(''));
    process.exitCode = 1;
  }
}
