// The caching rows of the bench table (bench/run/cache.mjs's results).

import { verdict } from './report-metrics.mjs';
import { TARGETS } from './run/settings.mjs';

/** nginx's page cache against none, and a 304 against a full render (bench/run/cache.mjs). */
export function cachingRows(caching, add) {
  if (caching.skipped) {
    add(`skipped: ${caching.skipped}`, ['', '', '', '', '', ''], 'caching.skipped', 0);
    return;
  }
  for (const [routeId, label] of [
    ['shop', '/shop'],
    ['product', 'product page'],
  ]) {
    const { cached, uncached, ratio } = caching.throughput[routeId];
    add(
      `${label} through nginx: page cache / none, req/s`,
      [
        `${cached.requestsPerSecond.toFixed(0)} / ${uncached.requestsPerSecond.toFixed(0)}`,
        '',
        '',
        `x${ratio.toFixed(1)}`,
        `>= x${TARGETS.cacheThroughputRatio}`,
        verdict(ratio >= TARGETS.cacheThroughputRatio),
      ],
      `caching.throughput.${routeId}.ratio`,
      ratio,
    );
  }
  for (const [routeId, label] of [
    ['shop', '/shop'],
    ['product', 'product page'],
  ]) {
    const { renderCpuUs, notModifiedCpuUs, cpuRatio } = caching.revalidation[routeId];
    add(
      `${label}: CPU per request, full render / 304`,
      [
        `${renderCpuUs.toFixed(0)} / ${notModifiedCpuUs.toFixed(0)} µs`,
        '',
        '',
        `x${cpuRatio.toFixed(1)} less`,
        `>= x${TARGETS.notModifiedCpuRatio}`,
        verdict(cpuRatio >= TARGETS.notModifiedCpuRatio),
      ],
      `caching.revalidation.${routeId}.cpuRatio`,
      cpuRatio,
    );
  }
}
