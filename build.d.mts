/** Types for build.mjs, so tests and benchmarks can call it under `tsc --strict`. */
export interface ChunkInfo {
  file: string;
  imports: string[];
}
export interface BuildManifest {
  buildId: string;
  entry: ChunkInfo;
  stylesheets: string[];
  /** Per route tree node with a module (by id), its chunk. */
  routes: Record<string, ChunkInfo>;
  /** Per page (leaf id), the ids of its segments, root first. */
  pages: Record<string, string[]>;
  /** Per locale, the chunk of the first module the app's loadLocale imports. */
  locales: Record<string, ChunkInfo>;
}
/** The app a build serves: its isomorphic and server definitions, paths from the project root. */
export interface AppModules {
  app: string;
  serverApp: string;
}
export class ServerModuleLeakError extends Error {}
export function buildClient(options?: {
  entry?: string;
  outdir?: string;
  minify?: boolean;
  app?: AppModules;
}): Promise<BuildManifest>;
export function buildServer(options?: { outdir?: string; app?: AppModules }): Promise<void>;
export function build(options?: { outdir?: string; app?: AppModules }): Promise<BuildManifest>;
/**
 * Dev mode only: makes a page's Content-Security-Policy allow the dev proxy's same-origin reload script and
 * its EventSource; returns the header to send and the nonce for the script tag, if any.
 */
export function relaxCspForDevScript<H extends string | string[] | undefined>(
  header: H,
): { header: H; nonce: string | undefined };
