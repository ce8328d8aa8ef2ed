// What prerendered pages buy and cost (docs/prerendering.md): (a) a help article and a top-level category,
// answered from their files by nginx (try_files, as nginx.example.conf) and by Node, against the same URL
// rendered by an instance of the same build without its prerendered files; (b) what the instance's checks of
// its pages made from data (every PRERENDER_CHECK_MS) cost it while idle: its CPU against the instance without
// files (no checks), both idle over the same seconds. Servers on core 0, nginx and autocannon on core 1.
// Skipped with a note where nginx is not installed. `node bench/run/prerendered.mjs [--quick]` runs this part
// alone, over dist/ (built if needed).
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildDistIfNeeded,
  fetchText,
  freePort,
  HOST,
  median,
  pinning,
  RESULTS_DIR,
  readCpuTimeUs,
  runLoad,
  runMain,
  SNAPSHOT_DIR,
  sleep,
  spawnTracked,
  startServer,
  stopChild,
} from '../lib.mjs';
import { findNginx, nginxPreamble, untilAnswering } from './nginx.mjs';
import { SETTINGS } from './settings.mjs';

/** A page of the build (its version is the build's) and a page made from data (the catalogue's version). */
const PAGES = { helpArticle: '/help/shipping/delivery-times', category: '/shop/kitchen' };
/** How long both instances sit idle while their CPU is read; after SETTLE_MS, so the last load has ended. */
const SETTLE_MS = 3_000;

/** The rows of this part, or `{ skipped }` without nginx. */
export async function measurePrerendered(pin, { durationS, rounds, idleS }, log, distDir = SNAPSHOT_DIR) {
  const nginxPath = findNginx();
  if (!nginxPath) return { skipped: 'nginx not installed (apt-get install nginx, or NGINX_PATH)' };
  const index = JSON.parse(readFileSync(path.join(distDir, 'prerendered', 'index.json'), 'utf8'));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-prerendered-'));
  // The same build without its prerendered folder: every page is rendered, and nothing is checked. Inside
  // the repository, where the server bundle finds node_modules.
  const renderingDist = path.join(RESULTS_DIR, 'prerendered-rendering-dist');
  rmSync(renderingDist, { recursive: true, force: true });
  cpSync(distDir, renderingDist, {
    recursive: true,
    filter: (source) => path.relative(distDir, source) !== 'prerendered',
  });
  const servers = [];
  let nginx;
  try {
    servers.push(
      await startServer('ours', { pin, distDir, env: { PRERENDER_CHECK_MS: String(CHECK_EVERY_MS) } }),
    );
    servers.push(await startServer('ours', { pin, distDir: renderingDist }));
    const [withFiles, rendering] = servers;
    const nginxPort = await freePort();
    await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, distDir, withFiles.port, nginxPort));
    const nginxArgs = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
    nginx = spawnTracked(...pin.command(1, nginxPath, nginxArgs));
    const origins = {
      nginx: `http://${HOST}:${nginxPort}`,
      node: withFiles.origin,
      rendered: rendering.origin,
    };
    await untilAnswering(`${origins.nginx}/healthz`);
    await checkWhoAnswers(origins, index.nonce);
    const throughput = {};
    for (const [pageId, url] of Object.entries(PAGES)) {
      throughput[pageId] = { path: url };
      for (const [name, origin] of Object.entries(origins)) {
        throughput[pageId][name] = await requestsPerSecond(pin, `${origin}${url}`, { durationS, rounds });
        log(
          `prerendered ${pageId.padEnd(11)} ${name.padEnd(8)} ${throughput[pageId][name].toFixed(0)} req/s`,
        );
      }
      throughput[pageId].nginxVsRendered = throughput[pageId].nginx / throughput[pageId].rendered;
      throughput[pageId].nodeVsRendered = throughput[pageId].node / throughput[pageId].rendered;
    }
    const idle = await idleCost(withFiles, rendering, idleS, index);
    log(
      `idle CPU over ${idleS} s: ${idle.withChecksPercent.toFixed(2)}% with checks, ${idle.withoutChecksPercent.toFixed(2)}% without; ${idle.cpuUsPerCheck.toFixed(0)} µs a check of ${idle.pagesPerCheck} pages`,
    );
    return { throughput, idle };
  } finally {
    if (nginx) await stopChild(nginx);
    for (const server of servers) await stopChild(server.child);
    await rm(dir, { recursive: true, force: true });
    rmSync(renderingDist, { recursive: true, force: true });
  }
}

