// Client JavaScript sizes for bench/run.mjs: what a first visit and a client navigation download per route
// (from dist/manifest.json), Sentry's chunk, and how many of the bytes are our runtime's own code.
//
// Method for "our runtime's own bytes": build.mjs's bundleClient runs once more in memory (esbuild, the
// entry merge, oxc, the final names), and its outputs are checked byte for byte against dist/client, so the
// attribution below describes the files actually served. Each input path is classified (runtime = client/,
// shared/routing/, shared/ui/; app = apps/storefront/, shared/debug/; react = react, react-dom,
// scheduler; sentry = @sentry/*). Raw bytes are esbuild's first-pass `bytesInOutput` per input (before the
// merge and the oxc pass), summed over the first-pass chunks a served script is made of. Compressed bytes
// are measured two ways: (1) exact text: the source map says which source each generated character range
// comes from, so the runtime's minified text is cut out of the outputs (a script's closing export clause,
// the bundler's glue, left out), concatenated and gzipped/brotlied as one stream (slightly optimistic: one
// stream compresses better than several files); (2) proportional: each output file's compressed size times
// the runtime's share of its raw bytes.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { appEntries } from '../build/app-modules.mjs';
import { bundleClient, staticImportsOf } from '../build.mjs';
import { brotliSize, classifyInput, gzipSize, textByCategory } from './lib/bytes.mjs';

const CLIENT_ENTRY = 'client/entry.tsx';

/**
 * Returns per-route download sizes, Sentry's chunk and the runtime attribution. `distDir` holds manifest.json
 * and client/ (from `node build.mjs`).
 */
export async function analyzeClientJs(root, distDir) {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8'));
  const publicDir = path.join(distDir, 'client');
  const sizes = createSizes(publicDir);
  const replica = await replicaBuild(root, publicDir);
  const sentry = await sentryFilesOf(replica, publicDir);
  const entryFiles = await entryFilesOf(manifest, sizes);
  const routeFiles = (id) => [
    ...new Set(
      manifest.pages[id]
        .map((segmentId) => manifest.routes[segmentId])
        .filter(Boolean)
        .flatMap((chunk) => [chunk.file, ...chunk.imports]),
    ),
  ];
  const routes = {};
  for (const id of Object.keys(manifest.pages)) {
    routes[id] = await routeSizes(id, { manifest, entryFiles, routeFiles, sentryFiles: sentry.files, sizes });
  }
  const productFirstLoad = new Set([...entryFiles, ...routeFiles('product')]);
  const attribution = await attribute(root, replica, productFirstLoad, sizes);
  return {
    buildId: manifest.buildId,
    replicaMatchesDist: replica.mismatched.length === 0,
    replicaMismatches: replica.mismatched,
    entry: await sizes.total(entryFiles),
    sentry: { method: sentry.method, files: sentry.files, ...(await sizes.total(sentry.files)) },
    routes,
    ...attribution,
  };
}

/** Sizes of served files (raw, gzip -9, brotli 11), each read once. */
function createSizes(publicDir) {
  const cache = new Map();
  const of = async (file) => {
    if (!cache.has(file)) {
      const bytes = await readFile(path.join(publicDir, file));
      cache.set(file, { raw: bytes.length, gzip: gzipSize(bytes), brotli: brotliSize(bytes) });
    }
    return cache.get(file);
  };
  const total = async (files) => {
    const sum = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const size = await of(file);
      sum.raw += size.raw;
      sum.gzip += size.gzip;
      sum.brotli += size.brotli;
    }
    return sum;
  };
  return { of, total };
}

/**
 * The in-memory replica build (build.mjs's bundleClient: esbuild, the entry merge, oxc, the final names), for
 * the metafile and source maps; `mismatched` lists scripts that differ from the served ones.
 */
async function replicaBuild(root, publicDir) {
  const entries = await appEntries(root);
  const { outputFiles, metafile } = await bundleClient({
    entry: CLIENT_ENTRY,
    publicDir,
    minify: true,
    entries,
  });
  const publicName = (output) =>
    path.relative(publicDir, path.resolve(root, output)).split(path.sep).join('/');
  const contents = new Map(outputFiles.map((file) => [publicName(file.path), file]));
  const mismatched = [];
  for (const [name, file] of contents) {
    if (!name.endsWith('.js')) continue;
    const served = await readFile(path.join(publicDir, name)).catch(() => null);
    if (!served || Buffer.compare(served, Buffer.from(file.contents)) !== 0) mismatched.push(name);
  }
  return { outputs: metafile.outputs, publicName, contents, mismatched };
}

