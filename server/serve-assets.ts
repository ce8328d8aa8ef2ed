import type { Request, Response } from 'express';
import type { BuildOutput } from './build-output.ts';

/** Hashed file names change with their content, so browsers and CDNs may keep them for a year. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves built client files by exact name. Only names the build listed are served, so traversal
 * (`..`, `%2e%2e`), dotfiles, source maps and unknown names are a plain 404, never a page render.
 */
export function serveAssets(build: BuildOutput | undefined) {
  return function serveAsset(request: Request, response: Response, assetName: string): void {
    if (!build?.files.has(assetName) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.status(404).type('text/plain').setHeader('Cache-Control', 'no-store');
      response.send('Not Found');
      return;
    }
    // `root` keeps send's dotfile rule to the asset name, not the folders above it (which may be hidden).
    response.sendFile(assetName, {
      root: build.clientDir,
      cacheControl: false,
      headers: { 'Cache-Control': ASSET_CACHE_CONTROL },
    });
  };
}
