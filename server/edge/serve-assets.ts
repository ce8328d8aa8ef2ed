import path from 'node:path';
import type { Request, Response } from 'express';
import type { BuildOutput } from '../definition/build-output.ts';

/** Hashed file names change with their content, so browsers and CDNs may keep them for a year. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Precompressed siblings the build writes next to each script and stylesheet, best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves built client files by exact name. Only names the build listed are served, so traversal
 * (`..`, `%2e%2e`), dotfiles, source maps and unknown names are a plain 404, never a page render. Scripts
 * and styles are sent precompressed (brotli, then gzip) when the browser accepts it: no compression work
 * per request.
 */
export function serveAssets(build: BuildOutput | undefined) {
  return function serveAsset(request: Request, response: Response, assetName: string): void {
    if (!build?.files.has(assetName) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.status(404).type('text/plain').setHeader('Cache-Control', 'no-store');
      response.send('Not Found');
      return;
    }
    const variants = PRECOMPRESSED.filter(({ suffix }) => build.files.has(`${assetName}${suffix}`));
    let file = assetName;
    if (variants.length > 0) {
      response.vary('Accept-Encoding');
      // Our order (brotli first) decides among what the browser accepts; browsers list gzip first.
      const chosen = variants.find(({ encoding }) => request.acceptsEncodings(encoding) === encoding);
      if (chosen) {
        file = `${assetName}${chosen.suffix}`;
        response.setHeader('Content-Encoding', chosen.encoding);
      }
    }
    // The type of the original, not of the .br/.gz file.
    response.type(path.extname(assetName));
    // `root` keeps send's dotfile rule to the asset name, not the folders above it (which may be hidden).
    response.sendFile(file, {
      root: build.clientDir,
      cacheControl: false,
      headers: { 'Cache-Control': ASSET_CACHE_CONTROL },
    });
  };
}
