import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { builtServerArgs, exitOf, startBuiltServer } from '../helpers/built-server.ts';

describe('the built server process (npm start)', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    running?.kill('SIGKILL');
    running = undefined;
  });

  it('serves the storefront with the production React build and stops on SIGTERM', async () => {
    const server = await startBuiltServer({ NODE_ENV: 'production' });
    running = server.child;
    const page = await fetch(`${server.origin}/products/chef-knife-20cm`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="en">');
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(server.output()).toContain('COOKIE_SECRET is not set');
    expect(server.output()).toContain('PUBLIC_ORIGIN is not set');
    expect(await server.stop()).toBe(0);
  });

  it('writes every request line, and the stop line, before it exits on SIGTERM (logs leave in batches)', async () => {
    const server = await startBuiltServer();
    running = server.child;
    const requests = 200;
    for (let batch = 0; batch < requests / 20; batch += 1) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${server.origin}/robots.txt`).then((response) => response.text()),
        ),
      );
    }
    const outputEnded = new Promise((resolve) => server.child.stdout?.once('end', resolve));
    expect(await server.stop()).toBe(0);
    await outputEnded;
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; path?: string });
    expect(logged.filter((entry) => entry.msg === 'request' && entry.path === '/robots.txt')).toHaveLength(
      requests,
    );
    expect(logged.at(-1)?.msg).toBe('stopped');
    // Without NODE_ENV=production (the bundle fixes process.env.NODE_ENV for React, not for this check).
    expect(logged.some((entry) => entry.msg.startsWith('PUBLIC_ORIGIN is not set'))).toBe(false);
  });

  it("writes a quiet server's request line within the log's flush interval, not only once a batch fills", async () => {
    const server = await startBuiltServer();
    running = server.child;
    const requestId = 'one-quiet-request';
    await (await fetch(`${server.origin}/robots.txt`, { headers: { 'X-Request-Id': requestId } })).text();
    const lineOut = () => server.output().includes(`"requestId":"${requestId}"`);
    // Bounded: 40 tries of 100 ms, far above LOG_FLUSH_INTERVAL_MS even on a loaded machine. One line is
    // ~300 bytes, a tenth of a batch: without the periodic flush it would wait for 13 more requests.
    for (let attempt = 0; attempt < 40 && !lineOut(); attempt += 1) await sleep(100);
    expect(lineOut()).toBe(true);
    expect(server.child.exitCode).toBe(null);
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
