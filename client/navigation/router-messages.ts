/**
 * The router model's vocabulary (router-model.ts): its state, the messages it takes and the effects it asks
 * the DOM adapter to run. Types only, so the adapter's parts can name them without the reducer.
 */

import type { Revalidation } from './kept-segments.ts';

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
