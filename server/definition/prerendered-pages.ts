import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folder of a build's prerendered pages, beside `client/`. */
export const PRERENDERED_DIR = 'prerendered';
/** Its index, written by the build (server/process/prerender.ts). */
export const PRERENDERED_INDEX = 'index.json';

/** One prerendered page as the index lists it. */
export interface PrerenderedEntry {
  locale: string;
  /** The path the route table matches (no base path, no locale prefix). */
  appPath: string;
  /** Its file, relative to the prerendered folder, without the .br/.gz suffix. */
  file: string;
  /** The ETag a render would give it now, while its versions are those it was made at. */
  etag: string;
  cacheControl: string;
  /** The policy with the nonce its inline scripts carry (the build's one for all its pages). */
  contentSecurityPolicy: string;
  /** Its segments' versions are all the build's (versionOfBuild): a proxy may serve the file itself. */
  servedByProxy: boolean;
}

export interface PrerenderedIndex {
  pages: PrerenderedEntry[];
}

/** A prerendered page ready to send: its headers and its body in each encoding. */
export interface PrerenderedPage extends PrerenderedEntry {
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

/** The build's prerendered pages by `locale appPath`, read once at start; empty without any. */
export function loadPrerenderedPages(distDir: string): ReadonlyMap<string, PrerenderedPage> {
  const folder = path.join(distDir, PRERENDERED_DIR);
  const indexPath = path.join(folder, PRERENDERED_INDEX);
  const pages = new Map<string, PrerenderedPage>();
  if (!existsSync(indexPath)) return pages;
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as PrerenderedIndex;
  for (const entry of index.pages) {
    const read = (suffix: string) => readFileSync(path.join(folder, `${entry.file}${suffix}`));
    const bodies = { identity: read(''), br: read('.br'), gzip: read('.gz') };
    pages.set(prerenderedKey(entry.locale, entry.appPath), { ...entry, bodies });
  }
  return pages;
}

/** The key of a page among the prerendered ones. */
export function prerenderedKey(locale: string, appPath: string): string {
  return `${locale} ${appPath}`;
}
