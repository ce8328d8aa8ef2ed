/** Types for build.mjs, so tests and benchmarks can call it under `tsc --strict`. */
export interface ChunkInfo {
  file: string;
  imports: string[];
}
export interface BuildManifest {
  buildId: string;
  entry: ChunkInfo;
  stylesheets: string[];
  routes: Record<string, ChunkInfo>;
  /** Per locale, the chunk of the app's locale module (see LOCALE_DIRS in build.mjs). */
  locales: Record<string, ChunkInfo>;
}
export class ServerModuleLeakError extends Error {}
export function buildClient(options?: {
  entry?: string;
  outdir?: string;
  minify?: boolean;
}): Promise<BuildManifest>;
export function buildServer(options?: { outdir?: string }): Promise<void>;
export function build(options?: { outdir?: string }): Promise<BuildManifest>;
/**
 * Dev mode only: makes a page's Content-Security-Policy allow the dev proxy's same-origin reload script and
 * its EventSource; returns the header to send and the nonce for the script tag, if any.
 */
export function relaxCspForDevScript<H extends string | string[] | undefined>(
  header: H,
): { header: H; nonce: string | undefined };
