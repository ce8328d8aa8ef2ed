// Sentry's budget on the storefront's CPU-bound pages, a row each in the bench table.
import { verdict } from './report-metrics.mjs';
import { SATURATING_CONNECTIONS, TARGETS } from './run/settings.mjs';

/** Sentry off's CPU per request over Sentry on's at 0.1: one process a side, so a quick run reads it within ±10%. */
export function storefrontSentryRows(r, add) {
  for (const [routeId, label] of [
    ['shop', '/shop'],
    ['productSaturated', `product page @${SATURATING_CONNECTIONS} conn.`],
  ]) {
    const { ours, oursSentry } = r.throughput[routeId];
    const share = ours.cpuUsPerRequest / oursSentry.cpuUsPerRequest;
    const minimum = 1 - TARGETS.storefrontSentryCost;
    add(
      `${label} CPU per request, Sentry off / on at 0.1`,
      [share.toFixed(2), '', '', '', `>= ${minimum.toFixed(2)}`, verdict(share >= minimum)],
      `throughput.${routeId}.sentryCpuShare`,
      share,
    );
  }
}
