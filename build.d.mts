/** Types for build.mjs, so tests and benchmarks can call it under `tsc --strict`. */
import type { BuildManifest } from './server/definition/build-output.ts';

export type { BuildManifest, ChunkInfo } from './server/definition/build-output.ts';
/** The app a build serves: its isomorphic and server definitions, paths from the project root. */
export interface AppModules {
  app: string;
  serverApp: string;
}
export class ServerModuleLeakError extends Error {}
export class DevCodeLeakError extends Error {}
export function buildClient(options?: {
  entry?: string;
  outdir?: string;
  minify?: boolean;
  app?: AppModules;
}): Promise<BuildManifest>;
/** A stylesheet up to this many bytes is carried by the document instead of linked. */
export const INLINE_STYLE_MAX_BYTES: number;
/** `{ inlineStyle }` when the entry's one stylesheet is small and has no url() or @import; `{}` otherwise. */
export function inlineStyleOf(
  stylesheets: readonly string[],
  outputFiles: readonly { path: string; text: string }[],
  publicDir: string,
): { inlineStyle?: string };
/** A file of a build in memory, as esbuild's `outputFiles` are read. */
export interface OutputFile {
  path: string;
  text: string;
  contents: Uint8Array;
}
/** esbuild's metafile outputs, as far as the build reads them. */
export interface Metafile {
  outputs: Record<string, { imports?: { path: string; kind: string }[]; entryPoint?: string }>;
}
/**
 * Final names for a build's scripts (first-pass names are placeholders): a hash of a script's content with
 * that of every script it names, directly or not, so that a name never stands for two contents.
 */
export function nameScriptsByContent(
  outputFiles: readonly OutputFile[],
  metafile: Metafile,
): { outputFiles: OutputFile[]; metafile: Metafile };
export function buildServer(options?: { outdir?: string; app?: AppModules }): Promise<void>;
export function build(options?: { outdir?: string; app?: AppModules }): Promise<BuildManifest>;
/**
 * `node build.mjs --if-needed`: whether the build in `outdir` (dist/ by default) is newer than every source,
 * the folders of `app`'s definitions (package.json's "ssr" field by default) included.
 */
export function isUpToDate(app?: AppModules, outdir?: string): Promise<boolean>;
/**
 * Dev mode only: makes a page's Content-Security-Policy allow the dev proxy's same-origin reload script and
 * its EventSource; returns the header to send and the nonce for the script tag, if any.
 */
export function relaxCspForDevScript<H extends string | string[] | undefined>(
  header: H,
): { header: H; nonce: string | undefined };
