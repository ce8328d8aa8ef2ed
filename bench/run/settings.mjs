// What `npm run bench` runs and what it aims for; `--quick` for a short, rougher run.

export const QUICK = process.argv.includes('--quick');
export const SETTINGS = QUICK
  ? {
      mode: 'quick',
      buildRuns: 3,
      durationS: 2,
      rounds: 2,
      warmupS: 6,
      ttfbRequests: 5,
      hydrationLoads: 5,
      lighthouseRuns: 1,
      clickLoads: 3,
      memory: [2_000, 20_000],
      databaseCostRuns: 300,
      coldStartRuns: 3,
      wrk: { rounds: 2, warmupS: 6, durationS: 2, shortWarmupS: 5 },
      warmStart: { rounds: 1, steadyWarmupS: 10 },
      prerendered: { rounds: 2, durationS: 2, idleS: 10 },
    }
  : {
      mode: 'full',
      buildRuns: 5,
      durationS: 5,
      // Five, not three: sequential 5 s rounds on this shared machine move by ±10%, and the CPU-bound
      // product ratio is a target.
      rounds: 5,
      // Until the servers are warm: under load, our server's CPU per request falls for about 15 s (V8 keeps
      // optimising the request path: 3.1 ms, 2.1, 1.9, then 1.8 in 4-s steps on the light page) while the
      // bare renderer's settles within 5 s. A 2-s warm-up measured ours mid-climb in the first rounds.
      warmupS: 20,
      ttfbRequests: 15,
      // The measure: the median of 10 cold loads in Chromium.
      hydrationLoads: 10,
      // Lighthouse's own advice for a noisy machine: the median of several runs (its variability guide).
      lighthouseRuns: 3,
      clickLoads: 7,
      memory: [10_000, 100_000],
      databaseCostRuns: 2_000,
      coldStartRuns: 5,
      // The independent bench's methodology (issue 51): a new process a round, 20 s of warm-up, 10 s measured,
      // five rounds; and its reading after only 5 s of warm-up.
      wrk: { rounds: 5, warmupS: 20, durationS: 10, shortWarmupS: 5 },
      // A new process a round and kind; steady once V8 has optimised the request path (see warmupS).
      warmStart: { rounds: 3, steadyWarmupS: 20 },
      prerendered: { rounds: 3, durationS: 5, idleS: 20 },
    };
export const CONNECTIONS = 32;
export const SATURATING_CONNECTIONS = 400;
/** The product page's related products (its deferred value) take this long: RELATED_PRODUCTS_DELAY_MS. */
export const DEFER_MS = 500;

export const TARGETS = {
  /** The storefront pair: ours against its own baseline (both on the embedded database). */
  throughputRatio: 0.9,
  /** The light pair: ours against the bare renderer, req/s and CPU per request. */
  lightThroughputRatio: 0.8,
  /** The wrk pair (issue 51): ours against the bare renderer at steady state, req/s and CPU per request. */
  wrkThroughputRatio: 0.85,
  p99Ratio: 1.5,
  ttfbWithinMs: 2,
  /** The product page's first load: 80,069 B before the fetchers, plus the 1.5 KB they were allowed. */
  firstLoadGzip: 81_569,
  runtimeGzip: 11 * 1024,
  buildMs: 1500,
  /**
   * From `listening` to /readyz 200 on a new DATA_DIR: the embedded database made and migrated in this, plus
   * the time the warm-up took (its log line), which the instance spends on purpose.
   */
  coldStartMs: 2000,
  memoryGrowth: 1.1,
  /** The light page's time to hydrated, ours / bare with the same security headers. */
  hydrationRatio: 1.3,
  /** Sentry on at its default sample rate (0.1) costs at most this share of Sentry off's req/s. */
  sentryCost: 0.15,
  /** On the storefront's CPU-bound pages, Sentry at 0.1 costs at most this share of the CPU per request. */
  storefrontSentryCost: 0.05,
  /** nginx's page cache against none, req/s of /shop and the product page. */
  cacheThroughputRatio: 10,
  /** A 304 revalidation against a full render of the same page, our server's CPU per request. */
  notModifiedCpuRatio: 5,
  /** A prerendered page from its file (nginx's, Node's) against the same page rendered, req/s. */
  prerenderedThroughputRatio: 5,
  /** What an idle instance's checks of its prerendered pages may add to its CPU, in percentage points. */
  prerenderCheckIdleCpuPercent: 1,
  /** A new instance's first 5 s of traffic after /readyz against its steady req/s (issue 50). */
  warmStartRatio: 0.9,
  /** Lighthouse's mobile audit of each storefront page (issue 52): score, Total Blocking Time, longest task. */
  lighthousePerformance: 95,
  lighthouseTbtMs: 200,
  longestTaskMs: 200,
  /** A tap during hydration, as INP counts it: Google's "good" limit. */
  interactionMs: 200,
};
