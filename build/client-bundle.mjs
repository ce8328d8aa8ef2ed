// The browser bundle: ESM, one lazy chunk per route segment, hashed names, source maps kept apart, and the
// manifest the server reads (its types: server/definition/build-output.ts).
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { appEntries, appModulesPlugin, evaluateApp } from './app-modules.mjs';
import { hintEntryCompile } from './compile-hint.mjs';
import { nameScriptsByContent } from './content-names.mjs';
import { mergeEntryChunks, staticImportsOf } from './entry-merge.mjs';
import { keepRecentBuilds } from './kept-builds.mjs';
import { BROWSER_TARGETS, DIST, ROOT } from './paths.mjs';
import { precompress } from './precompress.mjs';
import { reactEsmPlugin } from './react-esm.mjs';
import { reminifyScripts } from './reminify.mjs';

export { staticImportsOf } from './entry-merge.mjs';

/** Folders whose code must never reach the browser (secrets, data access). */
const SERVER_ONLY_DIRS = ['server/'];

/** Thrown when a server-only module is reachable from the client entry. */
export class ServerModuleLeakError extends Error {
  name = 'ServerModuleLeakError';
}

/** Thrown when dev mode's Fast Refresh code (build/dev/) reaches a production bundle. */
export class DevCodeLeakError extends Error {
  name = 'DevCodeLeakError';
}

/** Names only dev mode's refresh code uses: the transform's registrations, the runtime and its globals. */
const DEV_ONLY_NAMES = [
  '$RefreshReg$',
  '$RefreshSig$',
  'injectIntoGlobalHook',
  'performReactRefresh',
  '__ssrDevRefresh',
  '__ssrDevShowError',
];

/** Fails the production build when a script names any of DEV_ONLY_NAMES. */
function refuseDevCode(outputFiles) {
  for (const file of outputFiles) {
    if (!file.path.endsWith('.js')) continue;
    const name = DEV_ONLY_NAMES.find((candidate) => file.text.includes(candidate));
    if (name) {
      throw new DevCodeLeakError(
        `${path.basename(file.path)} contains dev mode's Fast Refresh code (${name}): it must never reach a production build`,
      );
    }
  }
}

/**
 * Bundles the client entry into `outdir/client`, moves source maps to `outdir/sourcemaps` (written, never
 * served) and returns the manifest: build id, entry, stylesheets, and per route its chunk and static imports.
 * The two builds before it keep their client files there (build/kept-builds.mjs); older ones go.
 */
export async function buildClient({
  entry = 'client/entry.tsx',
  outdir = DIST,
  minify = true,
  app: appOptions,
} = {}) {
  const entries = await appEntries(ROOT, appOptions);
  const publicDir = path.join(outdir, 'client');
  const evaluation = evaluateApp(ROOT, entries.app);
  const { outputFiles, metafile } = await bundleClient({ entry, publicDir, minify, entries, evaluation });
  await mkdir(publicDir, { recursive: true });
  await Promise.all(outputFiles.map((file) => writeFile(file.path, file.contents)));
  await moveSourceMaps(publicDir, path.join(outdir, 'sourcemaps'));
  const written = outputFiles
    .map((file) => path.basename(file.path))
    .filter((name) => !name.endsWith('.map'));
  const compressed = await precompress(publicDir, written);
  const manifest = createManifest(metafile, publicDir, entry, await evaluation);
  await keepRecentBuilds(outdir, publicDir, manifest.buildId, [...written, ...compressed]);
  return { ...manifest, ...inlineStyleOf(manifest.stylesheets, outputFiles, publicDir) };
}

/**
 * The production client's files, in memory: esbuild's bundle with one chunk per route, the chunks the entry
 * imports statically merged into it (build/entry-merge.mjs), oxc's minifier, V8's eager compile hint on the
 * entry (build/compile-hint.mjs), then the final names (build/content-names.mjs). Returns `{ outputFiles, metafile }`; bench/client-js.mjs rebuilds them with
 * it and checks them against dist/client byte for byte.
 */
export async function bundleClient({ entry, publicDir, minify, entries, evaluation }) {
  const options = { ...clientOptions({ entry, publicDir, minify, entries, evaluation }), write: false };
  const firstPass = await esbuild.build(options).catch((error) => {
    const leak = error.errors?.find((message) => message.text.startsWith(SERVER_MODULE_LEAK));
    if (!leak) throw error;
    throw new ServerModuleLeakError(
      `${leak.text}. Keep data access in server/ keyed by route id; client/ and pages import only shared/.`,
    );
  });
  refuseDevCode(firstPass.outputFiles);
  const merged = await mergeEntryChunks(firstPass, { publicDir, entry, minify });
  const files = minify
    ? hintEntryCompile(reminifyScripts(merged.outputFiles), merged.metafile, entry)
    : merged.outputFiles;
  return nameScriptsByContent(files, merged.metafile);
}

/** A stylesheet up to this size goes into the document itself, as Astro's `inlineStylesheets: 'auto'` does. */
export const INLINE_STYLE_MAX_BYTES = 4096;

/**
 * The entry's stylesheet as text for the document to carry in a `<style>`, when it is small and stands
 * alone: one request fewer before the page's scripts run (a pending stylesheet holds them back), and one
 * connection fewer of the browser's six. A stylesheet with `url()` or `@import` stays linked: its relative
 * URLs resolve against its own address, not the page's. Dev mode links it always (it swaps the link on edit).
 */
