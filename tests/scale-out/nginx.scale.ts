// Scale-out behind a real nginx (`npm run test:nginx`, not part of `npm test`): two processes of the built
// server (the command `npm start` runs) share one COOKIE_SECRET behind an nginx upstream. Checks that the
// cart cookie is accepted by any instance (the server is stateless), that HTML streams through the proxy,
// and that a rolling restart of one instance under load loses no request.
//
// nginx comes from NGINX_PATH, `nginx` on PATH, or /usr/sbin/nginx; when missing and running as root, it is
// installed with apt-get (CI must run this test, so a missing nginx is a failure, never a skip).
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, exitOf, startBuiltServer } from '../helpers/built-server.ts';

const COOKIE_SECRET = 'scale-out-secret-scale-out-secret-42';
const KNIFE = 'chef-knife-20cm';
const LAMP = 'brass-table-lamp';
/** An ordinary browser (not a crawler), so pages stream their shell first. */
const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const NGINX_INSTALL_COMMAND = 'apt-get update && apt-get install -y nginx';

/** The load: LOAD_LOOPS concurrent request loops over LOAD_PATHS, each bounded in count and time. */
const LOAD_PATHS = ['/', '/shop', `/products/${KNIFE}`, '/healthz'] as const;
const LOAD_LOOPS = 8;
const MAX_REQUESTS_PER_LOOP = 5_000;
const LOAD_HARD_LIMIT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 5_000;
/** Load runs this long before the restart, and this long after the restarted instance is listening. */
const LOAD_BEFORE_RESTART_MS = 1_500;
const LOAD_AFTER_RESTART_MS = 3_000;
/** "Served throughout": every window of this length during the load has successful responses. */
const WINDOW_MS = 500;
/** A SIGTERMed instance must have exited within this. */
const STOP_LIMIT_MS = 15_000;

