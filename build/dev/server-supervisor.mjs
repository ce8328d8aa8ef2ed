// The server child of dev mode: started with the `npm start` command on a free port of 127.0.0.1 after each
// good build, stopped (SIGTERM, then SIGKILL) before the next one, and waited for by requests meanwhile.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../paths.mjs';

/** How long a stopping server gets after SIGTERM before SIGKILL. */
const DEV_STOP_MS = 3_000;
/** How long a new server gets to say it is ready. */
const DEV_START_MS = 15_000;
/** How much of the child's output is kept, to show when it fails. */
const OUTPUT_KEPT_CHARS = 6_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `env`: the child's environment (PORT and HOST are set here). `onCrash(how, output)`: the running server
 * exited on its own. Returns the supervisor; `current` is the child that accepts requests, or null.
 *
 * long function: start, stop and waitFor share the child's state and the waiting requests; each is short.
 */
export function createServerSupervisor({ serverDir, env, log, onCrash }) {
  let child = null;
  let current = null;
  let stopping = false;
  /** Bumped at each server start; pages carry the generation that served them. */
  let generation = 0;
  const waiters = new Set();

  const settle = (server) => {
    for (const waiter of waiters) waiter(server);
    waiters.clear();
  };

  function watchExit(record) {
    const onExit = (code, signal) => {
      if (record.exit) return;
      record.exit = { code, signal };
      record.agent.destroy();
      if (child === record) child = null;
      if (current !== record) return;
      current = null;
      if (!stopping && !record.stopping)
        onCrash(signal ? `signal ${signal}` : `code ${code}`, record.output.trim());
    };
    record.process.once('exit', onExit);
    record.process.once('error', (error) => {
      record.keep(`${error.message}\n`);
      onExit(null, null);
    });
  }

  async function start() {
    const record = await spawnServer(serverDir, env);
    child = record;
    watchExit(record);
    const ready = await waitUntilReady(record, () => stopping);
    if (stopping) return stop();
    if (!ready || record.exit) {
      if (!record.exit) await stop();
      throw new Error(`The server ${failureOf(record)} while starting\n\n${record.output.trim()}`);
    }
    current = record;
    settle(record);
    generation++;
    return record;
  }

  async function stop() {
    const record = child;
    if (!record) return;
    record.stopping = true;
    if (current === record) current = null;
    if (!record.exit) await terminate(record, log);
    record.agent.destroy();
    if (child === record) child = null;
  }

  /**
   * Resolves with the server to send a request to: the current one, unless a build or restart is under way
   * (`busy()`), whose new server it waits for until `deadline` (a page must not get half of one build's files
   * and half of the next's).
   */
  function waitFor(deadline, busy) {
    if (stopping || !(child || busy()) || (current && !busy())) return Promise.resolve(current);
    return new Promise((resolve) => {
      const waiter = (server) => {
        clearTimeout(timer);
        resolve(server);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        resolve(current);
      }, deadline - Date.now());
      waiters.add(waiter);
    });
  }

  return {
    get current() {
      return current;
    },
    get starting() {
      return child !== null && current === null;
    },
    get generation() {
      return generation;
    },
    start,
    stop,
    waitFor,
    /** Nothing is coming: waiting requests get their answer (null) now rather than at their deadline. */
    /** Requests waiting for a new server go to the current one (none: the proxy answers 503). */
    releaseWaiters: () => settle(current),
    async shutdown() {
      stopping = true;
      settle(null);
      await stop();
    },
    kill: () => child?.process.kill('SIGKILL'),
  };
}

/**
 * True once the child says it is ready (its services started: the database open and migrated), so the tabs
 * told of the restart get answers at once, not a wait inside the server; false when it exited or
 * DEV_START_MS passed. Its log line, rather than polling /readyz, keeps the terminal free of 503 lines.
 */
async function waitUntilReady(record, isStopping) {
  const deadline = Date.now() + DEV_START_MS;
  while (!record.exit && !isStopping() && Date.now() < deadline) {
    if (record.ready) return true;
    await sleep(50);
  }
  return false;
}

/** SIGTERM, then SIGKILL after DEV_STOP_MS; resolves once the child has exited. */
async function terminate(record, log) {
  const exited = new Promise((resolve) => record.process.once('exit', resolve));
  record.process.kill('SIGTERM');
  const timer = setTimeout(() => {
    log(`the server did not stop within ${DEV_STOP_MS / 1000} s: SIGKILL`);
    record.process.kill('SIGKILL');
  }, DEV_STOP_MS);
  await exited;
  clearTimeout(timer);
}

async function spawnServer(serverDir, env) {
  const record = { port: await freePort(), agent: new http.Agent({ keepAlive: true }), output: '' };
  record.exit = null;
  record.ready = false;
  record.keep = (chunk) => {
    const output = record.output + chunk.toString();
    if (output.includes('"msg":"ready"')) record.ready = true;
    record.output = output.slice(-OUTPUT_KEPT_CHARS);
  };
  record.process = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--import',
      pathToFileURL(path.join(serverDir, 'instrument.mjs')).href,
      path.join(serverDir, 'index.mjs'),
    ],
    {
      cwd: ROOT,
      env: { ...env, PORT: String(record.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  record.process.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    record.keep(chunk);
  });
  record.process.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    record.keep(chunk);
  });
  return record;
}

function failureOf(record) {
  if (record.exit?.signal) return `was killed by ${record.exit.signal}`;
  if (record.exit) return `exited with code ${record.exit.code}`;
  return `was not ready within ${DEV_START_MS / 1000} s`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
