// The wrk pair's rows (bench/run/wrk-pair.mjs): each page, ours against its bare renderer, measured as the
// independent bench of issue 51 measured them. Ours sits in the first column and bare in the baseline's.
import { ms, verdict } from './report-metrics.mjs';
import { TARGETS } from './run/settings.mjs';

/** A number with its unit, or a dash where a side had no valid run (NaN, or null once in JSON). */
const unit = (suffix) => (value) => (Number.isFinite(value) ? `${value.toFixed(0)}${suffix}` : '—');
const perSecond = unit('/s');
const us = unit(' µs');
const ratio2 = (value) => (Number.isFinite(value) ? value.toFixed(2) : '—');
/** Runs with timeouts, errors or non-2xx answers are left out of the medians; the row says how many. */
const validNote = ({ ours, bare }) =>
  ours.validRuns < ours.runs || bare.validRuns < bare.runs
    ? ` (valid runs: ours ${ours.validRuns} of ${ours.runs}, bare ${bare.validRuns} of ${bare.runs})`
    : '';

const gcText = (gc) =>
  gc
    ? `${gc.count} pauses, ${gc.totalMs.toFixed(0)} ms (${(gc.shareOfTime * 100).toFixed(1)}%), max ${gc.maxMs.toFixed(1)} ms`
    : '';

/**
 * The rows of one page: steady-state req/s, CPU per request and p99 against their targets, then the rest.
 *
 * long function: one row after the other, as the table prints them.
 */
function pageRows(pageId, page, add) {
  const key = `wrkPair.pages.${pageId}`;
  const { ours, bare, ratios } = page;
  const minimum = TARGETS.wrkThroughputRatio;
  const target = (ratio, text, pass) => [ratio2(ratio), text, verdict(Number.isFinite(ratio) && pass)];
  add(
    `${page.label} req/s${validNote(page)}`,
    [
      perSecond(ours.requestsPerSecond),
      '',
      perSecond(bare.requestsPerSecond),
      ...target(ratios.requestsPerSecond, `>= ${minimum}`, ratios.requestsPerSecond >= minimum),
    ],
    `${key}.ours.requestsPerSecond`,
    ours.requestsPerSecond,
  );
  add(
    `${page.label} CPU per request (bare/ours)`,
    [
      us(ours.cpuUsPerRequest),
      '',
      us(bare.cpuUsPerRequest),
      ...target(ratios.cpuPerRequest, `>= ${minimum}`, ratios.cpuPerRequest >= minimum),
    ],
    `${key}.ours.cpuUsPerRequest`,
    ours.cpuUsPerRequest,
  );
  add(
    `${page.label} p99 (median of rounds; worst ${ms(ours.worstP99Ms)} / ${ms(bare.worstP99Ms)})`,
    [
      ms(ours.p99Ms),
      '',
      ms(bare.p99Ms),
      ...target(ratios.p99, `<= ${TARGETS.p99Ratio}`, ratios.p99 <= TARGETS.p99Ratio),
    ],
    `${key}.ours.p99Ms`,
    ours.p99Ms,
  );
  add(
    '  req/s ours/bare round by round',
    [ratios.perRound.map(ratio2).join(' '), '', '', '', '', ''],
    `${key}.ratios.requestsPerSecond`,
    ratios.requestsPerSecond,
  );
  const short = page.shortWarmup;
  if (short) {
    add(
      `  req/s after only ${short.warmupS} s of warm-up (new processes)`,
      [
        perSecond(short.ours.requestsPerSecond),
        '',
        perSecond(short.bare.requestsPerSecond),
        ratio2(short.ratios.requestsPerSecond),
        '',
        '',
      ],
      `${key}.shortWarmup.ratios.requestsPerSecond`,
      short.ratios.requestsPerSecond,
    );
  }
  if (ours.gc || bare.gc) {
    add(
      '  GC pauses in the measured windows',
      [gcText(ours.gc), '', gcText(bare.gc), '', '', ''],
      `${key}.ours.gc.totalMs`,
      ours.gc?.totalMs,
    );
  }
  add(
    '  HTML bytes',
    [`${page.bytes.ours}`, '', `${page.bytes.bare}`, (page.bytes.ours / page.bytes.bare).toFixed(2), '', ''],
    `${key}.bytes.ours`,
    page.bytes.ours,
  );
}

/** Every page of the wrk pair. */
export function wrkRows(wrkPair, add) {
  for (const [pageId, page] of Object.entries(wrkPair.pages)) pageRows(pageId, page, add);
}

/** The section's title: how the pair was measured. */
export function wrkSectionTitle({ methodology, settings: s }) {
  const processes =
    methodology === 'pooled' ? 'three processes a side for all rounds' : 'a new process a side every round';
  const load = s.load === 'autocannon' ? 'autocannon -c32' : 'wrk -t1 -c32';
  return `0b. wrk pair (bench/run/wrk-pair.mjs): ${load}, ${processes}, ${s.warmupS} s warm-up, ${s.durationS} s x ${s.rounds} rounds, interleaved`;
}
