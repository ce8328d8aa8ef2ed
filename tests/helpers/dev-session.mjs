// `npm run dev` (node build.mjs --dev) on a fresh copy of tests/fixtures/dev-app, for the tests and the bench
// (bench/dev-refresh.mjs) that edit an app and watch a browser take the edits. The copy lives in the
// project's .cache/ folder: inside the project, where its `#runtime/…` imports resolve through package.json,
// and outside node_modules/, past whose boundary Node and esbuild look up no package's `imports`.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(ROOT, 'tests/fixtures/dev-app');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 8_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Copies the dev fixture app and starts dev mode on the copy. */
async function spawnDev() {
  const cacheDir = path.join(ROOT, '.cache');
  await mkdir(cacheDir, { recursive: true });
  const dir = await mkdtemp(path.join(cacheDir, 'dev-app-'));
  await cp(FIXTURE, dir, { recursive: true });
  const relative = (file) => path.relative(ROOT, path.join(dir, file));
  const args = ['build.mjs', '--dev', '--app', relative('app.ts'), '--server-app', relative('server-app.ts')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DEV_OUTDIR: path.join(dir, 'out') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { dir, child };
}

/** Starts dev mode on a copy of the dev fixture app; resolves once its proxy and first server are up. */
export async function startDevSession() {
  const { dir, child } = await spawnDev();
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const restarts = () => output.match(/dev: server \S+ ready in/g)?.length ?? 0;

  const session = {
    dir,
    origin: '',
    output: () => output,
    /** How many times a server has become ready so far. */
    restarts,
    /** Resolves once more than `count` servers have become ready (a restart after an edit). */
    async restartedAfter(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (restarts() <= count) {
        if (Date.now() > deadline) throw new Error(`no restart within ${timeoutMs} ms:\n${output}`);
        await sleep(20);
      }
    },
    /** Replaces `from` by `to` in the copy's `file`; resolves with the time of the write (Date.now()). */
    async edit(file, from, to) {
      const target = path.join(dir, file);
      const source = await readFile(target, 'utf8');
      if (!source.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
      const writtenAt = Date.now();
      await writeFile(target, source.replace(from, to));
      return writtenAt;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
  session.origin = await listeningOrigin(session, child);
  return session;
}

/** The proxy's origin, once it listens and the first server is ready; stops the session if it never is. */
async function listeningOrigin(session, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const listening = /dev: listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(session.output());
    if (listening && session.restarts() > 0) return listening[1];
    if (child.exitCode !== null || Date.now() > deadline) {
      await session.stop();
      throw new Error(`dev mode did not start:\n${session.output()}`);
    }
    await sleep(50);
  }
}
