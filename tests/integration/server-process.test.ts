import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';

interface Started {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** Starts the built server (`node dist/server/index.mjs`, as `npm start` does) on a free port of 127.0.0.1. */
function startBuiltServer(env: Record<string, string> = {}): Promise<Started> {
  const entry = path.join(inject('buildDir'), 'server', 'index.mjs');
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start within 10 s:\n${output}`)),
      10_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = output.split('\n').find((line) => line.includes('"msg":"listening"'));
      if (!listening) return;
      clearTimeout(timer);
      const { port } = JSON.parse(listening) as { port: number };
      resolve({ child, origin: `http://127.0.0.1:${port}`, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the built server process', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    running?.kill('SIGKILL');
    running = undefined;
  });

  it('serves the storefront with the production React build and stops on SIGTERM', async () => {
    const server = await startBuiltServer();
    running = server.child;
    const page = await fetch(`${server.origin}/products/chef-knife-20cm`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="en">');
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(server.output()).toContain('COOKIE_SECRET is not set');
    const exited = exitOf(server.child);
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid PORT="abc": must be an integer from 0 to 65535'],
    [{ BASE_PATH: 'store/' }, 'Invalid BASE_PATH="store/": must start with "/"'],
  ])('exits at start with a message naming the variable for %j', async (env, message) => {
    const entry = path.join(inject('buildDir'), 'server', 'index.mjs');
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain(message);
  });
});
