// The build's command line; its parts are in build/.
// `node build.mjs` builds the browser bundle (ESM, one lazy chunk per route, hashed names, manifest) and the
// server bundle into dist/ and prints the size table; `node build.mjs --if-needed` skips when dist/ is newer
// than every source; `node build.mjs --dev` (npm run dev) serves a dev build with React Fast Refresh,
// rebuilding and restarting the server on change (build/dev/dev.mjs); `--app <file> --server-app <file>`
// name another app than package.json's "ssr" field, for every one of them.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { buildClient } from './build/client-bundle.mjs';
import { runDev } from './build/dev/dev.mjs';
import { DIST } from './build/paths.mjs';
import { prepareBuild, prerender } from './build/prepare-build.mjs';
import { buildServer } from './build/server-bundle.mjs';
import { sizeTable } from './build/size-table.mjs';
import { isUpToDate } from './build/up-to-date.mjs';

export {
  buildClient,
  bundleClient,
  clientOptions,
  DevCodeLeakError,
  INLINE_STYLE_MAX_BYTES,
  inlineStyleOf,
  ServerModuleLeakError,
  staticImportsOf,
} from './build/client-bundle.mjs';
export { nameScriptsByContent } from './build/content-names.mjs';
export { relaxCspForDevScript } from './build/dev/csp.mjs';
export { reminifyScripts } from './build/reminify.mjs';
export { buildServer } from './build/server-bundle.mjs';
export { isUpToDate } from './build/up-to-date.mjs';

/**
 * The full build: client, manifest, server, then what the app's services prepare from the server bundle
 * (a database snapshot), then the app's prerendered pages. `app` names the app's definitions ({ app, serverApp }, paths from the project
 * root), package.json's "ssr" field by default. Returns the manifest.
 */
export async function build({ outdir = DIST, app } = {}) {
  const [manifest] = await Promise.all([
    buildClient({ outdir, app }),
    buildServer({ outdir, app }).then(() => prepareBuild(outdir)),
  ]);
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await prerender(outdir);
  return manifest;
}

/** `--app <file> --server-app <file>`, or undefined for package.json's "ssr" field. */
function appOption() {
  const value = (flag) => {
    const at = process.argv.indexOf(flag);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const app = value('--app');
  const serverApp = value('--server-app');
  if (!app && !serverApp) return undefined;
  if (!app || !serverApp) {
    console.error('Name both the app and its server side: --app <file> --server-app <file>');
    process.exit(1);
  }
  return { app, serverApp };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain && process.argv.includes('--dev')) {
  const port = process.env.PORT || '3000';
  if (!/^\d+$/.test(port) || Number(port) > 65535) {
    console.error(`Invalid PORT=${JSON.stringify(port)}: must be an integer from 0 to 65535`);
    process.exit(1);
  }
  await runDev({
    // Not dist/ itself: `npm start` (--if-needed) would then take the unminified dev build for a fresh one.
    outdir: path.resolve(process.env.DEV_OUTDIR || path.join(DIST, 'dev')),
    port: Number(port),
    host: process.env.HOST || '127.0.0.1',
    extraImport: process.env.DEV_EXTRA_IMPORT ? path.resolve(process.env.DEV_EXTRA_IMPORT) : undefined,
    app: appOption(),
  });
} else if (isMain) {
  try {
    const app = appOption();
    if (process.argv.includes('--if-needed') && (await isUpToDate(app))) {
      console.log('build: dist/ is up to date');
    } else {
      const started = performance.now();
      const manifest = await build({ app });
      console.log(`build ${manifest.buildId} in ${Math.round(performance.now() - started)} ms\n`);
      console.log(await sizeTable(manifest));
    }
  } catch (error) {
    console.error(`build failed: ${error.message}`);
    for (const message of error.errors ?? [])
      console.error(esbuild.formatMessagesSync([message], { kind: 'error' }).join(''));
    process.exitCode = 1;
  }
}
