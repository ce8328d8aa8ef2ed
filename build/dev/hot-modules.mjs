// Hot updates of dev mode, kept in memory and served by the proxy:
// - hot modules: each changed file of the browser bundle, bundled alone with its imports taken from the
//   page (build/dev/refresh-transform.mjs), under /__dev/hot/. A tab imports the ones it has loaded and
//   lets Fast Refresh swap them in;
// - the stylesheet: the entry's styles bundled alone (milliseconds, where the whole build takes hundreds),
//   under {base}/_assets/, beside the files its url()s name.
import path from 'node:path';
import * as esbuild from 'esbuild';
import { appModulesPlugin } from '../app-modules.mjs';
import { BROWSER_TARGETS, ROOT } from '../paths.mjs';
import { hotModulePlugin, moduleKey } from './refresh-transform.mjs';

export const HOT_PATH = '/__dev/hot/';
/** Hot updates kept for tabs that are slow to ask; older ones are dropped. */
const KEPT = 200;
const STYLES_PATH = `${process.env.BASE_PATH ?? ''}/_assets/dev-styles-`;

const failure = (error) => ({ errors: error.errors ?? [{ text: error.message }] });

/** Bundles the changed `file` alone, its imports taken from the page: { code, map } or { errors }. */
async function bundleHotModule(file, name, entries) {
  const result = await esbuild
    .build({
      absWorkingDir: ROOT,
      entryPoints: [file],
      outfile: path.join(ROOT, 'hot', name),
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: BROWSER_TARGETS,
      sourcemap: 'external',
      define: { 'process.env.NODE_ENV': '"development"' },
      loader: { '.svg': 'file' },
      logLevel: 'silent',
      plugins: [hotModulePlugin(ROOT, file), appModulesPlugin(ROOT, entries)],
    })
    .catch(failure);
  if (result.errors.length) return { errors: result.errors };
  const code = result.outputFiles.find((output) => output.path.endsWith('.js')).text;
  const map = result.outputFiles.find((output) => output.path.endsWith('.map'))?.text;
  return { code: code.replace(/\/\/# sourceMappingURL=.*\n?$/, ''), map };
}

/** The stylesheet of `entry` in the build `metafile` describes, from its sources as they are now. */
async function bundleStyles(metafile, entry, publicDir) {
  const output = Object.values(metafile.outputs).find((candidate) => candidate.entryPoint === entry);
  const sources = Object.keys(metafile.outputs[output?.cssBundle]?.inputs ?? {});
  const result = await esbuild
    .build({
      absWorkingDir: ROOT,
      stdin: {
        contents: sources.map((source) => `@import ${JSON.stringify(`./${source}`)};`).join('\n'),
        loader: 'css',
        resolveDir: ROOT,
      },
      bundle: true,
      write: false,
      outdir: publicDir,
      assetNames: '[name]-[hash]',
      loader: { '.svg': 'file' },
      target: BROWSER_TARGETS,
      logLevel: 'silent',
    })
    .catch(failure);
  if (result.errors.length) return { errors: result.errors };
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'));
  return css ? { code: css.text } : { errors: [{ text: `${entry} has no stylesheet` }] };
}

export function createHotModules({ entries, publicDir }) {
  /** URL path -> { code, map, type } */
  const served = new Map();
  let sequence = 0;

  const keep = (urlPath, output) => {
    served.set(urlPath, output);
    if (served.size > KEPT) served.delete(served.keys().next().value);
  };

  return {
    /**
     * The hot modules of `files` (absolute paths of changed browser-bundle modules): `{ modules }`, or
     * `{ errors }` when one does not build (the build cycle reports it). `segmentFiles`: the route
     * segments' modules, which may export `head` besides components.
     */
    async build(files, segmentFiles) {
      const results = await Promise.all(
        files.map(async (file) => {
          sequence += 1;
          const name = `${sequence}-${path.basename(file).replace(/\.\w+$/, '')}.js`;
          const bundled = await bundleHotModule(file, name, entries);
          if (bundled.errors) return bundled;
          const url = `${HOT_PATH}${name}`;
          keep(url, { ...bundled, type: 'text/javascript' });
          const key = moduleKey(ROOT, { namespace: 'file', path: file });
          return { module: { key, url, segment: segmentFiles.has(file) } };
        }),
      );
      const errors = results.flatMap((result) => result.errors ?? []);
      return errors.length ? { errors } : { modules: results.map((result) => result.module) };
    },
    /** The stylesheet of `entry`, rebuilt now: resolves with its URL path, or with esbuild's errors. */
    async styles(metafile, entry) {
      const bundled = await bundleStyles(metafile, entry, publicDir);
      if (bundled.errors) return bundled;
      sequence += 1;
      const url = `${STYLES_PATH}${sequence}.css`;
      keep(url, { ...bundled, type: 'text/css' });
      return { url };
    },
    /** The hot update at `urlPath` ({ code, map, type }), or undefined. */
    get: (urlPath) => served.get(urlPath),
  };
}
