import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPrerenderedPages, PRERENDERED_DIR, type PrerenderedPage } from './prerendered-pages.ts';

/** A chunk of the client build: its file and the files it imports (preloaded with it). */
export interface ChunkInfo {
  file: string;
  imports: string[];
}

/** `dist/manifest.json`, written by the build (build/client-bundle.mjs) and read here once at start. */
export interface BuildManifest {
  buildId: string;
  entry: ChunkInfo;
  stylesheets: string[];
  /** The text of `stylesheets` when the production build found it small and self-contained: documents carry it in a `<style>` instead of linking it. */
  inlineStyle?: string;
  /** Per route tree node with a module (by id), its chunk. */
  routes: Record<string, ChunkInfo>;
  /** Per page (leaf id), the ids of its segments, root first. */
  pages: Record<string, string[]>;
  /** Per locale, the chunk of the first module the app's loadLocale imports. */
  locales: Record<string, ChunkInfo>;
}

/** The client build the server serves: the manifest and the public files it may send. */
export interface BuildOutput {
  manifest: BuildManifest;
  /** Absolute path of the folder with the public client files. */
  clientDir: string;
  /** Names (relative to clientDir, `/`-separated) of every file that may be served. */
  files: ReadonlySet<string>;
  /** The build's prerendered pages by `locale appPath` (prerenderedKey); none without any. */
  prerendered?: ReadonlyMap<string, PrerenderedPage>;
}

/** The build id when the app runs without a client build (server-only tests). */
export const DEVELOPMENT_BUILD_ID = 'development';

/** The id of the build being served: the data endpoint's version, the browser's release. */
export function buildIdOf(build: BuildOutput | undefined): string {
  return build?.manifest.buildId ?? DEVELOPMENT_BUILD_ID;
}

/** The build folder of a bundled server entry (`dist/server/*.mjs`), given its `import.meta.url`. */
export function distDirOf(entryUrl: string): string {
  return path.resolve(path.dirname(fileURLToPath(entryUrl)), '..');
}

/** Reads `{distDir}/manifest.json`; the error says to build first. */
export function readManifest(distDir: string): BuildManifest {
  const manifestPath = path.join(distDir, 'manifest.json');
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`Cannot read the build manifest at ${manifestPath}: run \`npm run build\` first`, {
      cause: error,
    });
  }
}

/** Reads the manifest and lists `dist/client` once at start. */
export function loadBuildOutput(distDir: string): BuildOutput {
  const manifest = readManifest(distDir);
  const clientDir = path.join(distDir, 'client');
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      ),
  );
  return {
    manifest,
    clientDir,
    files,
    prerendered: loadPrerenderedPages(path.join(distDir, PRERENDERED_DIR)),
  };
}
