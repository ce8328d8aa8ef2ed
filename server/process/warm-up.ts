import { setTimeout as sleep } from 'node:timers/promises';
import type { Express } from 'express';
import { createLocales } from '../../shared/routing/locale.ts';
import type { AppDefinition } from '../../shared/ui/app-definition.ts';
import type { Config } from '../definition/config.ts';
import type { Logger } from '../definition/logger.ts';
import type { AnyServerApp } from '../definition/server-app-definition.ts';
import type { ServicesHandle } from '../definition/services.ts';
import { errorDetails } from '../monitoring/logger.ts';
import { RENDER_TIMEOUT_MS } from '../request/request-abort.ts';
import { type InProcessClient, type RunUntraced, startInProcessClient } from './in-process-client.ts';
import { type ListedPage, listPages } from './page-list.ts';
import { VISITOR_QUIET_MS, type VisitorTraffic } from './visitor-traffic.ts';

/** No round of warm-up goes on past this many rounds, however fast its pages render. */
const MAX_ROUNDS = 10_000;

/**
 * Requests a warm-up keeps in flight: pages waiting on slow data (a deferred value that takes half a
 * second) leave the thread idle, and with only a few at once the core would sit idle most of the budget.
 * V8 optimises by the work done, so the budget is spent best with the core busy.
 */
export const WARM_UP_CONCURRENCY = 32;

export interface WarmUpOptions {
  client: InProcessClient;
  /** The pages to render, each as a document and as a client navigation's data answer. */
  pages: readonly ListedPage[];
  /** The longest to go on rendering them, round after round (WARM_UP_MS). */
  budgetMs: number;
  /** Requests after which it is enough (WARM_UP_REQUESTS): V8 optimises by work done, not by time. */
  enoughRequests: number;
  /** Each request's own limit (the render deadline): a page that hangs cannot hold the warm-up. */
  requestTimeoutMs: number;
  logger: Logger;
  /**
   * The visitors' requests: while one is in flight (and for a moment after), the warm-up starts none of its
   * own, and those answered count towards `enoughRequests`.
   */
  visitors?: Pick<VisitorTraffic, 'idle' | 'served'>;
}

/** What a warm-up did. */
export interface WarmUpReport {
  rounds: number;
  requests: number;
  /** Requests that failed or answered 5xx; a round where all did ends the warm-up. */
  failed: number;
  /** Visitors' requests answered meanwhile (counted towards enough). */
  visits: number;
  ms: number;
}

/**
 * Renders the app's pages in process, every one once and then round after round until it has made
 * `enoughRequests` or `budgetMs` is spent, so that V8 has optimised the render's code before the first
 * visitor comes (the process says it is ready only afterwards). A round
 * that only fails ends it early: a page that cannot render now is the visitors' 503 or 500 to see, not a
 * reason to stay unready. Never rejects; the first failure is logged once.
 */
export async function warmUp({
  client,
  pages,
  budgetMs,
  enoughRequests,
  requestTimeoutMs,
  logger,
  visitors,
}: WarmUpOptions): Promise<WarmUpReport> {
  const started = performance.now();
  const report: WarmUpReport = { rounds: 0, requests: 0, failed: 0, visits: 0, ms: 0 };
  const urls = routesInTurn(pages).flatMap((page) => [page.url, page.dataUrl]);
  // After the first round, requests still rendering once it is enough are cut off: a slow page would
  // otherwise keep the warm-up, and the instance's readiness, past its bounds.
  const enough = new AbortController();
  const budget = setTimeout(() => enough.abort(), budgetMs);
  const isEnough = () => {
    report.visits = visitors?.served() ?? 0;
    return report.requests + report.visits >= enoughRequests;
  };
  const renderCounted = async (url: string, cutOff?: AbortSignal) => {
    // A visitor waits behind every render in flight, so none starts while one is here.
    if (visitors && !(await giveWay(visitors, enough, isEnough))) return true;
    report.requests += 1;
    if (cutOff && isEnough()) enough.abort();
    const failure = await renderOnce(client, url, requestTimeoutMs, cutOff);
    if (!failure || cutOff?.aborted) return true;
    if (report.failed === 0) logger.warn({ url, err: errorDetails(failure) }, 'warm-up: a page failed');
    report.failed += 1;
    return false;
  };
  if (urls.length === 0) {
    clearTimeout(budget);
    return report;
  }
  // The first round renders every page once whatever the budget (the caller bounds the whole); a round
  // where every page failed ends it.
  report.rounds = 1;
  const first = await renderRound(urls, renderCounted);
  if (first.failed < first.started && !isEnough() && !enough.signal.aborted)
    await renderUntilEnough(urls, renderCounted, enough.signal, report);
  clearTimeout(budget);
  isEnough();
  report.ms = Math.round(performance.now() - started);
  return report;
}

/**
 * Waits while visitors are here, looking now and then whether their requests made it enough. False when the
 * warm-up ended meanwhile (its budget, or enough).
 */
