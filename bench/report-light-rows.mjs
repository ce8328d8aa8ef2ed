// The light pair's rows: our runtime serving the light page with production defaults (request log at info,
// Sentry off, and on at its default sample rate 0.1) against the bare renderer that shares none of our code.
import { comparedRow, mb, ms, THROUGHPUT_METRICS, verdict } from './report-metrics.mjs';
import { TARGETS } from './run/settings.mjs';

export function lightRows(r, add) {
  const { throughput: t, hydration, pages } = r.light;
  for (const metric of THROUGHPUT_METRICS) {
    // The bare renderer sits in the baseline column.
    const values = {
      ours: t.ours[metric.field],
      oursSentry: t.oursSentry[metric.field],
      baseline: t.bare[metric.field],
    };
    add(
      `light page ${metric.label}`,
      comparedRow(values, metric, 'light'),
      `light.throughput.ours.${metric.field}`,
      t.ours[metric.field],
    );
  }
  const sentryShare = t.oursSentry.requestsPerSecond / t.ours.requestsPerSecond;
  add(
    'light page req/s, Sentry on (rate 0.1) / off',
    [
      sentryShare.toFixed(2),
      '',
      '',
      '',
      `>= ${(1 - TARGETS.sentryCost).toFixed(2)}`,
      verdict(sentryShare >= 1 - TARGETS.sentryCost),
    ],
    'light.sentryShare',
    sentryShare,
  );
  const peak = r.light.peakRss;
  add(
    'light page process peak RSS',
    [mb(peak.ours), mb(peak.oursSentry), mb(peak.bare), (peak.ours / peak.bare).toFixed(2), '', ''],
    'light.peakRss.ours',
    peak.ours,
  );
  add(
    'light page HTML bytes',
    [
      `${pages.ours.bytes}`,
      `${pages.oursSentry.bytes}`,
      `${pages.bare.bytes}`,
      (pages.ours.bytes / pages.bare.bytes).toFixed(2),
      '',
      '',
    ],
    'light.pages.ours.bytes',
    pages.ours.bytes,
  );
  hydrationRow(hydration, add);
}

/** The client side: navigation start to hydrated on cold loads in Chromium, ours against bare. */
function hydrationRow(hydration, add) {
  if (!hydration) {
    add(
      'light page time to hydrated (Chromium)',
      ['Chromium not found: not measured', '', '', '', '', ''],
      'light.hydration',
      Number.NaN,
    );
    return;
  }
  const ratio = hydration.ours.medianMs / hydration.bare.medianMs;
  add(
    `light page time to hydrated (Chromium, median of ${hydration.ours.loads} cold loads; bare with helmet's headers)`,
    [
      ms(hydration.ours.medianMs),
      '',
      ms(hydration.bare.medianMs),
      ratio.toFixed(2),
      `<= ${TARGETS.hydrationRatio}`,
      verdict(ratio <= TARGETS.hydrationRatio),
    ],
    'light.hydration.ours.medianMs',
    hydration.ours.medianMs,
  );
  if (!hydration.bareWithoutHeaders) return;
  const plain = hydration.bareWithoutHeaders.medianMs;
  add(
    'light page time to hydrated, bare without security headers',
    [ms(hydration.ours.medianMs), '', ms(plain), (hydration.ours.medianMs / plain).toFixed(2), '', ''],
    'light.hydration.bareWithoutHeaders.medianMs',
    plain,
  );
}
