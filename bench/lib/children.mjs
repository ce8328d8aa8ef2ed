// Child processes of a benchmark: tracked, and all killed on exit, on error and on Ctrl-C.
import { spawn } from 'node:child_process';
import { ROOT } from './constants.mjs';

const children = new Set();

/** Spawns a tracked child; its output is kept (last 8 KB) for error messages. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  child.output = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-8192);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('exit', () => children.delete(child));
  children.add(child);
  return child;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAllChildren() {
  await Promise.all([...children].map((child) => stopChild(child, 2000)));
}

let cleanupInstalled = false;
let interrupted = false;
/** True once Ctrl-C or SIGTERM arrived: failures after that are the interruption, not errors. */
export const wasInterrupted = () => interrupted;
/** Kills every tracked child on Ctrl-C, SIGTERM and at exit (by pid, one by one). */
export function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping ${children.size} child process(es)`);
      stopAllChildren().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
}

/**
 * Runs a benchmark's `main`, then stops every child process and exits: open keep-alive sockets and capture
 * endpoints must not keep a failed run alive. Ctrl-C exits 130; a failure prints its stack and exits 1.
 */
export async function runMain(name, main) {
  installCleanup();
  try {
    await main();
  } catch (error) {
    if (wasInterrupted()) process.exitCode = 130;
    else {
      console.error(`${name} failed: ${error.stack ?? error}`);
      process.exitCode = 1;
    }
  } finally {
    await stopAllChildren();
    process.exit(process.exitCode ?? 0);
  }
}
