import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { type AppModules, type BuildManifest, build } from '../../build.mjs';
import { type BuiltServer, startBuiltServer } from './built-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Another app than the storefront, built into a scratch folder and served as `npm start` serves one. */
export interface BuiltApp {
  server: BuiltServer;
  manifest: BuildManifest;
  /** The build's folder (client/, sourcemaps/, server/). */
  buildDir: string;
  /** Stops the server and removes the build. */
  stop(): Promise<void>;
}

/** Builds `app` (its two definitions, paths from the project root) and starts its server. */
export async function buildAndStart(app: AppModules): Promise<BuiltApp> {
  const name = path.basename(path.dirname(app.app));
  const buildDir = await mkdtemp(path.join(ROOT, `node_modules/.cache/${name}-`));
  try {
    const manifest = await build({ outdir: buildDir, app });
    const server = await startBuiltServer({}, buildDir);
    return {
      server,
      manifest,
      buildDir,
      async stop() {
        await server.stop();
        await rm(buildDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(buildDir, { recursive: true, force: true });
    throw error;
  }
}