describe('two instances behind nginx', () => {
  let workDir: string;
  let nginx: Nginx | undefined;
  const ports = { a: 0, b: 0, nginx: 0 };
  const instances: { a?: BuiltServer; b?: BuiltServer } = {};
  const startInstance = (port: number) =>
    startBuiltServer({ PORT: String(port), COOKIE_SECRET, TRUST_PROXY: 'loopback' });

  beforeAll(async () => {
    const nginxPath = await ensureNginx();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'scale-out-'));
    const [a = 0, b = 0, proxy = 0] = await freePorts(3);
    Object.assign(ports, { a, b, nginx: proxy });
    [instances.a, instances.b] = await Promise.all([startInstance(ports.a), startInstance(ports.b)]);
    nginx = await startNginx(nginxPath, workDir, ports.nginx, [ports.a, ports.b]);
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([instances.a, instances.b].map((instance) => instance && stopBounded(instance)));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('shares the cart across instances: added on A, read on B and through nginx, extended through nginx', async () => {
    const a = instances.a!;
    const b = instances.b!;
    const proxy = nginx!;

    const added = await postForm(`${a.origin}/products/${KNIFE}`, {
      _action: 'add-to-cart',
      productId: KNIFE,
      quantity: '2',
    });
    expect(added.status).toBe(303);
    const cookie = cartCookieOf(added);
    expect(cookie).toMatch(/^cart=s%3A/);

    for (const origin of [b.origin, proxy.origin]) {
      const cart = await getPage(`${origin}/cart`, cookie);
      expect(cart.status, origin).toBe(200);
      expect(cart.body, origin).toContain('Chef knife 20 cm');
      expect(cart.body, origin).toContain('€178.00'); // 2 × €89.00
    }

    // A form post through the proxy, as a browser sends it (Origin = the address it sees): the forwarded
    // Host must let the origin check pass, and the new cart must be readable on both instances.
    const more = await postForm(
      `${proxy.origin}/products/${LAMP}`,
      { _action: 'add-to-cart', productId: LAMP, quantity: '1' },
      { Cookie: cookie, Origin: proxy.origin },
    );
    expect(more.status, await proxy.errorLog()).toBe(303);
    const both = cartCookieOf(more);
    for (const origin of [a.origin, b.origin]) {
      const cart = await getPage(`${origin}/cart`, both);
      expect(cart.body, origin).toContain('Chef knife 20 cm');
      expect(cart.body, origin).toContain('Brass table lamp');
    }
  });

  it('streams the product page through nginx: the shell arrives before the deferred related products', async () => {
    const timing = await timeStream(`${nginx!.origin}/products/${KNIFE}`);
    expect(timing.status).toBe(200);
    expect(timing.body.trimEnd().endsWith('</html>')).toBe(true);
    // The related products are deferred by RELATED_PRODUCTS_DELAY_MS (500 ms); a buffering proxy (or a
    // buffering compressor) would deliver everything at once at the end.
    expect(
      timing.endMs - timing.firstChunkMs,
      `first chunk at ${timing.firstChunkMs} ms, end at ${timing.endMs} ms`,
    ).toBeGreaterThanOrEqual(150);
  });

  it('loses no request while one instance restarts under load (SIGTERM, exit 0, new process on the same port)', async () => {
    let stopLoad = false;
    const load = runLoad(nginx!.origin, () => stopLoad);

    const oldA = instances.a!;
    let restartStarted = 0;
    let exitCode: number | null = null;
    let stopped = 0;
    let restarted = 0;
    try {
      await sleep(LOAD_BEFORE_RESTART_MS);
      restartStarted = Date.now();
      exitCode = await stopBounded(oldA);
      stopped = Date.now();
      instances.a = await startInstance(ports.a);
      restarted = Date.now();
      await sleep(LOAD_AFTER_RESTART_MS);
    } finally {
      stopLoad = true; // also when the restart failed: the loops end before the test does
      await load;
    }
    const result = await load;

    const accessLog = parseAccessLog(await nginx!.accessLog());
    const retried = accessLog.filter((entry) => entry.upstreamStatus.includes(','));
    const servedByNewA = accessLog.filter(
      (entry) => entry.at >= restarted && entry.upstreamAddr.endsWith(`:${ports.a}`),
    );
    const at = (time: number) => `${time - result.started} ms`;
    console.info(
      [
        `load: ${result.ok.length} requests answered 200 in ${result.ended - result.started} ms by ${LOAD_LOOPS} loops`,
        `(${Math.round((result.ok.length * 1000) / (result.ended - result.started))} req/s), ${result.failures.length} failed`,
        `restart of A: SIGTERM at ${at(restartStarted)}, exited (code ${exitCode}) at ${at(stopped)},`,
        `new process listening at ${at(restarted)}; nginx retried ${retried.length} request(s) on the other instance;`,
        `the new A served ${servedByNewA.length} request(s) after its restart`,
        ...retried.slice(0, 10).map((entry) => `  retried: ${entry.line}`),
        'nginx error log:',
        ...(await nginx!.errorLog()).split('\n').filter(Boolean).slice(0, 10),
        'the old A after SIGTERM:',
        ...oldA
          .output()
          .split('\n')
          .filter((line) => /draining|stopped|shutdown|"level":"(warn|error)"/.test(line))
          .slice(0, 10),
      ].join('\n'),
    );

    expect(exitCode, oldA.output()).toBe(0);
    expect(
      result.failures,
      `failed requests (times from the load's start):\n${result.failures
        .slice(0, 20)
        .map((failure) => `${at(failure.sentAt)} ${failure.path}: ${failure.detail}`)
        .join('\n')}\nnginx error log:\n${await nginx!.errorLog()}`,
    ).toEqual([]);

    // Served throughout: no window of the load without answers, in particular none around the restart.
    const silentWindows = silentWindowsOf(result);
    expect(silentWindows, `windows of ${WINDOW_MS} ms without a single answer`).toEqual([]);
    expect(result.ok.filter((time) => time >= restartStarted && time <= restarted).length).toBeGreaterThan(0);
    // The restarted instance is back in rotation.
    expect(servedByNewA.length).toBeGreaterThan(0);
  });
});

// --- the load ---------------------------------------------------------------------------------------------

interface Failure {
  sentAt: number;
  path: string;
  detail: string;
}

interface LoadResult {
  started: number;
  ended: number;
  /** When each successful answer (200 with a complete body) ended. */
  ok: number[];
  failures: Failure[];
}