async function giveWay(
  visitors: Pick<VisitorTraffic, 'idle'>,
  enough: AbortController,
  isEnough: () => boolean,
): Promise<boolean> {
  for (let waiting = visitors.idle(); waiting && !enough.signal.aborted; waiting = visitors.idle()) {
    await Promise.race([waiting, sleep(VISITOR_QUIET_MS)]);
    if (isEnough()) enough.abort();
  }
  return !enough.signal.aborted;
}

/** Renders `urls` once, in order, WARM_UP_CONCURRENCY at a time. */
async function renderRound(
  urls: readonly string[],
  render: (url: string) => Promise<boolean>,
): Promise<{ started: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next] as string;
      next += 1;
      if (!(await render(url))) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: WARM_UP_CONCURRENCY }, worker));
  return { started: next, failed };
}

/**
 * After the first round: `urls` over and over, with no wait between rounds, until `enough` aborts. Rounds
 * that each waited for their slowest page (a product page's half second of related products) would leave
 * the thread idle, and V8 optimises what runs, not what waits. Ends early once a whole round's worth of
 * pages failed in a row.
 */
async function renderUntilEnough(
  urls: readonly string[],
  render: (url: string, cutOff: AbortSignal) => Promise<boolean>,
  enough: AbortSignal,
  report: WarmUpReport,
): Promise<void> {
  let next = 0;
  let failuresInARow = 0;
  const stop = () => enough.aborted || failuresInARow >= urls.length || report.rounds >= MAX_ROUNDS;
  const worker = async () => {
    while (!stop()) {
      const url = urls[next % urls.length] as string;
      next += 1;
      report.rounds = 1 + Math.ceil(next / urls.length);
      failuresInARow = (await render(url, enough)) ? 0 : failuresInARow + 1;
    }
  };
  await Promise.all(Array.from({ length: WARM_UP_CONCURRENCY }, worker));
}

/** Each route's first page (in each locale) before any route's second: a short budget still covers every route. */
function routesInTurn(pages: readonly ListedPage[]): ListedPage[] {
  const rank = new Map<ListedPage, number>();
  const seen = new Map<string, number>();
  for (const page of pages) {
    const key = `${page.routeId} ${page.locale}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    rank.set(page, index);
  }
  return [...pages].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
}

async function renderOnce(
  client: InProcessClient,
  url: string,
  timeoutMs: number,
  cutOff: AbortSignal | undefined,
): Promise<unknown> {
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const signal = cutOff ? AbortSignal.any([deadline, cutOff]) : deadline;
    const { status } = await client.get(url, { signal });
    return status >= 500 ? new Error(`status ${status}`) : undefined;
  } catch (error) {
    return error;
  }
}

/** Pages per route and locale a warm-up renders: a sample of the route's code paths, not its catalogue. */
const PAGES_PER_ROUTE = 2;

export interface WarmUpInstanceOptions {
  app: Express;
  appDefinition: AppDefinition;
  serverApp: AnyServerApp;
  services: ServicesHandle;
  config: Readonly<Config>;
  buildId: string;
  logger: Logger;
  /** Monitoring.untraced: the warm-up's requests are no visit. */
  untraced?: RunUntraced;
  visitors?: Pick<VisitorTraffic, 'idle' | 'served'>;
}

/**
 * A new instance's warm-up (WARM_UP_MS; 0 turns it off): once its services have started, it renders every
 * page route in every locale (routes with params by the app's `warmUp` samples and `prerender` lists) in
 * process, then logs what it did. The process marks itself ready afterwards, whatever happened here.
 */
export async function warmUpInstance(options: WarmUpInstanceOptions): Promise<void> {
  const { config, logger } = options;
  if (config.warmUpMs === 0) return;
  let client: InProcessClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    await options.services.started;
    // Bounded whatever the app's listers do: the budget, and one render deadline for the last page.
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, config.warmUpMs + RENDER_TIMEOUT_MS);
    });
    await Promise.race([warmUpPages(options, (started) => (client = started)), givenUp]);
  } catch (error) {
    logger.warn({ err: errorDetails(error) }, 'warm-up failed');
  } finally {
    clearTimeout(timer);
    await client?.close();
  }
}

async function warmUpPages(options: WarmUpInstanceOptions, keep: (client: InProcessClient) => void) {
  const { config, logger, serverApp } = options;
  const services = await options.services.started;
  const pages = await listPages({
    root: options.appDefinition.root,
    locales: createLocales(options.appDefinition.locales),
    basePath: config.basePath,
    buildId: options.buildId,
    // A route both list (a shop's catalogue, say) is warmed by its samples: they name its hot pages.
    listers: { ...serverApp.prerender, ...serverApp.warmUp },
    perRoute: PAGES_PER_ROUTE,
    services,
  });
  const client = await startInProcessClient(options.app, options.untraced);
  keep(client);
  const report = await warmUp({
    client,
    pages,
    budgetMs: config.warmUpMs,
    enoughRequests: config.warmUpRequests,
    requestTimeoutMs: RENDER_TIMEOUT_MS,
    logger,
    visitors: options.visitors,
  });
  logger.info({ ...report, pages: pages.length }, 'warmed up');
}
