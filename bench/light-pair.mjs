// `node bench/light-pair.mjs [--quick] [--rounds N] [--seconds S]`: only the light pair of `npm run bench`
// (step 3b), for measuring a change to the request path in a few minutes: builds the pair, runs the same
// interleaved rounds (ours, ours with Sentry at 0.1, bare) and the hydration timing, and prints the ratios
// of the table with the scripts of the light page's first load. Writes bench/results/light-pair.json.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildLightPair, cliOption, pinning, RESULTS_DIR, runMain, startSentryCapture } from './lib.mjs';
import { measureLightPair } from './run/light.mjs';
import { SETTINGS } from './run/settings.mjs';

const started = performance.now();
const log = (message) =>
  console.log(`[light ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

async function main() {
  const settings = {
    ...SETTINGS,
    rounds: Number(cliOption('--rounds', SETTINGS.rounds)),
    durationS: Number(cliOption('--seconds', SETTINGS.durationS)),
  };
  const loadAtStart = os.loadavg();
  await buildLightPair();
  log('light pair built');
  const pin = pinning();
  pin.pinSelf(1);
  const capture = await startSentryCapture();
  try {
    const light = await measureLightPair(pin, capture.dsn, settings, log);
    const { ours, oursSentry, bare } = light.throughput;
    const ratios = {
      sentryOnVsOff: oursSentry.requestsPerSecond / ours.requestsPerSecond,
      sentryCpuOffVsOn: ours.cpuUsPerRequest / oursSentry.cpuUsPerRequest,
      requestsPerSecondVsBare: ours.requestsPerSecond / bare.requestsPerSecond,
      cpuPerRequestVsBare: bare.cpuUsPerRequest / ours.cpuUsPerRequest,
      p99VsBare: ours.p99Ms / bare.p99Ms,
      hydratedVsBare: light.hydration ? light.hydration.ours.medianMs / light.hydration.bare.medianMs : null,
      hydratedVsBareWithoutHeaders: light.hydration
        ? light.hydration.ours.medianMs / light.hydration.bareWithoutHeaders.medianMs
        : null,
    };
    const result = { date: new Date().toISOString(), loadAtStart, loadAtEnd: os.loadavg(), ratios, light };
    await writeFile(path.join(RESULTS_DIR, 'light-pair.json'), `${JSON.stringify(result, null, 2)}\n`);
    const perProcess = Object.fromEntries(
      Object.entries(light.perProcess).map(([name, side]) => [name, Math.round(side.requestsPerSecond)]),
    );
    console.log(
      JSON.stringify(
        {
          ratios,
          perProcessRequestsPerSecond: perProcess,
          pages: light.pages,
          loadAtStart,
          loadAtEnd: os.loadavg(),
        },
        null,
        2,
      ),
    );
  } finally {
    await capture.close();
  }
}

await runMain('light pair', main);
