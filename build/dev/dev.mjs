// Dev mode: `node build.mjs --dev` (npm run dev).
//
// - esbuild contexts watch the client and the server bundles (the production options, not minified). A
//   change seen by one watcher rebuilds the other bundle too, so one edit means one restart.
// - After each successful build: the manifest is written, the server child is stopped (SIGTERM, SIGKILL
//   after DEV_STOP_MS) and started again with the `npm start` command on a free port of 127.0.0.1, and
//   open tabs are told to reload.
// - A proxy (node:http) on PORT (default 3000) and HOST (default 127.0.0.1) forwards every request to the
//   current child and streams the response back unchanged, except HTML, which gets
//   `<script src="/__dev/reload.js" async>` before `</body>`. HTML is requested uncompressed
//   (`Accept-Encoding: identity`); an HTML response that is compressed anyway passes through untouched.
//   The script is external and same-origin, so a nonce-based Content-Security-Policy keeps working: the tag
//   carries the page's nonce when the policy has one, and the policy is relaxed only when it would still
//   block the script or its EventSource (build/dev/csp.mjs).
// - The script listens to /__dev/events (server-sent events): `reload` reloads the tab; `error` shows the
//   build error (esbuild's formatted messages, also printed in the terminal) in an overlay. A failed build
//   leaves the last good server running; the next good one reloads the tabs.
// - While the child restarts, requests wait for the new one (up to DEV_WAIT_MS), then get a 503 page that
//   reloads itself once a build succeeds.
// - SIGINT/SIGTERM dispose of the watchers, close the proxy and its event streams, and stop the child.
// The runtime code knows nothing of any of this.
//
// Environment: PORT and HOST (the proxy); DEV_OUTDIR (default dist/dev, apart from the production build in
// dist/, so `npm start --if-needed` never takes a dev build; it must be inside the project, so that the
// server bundle finds node_modules); DEV_EXTRA_IMPORT (a test hook: a module that the server entry imports
// for its side effects, so a test can cause rebuilds and build errors without editing real sources). The
// rest (BASE_PATH, LOG_LEVEL, ...) reaches the child as it is, with PORT and HOST set to the internal
// address; COOKIE_SECRET, when unset, is one random key for the whole dev session, so carts survive
// restarts.

import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { appEntries, appModulesPlugin, evaluateApp } from '../app-modules.mjs';
import { clientOptions, createManifest, moveSourceMaps, serverOnlyGuard } from '../client-bundle.mjs';
import { ROOT } from '../paths.mjs';
import { serverOptions } from '../server-bundle.mjs';
import { createBuildCycle } from './build-cycle.mjs';
import { createDevEvents } from './dev-events.mjs';
import { createDevProxy } from './proxy.mjs';
import { createServerSupervisor } from './server-supervisor.mjs';

const DEV_ENTRY = 'client/entry.tsx';

