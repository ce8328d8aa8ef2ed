import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { builtServerArgs, exitOf, startBuiltServer } from '../helpers/built-server.ts';

describe('the built server process (npm start)', () => {
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
    expect(await server.stop()).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid PORT="abc": must be an integer from 0 to 65535'],
    [{ BASE_PATH: 'store/' }, 'Invalid BASE_PATH="store/": must start with "/"'],
  ])('exits at start with a message naming the variable for %j', async (env, message) => {
    const child = spawn(process.execPath, builtServerArgs(), {
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