/** LOAD_LOOPS concurrent loops of GETs until `stop()`, MAX_REQUESTS_PER_LOOP each, or LOAD_HARD_LIMIT_MS. */
async function runLoad(origin: string, stop: () => boolean): Promise<LoadResult> {
  const started = Date.now();
  const hardDeadline = started + LOAD_HARD_LIMIT_MS;
  const ok: number[] = [];
  const failures: Failure[] = [];
  await Promise.all(
    Array.from({ length: LOAD_LOOPS }, async (_, loop) => {
      for (let count = 0; count < MAX_REQUESTS_PER_LOOP && !stop() && Date.now() < hardDeadline; count++) {
        const requestPath = LOAD_PATHS[(loop + count) % LOAD_PATHS.length]!;
        const sentAt = Date.now();
        try {
          const response = await fetch(`${origin}${requestPath}`, {
            redirect: 'manual',
            headers: { 'User-Agent': PERSON_USER_AGENT, 'Accept-Language': 'en' },
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const body = await response.text();
          const complete = requestPath === '/healthz' ? body === 'ok' : body.trimEnd().endsWith('</html>');
          if (response.status === 200 && complete) ok.push(Date.now());
          else {
            const problem = complete ? '' : ' (incomplete body)';
            const detail = `status ${response.status}${problem}: ${body.slice(0, 160)}`;
            failures.push({ sentAt, path: requestPath, detail });
          }
        } catch (error) {
          failures.push({ sentAt, path: requestPath, detail: describeError(error) });
        }
      }
    }),
  );
  return { started, ended: Date.now(), ok, failures };
}

/** Start offsets (from the load's start) of the full windows in which no request was answered. */
function silentWindowsOf({ started, ended, ok }: LoadResult): number[] {
  const counts = new Array<number>(Math.floor((ended - started) / WINDOW_MS)).fill(0);
  for (const time of ok) {
    const index = Math.floor((time - started) / WINDOW_MS);
    if (index < counts.length) counts[index]! += 1;
  }
  return counts.flatMap((count, index) => (count === 0 ? [index * WINDOW_MS] : []));
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

// --- requests ---------------------------------------------------------------------------------------------

function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function getPage(url: string, cookie: string) {
  const response = await fetch(url, {
    headers: { Cookie: cookie, 'User-Agent': PERSON_USER_AGENT },
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.text() };
}

/** The `cart=...` pair of a response's Set-Cookie, ready to send back. */
function cartCookieOf(response: Response): string {
  const cart = response.headers.getSetCookie().find((cookie) => cookie.startsWith('cart='));
  if (!cart) throw new Error(`No cart cookie in the answer (status ${response.status})`);
  return cart.split(';')[0]!;
}

/** When the first body chunk and the end of the body arrive, in ms from sending. */
async function timeStream(url: string) {
  const sent = performance.now();
  const response = await fetch(url, {
    headers: { 'User-Agent': PERSON_USER_AGENT },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let firstChunkMs: number | undefined;
  let body = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    firstChunkMs ??= performance.now() - sent;
    body += decoder.decode(chunk.value, { stream: true });
  }
  const endMs = performance.now() - sent;
  return {
    status: response.status,
    body,
    firstChunkMs: Math.round(firstChunkMs ?? endMs),
    endMs: Math.round(endMs),
  };
}

// --- processes --------------------------------------------------------------------------------------------

/** SIGTERM, then the exit code; SIGKILL and a failure after STOP_LIMIT_MS. */
async function stopBounded(instance: BuiltServer): Promise<number | null> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return instance.child.exitCode;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STOP_LIMIT_MS);
  });
  const result = await Promise.race([instance.stop(), timedOut]);
  clearTimeout(timer);
  if (result !== 'timeout') return result;
  instance.child.kill('SIGKILL');
  throw new Error(`The instance did not exit within ${STOP_LIMIT_MS} ms of SIGTERM:\n${instance.output()}`);
}

/** Opens `count` listeners on ephemeral ports of 127.0.0.1 at once (so the ports differ), then frees them. */
async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const probe = net.createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

// --- nginx ------------------------------------------------------------------------------------------------

interface Nginx {
  origin: string;
  errorLog(): Promise<string>;
  accessLog(): Promise<string>;
  /** SIGQUIT (graceful), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function findNginx(): string | undefined {
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, 'nginx'));
  return [...onPath, '/usr/sbin/nginx', '/usr/local/sbin/nginx'].find(isExecutableFile);
}

/** NGINX_PATH, `nginx` on PATH or in /usr/sbin; installed with apt-get when missing and running as root. */
async function ensureNginx(): Promise<string> {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv) {
    if (!isExecutableFile(fromEnv)) throw new Error(`NGINX_PATH="${fromEnv}" is not an executable file`);
    return fromEnv;
  }
  const found = findNginx();
  if (found) return found;
  const cannot = 'The scale-out test needs nginx (CI must run it)';
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${cannot}: not found on PATH or in /usr/sbin, and only root can install it here. ` +
        `Run \`sudo sh -c '${NGINX_INSTALL_COMMAND}'\` or set NGINX_PATH.`,
    );
  }
  console.info(`nginx not found: running \`${NGINX_INSTALL_COMMAND}\``);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await runCommand('apt-get', ['update', '-qq'], env, 180_000);
    await runCommand('apt-get', ['install', '-y', '-qq', 'nginx'], env, 240_000);
  } catch (error) {
    throw new Error(
      `${cannot}, and installing it failed: ${(error as Error).message}\n` +
        `Install it yourself (\`${NGINX_INSTALL_COMMAND}\`) or set NGINX_PATH.`,
    );
  }
  const installed = findNginx();
  if (!installed) throw new Error(`${cannot}: apt-get installed it, but no nginx binary was found`);
  return installed;
}

