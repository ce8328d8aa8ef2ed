import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildManifest } from '../../build.mjs';

/** The client build the server serves: the manifest and the public files it may send. */
export interface BuildOutput {
  manifest: BuildManifest;
  /** Absolute path of the folder with the public client files. */
  clientDir: string;
  /** Names (relative to clientDir, `/`-separated) of every file that may be served. */
  files: ReadonlySet<string>;
}

/** Reads `dist/manifest.json` and lists `dist/client` once at start. */
export function loadBuildOutput(distDir: string): BuildOutput {
  const manifestPath = path.join(distDir, 'manifest.json');
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`Cannot read the build manifest at ${manifestPath}: run \`npm run build\` first`, {
      cause: error,
    });
  }
  const clientDir = path.join(distDir, 'client');
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      ),
  );
  return { manifest, clientDir, files };
}