/**
 * Sentry's chunk: the output whose entry point is the dynamic import of client/monitoring/sentry-browser.ts,
 * plus what it imports statically; failing that, the served files carrying Sentry's global marker.
 */
async function sentryFilesOf({ outputs, publicName }, publicDir) {
  const sentryOutput = Object.keys(outputs).find(
    (output) => outputs[output].entryPoint === 'client/monitoring/sentry-browser.ts',
  );
  const files = sentryOutput
    ? [sentryOutput, ...staticImportsOf(outputs, sentryOutput)]
        .filter((output) => outputs[output].entryPoint !== CLIENT_ENTRY)
        .map(publicName)
        .filter((name) => name.endsWith('.js'))
    : [];
  if (files.length > 0 && files.every((file) => existsSync(path.join(publicDir, file)))) {
    return { method: 'metafile (entryPoint client/monitoring/sentry-browser.ts)', files };
  }
  const marked = [];
  for (const name of await readdir(publicDir)) {
    if (!name.endsWith('.js')) continue;
    const text = await readFile(path.join(publicDir, name), 'utf8').catch(() => '');
    if (text.includes('__SENTRY__')) marked.push(name);
  }
  return { method: 'content marker __SENTRY__', files: marked };
}

/**
 * The entry and what it imports; a first visit also downloads its locale's module (what the app's
 * loadLocale imports, preloaded): counted here with the entry, taking the largest locale.
 */
async function entryFilesOf(manifest, sizes) {
  let localeFiles = [];
  let largestLocale = -1;
  for (const chunk of Object.values(manifest.locales ?? {})) {
    const files = [chunk.file, ...chunk.imports];
    const { gzip } = await sizes.total(files);
    if (gzip > largestLocale) [largestLocale, localeFiles] = [gzip, files];
  }
  return [...new Set([manifest.entry.file, ...manifest.entry.imports, ...localeFiles])];
}

/** A page's first load, with Sentry, and what a navigation to it fetches (from the entry alone, from home). */
async function routeSizes(id, { manifest, entryFiles, routeFiles, sentryFiles, sizes }) {
  const entrySet = new Set(entryFiles);
  const firstLoad = [...new Set([...entryFiles, ...routeFiles(id)])];
  const withSentry = [...new Set([...firstLoad, ...sentryFiles])];
  const navigation = routeFiles(id).filter((file) => !entrySet.has(file));
  const homeLoaded = new Set([...entryFiles, ...routeFiles('home')]);
  const navigationFromHome = routeFiles(id).filter((file) => !homeLoaded.has(file));
  const ownChunks = manifest.pages[id].map((segmentId) => manifest.routes[segmentId]?.file);
  return {
    firstLoad: await sizes.total(firstLoad),
    firstLoadWithSentry: await sizes.total(withSentry),
    navigation: { ...(await sizes.total(navigation)), list: navigation },
    navigationFromHome: { ...(await sizes.total(navigationFromHome)), list: navigationFromHome },
    // Anything a navigation would fetch besides its segments' chunks and the chunks they import.
    navigationExtras: navigation.filter(
      (file) => !ownChunks.includes(file) && !routeFiles(id).includes(file),
    ),
  };
}

/** Attribution of every JS output's bytes to categories (react, runtime, app, other packages). */
async function attribute(root, { outputs, publicName, contents }, productFirstLoad, sizes) {
  const totals = {
    byCategory: {},
    runtimeInputs: {},
    productFirstLoadByCategory: {},
    proportional: { gzip: 0, brotli: 0 },
  };
  const runtimeTexts = [];
  const runtimeFirstLoadTexts = [];
  for (const [output, meta] of Object.entries(outputs)) {
    if (!output.endsWith('.js')) continue;
    const name = publicName(output);
    await addOutputBytes(totals, meta, name, productFirstLoad.has(name), sizes);
    const file = contents.get(name);
    const map = contents.get(`${name}.map`);
    if (!file || !map) continue;
    const mapDir = path.dirname(path.resolve(root, output));
    const categoryOfSource = (source) =>
      classifyInput(path.relative(root, path.resolve(mapDir, source)).split(path.sep).join('/'));
    const parts = textByCategory(withoutClosingExports(file.text), JSON.parse(map.text), categoryOfSource);
    if (parts.runtime) {
      runtimeTexts.push(parts.runtime);
      if (productFirstLoad.has(name)) runtimeFirstLoadTexts.push(parts.runtime);
    }
  }
  return runtimeSummary(
    totals,
    Buffer.from(runtimeTexts.join('\n')),
    Buffer.from(runtimeFirstLoadTexts.join('\n')),
  );
}

