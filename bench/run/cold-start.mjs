// Cold start: how long the storefront's server takes from its `listening` log line to /readyz 200, on a new
// DATA_DIR (its embedded database made from the build's snapshot, then migrated) and on one that holds the
// database already (a restart). `node bench/run/cold-start.mjs [runs]` runs this part alone, over dist/
// (built if needed).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildDistIfNeeded,
  fetchText,
  freePort,
  HOST,
  median,
  runMain,
  SNAPSHOT_DIR,
  sleep,
  spawnTracked,
  stopChild,
} from '../lib.mjs';

/** How long one start may take before the run gives up. */
const START_TIMEOUT_MS = 90_000;
/** How often /readyz is asked while the server starts. */
const POLL_MS = 10;

/**
 * Starts the server over `distDir` on `dataDir`, and resolves with the milliseconds from the time its
 * `listening` line carries (the line itself may reach us up to 250 ms later, in a batch) to its first
 * /readyz 200, and to its database migrated, with what its start's log says the prerendered pages' check and
 * the warm-up took. Stops it before resolving.
 */
async function timeStart(distDir, dataDir, pin) {
  const port = await freePort();
  const serverDir = path.join(distDir, 'server');
  const args = [
    '--import',
    pathToFileURL(path.join(serverDir, 'instrument.mjs')).href,
    path.join(serverDir, 'index.mjs'),
  ];
  const [command, commandArgs] = pin ? pin.node(0, args) : [process.execPath, args];
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    COOKIE_SECRET: randomBytes(32).toString('hex'),
  };
  const child = spawnTracked(command, commandArgs, { env });
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
  });
  const lineOf = (message) => {
    const line = text.split('\n').find((candidate) => candidate.includes(`"msg":"${message}"`));
    return line ? JSON.parse(line) : undefined;
  };
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${child.output}`);
      const status = await fetchText(`http://${HOST}:${port}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) {
        const readyAt = Date.now();
        // The lines are flushed within 250 ms of being logged.
        for (let wait = 0; wait < 50 && !lineOf('listening'); wait++) await sleep(20);
        await sleep(300);
        const listening = lineOf('listening');
        if (!listening) throw new Error(`no listening line:\n${child.output}`);
        const listeningAt = Date.parse(listening.time);
        const migrated = lineOf('the database is migrated');
        return {
          readyMs: readyAt - listeningAt,
          migratedMs: migrated ? Date.parse(migrated.time) - listeningAt : null,
          prerenderCheckMs: lineOf('prerendered pages checked')?.ms ?? null,
          warmUpMs: lineOf('warmed up')?.ms ?? null,
          warmUpRequests: lineOf('warmed up')?.requests ?? null,
        };
      }
      await sleep(POLL_MS);
    }
    throw new Error(`not ready within ${START_TIMEOUT_MS / 1000} s:\n${child.output}`);
  } finally {
    await stopChild(child);
  }
}

/**
 * `runs` starts on a new DATA_DIR each, then `runs` restarts on the last one; medians of both, in ms.
 * `pin`: the bench's CPU pinning (the server on core 0), none when run alone.
 */
export async function measureColdStart({ runs, distDir = SNAPSHOT_DIR, pin, log = console.log }) {
  const fresh = [];
  const existing = [];
  const dataDirs = [];
  try {
    for (let run = 0; run < runs; run++) {
      dataDirs.push(mkdtempSync(path.join(os.tmpdir(), 'bench-cold-start-')));
      fresh.push(await timeStart(distDir, dataDirs.at(-1), pin));
    }
    for (let run = 0; run < runs; run++) existing.push(await timeStart(distDir, dataDirs.at(-1), pin));
  } finally {
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
  const medianOf = (starts, field) => Math.round(median(starts.map((start) => start[field])));
  // Where the time goes: the database opened and migrated (from `listening`), then the prerendered pages'
  // check and the warm-up, which run side by side until /readyz says 200.
  const parts = (starts) => ({
    migratedMs: medianOf(starts, 'migratedMs'),
    prerenderCheckMs: medianOf(starts, 'prerenderCheckMs'),
    warmUpMs: medianOf(starts, 'warmUpMs'),
    warmUpRequests: medianOf(starts, 'warmUpRequests'),
  });
  const result = {
    runs,
    freshRunsMs: fresh.map((start) => Math.round(start.readyMs)),
    existingRunsMs: existing.map((start) => Math.round(start.readyMs)),
    freshMs: medianOf(fresh, 'readyMs'),
    existingMs: medianOf(existing, 'readyMs'),
    freshParts: parts(fresh),
    existingParts: parts(existing),
    loadAverage: os.loadavg(),
  };
  const partsText = ({ migratedMs, prerenderCheckMs, warmUpMs }) =>
    `migrated at ${migratedMs} ms, check ${prerenderCheckMs} ms, warm-up ${warmUpMs} ms`;
  log(
    `cold start: new DATA_DIR ${result.freshMs} ms (${partsText(result.freshParts)}), existing ${result.existingMs} ms (${partsText(result.existingParts)}), listening → ready`,
  );
  return result;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  await runMain('cold start', async () => {
    const distDir = await buildDistIfNeeded();
    const runs = Number(process.argv[2] ?? 5);
    console.log(JSON.stringify(await measureColdStart({ runs, distDir }), null, 2));
  });
}
