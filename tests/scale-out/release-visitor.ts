// The visitor of the rolling release test: a Chromium page that records what a release could break (5xx,
// failed requests, missing chunks, data of one build shown by the code of the other, full loads) while it
// navigates by clicks between the shop and the help centre and adds to its cart.
import type { Page, Response } from 'playwright-core';
import { SSR_PAYLOAD_GLOBAL, type SsrPayload } from '../../shared/ui/ssr-payload.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { B_CODE_SELECTOR, B_DATA } from './release-builds.ts';

/** What the page met, each list empty when nothing went wrong. */
export interface ReleaseRecord {
  serverErrors: string[];
  failedRequests: string[];
  missingAssets: string[];
  /** A data answer or a help page where one build's code met the other build's data. */
  mixedBuilds: string[];
  /** Pages still without the visitor's own data (the header's cart count) after their reload. */
  incompletePages: string[];
  /** Quick adds whose card said they failed. */
  failedAdds: string[];
  /** When each document of the page loaded (Date.now()), the first one included. */
  fullLoads: number[];
}

/** What a release must not cause, as each list of a record: the lists empty. */
type Breakage = Omit<ReleaseRecord, 'fullLoads' | 'incompletePages'>;

export const NO_BREAKAGE: Breakage = {
  serverErrors: [],
  failedRequests: [],
  missingAssets: [],
  mixedBuilds: [],
  failedAdds: [],
};

/** The lists of a record a release must leave empty (all but its full loads). */
export function breakageOf({ fullLoads: _, incompletePages: __, ...lists }: ReleaseRecord): Breakage {
  return lists;
}

/** Starts recording; `bBuildId` is the id of build B, whose help data carries B_DATA. */
export function recordRelease(page: Page, bBuildId: string): ReleaseRecord {
  const record: ReleaseRecord = {
    serverErrors: [],
    failedRequests: [],
    missingAssets: [],
    mixedBuilds: [],
    failedAdds: [],
    incompletePages: [],
    fullLoads: [],
  };
  page.on('domcontentloaded', () => record.fullLoads.push(Date.now()));
  page.on('requestfailed', (request) => {
    // Outdated navigations and prefetches are aborted on purpose, and a full load aborts what is in flight.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      record.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    const line = `${response.status()} ${response.request().method()} ${pathname}`;
    if (response.status() >= 500) record.serverErrors.push(line);
    if (pathname.startsWith('/_assets/') && response.status() >= 400) record.missingAssets.push(line);
    if (!pathname.startsWith('/_data/') || response.request().method() !== 'GET') return;
    // The code of a build asks `/_data/{its build id}/…`: B's data must answer B's code only, and B's code
    // must never get A's help data.
    const askedBy = pathname.split('/')[2];
    const body = await response.text().catch(() => '');
    if (body.includes(B_DATA) && askedBy !== bBuildId)
      record.mixedBuilds.push(`A's code got B's data: ${line}`);
    const help = helpSegmentOf(body);
    if (help && askedBy === bBuildId && help.data?.release !== B_DATA)
      record.mixedBuilds.push(`B's code got A's data: ${line}`);
  });
  return record;
}

interface HelpSegment {
  id: string;
  data?: { release?: string };
}

/** The help page's segment in a data answer's first line, when the answer sends it (not kept by the browser). */
function helpSegmentOf(body: string): HelpSegment | undefined {
  try {
    const head = JSON.parse(body.split('\n')[0] ?? '') as { type: string; segments?: (HelpSegment | null)[] };
    return head.type === 'page'
      ? (head.segments?.find((segment) => segment?.id === 'help') ?? undefined)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The build id of the page's code: the payload of its last full load. */
export function codeBuildId(page: Page): Promise<string> {
  return page.evaluate(
    (global) => (self as unknown as Record<string, SsrPayload>)[global]?.buildId ?? '',
    SSR_PAYLOAD_GLOBAL,
  );
}

/**
 * Turns on Save-Data in the page's browser: the router then prefetches nothing, so a page holds only the
 * chunks of the pages it showed (a tab left open asks for the others' after the release).
 */
export async function turnOnSaveData(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
  });
}

