// Dev mode: `node build.mjs --dev` (npm run dev).
//
// - A change to any file the bundles read (build/dev/source-watcher.mjs) rebuilds the client and the server
//   bundles (esbuild contexts, the production options, not minified), so one edit means one restart. The
//   browser bundle runs React's development build with Fast Refresh (build/dev/refresh-transform.mjs).
// - A changed module of the browser bundle goes to the tabs at once as a hot module (build/dev/
//   hot-modules.mjs): a tab that has it loaded swaps it in with its state kept, or reloads after the restart
//   when Fast Refresh cannot apply it. A changed stylesheet is swapped in as soon as it is built.
// - After each successful build: the manifest is written, the server child is stopped (SIGTERM, SIGKILL
//   after DEV_STOP_MS) and started again with the `npm start` command on a free port of 127.0.0.1, and
//   open tabs are told; when only server code changed, they refresh the page's data in place.
// - A proxy (node:http) on PORT (default 3000) and HOST (default 127.0.0.1) forwards every request to the
//   current child and streams the response back unchanged, except HTML, which gets the refresh runtime
//   before `</head>` and `<script src="/__dev/reload.js" async>` before `</body>`. HTML is requested uncompressed
//   (`Accept-Encoding: identity`); an HTML response that is compressed anyway passes through untouched.
//   The script is external and same-origin, so a nonce-based Content-Security-Policy keeps working: the tag
//   carries the page's nonce when the policy has one, and the policy is relaxed only when it would still
//   block the script or its EventSource (build/dev/csp.mjs).
// - The script listens to /__dev/events (server-sent events, build/dev/dev-events.mjs); `error` shows the
//   build error (esbuild's formatted messages, also printed in the terminal) in an overlay, as are errors
//   thrown in the page. A failed build leaves the last good server running; the fix hides the overlay.
// - While the child restarts, requests wait for the new one (up to DEV_WAIT_MS), then get a 503 page that
//   reloads itself once a build succeeds.
// - SIGINT/SIGTERM dispose of the watchers, close the proxy and its event streams, and stop the child.
// The runtime code knows nothing of any of this.
//
// Environment: PORT and HOST (the proxy); DEV_OUTDIR (default dist/dev, apart from the production build in
// dist/, so `npm start --if-needed` never takes a dev build; it must be inside the project, so that the
// server bundle finds node_modules); DEV_EXTRA_IMPORT (a test hook: a module that the server entry imports
// for its side effects, so a test can cause rebuilds and build errors without editing real sources).
// `--app <file> --server-app <file>` name the app's definitions (package.json's "ssr" field by default). The
// rest (BASE_PATH, LOG_LEVEL, ...) reaches the child as it is, with PORT and HOST set to the internal
// address; COOKIE_SECRET, when unset, is one random key for the whole dev session, so carts survive
// restarts; WARM_UP_MS is 0 unless set, so a restart is ready as soon as its services are.

import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { appEntries, appModulesPlugin } from '../app-modules.mjs';
import { clientOptions } from '../client-bundle.mjs';
import { ROOT } from '../paths.mjs';
import { rawTextPlugin } from '../raw-text.mjs';
import { serverOptions } from '../server-bundle.mjs';
import { createBuildCycle } from './build-cycle.mjs';
import { createDevEvents } from './dev-events.mjs';
import { createHotModules } from './hot-modules.mjs';
import { createDevProxy } from './proxy.mjs';
import { buildRefreshRuntime, refreshPlugin } from './refresh-transform.mjs';
import { createRestarts, DEV_ENTRY } from './restarts.mjs';
import { createServerSupervisor } from './server-supervisor.mjs';
import { createSourceChanges } from './source-changes.mjs';
import { createStackLocator } from './stack-locations.mjs';

