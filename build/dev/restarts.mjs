// After each build cycle of dev mode: the errors shown in the terminal and the tabs, or the server restarted
// on the new build and the tabs told to reload. Cycles that end while a restart runs are applied after it.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { evaluateApp } from '../app-modules.mjs';
import { createManifest, moveSourceMaps } from '../client-bundle.mjs';
import { ROOT } from '../paths.mjs';
import { removeStaleOutputs } from './stale-outputs.mjs';

export const DEV_ENTRY = 'client/entry.tsx';

/** `dev`: what runDev built (dirs, entries, log, color, events, supervisor, cycle, report, isStopping). */
export function createRestarts(dev) {
  const { log, events, supervisor, cycle, report } = dev;
  let applying = null;
  let applyAgain = false;

  async function onCycleEnd(latest, ms) {
    if (dev.isStopping()) return;
    if (await reportedProblems(dev, [latest.client, latest.server])) return;
    log(`built in ${ms} ms`);
    if (applying) {
      applyAgain = true;
      return;
    }
    applying = (async () => {
      do {
        applyAgain = false;
        await restart(latest);
      } while (applyAgain && !dev.isStopping());
    })().finally(() => {
      applying = null;
    });
  }

  async function restart(latest) {
    if (dev.isStopping() || cycle.failed()) return;
    const started = performance.now();
    const evaluation = await evaluateApp(ROOT, dev.entries.app);
    await supervisor.stop();
    const manifest = await writeDevOutput(dev.dirs, latest, evaluation);
    if (dev.isStopping()) return;
    try {
      const server = await supervisor.start();
      if (!server || dev.isStopping()) return;
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

  return {
    onCycleEnd,
    /** True while a build, a restart or a server start is under way, so a request had better wait. */
    busy: () => Boolean(applying || cycle.active),
    /** Settles once the restart under way (if any) is over. */
    settled: () => applying?.catch(() => {}),
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
