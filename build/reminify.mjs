import path from 'node:path';
import remapping from '@jridgewell/remapping';
import { minifySync } from 'oxc-minify';
import { BROWSER_TARGETS } from './paths.mjs';

/**
 * Minifies each script of esbuild's output once more with oxc's minifier, whose compressor and mangler
 * make the first visit smaller than esbuild's alone (bench/client-js.mjs measures it), and
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
    // No `sourceMappingURL` comment: the maps are never served (client-bundle.mjs keeps them in
    // sourcemaps/, each named after its script), so the link only cost every script's download its bytes
    // (414 B gzip of the product page's first load, 12 scripts) and a 404 when devtools opened.
    return [outputFile(file.path, result.code), outputFile(esbuildMap.path, JSON.stringify(map))];
  });
}
