// The builds of dev mode: esbuild contexts of the client and the server bundles (the production options,
// not minified), rebuilt together on every change, so one edit means one restart. A cycle is the builds of
// both; `onCycleEnd(latest, ms, changed)` runs once per cycle with both results and the changed files (null
// for the first build), and the cycle ends when the promise it returns settles (the restart). Changes seen
// during a cycle make one more cycle after it.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../paths.mjs';

const NAMES = ['client', 'server'];

export function createBuildCycle({ onCycleEnd }) {
  const contexts = {};
  const latest = {};
  let running = null;
  let waiting = null;

  async function run(changed) {
    const startedAt = performance.now();
    await Promise.all(NAMES.map((name) => contexts[name].rebuild().catch(() => {}))); // reported by onEnd
    await onCycleEnd({ ...latest }, Math.round(performance.now() - startedAt), changed);
  }
  async function loop(changed) {
    let next = changed;
    do {
      waiting = null;
      await run(next);
      next = waiting;
    } while (next);
    running = null;
  }

  return {
    contexts,
    /** The last result of each bundle's build. */
    latest,
    get active() {
      return running !== null;
    },
    /** True when changes wait for the cycle under way to end. */
    hasQueuedChanges: () => waiting !== null,
    /** Settles once the cycle under way (if any) is over. */
    settled: () => running ?? Promise.resolve(),
    /** True when the last build of either bundle failed. */
    failed: () => NAMES.some((name) => latest[name]?.errors.length),
    /** The esbuild plugin that writes bundle `name`'s files and records its result (see outputPlugin). */
    plugin: (name) => outputPlugin(name, latest),
    /** Absolute paths of the files the last builds of `names` read (virtual modules left out). */
    inputs: (names = NAMES) => inputsOf(names.map((name) => latest[name]?.metafile)),
    /** Builds both bundles: the first build with no `changed`, later ones with the changed files. */
    build(changed = null) {
      if (running) {
        waiting = new Set([...(waiting ?? []), ...(changed ?? [])]);
        return running;
      }
      running = loop(changed);
      return running;
    },
    dispose: () => Promise.allSettled(Object.values(contexts).map((context) => context.dispose())),
  };
}

function inputsOf(metafiles) {
  const files = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile?.inputs ?? {})) {
      if (!/^[\w-]+:/.test(input)) files.add(path.resolve(ROOT, input));
    }
  }
  return files;
}

/**
 * Writes the files of each build of bundle `name` and records its result in `latest`. The contexts run
 * with `write: false`: esbuild would delete the previous build's files as it writes, while the running
 * server, and pages it sent, may still ask for them (restarts.mjs removes them one build later).
 */
function outputPlugin(name, latest) {
  return {
    name: 'dev-cycle',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length === 0) await writeOutputs(result.outputFiles ?? []);
        latest[name] = result;
      });
    },
  };
}

async function writeOutputs(outputFiles) {
  await Promise.all(
    outputFiles.map(async (file) => {
      await mkdir(path.dirname(file.path), { recursive: true });
      await writeFile(file.path, file.contents);
    }),
  );
}
