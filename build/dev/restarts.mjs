// After each build cycle of dev mode: the errors shown in the terminal and the tabs, or the server restarted
// on the new build. Tabs got their hot modules and stylesheet as the change was seen (build/dev/dev.mjs);
// now they get `restarted`, telling them to refresh the page's data when server code changed. The next
// build cycle starts once the restart is over.

import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { evaluateApp } from '../app-modules.mjs';
import { createManifest, moveSourceMaps } from '../client-bundle.mjs';
import { ROOT } from '../paths.mjs';
import { removeStaleOutputs } from './stale-outputs.mjs';

export const DEV_ENTRY = 'build/dev/client-entry.tsx';
const SESSION_BUILD_ID = `dev-${randomBytes(4).toString('hex')}`;

/** `dev`: what runDev built (dirs, entries, log, color, events, supervisor, cycle, report, isStopping). */
export function createRestarts(dev) {
  const { log, events, supervisor, cycle, report } = dev;
  /** Whether the tabs refresh their data after the next restart: only server code changed since the last. */
  let refreshData = false;

  /** The build cycle waits for this, so no build writes files while the server is replaced. */
  async function onCycleEnd(latest, ms, changed) {
    if (dev.isStopping()) return;
    dev.watchInputs(latest);
    if (await reportedProblems(dev, [latest.client, latest.server])) {
      // No new server is coming: requests held during the build go to the last good one.
      supervisor.releaseWaiters();
      return;
    }
    log(`built in ${ms} ms`);
    const clientInputs = cycle.inputs(['client']);
    if (changed && [...changed].some((file) => !clientInputs.has(file))) refreshData = true;
    await restart(latest);
  }

  async function restart(latest) {
    if (dev.isStopping()) return;
    const started = performance.now();
    const manifest = await replaceOutput(dev, latest);
    if (dev.isStopping()) return;
    try {
      const server = await supervisor.start();
      if (!server || dev.isStopping()) return;
      // A build that failed meanwhile stays on show: tabs get it again when they reconnect after reloading.
      if (!cycle.failed()) events.clear();
      log(
        `server ${manifest.buildId} ready in ${Math.round(performance.now() - started)} ms ` +
          `(pid ${server.process.pid}, 127.0.0.1:${server.port}); ${events.tabs} tab(s) connected`,
      );
      events.restarted(supervisor.generation, refreshData);
      refreshData = false;
    } catch (error) {
      log('the server failed to start; it starts again after the next successful build');
      report('The server failed to start', error.message);
      if (!cycle.hasQueuedChanges()) supervisor.releaseWaiters();
    }
  }

  return {
    onCycleEnd,
    /** True while a build, a restart or a server start is under way, so a request had better wait. */
    busy: () => cycle.active,
  };
}

/** Prints the cycle's warnings; prints and shows its errors. True when the build failed. */
async function reportedProblems({ color, log, supervisor, report }, results) {
  const warnings = results.flatMap((result) => result.warnings);
  if (warnings.length) console.warn((await formatOnce(warnings, 'warning', color)).join(''));
  const errors = results.flatMap((result) => result.errors);
  if (errors.length === 0) return false;
  console.error((await formatOnce(errors, 'error', color)).join(''));
  const plain = await formatOnce(errors, 'error', false);
  const running = supervisor.current
    ? 'the last good server keeps running'
    : 'no server runs until a build succeeds';
  log(`build failed (${plain.length} error${plain.length === 1 ? '' : 's'}); ${running}`);
  report('Build failed', plain.join('').trim());
  return true;
}

/** Stops the server and puts the new build in place of the old; resolves with its manifest. */
async function replaceOutput(dev, latest) {
  const evaluation = await evaluateApp(ROOT, dev.entries.app);
  dev.segmentFiles = new Set(
    Object.values(evaluation.segmentModules).map((file) => path.resolve(ROOT, file)),
  );
  await dev.supervisor.stop();
  const manifest = await writeDevOutput(dev, latest, evaluation);
  dev.stylesheetsServed(stylesheetsOf(latest.client.metafile, dev.dirs.publicDir));
  return manifest;
}

/** Writes what a good build cycle produced: manifest, source maps apart, no stale chunks. */
async function writeDevOutput(dev, latest, evaluation) {
  const { outdir, publicDir, serverDir } = dev.dirs;
  // One build id for the whole session: tabs take new code in place, and a build id that changed with each
  // edit would turn their next navigation into a full load (the server answers 409, build changed).
  const manifest = {
    ...createManifest(latest.client.metafile, publicDir, DEV_ENTRY, evaluation),
    buildId: SESSION_BUILD_ID,
  };
  // The previous build's files stay one more build: a page the old server sent may still ask for them.
  await removeStaleOutputs(publicDir, [latest.client.metafile, dev.previousClientMetafile]);
  dev.previousClientMetafile = latest.client.metafile;
  await moveSourceMaps(publicDir, path.join(outdir, 'sourcemaps'));
  await removeStaleOutputs(serverDir, [latest.server.metafile]);
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The URL paths of the dev entry's stylesheets in the build described by `metafile`. */
function stylesheetsOf(metafile, publicDir) {
  const entry = Object.values(metafile.outputs).find((output) => output.entryPoint === DEV_ENTRY);
  if (!entry?.cssBundle) return [];
  const file = path.relative(publicDir, path.join(ROOT, entry.cssBundle)).split(path.sep).join('/');
  return [`${process.env.BASE_PATH ?? ''}/_assets/${file}`];
}

/** esbuild's formatted messages; a broken file under shared/ fails both bundles alike, shown once. */
async function formatOnce(messages, kind, color) {
  return [...new Set(await esbuild.formatMessages(messages, { kind, color }))];
}
