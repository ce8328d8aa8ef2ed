// Builds the browser bundle (ESM, one lazy chunk per route, hashed names, manifest) and the server bundle.
// `node build.mjs` always builds; `node build.mjs --if-needed` skips when dist/ is newer than every source;
// `node build.mjs --dev` (npm run dev) rebuilds on change, restarts the server and reloads the browser (below).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import remapping from '@jridgewell/remapping';
import * as esbuild from 'esbuild';
import { minifySync } from 'oxc-minify';
import { appEntries, appModulesPlugin, evaluateApp } from './build/app-modules.mjs';

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const SOURCE_DIRS = ['client', 'shared', 'server', 'build'];
/** The browsers the client bundle supports (esbuild's and oxc-minify's syntax target). */
const BROWSER_TARGETS = ['es2022', 'chrome111', 'firefox114', 'safari16.4'];
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
export async function buildClient({
  entry = 'client/entry.tsx',
  outdir = DIST,
  minify = true,
  app: appOptions,
} = {}) {
  const entries = await appEntries(ROOT, appOptions);
  const publicDir = path.join(outdir, 'client');
  await rm(publicDir, { recursive: true, force: true });
  const evaluation = evaluateApp(ROOT, entries.app);
  const options = { ...clientOptions({ entry, publicDir, minify, entries, evaluation }), write: false };
  const result = await esbuild.build(options).catch((error) => {
    const leak = error.errors?.find((message) => message.text.startsWith(SERVER_MODULE_LEAK));
    if (!leak) throw error;
    throw new ServerModuleLeakError(
      `${leak.text}. Keep data access in server/ keyed by route id; client/ and pages import only shared/.`,
    );
  });
  const files = minify ? reminifyScripts(result.outputFiles) : result.outputFiles;
  await mkdir(publicDir, { recursive: true });
  await Promise.all(files.map((file) => writeFile(file.path, file.contents)));
  await moveSourceMaps(publicDir, path.join(outdir, 'sourcemaps'));
  await precompress(publicDir);
  return createManifest(result.metafile, publicDir, entry, await evaluation);
}

/**
 * Minifies each script of esbuild's output once more with oxc's minifier, whose compressor and mangler
 * make the first visit ~1.6 KB gzip smaller than esbuild's alone (measured with bench/client-js.mjs), and
 * chains the source maps so they still point at our sources. Input and output: esbuild's output files.
 */
export function reminifyScripts(outputFiles) {
  const mapOf = new Map(outputFiles.map((file) => [file.path, file]));
  return outputFiles.flatMap((file) => {
    if (file.path.endsWith('.js.map')) return [];
    if (!file.path.endsWith('.js')) return [file];
    const esbuildMap = mapOf.get(`${file.path}.map`);
    const result = minifySync(path.basename(file.path), file.text, {
      module: true,
      compress: { target: BROWSER_TARGETS },
      mangle: { toplevel: true },
      // Keeps esbuild's link to the script's .LEGAL.txt (the license headers).
      codegen: { legalComments: 'inline' },
      sourcemap: Boolean(esbuildMap),
    });
    if (result.errors.length > 0) {
      throw new Error(
        `oxc-minify failed on ${file.path}: ${result.errors.map((error) => error.message).join('; ')}`,
      );
    }
    const outputFile = (filePath, text) => ({ path: filePath, text, contents: Buffer.from(text) });
    if (!esbuildMap) return [outputFile(file.path, result.code)];
    const map = remapping([result.map, esbuildMap.text], () => null);
    return [
      outputFile(file.path, `${result.code}\n//# sourceMappingURL=${path.basename(esbuildMap.path)}\n`),
      outputFile(esbuildMap.path, JSON.stringify(map)),
    ];
  });
}

/**
 * Writes `.br` and `.gz` next to every script, stylesheet and SVG drawing, so the server sends them
 * compressed with no work per request (server/pipeline/serve-assets.ts picks one by Accept-Encoding).
 */
async function precompress(publicDir) {
  const names = (await readdir(publicDir)).filter((name) => /\.(js|css|svg)$/.test(name));
  await Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(publicDir, name));
      const brotli = await brotliCompressAsync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      const gzip = await gzipAsync(bytes, { level: 9 });
      await Promise.all([
        writeFile(path.join(publicDir, `${name}.br`), brotli),
        writeFile(path.join(publicDir, `${name}.gz`), gzip),
      ]);
    }),
  );
}

