// The browser's side of speed (issue 52): Lighthouse's performance audit of the storefront's pages with its
// default mobile settings (a mid-range phone: simulated 4x CPU slowdown and a slow 4G network), driving the
// system Chromium, never a downloaded one. Per page: the performance score, Total Blocking Time and the
// longest main-thread task; the median of `runs` loads, interleaved page by page so a burst of load on the
// machine spreads over every page.
//
// Alone: `node bench/run/lighthouse.mjs [--runs 3] [--origin http://127.0.0.1:3000] [--dist dist] [--path /de/shop] [--out DIR]`
// measures the server at --origin, or starts the production build in --dist (run `npm run build` first);
// --out keeps each page's report, trace and final screenshot.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import launch from '../../tests/helpers/chromium-launch.json' with { type: 'json' };
import {
  chromiumPath,
  cliOption,
  median,
  pinning,
  ROOT,
  runMain,
  spawnTracked,
  startServer,
  stopChild,
} from '../lib.mjs';

/** The pages the issue names, in German as it measured them. */
export const LIGHTHOUSE_PAGES = [
  { label: 'home', path: '/de' },
  { label: '/shop', path: '/de/shop' },
  { label: 'a category', path: '/de/shop/kitchen' },
  { label: 'a product page', path: '/de/products/chef-knife-20cm' },
  { label: 'help', path: '/de/help' },
  { label: 'the cart', path: '/de/cart' },
];

/** Starts Chromium with a DevTools port for Lighthouse; resolves with the port and the child. */
async function startDebuggableChromium() {
  const executable = chromiumPath();
  if (!executable) return null;
  const child = spawnTracked(executable, [
    ...launch.args,
    '--headless',
    '--remote-debugging-port=0',
    '--user-data-dir=/tmp/bench-lighthouse-profile',
    'about:blank',
  ]);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools port:\n${child.output}`)),
      30_000,
    );
    const listen = () => {
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(child.output);
      if (!found) return;
      clearTimeout(timer);
      child.stderr.off('data', listen);
      resolve(Number(found[1]));
    };
    child.stderr.on('data', listen);
    child.once('exit', () => reject(new Error(`Chromium exited:\n${child.output}`)));
  });
  return { port, child };
}

/** A load whose trace Lighthouse could not record (NO_NAVSTART on a busy machine) is tried this often. */
const ATTEMPTS_PER_LOAD = 3;

/** What one Lighthouse load says about a page; `keep` gets the raw report and trace when asked. */
async function auditOnce(port, url, keep) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditAttempt(port, url, keep);
    } catch (error) {
      if (attempt >= ATTEMPTS_PER_LOAD) throw error;
    }
  }
}

async function auditAttempt(port, url, keep) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
  const summary = {
    performance: Math.round(lhr.categories.performance.score * 100),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
    longestTaskUrl: tasks[0]?.url,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    domNodes: lhr.audits['dom-size']?.numericValue,
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
  };
  await keep?.(lhr, artifacts.Trace);
  return summary;
}

/**
 * Lighthouse's rows for the pages at `origin`: per page the median of `runs` loads of each figure, and the
 * samples. Null without Chromium.
 */
export async function measureLighthouse(origin, { runs = 3, outDir, pages = LIGHTHOUSE_PAGES } = {}) {
  const chromium = await startDebuggableChromium();
  if (!chromium) return null;
  try {
    const samples = Object.fromEntries(pages.map(({ path: pagePath }) => [pagePath, []]));
    // One warm-up load (the server's first renders, Chromium's caches of its own), then interleaved rounds.
    await auditOnce(chromium.port, `${origin}/de/shop`);
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        const keep =
          outDir && round === runs ? (lhr, trace) => keepReport(outDir, page, lhr, trace) : undefined;
        samples[page.path].push(await auditOnce(chromium.port, `${origin}${page.path}`, keep));
      }
    }
    return pages.map((page) => summarize(page, samples[page.path]));
  } finally {
    await stopChild(chromium.child);
  }
}

function summarize(page, runs) {
  const mid = (field) => median(runs.map((run) => run[field]));
  return {
    ...page,
    runs: runs.length,
    performance: mid('performance'),
    tbtMs: mid('tbtMs'),
    longestTaskMs: mid('longestTaskMs'),
    lcpMs: mid('lcpMs'),
    cls: Math.max(...runs.map((run) => run.cls)),
    samples: runs,
  };
}

async function keepReport(outDir, page, lhr, trace) {
  const name = page.path.replaceAll('/', '_').replace(/^_/, '');
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, `${name}.report.json`), JSON.stringify(lhr));
  await writeFile(path.join(outDir, `${name}.trace.json`), JSON.stringify(trace));
  const screenshot = lhr.audits['final-screenshot']?.details?.data;
  if (screenshot) {
    const base64 = screenshot.slice(screenshot.indexOf(',') + 1);
    await writeFile(path.join(outDir, `${name}.jpg`), Buffer.from(base64, 'base64'));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runMain('lighthouse', async () => {
    const runs = Number(cliOption('--runs', '3'));
    const outDir = cliOption('--out', undefined);
    const given = cliOption('--origin', undefined);
    const only = cliOption('--path', undefined);
    const pages = only ? LIGHTHOUSE_PAGES.filter((page) => page.path === only) : LIGHTHOUSE_PAGES;
    const distDir = path.resolve(ROOT, cliOption('--dist', 'dist'));
    const server = given ? undefined : await startServer('ours', { pin: pinning(), distDir });
    try {
      const rows = await measureLighthouse(given ?? server.origin, { runs, outDir, pages });
      if (!rows) throw new Error('Chromium not found: set CHROMIUM_PATH or install chromium');
      console.log(JSON.stringify(rows, null, 2));
    } finally {
      await stopChild(server?.child);
    }
  });
}
