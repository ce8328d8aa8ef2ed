/**
 * The client router as a pure state machine: navigation tokens, the prefetch queue and the prefetch cache's
 * freshness. `update(model, message)` returns the next model and the effects the DOM adapter must run, so
 * every rule here is tested in Node with a fake clock (tests/unit/router-model*.test.ts). The model changes
 * only here: the adapter reports what the browser did as messages and never writes it.
 *
 * Prefetch entries have one owner, this model: which URLs are queued, which hold a connection, whether an
 * answer may be used and when it is forgotten. route-resources.ts holds only the promises (code, and each
 * prefetch's data answer), stores an answer when `start-prefetch` runs and drops it on `forget-answers`, and
 * decides nothing: two owners would disagree (a stale entry prefetched again would take the old answer and
 * count it as fresh). Here the rules are pure and tested in Node, and `update` derives `forget-answers` from the entries themselves, so the
 * promises held are always those of the entries that may still be used (tests/property/router-model.test.ts).
 *
 * A shared page's per-visitor data (`visitorData`) is no navigation either: it has no token and no pending
 * state (no progress bar, announcement, scroll or focus), and it counts in the prefetches' connection budget.
 */

import type { Revalidation } from './kept-segments.ts';
import type {
  NavigationKind,
  PrefetchEntry,
  RouterEffect,
  RouterMessage,
  RouterModel,
} from './router-messages.ts';

export type {
  NavigationKind,
  PendingNavigation,
  PrefetchEntry,
  RouterEffect,
  RouterInput,
  RouterMessage,
  RouterModel,
  VisitorData,
} from './router-messages.ts';

/** Prefetched entries (a link's code and data) are used as they are for this long, in milliseconds… */
export const PREFETCH_FRESH_MS = 30_000;
/** …then only their code is reused (data is fetched again) until this age, in milliseconds: they expire. */
export const PREFETCH_EXPIRE_MS = 5 * 60_000;
/**
 * At most this many prefetches run at once, a shared page's per-visitor data request included, each counted
 * until its answer's body has ended (streamed tail included); the rest wait in a FIFO queue. Browsers open 6
 * HTTP/1.1 connections per origin: this leaves one for a navigation or a monitoring post, and none start
 * while a navigation is pending.
 */
export const PREFETCH_CONCURRENCY = 5;

/** `visitorData`: `awaited` when the page on screen is a shared one that left out its per-visitor data. */
export function initialModel(currentUrl: string, visitorData: 'none' | 'awaited' = 'none'): RouterModel {
  return { currentUrl, pending: null, lastToken: 0, prefetches: {}, queue: [], visitorData };
}

/** Whether an answer may be used as it is (a stale one's code is reused, its data fetched again). */
function isFresh(entry: { fetchedAt: number }, now: number): boolean {
  return now - entry.fetchedAt < PREFETCH_FRESH_MS;
}

/** The next model after `message`, and the effects the adapter runs, in order. */
export function update(model: RouterModel, message: RouterMessage): [RouterModel, RouterEffect[]] {
  const [next, effects] = step(model, message);
  // One rule instead of one effect per transition: an answer is dropped once its entry no longer holds one.
  const before = model.prefetches;
  const urls = Object.keys(before).filter(
    (url) => holdsAnswer(before[url]) && !holdsAnswer(next.prefetches[url]),
  );
  return [next, urls.length > 0 ? [{ type: 'forget-answers', urls }, ...effects] : effects];
}

/**
 * One message's transition, before `update` derives `forget-answers`.
 *
 * long function: one exhaustive switch over the messages, each case short: the whole state machine reads
 * top to bottom.
 */
