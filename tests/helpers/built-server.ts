import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

export interface BuiltServer {
  child: ChildProcess;
  origin: string;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The command `npm start` runs, over a build (the run's by default): instrument.mjs first, then the server.
 * One V8 flag is added: WebAssembly in baseline code only, since a test's server lives seconds and the
 * optimised compiles of its embedded Postgres cost more CPU than they save in that time (a third of a start's).
 */
export function builtServerArgs(buildDir = inject('buildDir')): string[] {
  const serverDir = path.join(buildDir, 'server');
  return [
    '--liftoff-only',
    '--import',
    path.join(serverDir, 'instrument.mjs'),
    path.join(serverDir, 'index.mjs'),
  ];
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the built server on a free port of 127.0.0.1 and waits for its "listening" log line. Without
 * DATABASE_URL or DATA_DIR, its embedded database lives in a temporary folder removed when it exits; so do
 * its prerendered pages without PRERENDERED_DIR.
 */
export function startBuiltServer(env: Record<string, string> = {}, buildDir?: string): Promise<BuiltServer> {
  const dataDir = env.DATABASE_URL || env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'data-'));
  // The run's build is shared by every test file: a server regenerating its prerendered pages (a price it
  // changed) writes them in a folder of its own.
  const prerenderedDir = env.PRERENDERED_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'prerendered-'));
  const child = spawn(process.execPath, builtServerArgs(buildDir), {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      // Tests that start a built server want it at once; the warm-up has its own tests (warm-up-process).
      WARM_UP_MS: '0',
      ...(dataDir && { DATA_DIR: dataDir }),
      ...(prerenderedDir && { PRERENDERED_DIR: prerenderedDir }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => {
    for (const dir of [dataDir, prerenderedDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });
  let output = '';
  let heard = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = output.split('\n').find((line) => line.includes('"msg":"listening"'));
      if (!listening || heard) return;
      heard = true;
      clearTimeout(timer);
      const { port } = JSON.parse(listening) as { port: number };
      const started = {
        child,
        origin: `http://127.0.0.1:${port}`,
        output: () => output,
        stop: () => {
          const exited = exitOf(child);
          child.kill('SIGTERM');
          return exited;
        },
      };
      // Ready, as a load balancer sees it: the database is open and migrated (PGlite's start is ~2 s).
      untilReady(started.origin).then(() => resolve(started), reject);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
}

/** Waits until `origin`'s /readyz answers 200 (its services started), 40 s at most. */
export async function untilReady(origin: string): Promise<void> {
  // A fresh embedded database (initdb in a child process) takes seconds, more on a loaded CI machine.
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const status = await fetch(`${origin}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${origin} was not ready within 40 s`);
}
