// nginx for the scale-out test: found or installed, configured in a temporary directory as a load balancer
// in front of two instances, started, stopped, and its logs read back.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { exitOf } from '../helpers/built-server.ts';

const NGINX_INSTALL_COMMAND = 'apt-get update && apt-get install -y nginx';

export interface Nginx {
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
export async function ensureNginx(): Promise<string> {
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
 *
 * long function: one template of nginx.conf, read top to bottom as nginx reads it.
 */
function nginxConfig(dir: string, port: number, upstreamPorts: number[], prerenderedDir?: string): string {
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
  proxy_cache_path ${dir}/pages levels=1:2 keys_zone=storefront_pages:10m max_size=100m inactive=10m use_temp_path=off;

  # nginx.example.conf's: the app's \`ssr-build\` cookie, which $cookie_ssr_build does not read.
  map $http_cookie $ssr_build_cookie {
    default "";
    "~(?:^|;)\\s*ssr-build=(?<ssr_build>[^;\\s]*)" $ssr_build;
  }

${prerenderedDir ? prerenderedMap : ''}
  upstream storefront {
${servers.join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};
${prerenderedDir ? prerenderedLocation(prerenderedDir) : ''}
    location ${prerenderedDir ? '@storefront' : '/'} {
      proxy_pass http://storefront;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # $http_host, not $host: the port is part of the host the origin check of form posts compares with
      # (the browser's Origin is http://127.0.0.1:<port>); $host drops it, and every post would be a 403.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # The page cache of nginx.example.conf: what the app calls public, nothing else.
      proxy_buffering on;
      proxy_cache storefront_pages;
      proxy_cache_key $scheme$http_host$request_uri$ssr_build_cookie;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale error timeout updating http_500 http_502 http_503;
      proxy_cache_background_update on;
      add_header X-Cache-Status $upstream_cache_status always;
      # POSTs too (non_idempotent): an instance that stops closes keep-alive connections nginx may be
      # writing a post into; such a post was never read, and is retried (see nginx.example.conf).
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 15s;
    }

    # The built client files, retried on the next instance on a 404 as in nginx.example.conf: during a
    # rolling release a page of the new build may ask an instance still on the old one for its chunks.
    location /_assets/ {
      proxy_pass http://storefront;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_next_upstream error timeout http_404;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

/** The prerendered pages' map of nginx.example.conf: a GET or HEAD without a query may be a file. */
const prerenderedMap = `  map "$request_method $args $uri" $prerendered_page {
    default                                       /-no-prerendered-page-;
    "~^(GET|HEAD)  (?<page>/(?:[^/]+/)*[^/]+)$"   $page/index.html;
  }
`;

/** nginx.example.conf's files location: the instances' folder of prerendered pages, else @storefront. */
function prerenderedLocation(folder: string): string {
  return `
    location / {
      root ${folder}/proxy;
      gzip_static on;
      try_files $prerendered_page @storefront;
      include ${folder}/nginx-headers.conf;
      error_page 418 = @storefront;
    }
`;
}

/** Starts nginx before `upstreamPorts`; with `prerenderedDir`, it serves that folder's pages as files. */
export async function startNginx(
  nginxPath: string,
  dir: string,
  port: number,
  upstreamPorts: number[],
  prerenderedDir?: string,
) {
  const configPath = path.join(dir, 'nginx.conf');
  const errorLogPath = path.join(dir, 'error.log');
  const accessLogPath = path.join(dir, 'access.log');
  await writeFile(configPath, nginxConfig(dir, port, upstreamPorts, prerenderedDir));
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

  await untilHealthy(nginx, () => {
    if (!spawnError && child.exitCode === null && child.signalCode === null) return undefined;
    return `nginx (${nginxPath}) did not start: ${spawnError?.message ?? `exit ${child.exitCode ?? child.signalCode}`}\n${output}`;
  });
  return nginx;
}

/** Waits until /healthz answers 200 through nginx (both instances are already listening), for 10 s at most. */
async function untilHealthy(nginx: Nginx, failure: () => string | undefined): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const failed = failure();
    if (failed) throw new Error(`${failed}\n${await nginx.errorLog()}`);
    const status = await fetch(`${nginx.origin}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) {
      await nginx.stop();
      throw new Error(`nginx did not answer /healthz within 10 s:\n${await nginx.errorLog()}`);
    }
    await sleep(50);
  }
}
