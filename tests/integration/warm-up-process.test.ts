import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { builtServerArgs } from '../helpers/built-server.ts';

interface Poll {
  status: number;
  /** Whether the database was open and migrated (the services started) when /readyz answered. */
  servicesUp: boolean;
  warmedUp: boolean;
}

/** Starts the built storefront with `env` and polls /readyz from its first moment until it says 200. */
async function pollUntilReady(env: Record<string, string>, onChild: (child: ChildProcess) => void) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'data-'));
  const child = spawn(process.execPath, builtServerArgs(), {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onChild(child);
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const lines = () => output.split('\n').filter(Boolean);
  let origin: string | undefined;
  for (let attempt = 0; attempt < 400 && !origin; attempt += 1) {
    const listening = lines().find((line) => line.includes('"msg":"listening"'));
    if (listening) origin = `http://127.0.0.1:${(JSON.parse(listening) as { port: number }).port}`;
    else await sleep(50);
  }
  if (!origin) throw new Error(`The server did not listen:\n${output}`);
  const polls: Poll[] = [];
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const servicesUp = output.includes('"msg":"the database is migrated"');
    const warmedUp = output.includes('"msg":"warmed up"');
    const { status } = await fetch(`${origin}/readyz`);
    polls.push({ status, servicesUp, warmedUp });
    if (status === 200) break;
    await sleep(25);
  }
  return { polls, lines };
}

/** When the first line with `message` (and `including`, if given) was logged, in ms since the epoch. */
function loggedAt(lines: string[], message: string, including = ''): number {
  const line = lines.find(
    (candidate) => candidate.includes(`"msg":"${message}"`) && candidate.includes(including),
  );
  if (!line) throw new Error(`no "${message}" line in:\n${lines.join('\n')}`);
  return Date.parse((JSON.parse(line) as { time: string }).time);
}

describe('a new instance warms itself before /readyz says 200', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    running?.kill('SIGKILL');
    running = undefined;
  });

  it('answers 503 while it renders its pages in process, logs none of them as a visit, then 200', async () => {
    const { polls, lines } = await pollUntilReady({ WARM_UP_MS: '1500' }, (child) => {
      running = child;
    });
    expect(polls.at(-1)?.status).toBe(200);
    // Unready with its services up: the warm-up held it.
    expect(polls.some((poll) => poll.status === 503 && poll.servicesUp)).toBe(true);
    await sleep(300); // the log's flush interval (250 ms): the warm-up line is out before readiness
    const warmed = lines().find((line) => line.includes('"msg":"warmed up"'));
    const failures = lines().filter((line) => line.includes('warm-up: a page failed'));
    expect(JSON.parse(warmed ?? '{}'), failures.join('\n')).toMatchObject({
      failed: 0,
      rounds: expect.any(Number),
    });
    const readyAt = loggedAt(lines(), 'request', '"status":200');
    expect(loggedAt(lines(), 'warmed up')).toBeLessThanOrEqual(readyAt);
    expect(loggedAt(lines(), 'prerendered pages checked')).toBeLessThanOrEqual(readyAt);
    const visits = lines().filter((line) => line.includes('"msg":"request"'));
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.filter((line) => !line.includes('"path":"/readyz"'))).toEqual([]);
  });

  it('turns ready as soon as its services are up with WARM_UP_MS=0', async () => {
    const { polls, lines } = await pollUntilReady({ WARM_UP_MS: '0' }, (child) => {
      running = child;
    });
    expect(polls.at(-1)?.status).toBe(200);
    await sleep(300);
    expect(lines().some((line) => line.includes('"msg":"warmed up"'))).toBe(false);
    // The prerendered pages made from data were checked first: nginx may serve their files once it is ready.
    const readyAt = loggedAt(lines(), 'request', '"status":200');
    expect(loggedAt(lines(), 'prerendered pages checked')).toBeLessThanOrEqual(readyAt);
    // One "ready" line, which dev mode's supervisor waits for, no later than /readyz said 200.
    expect(lines().filter((line) => line.includes('"msg":"ready"'))).toHaveLength(1);
    expect(loggedAt(lines(), 'ready')).toBeLessThanOrEqual(readyAt);
  });
});
