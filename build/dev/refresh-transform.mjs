// React Fast Refresh inside esbuild, for dev mode's browser bundle and its hot modules.
//
// Every app module (a .ts/.tsx/.js/.jsx file of the project, outside node_modules/) goes through
// oxc-transform's React refresh transform, which registers its components (`$RefreshReg$`) and their hook
// signatures (`$RefreshSig$`). Both are declared as hoisted functions at the end of the module, so the
// transform's source map stays line for line. Each module also puts its namespace, and those of the packages
// and virtual modules it imports, into the page's module registry (build/dev/refresh-runtime.mjs), keyed by
// the resolved file.
// A hot module (one changed file, bundled alone) takes every import from that registry instead of bundling
// it again, so it shares React, contexts and module state with the page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { init as initLexer, parse as parseImports } from 'es-module-lexer';
import * as esbuild from 'esbuild';
import { transformSync } from 'oxc-transform';
import { BROWSER_TARGETS } from '../paths.mjs';

const APP_MODULE = /\.[cm]?[jt]sx?$/;
const RUNTIME_FILE = path.join(import.meta.dirname, 'refresh-runtime.mjs');

/**
 * The refresh runtime as a classic script, which the dev proxy puts into each page's head: it must run
 * before any module of the bundle, and esbuild's shared chunks run before the entry's first import.
 */
export async function buildRefreshRuntime() {
  const result = await esbuild.build({
    entryPoints: [RUNTIME_FILE],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: BROWSER_TARGETS,
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
/** The global the runtime sets up (build/dev/refresh-runtime.mjs); production bundles must never name it. */
const DEV_GLOBAL = '__ssrDevRefresh';
const SKIP = Symbol('resolving for the registry');

/** The registry key of a resolved import: the file relative to the project, or the virtual module's name. */
export function moduleKey(root, resolved) {
  return resolved.namespace === 'file'
    ? path.relative(root, resolved.path).split(path.sep).join('/')
    : `${resolved.namespace}:${resolved.path}`;
}

/**
 * A module of the project rather than of a package: under the root, and not inside a package folder of
 * node_modules/ (a hidden folder there, such as the tests' node_modules/.cache copies, is the project's).
 */
export function isAppModule(root, file) {
  if (!APP_MODULE.test(file) || !file.startsWith(root + path.sep)) return false;
  const parts = path.relative(root, file).split(path.sep);
  return parts.every((part, index) => part !== 'node_modules' || parts[index + 1]?.startsWith('.'));
}

/** The app module at `file`, transformed for refresh; `registerImports`: also register its static imports. */
async function refreshModule(build, root, file, registerImports) {
  const source = await readFile(file, 'utf8');
  const result = transformSync(file, source, {
    sourcemap: true,
    jsx: { runtime: 'automatic', refresh: {} },
    typescript: { onlyRemoveTypeImports: false },
  });
  // esbuild parses it again and reports the error as it reports it for the server bundle: shown once.
  if (result.errors.length) return undefined;
  const key = moduleKey(root, { namespace: 'file', path: file });
  const epilogue = [
    `function $RefreshReg$(type, id) { ${DEV_GLOBAL}.register(type, ${JSON.stringify(`${key} `)} + id); }`,
    `function $RefreshSig$() { return ${DEV_GLOBAL}.signature(); }`,
    `import * as __devSelf from ${JSON.stringify(`./${path.basename(file)}`)};`,
    `${DEV_GLOBAL}.registerModule(${JSON.stringify(key)}, __devSelf);`,
  ];
  if (registerImports) epilogue.push(...(await importRegistrations(build, root, file, result.code)));
  const map = Buffer.from(JSON.stringify(result.map)).toString('base64');
  return {
    contents: `${result.code}\n${epilogue.join('\n')}\n//# sourceMappingURL=data:application/json;base64,${map}\n`,
    loader: 'js',
    resolveDir: path.dirname(file),
  };
}

/** Registry entries for the static imports of `code` that are not app modules (packages, virtual modules). */
async function importRegistrations(build, root, file, code) {
  await initLexer;
  const [imports] = parseImports(code);
  const lines = [];
  const staticImports = imports.filter((entry) => entry.type === 'static' || entry.type === 'reexport-star');
  for (const specifier of new Set(staticImports.map((entry) => entry.specifier))) {
    if (!specifier || specifier.endsWith('.css')) continue;
    const resolved = await build.resolve(specifier, {
      kind: 'import-statement',
      importer: file,
      resolveDir: path.dirname(file),
    });
    if (resolved.errors.length || isAppModule(root, resolved.path)) continue;
    const name = `__devImport${lines.length}`;
    lines.push(
      `import * as ${name} from ${JSON.stringify(specifier)};`,
      `${DEV_GLOBAL}.registerModule(${JSON.stringify(moduleKey(root, resolved))}, ${name});`,
    );
  }
  return lines;
}

/** The dev bundle's plugin: app modules get the refresh transform and register themselves. */
export function refreshPlugin(root) {
  return {
    name: 'react-refresh',
    setup(build) {
      build.onLoad({ filter: APP_MODULE }, (args) =>
        args.namespace === 'file' && isAppModule(root, args.path)
          ? refreshModule(build, root, args.path, true)
          : undefined,
      );
    },
  };
}

/**
 * A hot module's plugin: the changed file `entry` gets the refresh transform; everything it imports comes
 * from the page's registry (a stylesheet from nowhere: styles are swapped as whole files).
 */
export function hotModulePlugin(root, entry) {
  return {
    name: 'react-refresh-hot-module',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === SKIP) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SKIP,
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        if (resolved.path === entry) return { path: entry };
        if (resolved.path.endsWith('.css')) return { path: resolved.path, namespace: 'dev-no-style' };
        return { path: moduleKey(root, resolved), namespace: 'dev-registry' };
      });
      build.onLoad({ filter: /.*/, namespace: 'dev-no-style' }, () => ({ contents: '', loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'dev-registry' }, (args) => ({
        contents: `module.exports = ${DEV_GLOBAL}.moduleExports(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
      build.onLoad({ filter: APP_MODULE }, (args) =>
        args.path === entry ? refreshModule(build, root, entry, false) : undefined,
      );
    },
  };
}
