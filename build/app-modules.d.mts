/** Types for build/app-modules.mjs, so tests can call it under `tsc --strict`. */
import type { AppModules } from '../build.d.mts';

/** The app's two definition modules, relative to the project root: build options first, then package.json's "ssr". */
export function appEntries(root: string, options?: Partial<AppModules>): Promise<AppModules>;
