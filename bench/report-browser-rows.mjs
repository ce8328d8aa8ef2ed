// The rows of the browser's side of speed (issue 52): Lighthouse's mobile audit of the storefront's pages,
// and a tap during hydration.
import { verdict } from './report-metrics.mjs';
import { TARGETS } from './run/settings.mjs';

/** One row per page: performance score, Total Blocking Time and the longest task, each against its target. */
export function lighthouseRows(pages, add) {
  for (const page of pages) {
    const met =
      page.performance >= TARGETS.lighthousePerformance &&
      page.tbtMs <= TARGETS.lighthouseTbtMs &&
      page.longestTaskMs <= TARGETS.longestTaskMs &&
      page.cls === 0;
    add(
      `${page.label} (${page.path}): performance / TBT / longest task`,
      [
        `${page.performance} / ${page.tbtMs} ms / ${page.longestTaskMs} ms`,
        `LCP ${page.lcpMs} ms, CLS ${page.cls}`,
        `${page.runs} runs`,
        '',
        `>= ${TARGETS.lighthousePerformance} / <= ${TARGETS.lighthouseTbtMs} ms / <= ${TARGETS.longestTaskMs} ms, CLS 0`,
        verdict(met),
      ],
      `lighthouse.${page.path}.tbtMs`,
      page.tbtMs,
    );
  }
}

/** The tap on a quick add while the page hydrates: Chromium's event timing for it, as INP reads it. */
export function clickRows(click, add) {
  const during = click.samples.filter((sample) => sample.duringHydration).length;
  add(
    `tap during hydration (${click.page}, ${click.cpuSlowdown}x CPU): interaction time`,
    [
      `${click.medianMs} ms`,
      `${during} of ${click.samples.length} taps before hydrated`,
      '',
      '',
      `<= ${TARGETS.interactionMs} ms`,
      verdict(click.medianMs <= TARGETS.interactionMs),
    ],
    'clickDuringHydration.medianMs',
    click.medianMs,
  );
}
