import { isbot } from 'isbot';

/** Distinct user agents remembered; beyond that the oldest is forgotten (traffic repeats a few agents). */
const REMEMBERED_USER_AGENTS = 1000;
const crawlerByUserAgent = new Map<string, boolean>();

/**
 * Whether a request comes from a crawler (isbot), remembered per user agent: isbot runs one very large
 * regular expression, a visible share of a page request in bench/profile.mjs, and most requests repeat an
 * agent.
 */
export function isCrawler(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return isbot(userAgent);
  let crawler = crawlerByUserAgent.get(userAgent);
  if (crawler === undefined) {
    crawler = isbot(userAgent);
    if (crawlerByUserAgent.size >= REMEMBERED_USER_AGENTS) {
      crawlerByUserAgent.delete(crawlerByUserAgent.keys().next().value as string);
    }
    crawlerByUserAgent.set(userAgent, crawler);
  }
  return crawler;
}
