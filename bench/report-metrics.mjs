// How the bench table reads a value (units, ratios against the baseline, PASS/MISS), shared by its sections.
import { TARGETS } from './run/settings.mjs';

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value) =>
  `${Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value.toFixed(1)) : '—'} ms`;
const us = (value) => `${value.toFixed(0)} µs`;
const perSecond = (value) => `${value.toFixed(0)}/s`;
export const verdict = (pass) => (pass ? 'PASS' : 'MISS');
export const SERVERS = ['ours', 'oursSentry', 'baseline'];

/**
 * The throughput metrics of each route: how a value reads, ours against the baseline (higher is better for
 * `ratio`), and the target of the routes that have one (the light page's baseline is the bare renderer).
 * The product page's CPU per request is judged on the saturated run: at 58 req/s the servers' fixed
 * per-second work (timers, GC) weighs on each request and the figure swings; baseline ÷ ours is the
 * throughput ratio once the CPU is the limit, whatever the deferred value does.
 */
const minimumRatioOf = (routeId) =>
  routeId === 'light' ? TARGETS.lightThroughputRatio : TARGETS.throughputRatio;
const throughputTarget = (...routes) => ({
  routes,
  text: (routeId) => `>= ${minimumRatioOf(routeId).toFixed(2)}`,
  pass: (ratio, routeId) => ratio >= minimumRatioOf(routeId),
});
export const oursOverBase = (ours, base) => ours / base;
export const THROUGHPUT_METRICS = [
  {
    label: 'req/s',
    field: 'requestsPerSecond',
    format: perSecond,
    ratio: oursOverBase,
    sentryToo: true,
    target: throughputTarget('product', 'light'),
  },
  {
    label: 'CPU per request (baseline/ours = CPU-bound req/s)',
    field: 'cpuUsPerRequest',
    format: us,
    // Higher is better: baseline ÷ ours.
    ratio: (ours, base) => base / ours,
    sentryToo: true,
    target: throughputTarget('productSaturated', 'light'),
  },
  { label: 'p50', field: 'p50Ms', format: ms, ratio: oursOverBase },
  {
    label: 'p99',
    field: 'p99Ms',
    format: ms,
    ratio: oursOverBase,
    sentryToo: true,
    target: {
      routes: ['product', 'light'],
      text: () => `<= ${TARGETS.p99Ratio}`,
      pass: (ratio) => ratio <= TARGETS.p99Ratio,
    },
  },
  { label: 'peak RSS during runs', field: 'peakRss', format: mb, ratio: oursOverBase },
];

/** One row comparing the three servers on a metric: values, ratio (with Sentry's), target and verdict. */
export function comparedRow(values, metric, routeId) {
  const ratioOf = (name) => metric.ratio(values[name], values.baseline);
  const withSentry = (text, sentryText) => (metric.sentryToo ? `${text} (Sentry ${sentryText})` : text);
  const target = metric.target?.routes.includes(routeId) ? metric.target : undefined;
  return [
    ...SERVERS.map((name) => metric.format(values[name])),
    withSentry(ratioOf('ours').toFixed(2), ratioOf('oursSentry').toFixed(2)),
    target?.text(routeId) ?? '',
    target
      ? withSentry(
          verdict(target.pass(ratioOf('ours'), routeId)),
          verdict(target.pass(ratioOf('oursSentry'), routeId)),
        )
      : '',
  ];
}
