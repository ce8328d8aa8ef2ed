// The rows of a new instance and of prerendered pages (bench/run/cold-start.mjs, warm-start.mjs, prerendered.mjs).

import { verdict } from './report-metrics.mjs';
import { TARGETS } from './run/settings.mjs';

const LABELS = { helpArticle: 'help article', category: 'top-level category' };

/** A prerendered page from nginx's and Node's file against the same URL rendered, and what the checks cost idle. */
export function prerenderedRows(prerendered, add) {
  if (prerendered.skipped) {
    add(`skipped: ${prerendered.skipped}`, ['', '', '', '', '', ''], 'prerendered.skipped', 0);
    return;
  }
  for (const [pageId, page] of Object.entries(prerendered.throughput)) {
    for (const [side, label] of [
      ['nginx', 'nginx file'],
      ['node', 'Node file'],
    ]) {
      const ratio = page[`${side}VsRendered`];
      add(
        `${LABELS[pageId] ?? pageId} ${page.path}: ${label} / rendered, req/s`,
        [
          `${page[side].toFixed(0)} / ${page.rendered.toFixed(0)}`,
          '',
          '',
          `x${ratio.toFixed(1)}`,
          `>= x${TARGETS.prerenderedThroughputRatio}`,
          verdict(ratio >= TARGETS.prerenderedThroughputRatio),
        ],
        `prerendered.throughput.${pageId}.${side}VsRendered`,
        ratio,
      );
    }
  }
  const { idle } = prerendered;
  add(
    `idle instance's CPU, checks every ${idle.checkEveryMs} ms / none (${idle.pagesPerCheck} pages)`,
    [
      `${idle.withChecksPercent.toFixed(2)}% / ${idle.withoutChecksPercent.toFixed(2)}%`,
      `${idle.cpuUsPerCheck.toFixed(0)} µs a check`,
      '',
      `+${(idle.withChecksPercent - idle.withoutChecksPercent).toFixed(2)} pt`,
      `<= +${TARGETS.prerenderCheckIdleCpuPercent} pt`,
      verdict(idle.withChecksPercent - idle.withoutChecksPercent <= TARGETS.prerenderCheckIdleCpuPercent),
    ],
    'prerendered.idle.cpuUsPerCheck',
    idle.cpuUsPerCheck,
  );
}

/** A new instance's first seconds of traffic against its steady speed, with and without its warm-up. */
export function warmStartRows(warmStart, add) {
  for (const [kind, label] of [
    ['warmedUp', 'with warm-up'],
    ['notWarmedUp', 'WARM_UP_MS=0'],
  ]) {
    const side = warmStart[kind];
    add(
      `${warmStart.path}: first ${warmStart.firstTrafficS} s after /readyz / steady, ${label}`,
      [
        `${side.firstRequestsPerSecond.toFixed(0)} / ${side.steadyRequestsPerSecond.toFixed(0)} req/s`,
        `CPU/request x${side.cpuRatio.toFixed(2)}`,
        '',
        side.ratio.toFixed(2),
        kind === 'warmedUp' ? `>= ${TARGETS.warmStartRatio}` : '',
        kind === 'warmedUp' ? verdict(side.ratio >= TARGETS.warmStartRatio) : '',
      ],
      `warmStart.${kind}.ratio`,
      side.ratio,
    );
  }
}

/** bench/run/cold-start.mjs: `listening` to /readyz 200, a new DATA_DIR against an existing one. */
export function coldStartRow(c, add) {
  // Runs from before the parts were read have none.
  const parts = c.freshParts
    ? `; migrated at ${c.freshParts.migratedMs} ms, check ${c.freshParts.prerenderCheckMs} ms, warm-up ${c.freshParts.warmUpMs} ms`
    : '';
  add(
    `cold start: fresh DATA_DIR vs existing (listening → /readyz 200, median of ${c.runs})`,
    [
      `${c.freshMs} ms`,
      `existing ${c.existingMs} ms${parts}`,
      '',
      `${(c.freshMs / c.existingMs).toFixed(2)}x`,
      `<= ${TARGETS.coldStartMs} ms + the warm-up's`,
      verdict(c.freshParts ? c.freshMs <= TARGETS.coldStartMs + c.freshParts.warmUpMs : false),
    ],
    'coldStart.freshMs',
    c.freshMs,
  );
}