export function inlineStyleOf(stylesheets, outputFiles, publicDir) {
  if (stylesheets.length !== 1) return {};
  const file = outputFiles.find((output) => output.path === path.join(publicDir, stylesheets[0]));
  const text = file?.text.trim();
  if (!text || Buffer.byteLength(text) > INLINE_STYLE_MAX_BYTES || /url\(|@import/i.test(text)) return {};
  return { inlineStyle: text };
}

/**
 * esbuild options of the client bundle, shared by `buildClient`, dev mode and the bench's size analysis. Dev
 * mode adds its own plugins (Fast Refresh, its output) after these, so both build the same code.
 */
export function clientOptions({ entry, publicDir, minify, entries, evaluation }) {
  return {
    absWorkingDir: ROOT,
    entryPoints: [entry],
    plugins: [
      serverOnlyGuard,
      appModulesPlugin(ROOT, entries, evaluation),
      // Production only: dev mode's Fast Refresh registry keys React by its resolved file, which the hot
      // modules resolve without this plugin (build/dev/refresh-transform.mjs).
      ...(minify ? [reactEsmPlugin(ROOT)] : []),
    ],
    outdir: publicDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: BROWSER_TARGETS,
    minify,
    sourcemap: 'external',
    metafile: true,
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    // Sentry's documented switch for bundlers: its debug logging (the `debug` option, which the browser's
    // Sentry never sets) leaves its chunk.
    define: { 'process.env.NODE_ENV': '"production"', __SENTRY_DEBUG__: 'false' },
    // React's license headers go to a `.LEGAL.txt` file served beside each script, which links to it,
    // instead of riding along in every first visit.
    legalComments: 'linked',
    // Files the stylesheet points at (the drawings used as masks) become hashed files next to it.
    loader: { '.svg': 'file' },
    logLevel: 'silent',
  };
}

const SERVER_MODULE_LEAK = 'Server-only module in the client bundle';

/** An app's segment modules (`book.server.ts`): their data steps and actions are server-only. */
const SERVER_MODULE_FILE = /\.server\.[cm]?[jt]sx?$/;
/** The runtime's server-only public entries (package.json's `imports`). */
const SERVER_ENTRIES = /^#runtime\/(server|database|test-kit)$/;

/**
 * Fails the build at the first import of a server-only module, naming the importer: the runtime's server/,
 * its server entries, or an app's segment module (`*.server.ts`).
 */
export const serverOnlyGuard = {
  name: 'server-only-guard',
  setup(build) {
    const refuse = (args, target) => {
      const importer = path.relative(ROOT, args.importer);
      return { errors: [{ text: `${SERVER_MODULE_LEAK}: ${importer} imports ${target}` }] };
    };
    build.onResolve({ filter: /^\./ }, (args) => {
      const target = path.relative(ROOT, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/');
      const serverOnly =
        SERVER_ONLY_DIRS.some((dir) => target.startsWith(dir)) || SERVER_MODULE_FILE.test(target);
      return serverOnly ? refuse(args, target) : undefined;
    });
    build.onResolve({ filter: SERVER_ENTRIES }, (args) => refuse(args, args.path));
  },
};

/**
 * The manifest: build id, the entry's chunk and stylesheets, and per route tree node (by id) and per locale
 * its chunk with its static imports, so a page can preload exactly what its segments need.
 */
export function createManifest(metafile, publicDir, entry, { patterns, segmentModules, localeModules }) {
  const outputs = metafile.outputs;
  const publicName = (output) => path.relative(publicDir, path.join(ROOT, output)).split(path.sep).join('/');
  // The entry is every page's boot script: a chunk that imports it (since the entry merge) does not preload it.
  const describe = (output) => ({
    file: publicName(output),
    imports: [...staticImportsOf(outputs, output)].filter((file) => file !== entryOutput).map(publicName),
  });

  const routes = {};
  const locales = {};
  const chunkOf = {};
  let entryOutput;
  let stylesheets = [];
  for (const [output, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || !output.endsWith('.js')) continue;
    if (meta.entryPoint === entry) {
      entryOutput = output;
      if (meta.cssBundle) stylesheets = [publicName(meta.cssBundle)];
      continue;
    }
    chunkOf[meta.entryPoint] = output;
  }
  for (const [id, modulePath] of Object.entries(segmentModules)) {
    if (!chunkOf[modulePath]) throw new Error(`No chunk for route segment "${id}" (${modulePath})`);
    routes[id] = describe(chunkOf[modulePath]);
  }
  // The first module each locale's loadLocale imports (its strings), with what that chunk imports.
  for (const [locale, [modulePath]] of Object.entries(localeModules)) {
    if (modulePath && chunkOf[modulePath]) locales[locale] = describe(chunkOf[modulePath]);
  }
  if (!entryOutput) throw new Error(`esbuild produced no output for the client entry ${entry}`);
  // Per page (leaf), its segments root first: what it preloads and what its first load costs.
  const pages = Object.fromEntries(
    patterns
      .filter((pattern) => routes[pattern.id])
      .map((pattern) => [pattern.id, pattern.branch.map(({ id }) => id)]),
  );
  const manifest = { entry: describe(entryOutput), stylesheets, routes, pages, locales };
  const buildId = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
  return { buildId, ...manifest };
}

/** Moves the source maps out of the public folder: written for stack traces, never served. */
export async function moveSourceMaps(publicDir, mapsDir) {
  await rm(mapsDir, { recursive: true, force: true });
  await mkdir(mapsDir, { recursive: true });
  for (const name of await readdir(publicDir)) {
    if (name.endsWith('.map')) await rename(path.join(publicDir, name), path.join(mapsDir, name));
  }
}
