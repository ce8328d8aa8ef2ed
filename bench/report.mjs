// The table `npm run bench` prints, with PASS/MISS against the targets and the change against the previous
// run, and the JSON it keeps (bench/results/latest.json; the one before becomes previous.json).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RESULTS_DIR, ROOT, SNAPSHOT_DIR } from './lib.mjs';
import { kb } from './report-metrics.mjs';
import { rows } from './report-rows.mjs';

function get(object, key) {
  return key.split('.').reduce((value, part) => value?.[part], object);
}

function printTable(r, previous) {
  const header = ['metric', 'ours', 'ours+Sentry', 'baseline', 'ours/base', 'target', 'result', 'Δ prev'];
  const body = [];
  for (const row of rows(r)) {
    if (row.section) {
      body.push({ section: row.section });
      continue;
    }
    let delta = '';
    const before = previous ? get(previous, row.key) : undefined;
    if (typeof before === 'number' && Number.isFinite(before) && before !== 0 && Number.isFinite(row.value)) {
      const change = ((row.value - before) / before) * 100;
      delta = `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
    }
    body.push([row.metric, ...row.cells, delta]);
  }
  const cellRows = [header, ...body.filter(Array.isArray)];
  const widths = header.map((_, column) =>
    Math.max(...cellRows.map((row) => String(row[column] ?? '').length)),
  );
  const line = (row) =>
    row
      .map((cell, column) => String(cell ?? '').padEnd(widths[column]))
      .join(' | ')
      .trimEnd();
  const out = [line(header), widths.map((width) => '-'.repeat(width)).join('-|-')];
  for (const row of body) out.push(Array.isArray(row) ? line(row) : `== ${row.section}`);
  return out.join('\n');
}

/** Writes latest.json (keeping the one before as previous.json) and prints the table and the run's facts. */
export async function save(r) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const latest = path.join(RESULTS_DIR, 'latest.json');
  const previousPath = path.join(RESULTS_DIR, 'previous.json');
  let previous = null;
  if (existsSync(latest)) {
    await rename(latest, previousPath);
    previous = JSON.parse(await readFile(previousPath, 'utf8'));
  }
  await writeFile(latest, `${JSON.stringify(r, null, 2)}\n`);
  const table = printTable(r, previous);
  console.log(`\n${table}\n`);
  console.log(
    [
      `build ${r.buildId}, ${r.mode} run in ${r.durationS} s; ${r.pinning}; load average ${r.machine.loadAverageAtStart.map((v) => v.toFixed(2)).join(' ')} → ${r.machine.loadAverageAtEnd.map((v) => v.toFixed(2)).join(' ')}`,
      `our server: node --import dist/server/instrument.mjs dist/server/index.mjs (from ${path.relative(ROOT, SNAPSHOT_DIR)}), LOG_LEVEL=${r.logLevel}, NODE_ENV=production; Sentry on: ${r.sentry}; ${r.sentryCapture.envelopes} envelopes (${kb(r.sentryCapture.bytes)}) captured`,
      ...(r.light
        ? [
            `light pair: ours = bench/light/ as an app on the runtime (build(), createApp(), LOG_LEVEL=info into a pipe, security headers, compression negotiation, cookies; Sentry off, and on at SENTRY_TRACES_SAMPLE_RATE=0.1); bare = node:http + renderToPipeableStream of the same component, its own document, JSON.stringify data, one client script (bench/light/bare-server.tsx)`,
          ]
        : []),
      ...(r.wrkPair
        ? [
            `wrk pair: ours = bench/product-like/ and bench/light/ as apps on the runtime, started with npm start's node flags and defaults (LOG_LEVEL=info into a pipe, security headers); bare = node:http + renderToPipeableStream of the same components (bench/product-like/bare-server.tsx, bench/light/bare-server.tsx); wrk without headers of its own; the short phase warms new processes for ${r.wrkPair.settings.shortWarmupS} s`,
          ]
        : []),
      `load: autocannon, ${r.settings.connections} connections, ${r.settings.durationS} s x ${r.settings.rounds} rounds per server and route, interleaved, after ${r.settings.warmupS} s warm-up each; browser user agent; no Accept-Encoding (no compression on either side)`,
      `same HTML as the baseline (nonce aside): /shop ${r.verification.ours.shopSameAsBaseline ? 'yes' : 'no'}, product ${r.verification.ours.productSameAsBaseline ? 'yes' : 'no (streaming order of the deferred script may differ)'}; bytes ours/baseline: product ${r.verification.ours.productBytes}/${r.verification.baseline.productBytes}, /shop ${r.verification.ours.shopBytes}/${r.verification.baseline.shopBytes}`,
      ...r.notes,
      previous
        ? `Δ prev: against ${previous.mode} run of ${previous.date} (build ${previous.buildId})`
        : 'no previous results',
      `JSON: ${path.relative(ROOT, latest)}`,
    ].join('\n'),
  );
}
