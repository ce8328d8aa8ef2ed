/** Types for build/kept-builds.mjs, so tests can call it under `tsc --strict`. */
export const KEPT_BUILDS: number;
export const BUILDS_RECORD: string;
/** Records the new build's files and removes every file no kept build lists; the kept ids, newest first. */
export function keepRecentBuilds(
  outdir: string,
  publicDir: string,
  buildId: string,
  files: readonly string[],
): Promise<string[]>;