/**
 * A script without its closing `export{…}`: the bundler's glue between files, from no source. A source map
 * gives it to the code before it (a segment runs to the next one), which would count the merged entry's list
 * of exports (build/entry-merge.mjs, 0.6 KB in the storefront) as the runtime's own code.
 */
function withoutClosingExports(text) {
  const closing = /export\{[^{}]*\};?\s*(?:\/\*![\s\S]*?\*\/\s*)?$/.exec(text);
  return closing ? text.slice(0, closing.index) : text;
}

/** Adds one output's input bytes to the totals, and its gzip/brotli share where it carries runtime code. */
async function addOutputBytes(totals, meta, name, inProductFirstLoad, sizes) {
  const outputTotal = Object.values(meta.inputs).reduce((sum, input) => sum + input.bytesInOutput, 0);
  let runtimeBytes = 0;
  for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
    const category = classifyInput(input);
    totals.byCategory[category] = (totals.byCategory[category] ?? 0) + bytesInOutput;
    if (category === 'runtime') {
      runtimeBytes += bytesInOutput;
      totals.runtimeInputs[input] = (totals.runtimeInputs[input] ?? 0) + bytesInOutput;
    }
  }
  if (inProductFirstLoad && outputTotal > 0) {
    const size = await sizes.of(name);
    for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
      const category = classifyInput(input);
      totals.productFirstLoadByCategory[category] =
        (totals.productFirstLoadByCategory[category] ?? 0) + (size.gzip * bytesInOutput) / outputTotal;
    }
  }
  if (runtimeBytes > 0 && outputTotal > 0) {
    const size = await sizes.of(name);
    totals.proportional = {
      gzip: totals.proportional.gzip + (size.gzip * runtimeBytes) / outputTotal,
      brotli: totals.proportional.brotli + (size.brotli * runtimeBytes) / outputTotal,
    };
  }
}

function runtimeSummary(
  { byCategory, runtimeInputs, productFirstLoadByCategory, proportional },
  runtimeText,
  runtimeFirstLoadText,
) {
  const sentryGlue = Object.entries(runtimeInputs)
    .filter(([input]) => input.startsWith('client/monitoring/'))
    .reduce((sum, [, bytes]) => sum + bytes, 0);
  return {
    runtime: {
      rawBytes: byCategory.runtime ?? 0,
      textBytes: runtimeText.length,
      gzip: gzipSize(runtimeText),
      brotli: brotliSize(runtimeText),
      proportionalGzip: Math.round(proportional.gzip),
      proportionalBrotli: Math.round(proportional.brotli),
      productFirstLoadGzip: gzipSize(runtimeFirstLoadText),
      sentryGlueRawBytes: sentryGlue,
      topInputs: Object.entries(runtimeInputs)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([input, bytes]) => ({ input, bytes })),
    },
    rawBytesByCategory: byCategory,
    /** gzip bytes of the product page's first load by category (each file's gzip size split by raw share). */
    productFirstLoadGzipByCategory: Object.fromEntries(
      Object.entries(productFirstLoadByCategory).map(([category, bytes]) => [category, Math.round(bytes)]),
    ),
  };
}

// `node bench/client-js.mjs` after `npm run build`: the runtime's bytes and the product page's first load.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { DIST, ROOT } = await import('../build/paths.mjs');
  const result = await analyzeClientJs(ROOT, DIST);
  const { firstLoad } = result.routes.product;
  console.log(`runtime's own code: ${result.runtime.gzip} B gzip (${result.runtime.rawBytes} B minified)`);
  console.log(`product first load: ${firstLoad.gzip} B gzip in ${firstLoad.files} files`);
}
