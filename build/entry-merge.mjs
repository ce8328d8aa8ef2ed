// The production client's second esbuild pass: the chunks the entry imports statically are merged
// into the entry, so a page's first load is the entry and its own route chunks only, not also the chunks
// esbuild's splitting puts between them (React, the JSX runtime's facade, esbuild's CommonJS helpers).
//
// esbuild always gives code shared by an entry and a lazy chunk a chunk of its own, because it never makes a
// chunk import an entry (their hashed names would name each other). Rollup does let an entry host shared
// code; this pass does the same with esbuild, by bundling the first pass's outputs again (from memory):
// - the entry together with the chunks it imports statically ("merged chunks"): they are on every first
//   load anyway, so merging them never adds bytes to any page. The merged entry re-exports each merged
//   chunk's exports under a name of its own (`h0$a`: merged chunk 0's export `a`);
// - every other chunk on its own, its imports of merged chunks turned into one import of the entry.
// Every output keeps its first-pass name; build/content-names.mjs gives the final names, cycle included.
import path from 'node:path';
import * as esbuild from 'esbuild';
import { BROWSER_TARGETS, ROOT } from './paths.mjs';

/** The entry's second-pass module: the first-pass entry and the merged chunks' exports. */
const MERGED_ENTRY = 'merged-entry';
/** A merged chunk as a chunk outside the entry sees it: its exports, taken from the entry. */
const MERGED_CHUNK = 'merged-chunk';
/** The entry's exports, one module, so that a chunk importing several merged chunks has one import of it. */
const ENTRY_EXPORTS = 'entry-exports';
/** A script, its map or its licenses: what the second pass writes anew. */
const SCRIPT_FILE = /\.js(\.map|\.LEGAL\.txt)?$/;

/** Every output that `output` imports statically, directly or through others (esbuild's metafile outputs). */
export function staticImportsOf(outputs, output, seen = new Set()) {
  for (const imported of outputs[output]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !seen.has(imported.path)) {
      seen.add(imported.path);
      staticImportsOf(outputs, imported.path, seen);
    }
  }
  return seen;
}

/**
 * Merges into the entry the chunks it imports statically. `firstPass`: esbuild's result (write: false, a
 * metafile, external source maps, linked legal comments). Returns the same shape, `{ outputFiles, metafile }`,
 * whose metafile describes the new scripts with their sources' inputs (for the manifest and the bench).
 */
export async function mergeEntryChunks(firstPass, { publicDir, entry, minify }) {
  const layout = chunkLayout(firstPass, publicDir, entry);
  const secondPass = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: layout.scripts.map((script) => ({ in: script, out: path.basename(script, '.js') })),
    outdir: publicDir,
    entryNames: '[name]',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: BROWSER_TARGETS,
    minify,
    // esbuild reads each first-pass script's map (inline, below), so this pass's maps reach our sources.
    sourcemap: 'external',
    // The first pass's legal comments are only links to its .LEGAL.txt files: linkLegalText joins those.
    legalComments: 'none',
    metafile: true,
    write: false,
    plugins: [firstPassOutputs(layout)],
    logLevel: 'silent',
  });
  const scripts = secondPass.outputFiles.flatMap((file) => linkLegalText(file, layout));
  return {
    outputFiles: [...scripts, ...layout.otherFiles],
    metafile: { outputs: mergedOutputs(secondPass.metafile.outputs, layout) },
  };
}

/** The first pass's scripts by absolute path: which are merged into the entry, their texts, maps and licenses. */
function chunkLayout(firstPass, publicDir, entry) {
  const outputs = firstPass.metafile.outputs;
  const entryOutput = Object.keys(outputs).find(
    (output) => outputs[output].entryPoint === entry && output.endsWith('.js'),
  );
  if (!entryOutput) throw new Error(`esbuild produced no output for the client entry ${entry}`);
  const absolute = (output) => path.resolve(ROOT, output);
  const merged = [...staticImportsOf(outputs, entryOutput)].map(absolute);
  const entryPath = absolute(entryOutput);
  const files = new Map(firstPass.outputFiles.map((file) => [file.path, file]));
  return {
    publicDir,
    outputs,
    entryPath,
    merged,
    /** The second pass's entry points: every first-pass script but the merged chunks. */
    scripts: Object.keys(outputs)
      .filter((output) => output.endsWith('.js'))
      .map(absolute)
      .filter((script) => !merged.includes(script)),
    /** Stylesheets, drawings and their maps: the first pass's, as they are. */
    otherFiles: firstPass.outputFiles.filter((file) => !SCRIPT_FILE.test(file.path)),
    textOf: (script) => files.get(script).text,
    mapOf: (script) => files.get(`${script}.map`)?.text,
    legalTextOf: (script) => files.get(`${script}.LEGAL.txt`)?.text,
    /** The first-pass scripts a second-pass script is made of. */
    sourcesOf: (script) => (script === entryPath ? [entryPath, ...merged] : [script]),
    exportsOf: (chunk) => outputs[path.relative(ROOT, chunk).split(path.sep).join('/')].exports,
  };
}

/** Serves the first pass's scripts from memory, and the modules that merge the entry (sources below). */
function firstPassOutputs(layout) {
  return {
    name: 'first-pass-outputs',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => resolveScript(layout, args));
      const serve = (namespace, source) =>
        build.onLoad({ filter: /.*/, namespace }, ({ path: script }) => ({
          contents: source(layout, script),
          loader: 'js',
          resolveDir: layout.publicDir,
        }));
      serve('file', firstPassSource);
      serve(MERGED_ENTRY, mergedEntrySource);
      serve(MERGED_CHUNK, mergedChunkSource);
      serve(ENTRY_EXPORTS, entryExportsSource);
    },
  };
}

