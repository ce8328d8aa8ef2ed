// How fast dev mode shows an edit (npm run bench:dev): `npm run dev` on a copy of tests/fixtures/dev-app,
// one Chromium tab on its page, and per kind of edit the time from the file's write to the page showing it,
// median of 10 (--edits N to change):
// - a component's text (save to updated DOM, Fast Refresh, state kept);
// - a stylesheet's colour (save to restyled);
// - a data step's message (save to the page's data refreshed in place, after the server restarted).
// Times are wall clock on both sides (Date.now() in Node and in the page): one machine, one clock. Each edit
// waits for the previous one's restart, so they never overlap. Targets: 300 ms, 200 ms, 1.5 s.
import { startDevSession } from '../tests/helpers/dev-session.mjs';
import { cliOption, launchChromium, median, PERSON_USER_AGENT, runMain } from './lib.mjs';

const EDITS = Number(cliOption('--edits', '10'));
const TARGETS_MS = { component: 300, stylesheet: 200, data: 1500 };

/** Resolves with the page's Date.now() at the first animation frame where `test(arg)` holds. */
async function shownAt(page, test, arg) {
  const handle = await page.waitForFunction(test, arg, { polling: 'raf', timeout: 15_000 });
  return handle.jsonValue();
}

/** Edits `file` (`from` -> `to`) and resolves with the ms until `test(arg)` holds, once the server restarted. */
async function timeEdit(dev, page, { file, from, to, test, arg }) {
  const restarts = dev.restarts();
  const written = await dev.edit(file, from, to);
  const shown = await shownAt(page, test, arg);
  await dev.restartedAfter(restarts);
  return shown - written;
}

/** One edit of each kind per round; resolves with the times of every round. */
async function measure(dev, page) {
  const samples = { component: [], stylesheet: [], data: [] };
  const textShown = ([selector, text]) =>
    document.querySelector(selector)?.textContent?.includes(text) && Date.now();
  const colors = ['rgb(128, 0, 0)', 'rgb(0, 0, 128)'];
  for (let round = 0; round < EDITS; round++) {
    const [from, to] = round % 2 === 0 ? colors.toReversed() : colors;
    const next = round + 1;
    samples.component.push(
      await timeEdit(dev, page, {
        file: 'counter-page.tsx',
        from: `version ${round}`,
        to: `version ${next}`,
        test: textShown,
        arg: ['#greeting', `version ${next}`],
      }),
    );
    samples.stylesheet.push(
      await timeEdit(dev, page, {
        file: 'dev-app.css',
        from,
        to,
        test: (color) => getComputedStyle(document.querySelector('#greeting')).color === color && Date.now(),
        arg: to,
      }),
    );
    samples.data.push(
      await timeEdit(dev, page, {
        file: 'server-app.ts',
        from: `step ${round}`,
        to: `step ${next}`,
        test: textShown,
        arg: ['#message', `step ${next}`],
      }),
    );
  }
  return samples;
}

async function main() {
  const browser = await launchChromium();
  if (!browser) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  const dev = await startDevSession();
  try {
    // Numbered texts, so every round's edit is new.
    await dev.edit('counter-page.tsx', 'the first version', 'version 0');
    await dev.edit('server-app.ts', 'the first data step', 'step 0');
    await dev.restartedAfter(dev.restarts());
    const page = await browser.newPage({ userAgent: PERSON_USER_AGENT });
    await page.goto(`${dev.origin}/`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate(() => {
      window.__marker = 1;
    });
    await page.click('#count');
    const samples = await measure(dev, page);
    const kept = await page.evaluate(
      () => window.__marker === 1 && document.querySelector('#count').textContent === 'Clicked 1 times',
    );
    console.log(`dev mode, ${EDITS} edits of each kind (median, min-max), target:`);
    for (const [kind, times] of Object.entries(samples)) {
      const ms = Math.round(median(times));
      console.log(
        `  ${kind.padEnd(10)} ${String(ms).padStart(5)} ms  (${Math.min(...times)}-${Math.max(...times)})` +
          `  target <= ${TARGETS_MS[kind]} ms ${ms <= TARGETS_MS[kind] ? 'met' : 'MISSED'}`,
      );
    }
    console.log(`  no reload and the counter kept through all ${EDITS * 3} edits: ${kept ? 'yes' : 'NO'}`);
  } finally {
    await browser.close();
    await dev.stop();
  }
}

await runMain('dev-refresh', main);
