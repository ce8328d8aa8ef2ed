import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every script, stylesheet and SVG drawing of `files` (names in `publicDir`;
 * all of its files by default), so the server sends them compressed with no work per request
 * (server/edge/serve-assets.ts picks one by Accept-Encoding). Returns the names it wrote.
 */
export async function precompress(publicDir, files) {
  const names = (files ?? (await readdir(publicDir))).filter((name) => /\.(js|css|svg)$/.test(name));
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
  return names.flatMap((name) => [`${name}.br`, `${name}.gz`]);
}