/**
 * The entry (in the merged entry's module) and the merged chunks are bundled where the entry or a merged
 * chunk imports them, and seen through the entry's exports from any other chunk. Everything else stays a
 * file of its own, imported by its name.
 */
function resolveScript(layout, { kind, path: specifier, importer, namespace, resolveDir }) {
  if (kind === 'entry-point') {
    if (specifier !== layout.entryPath) return { path: specifier };
    return { path: path.basename(specifier), namespace: MERGED_ENTRY };
  }
  if (namespace === MERGED_CHUNK)
    return { path: ENTRY_EXPORTS, namespace: ENTRY_EXPORTS, sideEffects: false };
  if (namespace === ENTRY_EXPORTS) return { path: specifier, external: true };
  const target = path.resolve(resolveDir, specifier);
  const bundled = [layout.entryPath, ...layout.merged];
  if (namespace === MERGED_ENTRY || bundled.includes(importer)) {
    return bundled.includes(target) ? { path: target } : { path: specifier, external: true };
  }
  if (!layout.merged.includes(target)) return { path: specifier, external: true };
  // The entry has run before any other chunk loads (the entry's code imports them all by import()), so an
  // import of a merged chunk for its side effects alone can go.
  return { path: target, namespace: MERGED_CHUNK, sideEffects: false };
}

/** A first-pass script with its source map inline, which esbuild reads (so maps reach our sources). */
function firstPassSource(layout, script) {
  const map = Buffer.from(layout.mapOf(script) ?? '{}').toString('base64');
  return `${layout.textOf(script)}\n//# sourceMappingURL=data:application/json;base64,${map}\n`;
}

/**
 * The merged entry: the first-pass entry, then each merged chunk's exports under the merged entry's names.
 * A module of its own, so that the source maps give its export list to it rather than to our code.
 */
function mergedEntrySource(layout) {
  const exports = layout.merged.map(
    (chunk) =>
      `export { ${exportList(layout, chunk, (name, alias) => `${name} as ${alias}`)} } from "./${path.basename(chunk)}";`,
  );
  return [`import "./${path.basename(layout.entryPath)}";`, ...exports].join('\n');
}

/** A merged chunk as any other chunk imports it: its exports, from the merged entry. */
function mergedChunkSource(layout, chunk) {
  return `export { ${exportList(layout, chunk, (name, alias) => `${alias} as ${name}`)} } from "${ENTRY_EXPORTS}";`;
}

/** All the merged entry exports, in one module, so that a chunk has one import of the entry. */
function entryExportsSource(layout) {
  const aliases = layout.merged.map((chunk) => exportList(layout, chunk, (_, alias) => alias));
  return `export { ${aliases.join(', ')} } from "./${path.basename(layout.entryPath)}";`;
}

/** A merged chunk's export names with their names in the merged entry (`h0$a`: merged chunk 0's `a`). */
function exportList(layout, chunk, specifier) {
  const index = layout.merged.indexOf(chunk);
  return layout
    .exportsOf(chunk)
    .map((name) => specifier(name, `h${index}$${name}`))
    .join(', ');
}

/**
 * A second-pass script with its sources' license texts in one `.LEGAL.txt` beside it, linked from its last
 * line as esbuild's `legalComments: 'linked'` does. Other files (its map) pass as they are.
 */
function linkLegalText(file, layout) {
  if (!file.path.endsWith('.js')) return [file];
  const legalText = layout
    .sourcesOf(file.path)
    .map((source) => layout.legalTextOf(source))
    .filter(Boolean)
    .join('\n');
  if (!legalText) return [file];
  const text = `${file.text}/*! For license information please see ${path.basename(file.path)}.LEGAL.txt */\n`;
  return [outputFile(file.path, text), outputFile(`${file.path}.LEGAL.txt`, legalText)];
}

/**
 * The metafile outputs of the merged build: stylesheets and drawings as the first pass described them; each
 * script with its imports after the merge and the inputs (our sources, packages) of the first-pass scripts
 * it is made of.
 */
function mergedOutputs(secondPassOutputs, layout) {
  const relative = (file) => path.relative(ROOT, file).split(path.sep).join('/');
  const scriptOutput = (output) => {
    const meta = secondPassOutputs[output];
    const sources = layout
      .sourcesOf(path.resolve(ROOT, output))
      .map((source) => layout.outputs[relative(source)]);
    return {
      ...layout.outputs[output],
      bytes: meta.bytes,
      exports: meta.exports,
      imports: meta.imports.map(({ path: specifier, kind }) => ({
        path: relative(path.resolve(layout.publicDir, specifier)),
        kind,
      })),
      inputs: Object.assign({}, ...sources.map((source) => source.inputs)),
    };
  };
  // In the first pass's order, which the bench's measures follow (gzip of texts joined in this order).
  return Object.fromEntries(
    Object.keys(layout.outputs).flatMap((output) => {
      if (!SCRIPT_FILE.test(output)) return [[output, layout.outputs[output]]];
      return output.endsWith('.js') && secondPassOutputs[output] ? [[output, scriptOutput(output)]] : [];
    }),
  );
}

/** An output file as esbuild's are read by the build: path, text and bytes. */
export function outputFile(filePath, text) {
  return { path: filePath, text, contents: Buffer.from(text) };
}
