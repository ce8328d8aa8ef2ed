import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DIST } from './paths.mjs';

/** The table `node build.mjs` prints: per page, its own chunks and its first load, gzip, from the .gz files. */
export async function sizeTable(manifest) {
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