/** Runs dev mode until SIGINT/SIGTERM. */
export async function runDev({ outdir, port, host, extraImport }) {
  const entries = await appEntries(ROOT);
  const dirs = { outdir, publicDir: path.join(outdir, 'client'), serverDir: path.join(outdir, 'server') };
  const color = Boolean(process.stdout.isTTY);
  const log = (message) => console.log(`${color ? '\x1b[36mdev\x1b[0m' : 'dev'}: ${message}`);
  const events = createDevEvents();
  let stopping = false;
  let applying = null;
  let applyAgain = false;
  const busy = () => Boolean(applying || cycle.active);
  const report = (title, message) => {
    events.report(title, message);
    if (!supervisor.current && !supervisor.starting && !busy()) supervisor.releaseWaiters();
  };
  const supervisor = createServerSupervisor({
    serverDir: dirs.serverDir,
    // One random key for the whole session when unset, so carts survive restarts.
    env: { ...process.env, COOKIE_SECRET: process.env.COOKIE_SECRET || randomBytes(32).toString('hex') },
    log,
    onCrash(how, output) {
      log(`the server exited (${how}); it starts again after the next successful build`);
      report(`The server exited (${how})`, output);
    },
  });
  const cycle = createBuildCycle({
    onCycleEnd: (latest, ms) => void finishCycle(latest, ms),
  });

  async function finishCycle(latest, ms) {
    if (stopping) return;
    const results = [latest.client, latest.server];
    const warnings = results.flatMap((result) => result.warnings);
    if (warnings.length) console.warn((await formatOnce(warnings, 'warning', color)).join(''));
    const errors = results.flatMap((result) => result.errors);
    if (errors.length) {
      console.error((await formatOnce(errors, 'error', color)).join(''));
      const plain = await formatOnce(errors, 'error', false);
      log(
        `build failed (${plain.length} error${plain.length === 1 ? '' : 's'}); ` +
          (supervisor.current
            ? 'the last good server keeps running'
            : 'no server runs until a build succeeds'),
      );
      return report('Build failed', plain.join('').trim());
    }
    log(`built in ${ms} ms`);
    if (applying) {
      applyAgain = true;
      return;
    }
    applying = (async () => {
      do {
        applyAgain = false;
        await restart(latest);
      } while (applyAgain && !stopping);
    })().finally(() => {
      applying = null;
    });
  }

  async function restart(latest) {
    if (stopping || cycle.failed()) return;
    const started = performance.now();
    const evaluation = await evaluateApp(ROOT, entries.app);
    await supervisor.stop();
    const manifest = await writeDevOutput(dirs, latest, evaluation);
    if (stopping) return;
    try {
      const server = await supervisor.start();
      if (!server || stopping) return;
      // A build that failed meanwhile stays on show: tabs get it again when they reconnect after reloading.
      if (!cycle.failed()) events.clear();
      log(
        `server ${manifest.buildId} ready in ${Math.round(performance.now() - started)} ms ` +
          `(pid ${server.process.pid}, 127.0.0.1:${server.port}); reloading ${events.tabs} tab(s)`,
      );
      events.reload(supervisor.generation);
    } catch (error) {
      log('the server failed to start; it starts again after the next successful build');
      report('The server failed to start', error.message);
      if (!cycle.active && !applyAgain) supervisor.releaseWaiters();
    }
  }

  const proxy = createDevProxy({
    supervisor,
    events,
    waitForServer: (deadline) =>
      stopping ? Promise.resolve(supervisor.current) : supervisor.waitFor(deadline, busy),
    log,
  });

  async function shutdown(signal) {
    if (stopping) {
      supervisor.kill();
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping`);
    events.close();
    proxy.close();
    proxy.closeAllConnections();
    await cycle.dispose();
    await applying?.catch(() => {});
    await supervisor.shutdown();
    log('stopped');
    process.exit(0);
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(signal));

  await listen(proxy, port, host, log);
  await rm(dirs.publicDir, { recursive: true, force: true });
  await rm(dirs.serverDir, { recursive: true, force: true });
  cycle.contexts.client = await esbuild.context({
    ...clientOptions({ entry: DEV_ENTRY, publicDir: dirs.publicDir, minify: false, entries }),
    plugins: [serverOnlyGuard, appModulesPlugin(ROOT, entries), cycle.plugin('client')],
  });
  cycle.contexts.server = await esbuild.context({
    ...serverOptions({ outdir, entries }),
    metafile: true,
    plugins: [
      appModulesPlugin(ROOT, entries),
      cycle.plugin('server'),
      ...(extraImport ? [extraImportPlugin(extraImport)] : []),
    ],
  });
  if (stopping) return;
  log('watching client/, shared/ and server/');
  await cycle.watch();
}

/** Writes what a good build cycle produced: manifest, source maps apart, no stale chunks. */
async function writeDevOutput({ outdir, publicDir, serverDir }, latest, evaluation) {
  const manifest = createManifest(latest.client.metafile, publicDir, DEV_ENTRY, evaluation);
  await removeStaleOutputs(publicDir, latest.client.metafile);
  await moveSourceMaps(publicDir, path.join(outdir, 'sourcemaps'));
  await removeStaleOutputs(serverDir, latest.server.metafile);
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** esbuild's formatted messages; a broken file under shared/ fails both bundles alike, shown once. */
async function formatOnce(messages, kind, color) {
  return [...new Set(await esbuild.formatMessages(messages, { kind, color }))];
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

/** Deletes the files under `dir` that the last build did not write (old hashed chunks). */
async function removeStaleOutputs(dir, metafile) {
  const current = new Set(Object.keys(metafile.outputs).map((output) => path.resolve(ROOT, output)));
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !current.has(file)) await rm(file, { force: true });
  }
}