function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGTERM'), limitMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`\`${command}\` could not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`\`${command} ${args.join(' ')}\` ended with ${code ?? signal}:\n${output}`));
    });
  });
}

/** `nginx -v` prints e.g. "nginx version: nginx/1.22.1" on stderr. */
async function nginxVersion(nginxPath: string): Promise<number[]> {
  const child = spawn(nginxPath, ['-v'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await exitOf(child);
  return (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(output)?.slice(1) ?? ['0', '0', '0']).map(Number);
}

/**
 * The test's nginx: its own prefix, config, logs, pid and temp folders in `dir`, in the foreground, on
 * 127.0.0.1 only. The proxy settings are those of nginx.example.conf, with short failure timeouts.
 */
function nginxConfig(dir: string, port: number, upstreamPorts: number[]): string {
  const servers = upstreamPorts.map(
    (upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`,
  );
  return `# Written by tests/scale-out/nginx.scale.ts
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? '# Started as root: workers keep the user (the temp folder is private).\nuser root;' : ''}

events {
  worker_connections 1024;
}

http {
  log_format upstreams '$msec $status "$request" upstream=$upstream_addr upstream_status=$upstream_status';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream storefront {
${servers.join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};

    location / {
      proxy_pass http://storefront;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # $http_host, not $host: the port is part of the host the origin check of form posts compares with
      # (the browser's Origin is http://127.0.0.1:<port>); $host drops it, and every post would be a 403.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      # GETs only under load: POSTs are not retried without \`non_idempotent\` (see nginx.example.conf).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 15s;
    }
  }
}
`;
}

async function startNginx(nginxPath: string, dir: string, port: number, upstreamPorts: number[]) {
  const configPath = path.join(dir, 'nginx.conf');
  const errorLogPath = path.join(dir, 'error.log');
  const accessLogPath = path.join(dir, 'access.log');
  await writeFile(configPath, nginxConfig(dir, port, upstreamPorts));
  // `-e` (nginx >= 1.19.5) keeps even the messages before the config is read out of /var/log/nginx.
  const [major = 0, minor = 0, patch = 0] = await nginxVersion(nginxPath);
  const hasErrorLogOption = major * 1_000_000 + minor * 1_000 + patch >= 1_019_005;
  const args = ['-p', `${dir}/`, '-c', configPath, ...(hasErrorLogOption ? ['-e', errorLogPath] : [])];
  const child: ChildProcess = spawn(nginxPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  const readLog = (file: string) => readFile(file, 'utf8').catch(() => '');
  const origin = `http://127.0.0.1:${port}`;
  const nginx: Nginx = {
    origin,
    errorLog: () => readLog(errorLogPath),
    accessLog: () => readLog(accessLogPath),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || spawnError) return;
      const exited = exitOf(child);
      child.kill('SIGQUIT');
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), 10_000);
        }),
      ]);
      clearTimeout(timer);
      if (late) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };

  // Ready when /healthz answers through it (both instances are already listening).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `nginx (${nginxPath}) did not start: ${spawnError?.message ?? `exit ${child.exitCode ?? child.signalCode}`}\n` +
          `${output}\n${await nginx.errorLog()}`,
      );
    }
    const status = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) return nginx;
    if (Date.now() > deadline) {
      await nginx.stop();
      throw new Error(`nginx did not answer /healthz within 10 s:\n${output}\n${await nginx.errorLog()}`);
    }
    await sleep(50);
  }
}

// --- nginx's access log -----------------------------------------------------------------------------------

interface AccessLogEntry {
  /** ms since the epoch */
  at: number;
  upstreamAddr: string;
  upstreamStatus: string;
  line: string;
}

/** Lines of the `upstreams` log format: `$msec $status "$request" upstream=... upstream_status=...`. */
function parseAccessLog(text: string): AccessLogEntry[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\d+\.\d+) .* upstream=(.*) upstream_status=(.*)$/.exec(line);
      return {
        at: match ? Math.round(Number(match[1]) * 1000) : 0,
        upstreamAddr: match?.[2] ?? '',
        upstreamStatus: match?.[3] ?? '',
        line,
      };
    });
}
