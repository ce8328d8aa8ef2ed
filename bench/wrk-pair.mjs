// `node bench/wrk-pair.mjs [--quick] [--rounds N] [--warmup S] [--seconds S] [--short-warmup S]
// [--fresh-process|--pooled] [--trace-gc] [--load wrk|autocannon]`: only the wrk pair of `npm run bench` (step 3e), ours against the
// bare renderer on the product-like page and on the light page, measured as the independent bench of issue
// 51 measured them (a new process a side every round; `--pooled` keeps three a side for all rounds, as the
// light pair does). `--short-warmup 0` skips the phase after only a few seconds of warm-up; `--trace-gc`
// runs every server with --trace-gc and prints the GC pauses inside the measured windows; `--load autocannon`
// loads with the light pair's autocannon instead of wrk. Prints the rows
// of the bench's table and writes bench/results/wrk-pair.json.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hasWrk } from './lib/wrk.mjs';
import { buildLightPair, buildProductLikePair, cliOption, pinning, RESULTS_DIR, runMain } from './lib.mjs';
import { wrkRows, wrkSectionTitle } from './report-wrk-rows.mjs';
import { SETTINGS } from './run/settings.mjs';
import { measureWrkPair } from './run/wrk-pair.mjs';

const started = performance.now();
const log = (message) =>
  console.log(`[wrk ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

/** The settings from the command line, `npm run bench`'s (SETTINGS.wrk) where it names none. */
function settingsOf(argv) {
  const number = (name, fallback) => {
    const value = Number(cliOption(name, fallback));
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`${name} takes a number of 0 or more, not '${cliOption(name)}'`);
    return value;
  };
  if (argv.includes('--pooled') && argv.includes('--fresh-process'))
    throw new Error('--pooled and --fresh-process exclude each other: name one');
  const load = cliOption('--load', 'wrk');
  if (!['wrk', 'autocannon'].includes(load)) throw new Error(`--load takes wrk or autocannon, not '${load}'`);
  return {
    rounds: Math.max(1, number('--rounds', SETTINGS.wrk.rounds)),
    warmupS: number('--warmup', SETTINGS.wrk.warmupS),
    durationS: Math.max(1, number('--seconds', SETTINGS.wrk.durationS)),
    shortWarmupS: number('--short-warmup', SETTINGS.wrk.shortWarmupS),
    pooled: argv.includes('--pooled'),
    traceGc: argv.includes('--trace-gc'),
    load,
  };
}

function printRows(result) {
  const rows = [];
  wrkRows(result, (metric, cells) => rows.push([metric, cells[0], cells[2], cells[3], cells[4], cells[5]]));
  const header = ['', 'ours', 'bare', 'ours/bare', 'target', 'result'];
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => String(row[column]).length)),
  );
  const line = (row) =>
    row
      .map((cell, column) => String(cell).padEnd(widths[column]))
      .join(' | ')
      .trimEnd();
  console.log(`\n${wrkSectionTitle(result)}\n${[header, ...rows].map(line).join('\n')}`);
}

async function main() {
  const settings = settingsOf(process.argv);
  if (settings.load === 'wrk' && !hasWrk())
    throw new Error('wrk not found on PATH (Debian: apt-get install wrk)');
  const loadAtStart = os.loadavg();
  await buildLightPair();
  await buildProductLikePair();
  log('light and product-like pairs built');
  const pin = pinning();
  pin.pinSelf(1);
  const wrkPair = await measureWrkPair(pin, settings, log);
  const result = { date: new Date().toISOString(), loadAtStart, loadAtEnd: os.loadavg(), ...wrkPair };
  await writeFile(path.join(RESULTS_DIR, 'wrk-pair.json'), `${JSON.stringify(result, null, 2)}\n`);
  printRows(result);
  const load = (values) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`load average ${load(loadAtStart)} → ${load(result.loadAtEnd)}; ${pin.note}`);
  if (settings.traceGc)
    console.log(`GC traces: ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'gc'))}/`);
}

await runMain('wrk pair', main);
