import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh production build of the storefront, made once for the whole run. */
    buildDir: string;
  }
}

/** Builds the client once into a temporary folder, so tests never depend on (or clobber) dist/. */
export default async function setup(project: TestProject) {
  const buildDir = await mkdtemp(path.join(tmpdir(), 'ssr-test-build-'));
  await build({ outdir: buildDir });
  project.provide('buildDir', buildDir);
  return async () => {
    await rm(buildDir, { recursive: true, force: true });
  };
}