function step(model: RouterModel, message: RouterMessage): [RouterModel, RouterEffect[]] {
  switch (message.type) {
    case 'push':
    case 'replace':
    case 'pop':
    case 'action':
      return navigate(model, message.type, message.url, message.now);
    case 'refresh':
      return navigate(model, 'refresh', model.currentUrl, message.now, message.revalidate);
    case 'prefetch':
      return queuePrefetch(model, message.url, message.now);
    case 'hash-change':
      return [{ ...model, currentUrl: message.url }, []];
    case 'prefetch-answered': {
      const { url } = message;
      if (model.prefetches[url]?.state !== 'loading') return [model, []];
      return [withEntry(model, url, { state: 'streaming' }, model.queue), []];
    }
    case 'prefetch-settled': {
      const { url, now } = message;
      const held = model.prefetches[url];
      if (!holdsSlot(held)) return pump(model);
      const entry: PrefetchEntry | undefined =
        held.state === 'outdated' ? undefined : { state: message.ok ? 'ready' : 'failed', fetchedAt: now };
      return pump(withEntry(model, url, entry, model.queue));
    }
    case 'navigation-loaded': {
      const { pending } = model;
      if (pending?.token !== message.token) return [model, []];
      const commit: RouterEffect = {
        type: 'commit',
        token: pending.token,
        kind: pending.kind,
        url: message.url,
      };
      // The committed page brought its own per-visitor data (a page never keeps a segment it has no data for).
      const visitorData = model.visitorData === 'awaited' ? 'none' : model.visitorData;
      // The page commits first: prefetches that waited for the navigation start behind it.
      const [next, prefetches] = pump({ ...model, currentUrl: message.url, pending: null, visitorData });
      return [next, [commit, ...prefetches]];
    }
    case 'action-failed':
      if (model.pending?.token !== message.token) return [model, []];
      return pump({ ...model, pending: null });
    case 'visitor-data':
      // Its connection was kept for it: it starts at once, also while a navigation is pending.
      if (model.visitorData !== 'awaited') return [model, []];
      return [{ ...model, visitorData: 'loading' }, [{ type: 'fetch-visitor-data' }]];
    case 'visitor-data-answered':
      if (model.visitorData !== 'loading') return [model, []];
      // A navigation pending brings the same segments, newer: this answer is then dropped.
      return [{ ...model, visitorData: 'ending' }, model.pending ? [] : [{ type: 'show-visitor-data' }]];
    case 'visitor-data-settled':
      // Only a request that was made ends: one still awaited keeps its connection.
      if (model.visitorData === 'awaited') return [model, []];
      return pump({ ...model, visitorData: 'none' });
    case 'navigation-failed': {
      const { pending } = model;
      if (pending?.token !== message.token) return [model, []];
      return [
        { ...model, pending: null },
        [
          {
            type: 'full-load',
            token: pending.token,
            url: message.url ?? pending.url,
            replace: pending.kind === 'replace',
          },
        ],
      ];
    }
  }
}

/** One request per URL: queued, in-flight and fresh entries are kept; a failure is not retried until it expires. */
function queuePrefetch(model: RouterModel, url: string, now: number): [RouterModel, RouterEffect[]] {
  const pruned = prune(model, now);
  const entry = pruned.prefetches[url];
  if (entry && (entry.state !== 'ready' || isFresh(entry, now))) return [pruned, []];
  return pump(withEntry(pruned, url, { state: 'queued' }, [...pruned.queue, url]));
}