/**
 * Fails the run unless nginx and Node answer the pages from their files (the build's nonce in the policy) and
 * the instance without files renders them (a nonce of its own).
 */
async function checkWhoAnswers(origins, nonce) {
  for (const url of Object.values(PAGES)) {
    for (const [name, origin] of Object.entries(origins)) {
      const answer = await fetchText(`${origin}${url}`);
      const fromFile = String(answer.headers['content-security-policy']).includes(`'nonce-${nonce}'`);
      if (answer.status !== 200 || fromFile !== (name !== 'rendered'))
        throw new Error(
          `${name} answered ${url} with ${answer.status}, ${fromFile ? 'from the file' : 'rendered'}`,
        );
    }
  }
}

/** How often the instance with files checks them: PRERENDER_CHECK_MS, or the runtime's default (server/process/config.ts). */
const CHECK_EVERY_MS = Number(process.env.PRERENDER_CHECK_MS ?? 3000);

/** The median req/s of `rounds` runs of `durationS` (32 connections), after a 1 s run; invalid runs left out. */
async function requestsPerSecond(pin, url, { durationS, rounds }) {
  await runLoad(pin, { url, connections: 32, duration: 1 });
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const run = await runLoad(pin, { url, connections: 32, duration: durationS });
    if (run.non2xx === 0 && run.errors === 0) runs.push(run.requestsPerSecond);
  }
  return median(runs);
}

/** Both instances' CPU over the same `idleS` seconds: one checks its pages made from data, the other has none. */
async function idleCost(withFiles, rendering, idleS, index) {
  await sleep(SETTLE_MS);
  const before = [readCpuTimeUs(withFiles.pid), readCpuTimeUs(rendering.pid)];
  await sleep(idleS * 1000);
  const after = [readCpuTimeUs(withFiles.pid), readCpuTimeUs(rendering.pid)];
  const [withChecksUs, withoutChecksUs] = after.map((value, side) => value - before[side]);
  const checkEveryMs = CHECK_EVERY_MS;
  const checks = (idleS * 1000) / checkEveryMs;
  return {
    idleS,
    checkEveryMs,
    pagesPerCheck: index.pages.filter((page) => page.changesWithData).length,
    withChecksPercent: withChecksUs / (idleS * 10_000),
    withoutChecksPercent: withoutChecksUs / (idleS * 10_000),
    cpuUsPerCheck: (withChecksUs - withoutChecksUs) / checks,
  };
}

/** nginx.example.conf's prerendered location in front of `upstreamPort`, with no page cache. */
function nginxConfig(dir, distDir, upstreamPort, port) {
  const folder = path.join(distDir, 'prerendered');
  return `${nginxPreamble(dir)}
  upstream app { server 127.0.0.1:${upstreamPort}; keepalive 32; }
  map "$request_method $args $uri" $prerendered_page {
    default                                       /-no-prerendered-page-;
    "~^(GET|HEAD)  (?<page>/(?:[^/]+/)*[^/]+)$"   $page/index.html;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      root ${folder}/proxy;
      gzip_static on;
      try_files $prerendered_page @app;
      include ${folder}/nginx-headers.conf;
      error_page 418 = @app;
    }
    location @app {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
    }
  }
}
`;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  await runMain('prerendered', async () => {
    const distDir = await buildDistIfNeeded();
    const pin = pinning();
    pin.pinSelf(1);
    if (!existsSync(path.join(distDir, 'prerendered', 'index.json')))
      throw new Error('dist/ has no prerendered pages');
    const result = await measurePrerendered(pin, SETTINGS.prerendered, console.log, distDir);
    console.log(JSON.stringify(result, null, 2));
  });
}