/** Runs dev mode until SIGINT/SIGTERM. */
export async function runDev({ outdir, port, host, extraImport, app }) {
  const color = Boolean(process.stdout.isTTY);
  const log = (message) => console.log(`${color ? '\x1b[36mdev\x1b[0m' : 'dev'}: ${message}`);
  let stopping = false;
  const dev = {
    dirs: { outdir, publicDir: path.join(outdir, 'client'), serverDir: path.join(outdir, 'server') },
    entries: await appEntries(ROOT, app),
    color,
    log,
    events: createDevEvents(),
    isStopping: () => stopping,
    /** Dev mode outlives its own mistakes: a failed step is printed, and the next change tries again. */
    keepGoing: (promise) =>
      promise.catch((error) =>
        log(`dev mode failed: ${error.stack ?? error}; it tries again on the next change`),
      ),
    /** Shows a problem in the tabs; requests waiting for a server that is not coming get the error page now. */
    report(title, message) {
      dev.events.report(title, message);
      if (!dev.supervisor.current && !dev.supervisor.starting && !restarts.busy())
        dev.supervisor.releaseWaiters();
    },
  };
  dev.supervisor = createSupervisor(dev);
  dev.cycle = createBuildCycle({
    onCycleEnd: (latest, ms, changed) => dev.keepGoing(restarts.onCycleEnd(latest, ms, changed)),
  });
  dev.hotModules = createHotModules({ entries: dev.entries, publicDir: dev.dirs.publicDir });
  Object.assign(dev, createSourceChanges(dev));
  const restarts = createRestarts(dev);
  const proxy = createDevProxy({
    supervisor: dev.supervisor,
    events: dev.events,
    hotModules: dev.hotModules,
    refreshRuntime: await buildRefreshRuntime(),
    locate: createStackLocator({ mapsDir: path.join(outdir, 'sourcemaps'), hotModules: dev.hotModules }),
    waitForServer: (deadline) =>
      stopping ? Promise.resolve(dev.supervisor.current) : dev.supervisor.waitFor(deadline, restarts.busy),
    log,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) {
        dev.supervisor.kill();
        process.exit(1);
      }
      stopping = true;
      void shutdown(dev, proxy, signal);
    });
  }
  await listen(proxy, port, host, log);
  await watch(dev, extraImport);
}

function createSupervisor(dev) {
  return createServerSupervisor({
    serverDir: dev.dirs.serverDir,
    env: {
      // No warm-up unless asked for: it makes V8's first requests fast for visitors, and in dev mode it would
      // only hold every restart back from the edit's result.
      WARM_UP_MS: '0',
      ...process.env,
      // One random key for the whole session when unset, so carts survive restarts.
      COOKIE_SECRET: process.env.COOKIE_SECRET || randomBytes(32).toString('hex'),
    },
    log: dev.log,
    onCrash(how, output) {
      dev.log(`the server exited (${how}); it starts again after the next successful build`);
      dev.report(`The server exited (${how})`, output);
    },
  });
}

async function shutdown({ log, events, cycle, supervisor, watcher }, proxy, signal) {
  log(`${signal}: stopping`);
  watcher.close();
  events.close();
  proxy.close();
  proxy.closeAllConnections();
  await cycle.dispose();
  await cycle.settled();
  await supervisor.shutdown();
  log('stopped');
  process.exit(0);
}

/** Starts the client and server watchers from empty output folders; the first cycle is the initial build. */
async function watch({ dirs, entries, cycle, log, isStopping }, extraImport) {
  await rm(dirs.publicDir, { recursive: true, force: true });
  await rm(dirs.serverDir, { recursive: true, force: true });
  const client = clientOptions({ entry: DEV_ENTRY, publicDir: dirs.publicDir, minify: false, entries });
  cycle.contexts.client = await esbuild.context({
    ...client,
    // React's development build: Fast Refresh and its warnings need it.
    define: { 'process.env.NODE_ENV': '"development"' },
    write: false,
    // The production build's plugins, then Fast Refresh and the cycle's output.
    plugins: [...client.plugins, refreshPlugin(ROOT), cycle.plugin('client')],
  });
  cycle.contexts.server = await esbuild.context({
    ...serverOptions({ outdir: dirs.outdir, entries }),
    metafile: true,
    write: false,
    plugins: [
      appModulesPlugin(ROOT, entries),
      rawTextPlugin,
      cycle.plugin('server'),
      ...(extraImport ? [extraImportPlugin(extraImport)] : []),
    ],
  });
  if (isStopping()) return;
  await cycle.build();
  log('watching the files the bundles read');
}

async function listen(proxy, port, host, log) {
  await new Promise((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(port, host, () => {
      proxy.off('error', reject);
      resolve();
    });
  }).catch((error) => {
    console.error(`dev: cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  const address = proxy.address();
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;
  log(`listening on ${origin} (dev proxy; open ${origin}${process.env.BASE_PATH ?? ''}/)`);
}

/** Appends `import "<file>"` to the server entry, and watches the entry (plugin-loaded files need that). */
function extraImportPlugin(file) {
  const entry = path.join(ROOT, 'server', 'process', 'index.ts');
  return {
    name: 'dev-extra-import',
    setup(build) {
      build.onLoad({ filter: /[\\/]server[\\/]process[\\/]index\.ts$/ }, async (args) => {
        if (args.path !== entry) return undefined;
        const source = await readFile(entry, 'utf8');
        // At the end, so line numbers (and source maps) are those of the real file; imports are hoisted.
        return {
          contents: `${source}\nimport ${JSON.stringify(file)};\n`,
          loader: 'ts',
          watchFiles: [entry],
        };
      });
    },
  };
}