/** esbuild options of the client bundle, shared by `buildClient`, dev mode and the bench's size analysis. */
export function clientOptions({ entry, publicDir, minify, entries, evaluation }) {
  return {
    absWorkingDir: ROOT,
    entryPoints: [entry],
    plugins: [serverOnlyGuard, appModulesPlugin(ROOT, entries, evaluation)],
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
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's license headers go to a `.LEGAL.txt` file served beside each script, which links to it,
    // instead of riding along in every first visit (~0.4 KB gzip).
    legalComments: 'linked',
    // Files the stylesheet points at (the drawings used as masks) become hashed files next to it.
    loader: { '.svg': 'file' },
    logLevel: 'silent',
  };
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

/**
 * The manifest: build id, the entry's chunk and stylesheets, and per route tree node (by id) and per locale
 * its chunk with its static imports, so a page can preload exactly what its segments need.
 */
function createManifest(metafile, publicDir, entry, { patterns, segmentModules, localeModules }) {
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

async function moveSourceMaps(publicDir, mapsDir) {
  await rm(mapsDir, { recursive: true, force: true });
  await mkdir(mapsDir, { recursive: true });
  for (const name of await readdir(publicDir)) {
    if (name.endsWith('.map')) await rename(path.join(publicDir, name), path.join(mapsDir, name));
  }
}

/** Bundles the server entry for Node; npm packages stay external and are loaded from node_modules. */
export async function buildServer({ outdir = DIST, app: appOptions } = {}) {
  const entries = await appEntries(ROOT, appOptions);
  await esbuild.build(serverOptions({ outdir, entries }));
}

/** esbuild options of the server bundle, shared by `buildServer` and dev mode. */
function serverOptions({ outdir, entries }) {
  return {
    plugins: [appModulesPlugin(ROOT, entries)],
    absWorkingDir: ROOT,
    // instrument.mjs is loaded with --import before index.mjs; Sentry's code is a chunk of its own, loaded
    // only when SENTRY_DSN is set.
    entryPoints: { index: 'server/process/index.ts', instrument: 'server/monitoring/instrument.ts' },
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
      'pino',
      'pino-pretty',
      'helmet',
      'compression',
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

/**
 * The full build: client, manifest, server. `app` names the app's definitions ({ app, serverApp }, paths
 * from the project root), package.json's "ssr" field by default. Returns the manifest.
 */
export async function build({ outdir = DIST, app } = {}) {
  const [manifest] = await Promise.all([buildClient({ outdir, app }), buildServer({ outdir, app })]);
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function isUpToDate() {
  const built = await stat(path.join(DIST, 'manifest.json')).catch(() => null);
  if (!built) return false;
  // package.json names the app; build/ holds the build's parts.
  const sources = ['build.mjs', 'package.json', 'package-lock.json'].map((file) => path.join(ROOT, file));
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
  // The build already wrote each file's .gz: read its size instead of compressing again.
  const gzipSizes = new Map();
  const gzipSize = async (file) => {
    if (!gzipSizes.has(file)) gzipSizes.set(file, (await stat(path.join(DIST, 'client', `${file}.gz`))).size);
    return gzipSizes.get(file);
  };
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const totalOf = async (files) => {
    let total = 0;
    for (const file of new Set(files)) total += await gzipSize(file);
    return total;
  };
  const rows = [['page', 'its chunks (gzip)', 'first load JS (gzip, largest locale)']];
  const chunkFiles = (chunk) => (chunk ? [chunk.file, ...chunk.imports] : []);
  const entryFiles = chunkFiles(manifest.entry);
  const localeFiles = Object.values(manifest.locales).map(chunkFiles);
  for (const [id, segmentIds] of Object.entries(manifest.pages)) {
    const segmentChunks = segmentIds.map((segmentId) => manifest.routes[segmentId]).filter(Boolean);
    const pageFiles = [...entryFiles, ...segmentChunks.flatMap(chunkFiles)];
    const totals = await Promise.all(
      (localeFiles.length ? localeFiles : [[]]).map((files) => totalOf([...pageFiles, ...files])),
    );
    const own = await totalOf(segmentChunks.map((chunk) => chunk.file));
    rows.push([id, kb(own), kb(Math.max(...totals))]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ')).join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Dev mode: `node build.mjs --dev` (npm run dev).
//
// - esbuild contexts watch the client and the server bundles (the production options, not minified). A
//   change seen by one watcher rebuilds the other bundle too, so one edit means one restart.
// - After each successful build: the manifest is written, the server child is stopped (SIGTERM, SIGKILL
//   after DEV_STOP_MS) and started again with the `npm start` command on a free port of 127.0.0.1, and
//   open tabs are told to reload.
// - A proxy (node:http) on PORT (default 3000) and HOST (default 127.0.0.1) forwards every request to the
//   current child and streams the response back unchanged, except HTML, which gets
//   `<script src="/__dev/reload.js" async>` before `</body>`. HTML is requested uncompressed
//   (`Accept-Encoding: identity`); an HTML response that is compressed anyway passes through untouched.
//   The script is external and same-origin, so a nonce-based Content-Security-Policy keeps working: the tag
//   carries the page's nonce when the policy has one, and the policy is relaxed only when it would still
//   block the script or its EventSource (see relaxCspForDevScript).
// - The script listens to /__dev/events (server-sent events): `reload` reloads the tab; `error` shows the
//   build error (esbuild's formatted messages, also printed in the terminal) in an overlay. A failed build
//   leaves the last good server running; the next good one reloads the tabs.
// - While the child restarts, requests wait for the new one (up to DEV_WAIT_MS), then get a 503 page that
//   reloads itself once a build succeeds.
// - SIGINT/SIGTERM dispose of the watchers, close the proxy and its event streams, and stop the child.
// The runtime code knows nothing of any of this.
//
// Environment: PORT and HOST (the proxy); DEV_OUTDIR (default dist/dev, apart from the production build in
// dist/, so `npm start --if-needed` never takes a dev build; it must be inside the project, so that the
// server bundle finds node_modules); DEV_EXTRA_IMPORT (a test hook: a module that the server entry imports
// for its side effects, so a test can cause rebuilds and build errors without editing real sources). The
// rest (BASE_PATH, LOG_LEVEL, ...) reaches the child as it is, with PORT and HOST set to the internal
// address; COOKIE_SECRET, when unset, is one random key for the whole dev session, so carts survive
// restarts.

/** How long a request waits for a (re)starting server before the proxy answers 503. */
const DEV_WAIT_MS = 5_000;
/** How long a stopping server gets after SIGTERM before SIGKILL. */
const DEV_STOP_MS = 3_000;
/** How long a new server gets to answer /readyz. */
const DEV_START_MS = 15_000;
const DEV_ENTRY = 'client/entry.tsx';
const DEV_SCRIPT_PATH = '/__dev/reload.js';
const DEV_EVENTS_PATH = '/__dev/events';
const HOP_BY_HOP_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

/**
 * Served at /__dev/reload.js. `hello` carries the server generation: a tab whose HTML came from an older
 * server (a restart happened before it connected) reloads. Only DOM APIs and CSSOM (`style.cssText`), so a
 * strict CSP (no inline styles, Trusted Types) does not get in the way.
 */
const DEV_RELOAD_SCRIPT = `(() => {
  const script = document.currentScript;
  const loaded = script ? new URL(script.src).searchParams.get('g') : null;
  const events = new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
  let overlay = null;
  const hide = () => {
    overlay?.remove();
    overlay = null;
  };
  const show = (title, message) => {
    hide();
    overlay = document.createElement('div');
    overlay.setAttribute('role', 'alert');
    overlay.dataset.devOverlay = '';
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:24px 32px;' +
      'background:rgba(24,24,27,.95);color:#fafafa;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace';
    const heading = document.createElement('div');
    heading.style.cssText = 'font-size:18px;font-weight:bold;color:#fca5a5;margin-bottom:12px';
    heading.textContent = title;
    const text = document.createElement('pre');
    text.style.cssText = 'white-space:pre-wrap;margin:0 0 16px';
    text.textContent = message;
    const hint = document.createElement('div');
    hint.style.cssText = 'color:#a1a1aa';
    hint.textContent = 'The page reloads when the next build succeeds. Esc hides this.';
    overlay.append(heading, text, hint);
    (document.body ?? document.documentElement).append(overlay);
  };
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
  events.addEventListener('hello', (event) => {
    if (loaded !== null && JSON.parse(event.data).generation !== Number(loaded)) location.reload();
  });
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('error', (event) => {
    // A connection error is a plain Event; a build error is a message with data.
    if (!(event instanceof MessageEvent)) return;
    const { title, message } = JSON.parse(event.data);
    show(title, message);
  });
})();
`;

/**
 * Lets a page's Content-Security-Policy load the dev script (`<script src="/__dev/reload.js">`, same
 * origin) and open its EventSource (same origin). Returns the header to send (the original one when
 * nothing had to change) and the nonce to put on the script tag, if any:
 * - a nonce in the policy that governs script elements (`script-src-elem`, else `script-src`, else
 *   `default-src`) is reused, so a nonce-based policy, even with 'strict-dynamic', needs no change;
 * - otherwise a policy that allows 'self' (or `*`) needs no change;
 * - otherwise the governing directive gets 'self' (or, with 'strict-dynamic', which ignores 'self', a nonce
 *   of ours); if the governing directive is a fallback, a `script-src` with its sources plus that one is
 *   added instead, so nothing but scripts is relaxed. `connect-src` (else `default-src`) likewise gets
 *   'self'. Only the dev proxy does this, for its own same-origin script.
 */
export function relaxCspForDevScript(header) {
  if (!header) return { header, nonce: undefined };
  const headers = Array.isArray(header) ? header : [header];
  const parsed = headers.map((value) =>
    value.split(',').map((policy) =>
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...sources]) => ({ name: name.toLowerCase(), sources })),
    ),
  );
  const find = (policy, names) => {
    for (const name of names) {
      const directive = policy.find((candidate) => candidate.name === name);
      if (directive) return directive;
    }
    return undefined;
  };
  const SCRIPT = ['script-src-elem', 'script-src', 'default-src'];
  const CONNECT = ['connect-src', 'default-src'];
  let nonce;
  for (const policy of parsed.flat()) {
    const sources = find(policy, SCRIPT)?.sources ?? [];
    const found = sources.find((source) => /^'nonce-[A-Za-z0-9+/_=-]+'$/i.test(source));
    if (found) {
      nonce = found.slice("'nonce-".length, -1);
      break;
    }
  }
  let changed = false;
  /** Adds `source` to the directive that governs `names[0]`, or adds that directive. */
  const allow = (policy, names, source) => {
    changed = true;
    const directive = find(policy, names);
    const sources = [...directive.sources.filter((existing) => existing.toLowerCase() !== "'none'"), source];
    if (directive.name === names[0] || (names[0] === 'script-src-elem' && directive.name === 'script-src')) {
      directive.sources = sources;
    } else {
      policy.push({ name: names[0] === 'script-src-elem' ? 'script-src' : names[0], sources });
    }
  };
  const has = (sources, wanted) => sources.some((source) => source.toLowerCase() === wanted.toLowerCase());
  for (const policy of parsed.flat()) {
    const script = find(policy, SCRIPT);
    if (script) {
      const strict = has(script.sources, "'strict-dynamic'");
      const allowed =
        (nonce && has(script.sources, `'nonce-${nonce}'`)) ||
        (!strict && (has(script.sources, "'self'") || has(script.sources, '*')));
      if (!allowed && strict) {
        nonce ??= randomBytes(18).toString('base64');
        allow(policy, SCRIPT, `'nonce-${nonce}'`);
      } else if (!allowed) {
        allow(policy, SCRIPT, "'self'");
      }
    }
    const connect = find(policy, CONNECT);
    if (connect && !has(connect.sources, "'self'") && !has(connect.sources, '*'))
      allow(policy, CONNECT, "'self'");
  }
  if (!changed) return { header, nonce };
  const serialized = parsed.map((policies) =>
    policies
      .map((policy) => policy.map(({ name, sources }) => [name, ...sources].join(' ')).join('; '))
      .join(', '),
  );
  return { header: Array.isArray(header) ? serialized : serialized[0], nonce };
}

/** Passes an HTML stream through, with `tag` inserted before the first `</body>` (or at the end). */
function injectBeforeBodyEnd(tag) {
  const marker = '</body>';
  const insert = Buffer.from(tag);
  let done = false;
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk, _encoding, callback) {
      if (done) return callback(null, chunk);
      const data = held.length ? Buffer.concat([held, chunk]) : chunk;
      // latin1 keeps one character per byte, so indices match; UTF-8 bytes of other text never match ASCII.
      const text = data.toString('latin1').toLowerCase();
      const at = text.indexOf(marker);
      if (at !== -1) {
        done = true;
        held = Buffer.alloc(0);
        return callback(null, Buffer.concat([data.subarray(0, at), insert, data.subarray(at)]));
      }
      // Hold back only a tail that could be the start of a `</body>` split across chunks, so streamed
      // HTML still reaches the browser at once.
      let keep = 0;
      for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
        if (marker.startsWith(text.slice(-length))) {
          keep = length;
          break;
        }
      }
      held = data.subarray(data.length - keep);
      callback(null, data.subarray(0, data.length - keep));
    },
    flush(callback) {
      callback(null, done ? held : Buffer.concat([held, insert]));
    },
  });
}

/** Appends `import "<file>"` to the server entry, and watches the entry (plugin-loaded files need that). */
function extraImportPlugin(file) {
  const entry = path.join(ROOT, 'server', 'process', 'index.ts');
  return {
    name: 'dev-extra-import',
    setup(build) {
      build.onLoad({ filter: /[\\/]server[\\/]process[\\/]index\.ts$/ }, async (args) => {
        if (args.path !== entry) return undefined;
        const source = await readFile(entry, 'utf8');
        // At the end, so line numbers (and source maps) are those of the real file; imports are hoisted.
        return {
          contents: `${source}\nimport ${JSON.stringify(file)};\n`,
          loader: 'ts',
          watchFiles: [entry],
        };
      });
    },
  };
}

/** Deletes the files under `dir` that the last build did not write (old hashed chunks). */
async function removeStaleOutputs(dir, metafile) {
  const current = new Set(Object.keys(metafile.outputs).map((output) => path.resolve(ROOT, output)));
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !current.has(file)) await rm(file, { force: true });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** True when the server on `port` answers /readyz with 200. */
function isReady(port) {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/readyz', agent: false, timeout: 1_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(false));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs dev mode until SIGINT/SIGTERM. */
async function dev({ outdir, port, host, extraImport }) {
  const entries = await appEntries(ROOT);
  const publicDir = path.join(outdir, 'client');
  const serverDir = path.join(outdir, 'server');
  const color = Boolean(process.stdout.isTTY);
  const log = (message) => console.log(`${color ? '\x1b[36mdev\x1b[0m' : 'dev'}: ${message}`);
  const cookieSecret = process.env.COOKIE_SECRET || randomBytes(32).toString('hex');

  let stopping = false;
  /** Bumped at each server start; pages carry the generation that served them. */
  let generation = 0;
  /** The build error (or server start failure) shown to tabs that connect, or null. */
  let problem = null;
  /** The server child being started or running: { process, port, agent, output, ready }. */
  let child = null;
  /** The child that accepts requests, or null while (re)starting. */
  let current = null;
  const waiters = new Set();
  const eventClients = new Set();

  const broadcast = (event, data) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of eventClients) client.write(frame);
  };
  /** True while a build, a restart or a server start is under way, so a request had better wait. */
  const starting = () => Boolean(child || applying || cycleActive);
  const settleWaiters = (server) => {
    for (const waiter of waiters) waiter(server);
    waiters.clear();
  };
  const report = (title, message) => {
    problem = { title, message };
    broadcast('error', problem);
    // Nothing is coming: waiting requests get the error page now rather than at their deadline.
    if (!current && !starting()) settleWaiters(null);
  };
  const setCurrent = (server) => {
    current = server;
    if (server) settleWaiters(server);
  };
  const waitForServer = (deadline) => {
    if (current || stopping || !starting()) return Promise.resolve(current);
    return new Promise((resolve) => {
      const waiter = (server) => {
        clearTimeout(timer);
        resolve(server);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        resolve(current);
      }, deadline - Date.now());
      waiters.add(waiter);
    });
  };

  // --- The server child -------------------------------------------------------------------------------
  async function startServer() {
    const record = {
      port: await freePort(),
      agent: new http.Agent({ keepAlive: true }),
      output: '',
      exit: null,
      listening: false,
    };
    record.process = spawn(
      process.execPath,
      [
        '--enable-source-maps',
        '--import',
        pathToFileURL(path.join(serverDir, 'instrument.mjs')).href,
        path.join(serverDir, 'index.mjs'),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: String(record.port), HOST: '127.0.0.1', COOKIE_SECRET: cookieSecret },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = record;
    const keep = (chunk) => {
      record.output = (record.output + chunk.toString()).slice(-6_000);
      if (record.output.includes('"msg":"listening"')) record.listening = true;
    };
    record.process.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    record.process.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    const onExit = (code, signal) => {
      if (record.exit) return;
      record.exit = { code, signal };
      record.agent.destroy();
      if (child === record) child = null;
      if (current === record) {
        current = null;
        if (!stopping && !record.stopping) {
          const how = signal ? `signal ${signal}` : `code ${code}`;
          log(`the server exited (${how}); it starts again after the next successful build`);
          report(`The server exited (${how})`, record.output.trim());
        }
      }
    };
    record.process.once('exit', onExit);
    record.process.once('error', (error) => {
      keep(`${error.message}\n`);
      onExit(null, null);
    });

    const deadline = Date.now() + DEV_START_MS;
    while (!record.exit && !stopping && Date.now() < deadline) {
      if (record.listening || (await isReady(record.port))) break;
      await sleep(50);
    }
    if (stopping) return stopServer();
    if (record.exit || Date.now() >= deadline) {
      if (!record.exit) await stopServer();
      const how = record.exit?.signal
        ? `was killed by ${record.exit.signal}`
        : record.exit
          ? `exited with code ${record.exit.code}`
          : `was not ready within ${DEV_START_MS / 1000} s`;
      throw new Error(`The server ${how} while starting\n\n${record.output.trim()}`);
    }
    setCurrent(record);
    generation++;
    return record;
  }

  async function stopServer() {
    const record = child;
    if (!record) return;
    record.stopping = true;
    if (current === record) current = null;
    if (!record.exit) {
      const exited = new Promise((resolve) => record.process.once('exit', resolve));
      record.process.kill('SIGTERM');
      const timer = setTimeout(() => {
        log(`the server did not stop within ${DEV_STOP_MS / 1000} s: SIGKILL`);
        record.process.kill('SIGKILL');
      }, DEV_STOP_MS);
      await exited;
      clearTimeout(timer);
    }
    record.agent.destroy();
    if (child === record) child = null;
  }

  // --- Builds -----------------------------------------------------------------------------------------
  const names = ['client', 'server'];
  const contexts = {};
  const latest = {};
  const building = new Set();
  // The first cycle is the initial build of both; later ones start when a watcher sees a change.
  let pending = new Set(names);
  let cycleActive = true;
  let cycleStarted = performance.now();
  let applying = null;
  let applyAgain = false;

  const endCycleIfDone = () => {
    if (!cycleActive || pending.size > 0) return;
    cycleActive = false;
    void finishCycle(Math.round(performance.now() - cycleStarted));
  };
  /** Rebuilds `name` too, so that a change under shared/ (seen by one watcher first) restarts once. */
  const kick = (name) => {
    pending.add(name);
    contexts[name]
      .rebuild()
      .catch(() => {}) // reported by onEnd
      .finally(() => {
        if (pending.has(name) && !building.has(name)) {
          pending.delete(name);
          endCycleIfDone();
        }
      });
  };
  const cyclePlugin = (name) => ({
    name: 'dev-cycle',
    setup(build) {
      build.onStart(() => {
        building.add(name);
        if (!cycleActive) {
          cycleActive = true;
          cycleStarted = performance.now();
          pending = new Set([name]);
          for (const other of names) if (other !== name) kick(other);
        }
        pending.add(name);
      });
      build.onEnd((result) => {
        building.delete(name);
        latest[name] = result;
        pending.delete(name);
        endCycleIfDone();
      });
    },
  });

  async function finishCycle(ms) {
    if (stopping) return;
    // A broken file under shared/ fails both bundles with the same message: show it once.
    const format = async (messages, kind, withColor) => [
      ...new Set(await esbuild.formatMessages(messages, { kind, color: withColor })),
    ];
    const warnings = names.flatMap((name) => latest[name].warnings);
    if (warnings.length) console.warn((await format(warnings, 'warning', color)).join(''));
    const errors = names.flatMap((name) => latest[name].errors);
    if (errors.length) {
      console.error((await format(errors, 'error', color)).join(''));
      const plain = await format(errors, 'error', false);
      log(
        `build failed (${plain.length} error${plain.length === 1 ? '' : 's'}); ` +
          (current ? 'the last good server keeps running' : 'no server runs until a build succeeds'),
      );
      report('Build failed', plain.join('').trim());
      return;
    }
    log(`built in ${ms} ms`);
    if (applying) {
      applyAgain = true;
      return;
    }
    applying = (async () => {
      do {
        applyAgain = false;
        await restart();
      } while (applyAgain && !stopping);
    })().finally(() => {
      applying = null;
    });
  }

  async function restart() {
    if (stopping || names.some((name) => latest[name].errors.length)) return;
    const started = performance.now();
    const manifest = createManifest(
      latest.client.metafile,
      publicDir,
      DEV_ENTRY,
      await evaluateApp(ROOT, entries.app),
    );
    await stopServer();
    await removeStaleOutputs(publicDir, latest.client.metafile);
    await moveSourceMaps(publicDir, path.join(outdir, 'sourcemaps'));
    await removeStaleOutputs(serverDir, latest.server.metafile);
    await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    if (stopping) return;
    try {
      const server = await startServer();
      if (!server || stopping) return;
      // A build that failed meanwhile stays on show: tabs get it again when they reconnect after reloading.
      if (!names.some((name) => latest[name].errors.length)) problem = null;
      log(
        `server ${manifest.buildId} ready in ${Math.round(performance.now() - started)} ms ` +
          `(pid ${server.process.pid}, 127.0.0.1:${server.port}); reloading ${eventClients.size} tab(s)`,
      );
      broadcast('reload', { generation });
    } catch (error) {
      log('the server failed to start; it starts again after the next successful build');
      report('The server failed to start', error.message);
      if (!cycleActive && !applyAgain) settleWaiters(null);
    }
  }

  // --- The proxy --------------------------------------------------------------------------------------
  const scriptTag = (nonce) =>
    `<script src="${DEV_SCRIPT_PATH}?g=${generation}" async${nonce ? ` nonce="${nonce}"` : ''}></script>`;

  function serveEvents(request, response) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write(`retry: 1000\n\nevent: hello\ndata: ${JSON.stringify({ generation })}\n\n`);
    if (problem) response.write(`event: error\ndata: ${JSON.stringify(problem)}\n\n`);
    eventClients.add(response);
    request.once('close', () => eventClients.delete(response));
  }

  function unavailable(request, response) {
    const html = /text\/html/.test(request.headers.accept ?? '');
    const text = problem
      ? `${problem.title}: see the terminal.`
      : `The server did not become ready within ${DEV_WAIT_MS / 1000} s.`;
    response.writeHead(503, {
      'content-type': html ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '1',
    });
    response.end(
      html
        ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev server</title></head>` +
            `<body><p>${text} This page reloads when the next build succeeds.</p>${scriptTag()}</body></html>`
        : `${text}\n`,
    );
  }

  /** Sends the request to `server`; resolves with the response, rejects on a connection error. */
  function forward(server, request, response, headers, hasBody) {
    return new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: request.method,
          path: request.url,
          headers,
          agent: server.agent,
        },
        resolve,
      );
      upstream.once('error', reject);
      response.once('close', () => {
        if (!response.writableFinished) upstream.destroy();
      });
      if (hasBody) request.pipe(upstream);
      else upstream.end();
    });
  }

  async function handle(request, response) {
    const pathname = (request.url ?? '/').split('?')[0];
    if (pathname === DEV_SCRIPT_PATH) {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
      return response.end(DEV_RELOAD_SCRIPT);
    }
    if (pathname === DEV_EVENTS_PATH) return serveEvents(request, response);

    const wantsHtml = request.method === 'GET' && /text\/html/.test(request.headers.accept ?? '');
    const headers = { ...request.headers };
    for (const name of HOP_BY_HOP_HEADERS) delete headers[name];
    // Uncompressed HTML, so the script tag can go in; other responses pass through as they are.
    if (wantsHtml) headers['accept-encoding'] = 'identity';
    const hasBody = !(request.method === 'GET' || request.method === 'HEAD');

    const deadline = Date.now() + DEV_WAIT_MS;
    let upstream;
    for (;;) {
      const server = await waitForServer(deadline);
      if (!server) return unavailable(request, response);
      try {
        upstream = await forward(server, request, response, headers, hasBody);
        break;
      } catch (error) {
        // The server went away (a restart): a bodyless request waits for the next one.
        if (hasBody || response.destroyed || Date.now() >= deadline) {
          if (!response.headersSent) {
            response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
            response.end(`Dev proxy: ${error.message}\n`);
          }
          return;
        }
        await sleep(100);
      }
    }

    const responseHeaders = { ...upstream.headers };
    for (const name of HOP_BY_HOP_HEADERS) delete responseHeaders[name];
    const encoding = upstream.headers['content-encoding'];
    const inject =
      request.method !== 'HEAD' &&
      /^text\/html\b/i.test(upstream.headers['content-type'] ?? '') &&
      (!encoding || encoding === 'identity') &&
      upstream.statusCode !== 204 &&
      upstream.statusCode !== 304;
    const done = (error) => {
      if (error && !response.destroyed) response.destroy();
    };
    if (!inject) {
      response.writeHead(upstream.statusCode, upstream.statusMessage, responseHeaders);
      return pipeline(upstream, response, done);
    }
    const csp = relaxCspForDevScript(upstream.headers['content-security-policy']);
    if (csp.header !== undefined) responseHeaders['content-security-policy'] = csp.header;
    delete responseHeaders['content-length'];
    response.writeHead(upstream.statusCode, upstream.statusMessage, responseHeaders);
    pipeline(upstream, injectBeforeBodyEnd(scriptTag(csp.nonce)), response, done);
  }

  const proxy = http.createServer((request, response) => {
    handle(request, response).catch((error) => {
      log(`proxy error: ${error.stack ?? error}`);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end();
    });
  });
  const heartbeat = setInterval(() => {
    for (const client of eventClients) client.write(': keep-alive\n\n');
  }, 15_000);
  heartbeat.unref();

  // --- Start and stop ---------------------------------------------------------------------------------
  async function shutdown(signal) {
    if (stopping) {
      child?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping`);
    clearInterval(heartbeat);
    settleWaiters(null);
    for (const client of eventClients) client.end();
    proxy.close();
    proxy.closeAllConnections();
    await Promise.allSettled(Object.values(contexts).map((context) => context.dispose()));
    await applying?.catch(() => {});
    await stopServer();
    log('stopped');
    process.exit(0);
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(signal));

  await new Promise((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(port, host, () => {
      proxy.off('error', reject);
      resolve();
    });
  }).catch((error) => {
    console.error(`dev: cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  const address = proxy.address();
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;
  log(`listening on ${origin} (dev proxy; open ${origin}${process.env.BASE_PATH ?? ''}/)`);

  await rm(publicDir, { recursive: true, force: true });
  await rm(serverDir, { recursive: true, force: true });
  contexts.client = await esbuild.context({
    ...clientOptions({ entry: DEV_ENTRY, publicDir, minify: false, entries }),
    plugins: [serverOnlyGuard, appModulesPlugin(ROOT, entries), cyclePlugin('client')],
  });
  contexts.server = await esbuild.context({
    ...serverOptions({ outdir, entries }),
    metafile: true,
    plugins: [
      appModulesPlugin(ROOT, entries),
      cyclePlugin('server'),
      ...(extraImport ? [extraImportPlugin(extraImport)] : []),
    ],
  });
  if (stopping) return;
  log('watching client/, shared/ and server/');
  await Promise.all(names.map((name) => contexts[name].watch()));
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain && process.argv.includes('--dev')) {
  const port = process.env.PORT || '3000';
  if (!/^\d+$/.test(port) || Number(port) > 65535) {
    console.error(`Invalid PORT=${JSON.stringify(port)}: must be an integer from 0 to 65535`);
    process.exit(1);
  }
  await dev({
    // Not dist/ itself: `npm start` (--if-needed) would then take the unminified dev build for a fresh one.
    outdir: path.resolve(process.env.DEV_OUTDIR || path.join(DIST, 'dev')),
    port: Number(port),
    host: process.env.HOST || '127.0.0.1',
    extraImport: process.env.DEV_EXTRA_IMPORT ? path.resolve(process.env.DEV_EXTRA_IMPORT) : undefined,
  });
} else if (isMain) {
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
