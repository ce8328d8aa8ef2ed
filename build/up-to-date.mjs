import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DIST, ROOT } from './paths.mjs';

/** The folders whose files the build reads (build/ holds the build's own parts). */
const SOURCE_DIRS = ['client', 'shared', 'server', 'build'];

/** True when dist/ is newer than every source, build.mjs, package.json (it names the app) and the lock file. */
export async function isUpToDate() {
  const built = await stat(path.join(DIST, 'manifest.json')).catch(() => null);
  if (!built) return false;
  const sources = ['build.mjs', 'package.json', 'package-lock.json'].map((file) => path.join(ROOT, file));
  for (const dir of SOURCE_DIRS) {
    for (const entry of await readdir(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) sources.push(path.join(entry.parentPath, entry.name));
    }
  }
  const times = await Promise.all(
    sources.map((file) =>
      stat(file).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  return times.every((time) => time <= built.mtimeMs);
}
