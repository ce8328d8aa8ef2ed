import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../paths.mjs';

/** Deletes the files under `dir` that none of the builds of `metafiles` wrote (old hashed chunks). */
export async function removeStaleOutputs(dir, metafiles) {
  const current = new Set(
    metafiles
      .flatMap((metafile) => Object.keys(metafile?.outputs ?? {}))
      .map((output) => path.resolve(ROOT, output)),
  );
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !current.has(file)) await rm(file, { force: true });
  }
}
