// What caching buys: (a) /shop and the product page through nginx with its page cache (nginx.example.conf's
// settings) against the same nginx without it, both in front of one server of ours; (b) the server's CPU for
// a revalidation answered 304 (If-None-Match) against a full render of the same page. nginx runs on core 1
// beside the load generator, our server on core 0. Skipped, with a note, where nginx is not installed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  HOST,
  median,
  PRODUCT_PATH,
  readCpuTimeUs,
  runLoad,
  SHOP_PATH,
  spawnTracked,
  startServer,
  stopChild,
} from '../lib.mjs';
import { findNginx, nginxPreamble, untilAnswering } from './nginx.mjs';

const ROUTES = { shop: SHOP_PATH, product: PRODUCT_PATH };

/** The caching rows, or `{ skipped }` without nginx. */
export async function measureCaching(pin, { durationS, rounds }, log) {
  const nginxPath = findNginx();
  if (!nginxPath) return { skipped: 'nginx not installed (apt-get install nginx, or NGINX_PATH)' };
  const server = await startServer('ours', { pin });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-nginx-'));
  const [cachedPort, uncachedPort] = [await freePort(), await freePort()];
  let nginx;
  try {
    await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, server.port, cachedPort, uncachedPort));
    const nginxArgs = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
    nginx = pin.enabled
      ? spawnTracked('taskset', ['-c', '1', nginxPath, ...nginxArgs])
      : spawnTracked(nginxPath, nginxArgs);
    await untilAnswering(`http://${HOST}:${cachedPort}/healthz`);
    const origins = { cached: `http://${HOST}:${cachedPort}`, uncached: `http://${HOST}:${uncachedPort}` };
    const throughput = {};
    for (const [route, url] of Object.entries(ROUTES)) {
      throughput[route] = {};
      for (const [name, origin] of Object.entries(origins)) {
        await runLoad(pin, { url: `${origin}${url}`, connections: 32, duration: 1 });
        const runs = [];
        for (let round = 0; round < rounds; round++) {
          const run = await runLoad(pin, { url: `${origin}${url}`, connections: 32, duration: durationS });
          if (run.non2xx === 0 && run.errors === 0) runs.push(run.requestsPerSecond);
        }
        throughput[route][name] = { requestsPerSecond: median(runs), validRuns: runs.length };
        log(`nginx ${name.padEnd(8)} ${route.padEnd(8)} ${median(runs)?.toFixed(0)} req/s`);
      }
      throughput[route].ratio =
        throughput[route].cached.requestsPerSecond / throughput[route].uncached.requestsPerSecond;
    }
    const revalidation = {};
    for (const [route, url] of Object.entries(ROUTES)) {
      revalidation[route] = await notModifiedAgainstRender(pin, server, url, durationS);
      log(`304 vs render ${route}: ${revalidation[route].cpuRatio.toFixed(1)}x less CPU per request`);
    }
    return { throughput, revalidation };
  } finally {
    if (nginx) await stopChild(nginx);
    await stopChild(server.child);
    await rm(dir, { recursive: true, force: true });
  }
}

/** CPU µs per request of our server for full renders and for 304s of the same URL, and their ratio. */
async function notModifiedAgainstRender(pin, server, url, durationS) {
  const first = await fetch(`${server.origin}${url}`);
  await first.text();
  const etag = first.headers.get('etag');
  if (!etag) throw new Error(`${url} has no ETag: is it public?`);
  const cpuPerRequest = async (headers) => {
    const before = readCpuTimeUs(server.pid);
    const run = await runLoad(pin, {
      url: `${server.origin}${url}`,
      connections: 32,
      duration: durationS,
      headers,
    });
    return (readCpuTimeUs(server.pid) - before) / run.requests;
  };
  const render = await cpuPerRequest({});
  const notModified = await cpuPerRequest({ 'if-none-match': etag });
  return { renderCpuUs: render, notModifiedCpuUs: notModified, cpuRatio: render / notModified };
}

/** nginx.example.conf's proxy and cache settings, on two ports: one with the page cache, one without. */
function nginxConfig(dir, upstreamPort, cachedPort, uncachedPort) {
  const proxy = `proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering on;`;
  return `${nginxPreamble(dir)}
  proxy_cache_path ${dir}/pages levels=1:2 keys_zone=pages:10m max_size=100m inactive=10m use_temp_path=off;
  upstream app { server 127.0.0.1:${upstreamPort}; keepalive 32; }
  server {
    listen 127.0.0.1:${cachedPort};
    location / {
      ${proxy}
      proxy_cache pages;
      proxy_cache_key $scheme$http_host$request_uri;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale error timeout updating http_500 http_502 http_503;
      proxy_cache_background_update on;
    }
  }
  server {
    listen 127.0.0.1:${uncachedPort};
    location / {
      ${proxy}
    }
  }
}
`;
}
