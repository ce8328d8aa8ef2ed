import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

export interface BuiltServer {
  child: ChildProcess;
  origin: string;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** The command `npm start` runs, over a build (the run's by default): instrument.mjs first, then the server. */
export function builtServerArgs(buildDir = inject('buildDir')): string[] {
  const serverDir = path.join(buildDir, 'server');
  return ['--import', path.join(serverDir, 'instrument.mjs'), path.join(serverDir, 'index.mjs')];
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts the built server on a free port of 127.0.0.1 and waits for its "listening" log line. */
export function startBuiltServer(env: Record<string, string> = {}, buildDir?: string): Promise<BuiltServer> {
  const child = spawn(process.execPath, builtServerArgs(buildDir), {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within 10 s:\n${output}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = output.split('\n').find((line) => line.includes('"msg":"listening"'));
      if (!listening) return;
      clearTimeout(timer);
      const { port } = JSON.parse(listening) as { port: number };
      resolve({
        child,
        origin: `http://127.0.0.1:${port}`,
        output: () => output,
        stop: () => {
          const exited = exitOf(child);
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
}
