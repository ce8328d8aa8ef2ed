// Where the build reads and writes, for every part of it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder of build.mjs). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The production build's output. */
export const DIST = path.join(ROOT, 'dist');
/** The browsers the client bundle supports (esbuild's and oxc-minify's syntax target). */
export const BROWSER_TARGETS = ['es2022', 'chrome111', 'firefox114', 'safari16.4'];
