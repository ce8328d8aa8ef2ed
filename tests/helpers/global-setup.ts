import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh production build of the storefront, made once for the whole run. */
    buildDir: string;
  }
}

/** The app the run's build serves: the storefront, whichever app package.json names. */
const STOREFRONT = { app: 'apps/storefront/app.ts', serverApp: 'apps/storefront/server-app.ts' };

/** The run's one build, shared by the runtime projects (each runs this setup): its folder and its users. */
interface SharedBuild {
  dir: Promise<string>;
  users: number;
}
const run = globalThis as typeof globalThis & { storefrontTestBuild?: SharedBuild };

/** Builds the storefront once into a temporary folder, so tests never depend on (or clobber) dist/. */
export default async function setup(project: TestProject) {
  run.storefrontTestBuild ??= { dir: buildStorefront(), users: 0 };
  const shared = run.storefrontTestBuild;
  shared.users++;
  project.provide('buildDir', await shared.dir);
  return async () => {
    if (--shared.users > 0) return;
    run.storefrontTestBuild = undefined;
    await rm(await shared.dir, { recursive: true, force: true });
  };
}

async function buildStorefront(): Promise<string> {
  // Inside the project, so the server bundle resolves its npm packages from node_modules/.
  const cacheDir = path.resolve(import.meta.dirname, '../../node_modules/.cache');
  await mkdir(cacheDir, { recursive: true });
  const buildDir = await mkdtemp(path.join(cacheDir, 'test-build-'));
  // Named here, not read from package.json's "ssr" field: an engineer who points that at their own app
  // (docs/tutorial.md) still tests the storefront. Only the runtime projects run this setup (vitest.config.ts).
  await build({ outdir: buildDir, app: STOREFRONT });
  return buildDir;
}