/**
 * Clicks the header's link to `path` and waits until the page shows `selector`, hydrated with the
 * visitor's own data. That data comes in a request of its own, which during the release may reach an
 * instance of the other build: the page then loads again, once (see client/navigation/router.ts); a page
 * still without it after that is listed in `incompletePages`.
 */
export async function clickThrough(
  page: Page,
  origin: string,
  path: string,
  selector: string,
  record: ReleaseRecord,
) {
  await page.click(`header a[href="${path}"]`);
  await page.waitForURL(`${origin}${path}`);
  await page.waitForSelector(selector);
  await waitForHydration(page).catch(() => record.incompletePages.push(path));
}

/** The help page shows B's code exactly when the page runs B's code, and then with B's data. */
async function checkHelpPage(page: Page, record: ReleaseRecord, bBuildId: string) {
  const shown = await page.evaluate((selector) => {
    const element = document.querySelector(selector);
    return element ? { data: element.textContent } : undefined;
  }, B_CODE_SELECTOR);
  const code = await codeBuildId(page);
  if (Boolean(shown) !== (code === bBuildId) || (shown && shown.data !== B_DATA))
    record.mixedBuilds.push(`help page of ${code} shows ${JSON.stringify(shown)}`);
}

type AddOutcome = 'added' | 'failed' | 'posted-natively' | 'pending';

/**
 * Presses the first product card's add button; resolves once the card or a full load says how it went. An
 * add the server answered 200 is added even when the page then loads again in full before its card could
 * say so: the revalidation after it reached an instance of the other build (record.fullLoads).
 */
async function quickAdd(page: Page, record: ReleaseRecord): Promise<AddOutcome> {
  let taken = false;
  const onAnswer = (response: Response) => {
    const posted = response.request().method() === 'POST';
    if (posted && new URL(response.url()).pathname.startsWith('/_data/') && response.ok()) taken = true;
  };
  const loadsBefore = record.fullLoads.length;
  page.on('response', onAnswer);
  try {
    await page.click('.product-card form.quick-add button[type="submit"]');
    return await addOutcome(page, () => taken && record.fullLoads.length > loadsBefore);
  } finally {
    page.off('response', onAnswer);
  }
}

async function addOutcome(page: Page, takenThenReloaded: () => boolean): Promise<AddOutcome> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    // A build-changed answer makes the form post natively: the product page then shows its cart notice.
    const outcome = await page
      .evaluate((): AddOutcome => {
        if (location.pathname.startsWith('/products/') && document.querySelector('.cart-notice'))
          return 'posted-natively';
        const status = document.querySelector('.product-card .quick-add__status');
        if (status?.classList.contains('quick-add__status--error')) return 'failed';
        return status?.textContent ? 'added' : 'pending';
      })
      .catch((): AddOutcome => 'pending');
    if (outcome !== 'pending') return outcome;
    if (takenThenReloaded()) return 'added';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'pending';
}

export interface VisitLimits {
  maxRounds: number;
  deadline: number;
  /** Rounds still made once `released()` says the release is over. */
  roundsAfterRelease: number;
}

/**
 * Rounds of: the shop (by the header's link), one quick add, the help centre (checked for mixed builds).
 * Returns the adds the page confirmed and the rounds made, reported round by round through `onRound`.
 */
export async function visitDuringRelease(
  page: Page,
  origin: string,
  record: ReleaseRecord,
  options: VisitLimits & { bBuildId: string; released: () => boolean; onRound: (round: number) => void },
): Promise<number> {
  let adds = 0;
  let afterRelease = 0;
  for (let round = 0; round < options.maxRounds && Date.now() < options.deadline; round += 1) {
    await clickThrough(page, origin, '/shop', '.product-card', record);
    const outcome = await quickAdd(page, record);
    if (outcome === 'added' || outcome === 'posted-natively') adds += 1;
    else record.failedAdds.push(`round ${round}: ${outcome}`);
    await clickThrough(page, origin, '/help', '.help-sections', record);
    await checkHelpPage(page, record, options.bBuildId);
    options.onRound(round + 1);
    if (options.released()) afterRelease += 1;
    if (afterRelease >= options.roundsAfterRelease) break;
  }
  return adds;
}
