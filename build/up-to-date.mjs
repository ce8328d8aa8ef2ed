import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { appEntries } from './app-modules.mjs';
import { DIST, ROOT } from './paths.mjs';

/** The folders whose files the build reads (build/ holds the build's own parts). */
const SOURCE_DIRS = ['client', 'shared', 'server', 'build'];

/**
 * True when the build in `outdir` (dist/) is newer than every source, build.mjs, package.json (it names the
 * app) and the lock file. The sources include the folders of the app's two definitions (`app`, else package.json's "ssr" field), so
 * an app kept outside shared/ and server/ (my-app/ beside them) is rebuilt when it changes.
 */
export async function isUpToDate(app, outdir = DIST) {
  const built = await stat(path.join(outdir, 'manifest.json')).catch(() => null);
  if (!built) return false;
  const { app: appFile, serverApp } = await appEntries(ROOT, app);
  const appDirs = [appFile, serverApp].map((file) => path.dirname(path.resolve(ROOT, file)));
  const sources = ['build.mjs', 'package.json', 'package-lock.json'].map((file) => path.join(ROOT, file));
  for (const dir of new Set([...SOURCE_DIRS.map((name) => path.join(ROOT, name)), ...appDirs])) {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
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
