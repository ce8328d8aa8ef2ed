import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxCspForDevScript } from '../../build.mjs';
import { exitOf } from '../helpers/built-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface DevEvent {
  event: string;
  data: { generation?: number; refresh?: boolean; title?: string; message?: string };
}

/** Reads `/__dev/events` (server-sent events) and hands out the events in order. */
function openEvents(url: string) {
  const controller = new AbortController();
  const received: DevEvent[] = [];
  let wake: (() => void) | undefined;
  const done = (async () => {
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event && data) received.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
      wake?.();
    }
  })().catch(() => {});
  return {
    /** Resolves with the next event named `name` (that `test` accepts), consuming the events before it. */
    async next(name: string, test: (event: DevEvent) => boolean = () => true, timeoutMs = 12_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((event) => event.event === name && test(event));
        if (index !== -1) return received.splice(0, index + 1).at(-1)!;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no "${name}" event within ${timeoutMs} ms: ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close() {
      controller.abort();
      return done;
    },
  };
}

describe('dev mode (npm run dev)', () => {
  let scratch: string;
  let extraModule: string;
  let dev: ChildProcess | undefined;
  let output = '';
  let origin: string;
  let events: ReturnType<typeof openEvents> | undefined;

  const page = async () => {
    const response = await fetch(`${origin}/`, { headers: { accept: 'text/html' } });
    return { status: response.status, html: await response.text(), headers: response.headers };
  };
  /** The server child's port, from dev mode's last "server … ready" line. */
  const serverPort = () =>
    [...output.matchAll(/ready in \d+ ms \(pid \d+, 127\.0\.0\.1:(\d+)\)/g)].at(-1)?.[1];

  beforeAll(async () => {
    // Inside node_modules/, so the dev server bundle resolves its npm packages; the extra module lets the
    // test trigger rebuilds and build errors without touching the real sources.
    const cacheDir = path.join(ROOT, 'node_modules', '.cache');
    await mkdir(cacheDir, { recursive: true });
    scratch = await mkdtemp(path.join(cacheDir, 'dev-mode-'));
    extraModule = path.join(scratch, 'extra.ts');
    await writeFile(extraModule, 'export {};\n');
    // The storefront named here, not read from package.json's "ssr" field, which may name the reader's app.
    const storefront = ['--app', 'apps/storefront/app.ts', '--server-app', 'apps/storefront/server-app.ts'];
    dev = spawn(process.execPath, ['build.mjs', '--dev', ...storefront], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DEV_OUTDIR: path.join(scratch, 'out'),
        DEV_EXTRA_IMPORT: extraModule,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    dev.stdout?.on('data', collect);
    dev.stderr?.on('data', collect);
    // The first build, then a server that is ready (its database open): on a loaded machine, far past 15 s.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const listening = /dev: listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening && serverPort()) {
        origin = listening[1]!;
        break;
      }
      if (dev.exitCode !== null || Date.now() > deadline)
        throw new Error(`dev mode did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    events = openEvents(`${origin}/__dev/events`);
  });

  afterAll(async () => {
    await events?.close();
    if (dev && dev.exitCode === null) {
      const exited = exitOf(dev);
      dev.kill('SIGTERM');
      const timer = setTimeout(() => dev?.kill('SIGKILL'), 8_000);
      const code = await exited;
      clearTimeout(timer);
      expect(code, output).toBe(0);
      // The server child went with it.
      const port = serverPort();
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    }
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('proxies the page with the live-reload script before </body>, and assets unchanged', async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    const tag = html.search(/<script src="\/__dev\/reload\.js\?g=\d+" async/);
    expect(tag).toBeGreaterThan(0);
    expect(tag).toBeLessThan(html.indexOf('</body>'));

    const script = await fetch(`${origin}/__dev/reload.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toMatch(/new EventSource\(['"]\/__dev\/events['"]\)/);

    // A client asset: the same bytes and headers as from the server itself (compressed or not).
    const asset = /src="(\/_assets\/client-entry-[^"]+\.js)"/.exec(html)![1]!;
    const headers = { 'accept-encoding': 'gzip, br' };
    const direct = await fetch(`http://127.0.0.1:${serverPort()}${asset}`, { headers });
    const proxied = await fetch(`${origin}${asset}`, { headers });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('content-encoding')).toBe(direct.headers.get('content-encoding'));
    expect(proxied.headers.get('cache-control')).toBe(direct.headers.get('cache-control'));
    expect(Buffer.from(await proxied.arrayBuffer())).toEqual(Buffer.from(await direct.arrayBuffer()));
  });

  it('rebuilds on a change to server code, restarts the server and tells the tabs to refresh their data', async () => {
    // Generations are counted, not fixed: someone editing the real sources meanwhile adds restarts.
    const { generation } = (await events!.next('hello')).data;
    expect(generation).toBeGreaterThanOrEqual(1);
    const before = serverPort();
    await writeFile(extraModule, 'export {};\n// changed\n');
    const restarted = await events!.next('restarted');
    expect(restarted.data).toMatchObject({ refresh: true });
    expect(restarted.data.generation).toBeGreaterThan(generation!);
    expect(serverPort()).not.toBe(before);
    const { status, html } = await page();
    expect(status).toBe(200);
    expect(Number(/reload\.js\?g=(\d+)/.exec(html)?.[1])).toBeGreaterThanOrEqual(restarted.data.generation!);
  });

  it('shows a build error, keeps the last good server, and restarts once it is fixed', async () => {
    await writeFile(extraModule, 'export const = ;\n');
    const error = await events!.next('error', (event) => Boolean(event.data.message?.includes('extra.ts')));
    expect(error.data.title).toBe('Build failed');
    expect(error.data.message).toContain('Expected identifier');
    expect(output).toContain('[ERROR]');
    expect((await page()).status).toBe(200);

    // A tab opened now is told at once.
    const late = openEvents(`${origin}/__dev/events`);
    expect((await late.next('error', () => true, 3_000)).data.title).toBe('Build failed');
    await late.close();

    await writeFile(extraModule, 'export {};\n');
    await events!.next('restarted');
    expect((await page()).status).toBe(200);
  });
});

describe('relaxCspForDevScript', () => {
  it('reuses the page nonce and leaves a policy that already allows the script alone', () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-AbC123=='; connect-src 'self'";
    expect(relaxCspForDevScript(policy)).toEqual({ header: policy, nonce: 'AbC123==' });
    const strict = "script-src 'nonce-AbC123==' 'strict-dynamic'; object-src 'none'";
    expect(relaxCspForDevScript(strict)).toEqual({ header: strict, nonce: 'AbC123==' });
    expect(relaxCspForDevScript("default-src 'self'")).toEqual({
      header: "default-src 'self'",
      nonce: undefined,
    });
    expect(relaxCspForDevScript(undefined)).toEqual({ header: undefined, nonce: undefined });
  });

  it("adds 'self' (or a nonce under 'strict-dynamic') only for scripts and connections", () => {
    expect(relaxCspForDevScript("default-src 'none'; img-src data:").header).toBe(
      "default-src 'none'; img-src data:; script-src 'self'; connect-src 'self'",
    );
    expect(relaxCspForDevScript("script-src https://cdn.example; connect-src 'none'").header).toBe(
      "script-src https://cdn.example 'self'; connect-src 'self'",
    );
    const { header, nonce } = relaxCspForDevScript("script-src 'sha256-abc' 'strict-dynamic'");
    expect(nonce).toMatch(/^[A-Za-z0-9+/]+$/);
    expect(header).toBe(`script-src 'sha256-abc' 'strict-dynamic' 'nonce-${nonce}'`);
  });
});
