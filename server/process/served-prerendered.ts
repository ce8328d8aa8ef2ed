import { cpSync } from 'node:fs';
import path from 'node:path';
import {
  loadPrerenderedPages,
  PRERENDERED_DIR,
  type PrerenderedIndex,
  type PrerenderedPage,
  readPrerenderedIndex,
} from '../definition/prerendered-pages.ts';

/** The prerendered pages an instance serves, and where. */
export interface ServedPrerendered {
  folder: string;
  /** Undefined for a build without prerendered pages. */
  index: PrerenderedIndex | undefined;
  pages: Map<string, PrerenderedPage>;
}

/**
 * The folder of prerendered pages this instance serves and regenerates (PRERENDERED_DIR, else the build's
 * `dist/prerendered`) and its pages. A configured folder that holds no pages of this build gets the build's
 * first: it may be a fresh volume, or hold the release before's pages. None are served under a BASE_PATH
 * other than the build's: their links would miss it.
 */
export function servedPrerendered(
  buildDir: string,
  buildId: string,
  configuredDir: string | undefined,
  basePath: string,
): ServedPrerendered {
  const built = path.join(buildDir, PRERENDERED_DIR);
  const folder = configuredDir ?? built;
  const builtIndex = readPrerenderedIndex(built);
  if (folder !== built && builtIndex && readPrerenderedIndex(folder)?.buildId !== buildId) {
    cpSync(built, folder, { recursive: true, force: true });
  }
  const index = readPrerenderedIndex(folder);
  if (index?.buildId !== buildId || index.basePath !== basePath) {
    return { folder, index: undefined, pages: new Map() };
  }
  return { folder, index, pages: loadPrerenderedPages(folder) };
}
