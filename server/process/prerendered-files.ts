import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import {
  PRERENDERED_INDEX,
  type PrerenderedIndex,
  type PrerenderedPage,
} from '../definition/prerendered-pages.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The suffixes of a page's files: as it is, brotli, gzip (nginx's gzip_static, brotli_static). */
const SUFFIXES = ['', '.br', '.gz'] as const;

/** A page's body in each encoding, compressed as the built assets are (brotli 11, gzip 9). */
export async function encodePage(html: string): Promise<PrerenderedPage['bodies']> {
  const identity = Buffer.from(html);
  const [br, gzip] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip };
}

/**
 * Writes a page's three files, each to a temporary name then renamed over the old one: a reader (nginx,
 * another instance) sees the old file or the new one whole, never half of one. Several instances writing
 * the same folder is then safe: the last rename wins, with the same page.
 */
export async function writePageFiles(
  folder: string,
  file: string,
  bodies: PrerenderedPage['bodies'],
): Promise<void> {
  const target = path.join(folder, file);
  await mkdir(path.dirname(target), { recursive: true });
  await Promise.all([
    replaceFile(target, bodies.identity),
    replaceFile(`${target}.br`, bodies.br),
    replaceFile(`${target}.gz`, bodies.gzip),
  ]);
}

/** Removes a page's files: a proxy serving the folder then passes its requests to the instances. */
export async function removePageFiles(folder: string, file: string): Promise<void> {
  const target = path.join(folder, file);
  await Promise.all(SUFFIXES.map((suffix) => rm(`${target}${suffix}`, { force: true })));
}

/** Writes the folder's index.json, atomically as the pages. */
export function writeIndex(folder: string, index: PrerenderedIndex): Promise<void> {
  return replaceFile(path.join(folder, PRERENDERED_INDEX), `${JSON.stringify(index, null, 2)}\n`);
}

/** Writes `contents` beside `target` under a name of its own, then renames it over `target`. */
export async function replaceFile(target: string, contents: string | Buffer): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