function navigate(
  model: RouterModel,
  kind: NavigationKind,
  url: string,
  now: number,
  revalidate: Revalidation = 'after-action',
): [RouterModel, RouterEffect[]] {
  // An action or refresh changes server state: prefetched answers are forgotten.
  const changesData = kind === 'action' || kind === 'refresh';
  const effects: RouterEffect[] = [];
  const token = model.lastToken + 1;
  // A newer navigation supersedes the pending one: its requests are aborted and its results dropped.
  if (model.pending) effects.push({ type: 'abort', token: model.pending.token });
  let next: RouterModel = {
    ...prune(changesData ? outdateAnswers(model) : model, now),
    lastToken: token,
    pending: { token, kind, url },
    // Its answer is dropped: the navigation asks for the per-visitor segments too, and newer.
    visitorData: model.visitorData === 'loading' ? 'ending' : model.visitorData,
  };

  const entry = next.prefetches[url];
  if (entry?.state === 'queued') {
    // Bump: the navigation asks for a URL still waiting in the queue at once, with its own request.
    const queue = next.queue.filter((queued) => queued !== url);
    next = withEntry(next, url, undefined, queue);
  }
  // A prefetch that has answered is taken as it is. One still waiting for its answer is not waited for: the
  // server may be holding it, or the browser queuing it, so the navigation asks with its own request.
  const reuseData =
    !changesData && (entry?.state === 'streaming' || (entry?.state === 'ready' && isFresh(entry, now)));
  effects.push({ type: 'load', token, kind, url, reuseData, ...(changesData ? { revalidate } : {}) });
  return [next, effects];
}

/**
 * Starts queued prefetches, oldest first, while fewer than PREFETCH_CONCURRENCY hold a connection (or are
 * kept for the per-visitor data) and no navigation is pending (its code, data and monitoring come first).
 */
function pump(model: RouterModel): [RouterModel, RouterEffect[]] {
  if (model.pending) return [model, []];
  let next = model;
  const effects: RouterEffect[] = [];
  let held = Object.values(next.prefetches).filter(holdsSlot).length + (next.visitorData === 'none' ? 0 : 1);
  while (held < PREFETCH_CONCURRENCY && next.queue.length > 0) {
    const [url, ...rest] = next.queue as [string, ...string[]];
    next = withEntry(next, url, { state: 'loading' }, rest);
    effects.push({ type: 'start-prefetch', url });
    held += 1;
  }
  return [next, effects];
}

/** Drops expired entries, before every prefetch and navigation; queued and in-flight ones have no age yet. */
function prune(model: RouterModel, now: number): RouterModel {
  const kept = Object.entries(model.prefetches).filter(
    ([, entry]) => !('fetchedAt' in entry) || now - entry.fetchedAt < PREFETCH_EXPIRE_MS,
  );
  return { ...model, prefetches: Object.fromEntries(kept) };
}

/**
 * After an action or refresh: answers already in are dropped, and requests still on the wire become
 * `outdated` (their connection stays counted until their body ends). Failures stay: not retried until they
 * expire. Queued URLs are asked for after the navigation, so their answers are new.
 */
function outdateAnswers(model: RouterModel): RouterModel {
  const kept = Object.entries(model.prefetches).flatMap(([url, entry]): [string, PrefetchEntry][] => {
    if (entry.state === 'ready') return [];
    return [[url, entry.state === 'loading' || entry.state === 'streaming' ? { state: 'outdated' } : entry]];
  });
  return { ...model, prefetches: Object.fromEntries(kept) };
}

/** Whether a prefetch holds a connection: from its request until its answer's body has ended. */
function holdsSlot(
  entry: PrefetchEntry | undefined,
): entry is Extract<PrefetchEntry, { state: 'loading' | 'streaming' | 'outdated' }> {
  return entry?.state === 'loading' || entry?.state === 'streaming' || entry?.state === 'outdated';
}

/** Whether the adapter keeps an entry's answer: from its request for as long as it may be used. */
function holdsAnswer(entry: PrefetchEntry | undefined): boolean {
  return entry?.state === 'loading' || entry?.state === 'streaming' || entry?.state === 'ready';
}

/** The model with `url`'s entry set (or removed, for `undefined`) and the queue replaced. */
function withEntry(
  model: RouterModel,
  url: string,
  entry: PrefetchEntry | undefined,
  queue: readonly string[],
): RouterModel {
  const { [url]: _, ...others } = model.prefetches;
  return { ...model, prefetches: entry ? { ...model.prefetches, [url]: entry } : others, queue };
}
