import path from 'node:path';
import { ROOT } from './paths.mjs';

/**
 * V8's explicit compile hint (Chrome 136+; https://github.com/w3ctag/design-reviews/issues/947): a script
 * that starts with this comment has all its functions compiled on the background thread that streams it,
 * instead of lazily on the main thread the first time each is called. Most of the entry runs while a page
 * loads (React, the router, hydration), and its lazy compilation was most of the entry's evaluation, the
 * longest task of a page's load on a phone (issue 52). Other browsers read it as a comment.
 */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The output files with the entry's script (the one `metafile` names for `entry`) marked for eager
 * compilation, its source map shifted down the one line the hint takes. Route chunks are left lazy: they
 * are small, so not streamed (a hint would compile them on the main thread), and prefetched ones may never run.
 */
export function hintEntryCompile(outputFiles, metafile, entry) {
  const [entryOutput] = Object.entries(metafile.outputs).find(
    ([output, meta]) => meta.entryPoint === entry && output.endsWith('.js'),
  );
  const entryPath = path.resolve(ROOT, entryOutput);
  return outputFiles.map((file) => {
    if (file.path === entryPath) return textFile(file.path, `${EAGER_COMPILE_HINT}${file.text}`);
    if (file.path !== `${entryPath}.map`) return file;
    const map = JSON.parse(file.text);
    // Each `;` of `mappings` starts the next line of the script.
    return textFile(file.path, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
  });
}

function textFile(filePath, text) {
  return { path: filePath, text, contents: Buffer.from(text) };
}
