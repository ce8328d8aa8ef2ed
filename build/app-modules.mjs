// The app a build serves, and what the build learns from it. The runtime never imports an app: its entries
// import `virtual:ssr-app` (the isomorphic definition), `virtual:ssr-server-app` (the server definition) and
// `virtual:ssr-route-patterns` (the route tree's ranked patterns, computed here), which this plugin resolves
// to the modules named once, in package.json's "ssr" field or in build()'s options.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

const VIRTUAL = /^virtual:ssr-(app|server-app|route-patterns)$/;
let evaluations = 0;

/**
 * The app's two definition modules, relative to the project root: build options first, then package.json's
 * "ssr" field, which names the app's folder (its `app.ts` and `server-app.ts`) or, as an object, each file.
 */
export async function appEntries(root, options = {}) {
  const { ssr } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const named =
    typeof ssr === 'string'
      ? { app: path.join(ssr, 'app.ts'), server: path.join(ssr, 'server-app.ts') }
      : (ssr ?? {});
  const app = options.app ?? named.app;
  const serverApp = options.serverApp ?? named.server;
  if (!app || !serverApp) {
    throw new Error(
      'Name the app in package.json: "ssr": "<the app\'s folder, with app.ts and server-app.ts>", or "ssr": { "app": "<isomorphic definition>", "server": "<server definition>" }',
    );
  }
  return { app, serverApp };
}

/**
 * Runs the app's isomorphic definition once in Node, with every lazy `import()` replaced by a stub that
 * records its path: the route tree (debug routes included, as the browser matches them), its ranked
 * patterns, the source module of each segment, and the modules each locale's `loadLocale` imports.
 */
export async function evaluateApp(root, app) {
  const entry = [
    `import app from ${JSON.stringify(path.resolve(root, app))};`,
    `import { compileServedRoutes } from ${JSON.stringify(path.join(root, 'shared/debug/served-routes.ts'))};`,
    `import { createLocales } from ${JSON.stringify(path.join(root, 'shared/routing/locale.ts'))};`,
    'const served = compileServedRoutes(app.root, true);',
    'export const routeTree = served.root;',
    'export const patterns = served.routes.patterns;',
    // The app's own locales, checked as the server checks them at boot: a bad declaration fails the build.
    'export const locales = createLocales(app.locales);',
    'export { app };',
  ].join('\n');
  const result = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'empty' },
    logLevel: 'silent',
    plugins: [lazyImportsAsPaths(root)],
  });
  // A new URL each time: the module cache would hand back the first evaluation, its stubs already loaded.
  evaluations += 1;
  const code = Buffer.from(`${result.outputFiles[0].text}\n// evaluation ${evaluations}`).toString('base64');
  const evaluated = await import(`data:text/javascript;base64,${code}`);
  const segmentModules = {};
  const visit = async (node) => {
    // A module imported statically (no stub, no path) is part of the entry chunk: nothing to preload.
    const modulePath = node.module ? (await node.module()).modulePath : undefined;
    if (modulePath) segmentModules[node.id] = modulePath;
    for (const child of node.children ?? []) await visit(child);
  };
  await visit(evaluated.routeTree);
  const localeModules = {};
  for (const locale of evaluated.locales.list) {
    const imported = [];
    globalThis.__ssrLazyImports = imported;
    // The stubs hold no strings: loadLocale may fail on them after its import, which is all we need.
    await evaluated.app.loadLocale?.(locale).catch(() => {});
    localeModules[locale] = imported;
  }
  delete globalThis.__ssrLazyImports;
  return {
    patterns: evaluated.patterns,
    segmentModules,
    localeModules,
    inputs: Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('lazy-module:')),
  };
}

/** Each lazy `import()` becomes a module exporting its path, which records itself when first loaded. */
function lazyImportsAsPaths(root) {
  return {
    name: 'lazy-imports-as-paths',
    setup(evaluation) {
      evaluation.onResolve({ filter: /.*/ }, (resolve) => {
        if (resolve.kind !== 'dynamic-import') return undefined;
        const file = path.relative(root, path.resolve(resolve.resolveDir, resolve.path));
        return { path: file.split(path.sep).join('/'), namespace: 'lazy-module' };
      });
      evaluation.onLoad({ filter: /.*/, namespace: 'lazy-module' }, (load) => ({
        contents: `export const modulePath = ${JSON.stringify(load.path)}; globalThis.__ssrLazyImports?.push(modulePath);`,
        loader: 'js',
      }));
    },
  };
}

/**
 * Resolves the runtime's virtual modules to the app's: its definitions by path, and its route patterns as
 * JSON computed at build time (so path-to-regexp and the route compiler never reach the browser).
 * `evaluation`: an evaluateApp() result to use instead of evaluating again.
 */
export function appModulesPlugin(root, { app, serverApp }, evaluation) {
  return {
    name: 'ssr-app-modules',
    setup(build) {
      build.onResolve({ filter: VIRTUAL }, (resolve) => {
        const [, name] = VIRTUAL.exec(resolve.path);
        if (name === 'app') return { path: path.resolve(root, app) };
        if (name === 'server-app') return { path: path.resolve(root, serverApp) };
        return { path: 'route-patterns', namespace: 'ssr-route-patterns' };
      });
      build.onLoad({ filter: /.*/, namespace: 'ssr-route-patterns' }, async () => {
        // One evaluation per production build (shared with its manifest); a new one per watch rebuild.
        const { patterns, inputs } = await (evaluation ?? evaluateApp(root, app));
        return {
          contents: `export default ${JSON.stringify(patterns)};`,
          loader: 'js',
          watchFiles: inputs.map((input) => path.join(root, input)),
        };
      });
    },
  };
}
