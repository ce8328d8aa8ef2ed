// Old client files stay servable through a release: instances restart one by one, so for a while a page of the
// previous build (or the one before) asks any instance for its chunks. Each build records its files beside
// the public folder, and a file leaves only once no kept build lists it.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Builds whose client files stay in the public folder: the new one and the two before it. */
export const KEPT_BUILDS = 3;

/** The record of the builds whose files the public folder holds, newest first (outside it: never served). */
export const BUILDS_RECORD = 'client-builds.json';

/**
 * Records the new build's files (names in `publicDir`) and removes every file that no kept build lists:
 * builds older than the KEPT_BUILDS newest go, oldest first. Returns the kept builds' ids, newest first.
 */
export async function keepRecentBuilds(outdir, publicDir, buildId, files) {
  const recordPath = path.join(outdir, BUILDS_RECORD);
  const earlier = (await readRecord(recordPath)).filter((build) => build.buildId !== buildId);
  const kept = [{ buildId, builtAt: new Date().toISOString(), files: [...files].sort() }, ...earlier].slice(
    0,
    KEPT_BUILDS,
  );
  const listed = new Set(kept.flatMap((build) => build.files));
  const present = await readdir(publicDir);
  await Promise.all(
    present
      .filter((name) => !listed.has(name))
      .map((name) => rm(path.join(publicDir, name), { force: true })),
  );
  await writeFile(recordPath, `${JSON.stringify(kept, null, 2)}\n`);
  return kept.map((build) => build.buildId);
}

/** The record, or none when it is missing or unreadable (a first build, or one from before records). */
async function readRecord(recordPath) {
  try {
    const record = JSON.parse(await readFile(recordPath, 'utf8'));
    return Array.isArray(record) ? record.filter((build) => typeof build?.buildId === 'string') : [];
  } catch {
    return [];
  }
}
