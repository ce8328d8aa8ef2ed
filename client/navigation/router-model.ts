/**
 * The client router as a pure state machine: navigation tokens, the prefetch queue and the prefetch cache's
 * freshness. `update(model, message)` returns the next model and the effects the DOM adapter must run, so
 * every rule here is tested in Node with a fake clock (tests/unit/router-model*.test.ts). The model changes
 * only here: the adapter reports what the browser did as messages and never writes it.
 *
 * Prefetch entries have one owner, this model: which URLs are queued, which hold a connection, whether an
 * answer may be used and when it is forgotten. route-resources.ts holds only the promises (code, and each
 * prefetch's data answer), stores an answer when `start-prefetch` runs and drops it on `forget-answers`, and
 * decides nothing. Both used to track answers, and they disagreed: a stale entry prefetched again took the
 * old answer from route-resources, which the model then counted as fresh for another 30 s. Here the rules
 * are pure and tested in Node, and `update` derives `forget-answers` from the entries themselves, so the
 * promises held are always those of the entries that may still be used (tests/property/router-model.test.ts).
 *
 * A shared page's per-visitor data (`visitorData`) is no navigation either: it has no token and no pending
 * state (no progress bar, announcement, scroll or focus), and it counts in the prefetches' connection budget.
 */

import type { Revalidation } from './kept-segments.ts';

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

export type NavigationKind = 'push' | 'replace' | 'pop' | 'refresh' | 'action';

/** The named actions that start work, plus the results the adapter reports back. */
export type RouterMessage =
  | { type: 'push'; url: string; now: number }
  | { type: 'replace'; url: string; now: number }
  | { type: 'pop'; url: string; now: number }
  /** The page on screen asks for its data again: `revalidate` says which segments (route-resources.ts). */
  | { type: 'refresh'; now: number; revalidate: Revalidation }
  | { type: 'action'; url: string; now: number }
  | { type: 'prefetch'; url: string; now: number }
  /**
   * The browser moved within the page on screen (a fragment link, or back/forward between entries that
   * differ only in their hash) and has scrolled; nothing loads. A pending navigation goes on: in the HTML
   * Standard's navigate algorithm a fragment navigation returns before other navigations are cancelled, and
   * `popstate` does not tell the two moves apart.
   */
  | { type: 'hash-change'; url: string }
  /** A prefetch's code and the first line of its data have arrived; its body may still be streaming. */
  | { type: 'prefetch-answered'; url: string }
  /** A prefetch's answer has ended (or failed): its connection is free. */
  | { type: 'prefetch-settled'; url: string; ok: boolean; now: number }
  | { type: 'navigation-loaded'; token: number; url: string; now: number }
  /** `url`: where to load in full instead of the navigation's own URL (an external redirect). */
  | { type: 'navigation-failed'; token: number; url?: string }
  /** An action's form post ended without a page to show (it failed, or the build changed): nothing loads. */
  | { type: 'action-failed'; token: number }
  /** A shared page has hydrated: ask for the per-visitor data it left out. */
  | { type: 'visitor-data' }
  /** The per-visitor data has arrived (its body may still be streaming). */
  | { type: 'visitor-data-answered' }
  /** The per-visitor data request has ended, or failed: its connection is free. */
  | { type: 'visitor-data-settled' };

/**
 * The per-visitor data of a shared page (a cart count, the sign-in state), which its HTML left out. It holds
 * one connection of the budget from the page's start until its answer's body has ended, so prefetches that
 * start before hydration leave it one, and a click always finds one free.
 */
export type VisitorData =
  /** None to ask for: the page came with all its data, or the data came, failed, or a committed page has it. */
  | 'none'
  /** Left out of the shared page; asked for once it has hydrated. */
  | 'awaited'
  /** Asked for: its answer is shown unless a navigation is pending or has started since (it brings its own). */
  | 'loading'
  /** Shown, or outdated by a navigation (never shown): holds its connection until its body ends. */
  | 'ending';

export type PrefetchEntry =
  | { state: 'queued' }
  /** Requested; nothing usable yet. */
  | { state: 'loading' }
  /** Answered (a navigation may take it) while the deferred tail still streams on its connection. */
  | { state: 'streaming' }
  /** Asked before an action or refresh changed server state: holds its slot until its body ends, never used. */
  | { state: 'outdated' }
  | { state: 'ready'; fetchedAt: number }
  /** A failure is not retried until it expires, which counts from when its request settled too. */
  | { state: 'failed'; fetchedAt: number };

export interface PendingNavigation {
  token: number;
  kind: NavigationKind;
  url: string;
}

export interface RouterModel {
  /** The URL whose page is on screen. */
  currentUrl: string;
  pending: PendingNavigation | null;
  lastToken: number;
  /** The prefetch entries by URL. */
  prefetches: Readonly<Record<string, PrefetchEntry>>;
  /** URLs waiting for a free prefetch slot, oldest first. */
  queue: readonly string[];
  visitorData: VisitorData;
}

type WithoutNow<Message> = Message extends unknown ? Omit<Message, 'now'> : never;
/** A message as the adapter's parts send it: the adapter adds the time (`now`) when it dispatches it. */
export type RouterInput = WithoutNow<RouterMessage>;

/** What the adapter must do after a message. */
export type RouterEffect =
  | { type: 'start-prefetch'; url: string }
  /**
   * Load code and data for `url`; `reuseData` when a fresh prefetched answer may be used as is; `revalidate`
   * after a change on the server (an action's post may name its segments instead).
   */
  | {
      type: 'load';
      token: number;
      kind: NavigationKind;
      url: string;
      reuseData: boolean;
      revalidate?: Revalidation;
    }
  | { type: 'abort'; token: number }
  | { type: 'commit'; token: number; kind: NavigationKind; url: string }
  | { type: 'full-load'; token: number; url: string; replace: boolean }
  /** Drop the prefetched answers of these URLs: their entries no longer hold one (code stays cached). */
  | { type: 'forget-answers'; urls: readonly string[] }
  /** Ask for the per-visitor data the page on screen left out. */
  | { type: 'fetch-visitor-data' }
  /** Show the per-visitor data that has arrived in the page on screen; nothing else changes. */
  | { type: 'show-visitor-data' };

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
    case 'visitor-data-answered': {
      // A navigation pending brings the same segments, newer: this answer is then dropped.
      const effects: RouterEffect[] = model.pending ? [] : [{ type: 'show-visitor-data' }];
      if (model.visitorData !== 'loading') return [model, []];
      return [{ ...model, visitorData: 'ending' }, effects];
    }
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
