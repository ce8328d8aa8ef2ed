import { createContext, type MouseEvent } from 'react';

/**
 * What `<Link>` asks of the client router. Absent on the server and before hydration, so a Link is then
 * a plain `<a href>`.
 */
export interface LinkNavigator {
  /** Handles a click: navigates client-side (and prevents the default) when the click qualifies. */
  /** `viewTransition`: the link's own choice, over the app's (`AppDefinition.viewTransitions`). */
  onLinkClick(event: MouseEvent<HTMLAnchorElement>, viewTransition?: boolean): void;
  /** Starts prefetching a link's target (hover, focus, touch), if prefetching is allowed. */
  prefetch(href: string): void;
  /** Prefetches `anchor` when it comes near the viewport; returns the function that stops watching. */
  observe(anchor: HTMLAnchorElement): () => void;
  /** Posts a `<Form>` with fetch and applies the answer (the `action` navigation). */
  submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<SubmitOutcome>;
  /** The page's fetchers (useFetcher): requests of their own, beside navigations. */
  fetchers: FetcherHub;
}

/**
 * What a fetcher shows after its request (`fetcher.result`, and what `submit()` and `load()` resolve with):
 * the last result stays until its key starts again. Switch on `type`.
 */
export type FetcherResult =
  /**
   * The action succeeded (its redirect is not followed: the page stays, and is revalidated: only the
   * segments in `revalidate` when the action named them).
   */
  | { type: 'done'; revalidate?: readonly string[] }
  /** The action refused the input: errors by field, values as submitted. */
  | { type: 'invalid'; errors: Record<string, string>; values: Record<string, string> }
  /** A `load()` answered: the data of the page's deepest segment. */
  | { type: 'loaded'; data: unknown }
  /** The request failed (network, 5xx, an unusable answer). */
  | { type: 'failed' };

export type FetcherState =
  | { state: 'idle'; result?: FetcherResult }
  /** `body`: what a post sends, for useFetchers() (none for a load). */
  | {
      state: 'submitting' | 'loading';
      result?: FetcherResult;
      body?: FormData | URLSearchParams | undefined;
    };

/** A fetcher that has not started, or whose components are gone. */
export const IDLE_FETCHER: FetcherState = { state: 'idle' };

/** The client's fetchers by key (client/navigation/fetchers.ts); `useFetcher` reads one key. */
export interface FetcherHub {
  /** Unsubscribing the last listener of a key aborts its request and forgets it (its components are gone). */
  subscribe(key: string, listener: () => void): () => void;
  stateOf(key: string): FetcherState;
  /**
   * Posts `body` to the data URL of `pageUrl` (a form's action: the page whose action runs). Resolves when
   * the post ends: its result, or undefined if it was aborted.
   */
  submit(key: string, pageUrl: string, body: FormData | URLSearchParams): Promise<FetcherResult | undefined>;
  /** Gets the data of `pageUrl` (its deepest segment's); resolves as `submit` does. */
  load(key: string, pageUrl: string): Promise<FetcherResult | undefined>;
  /** Tells `listener` whenever a fetcher, any key, changes. */
  subscribeAll(listener: () => void): () => void;
  /** Every key's state; the same record until one of them changes. */
  fetchers(): Readonly<Record<string, FetcherState>>;
}

/** What a fetcher's post sent: its action (the `_action` field) and its other text fields. */
export interface FetcherSubmission {
  action: string;
  fields: Readonly<Record<string, string>>;
}

/** A fetcher in flight, as `useFetchers()` lists it: its key, whether it posts or loads, what it posted. */
export interface FetcherInFlight {
  key: string;
  state: 'submitting' | 'loading';
  /** What its post sent; undefined for a `load()`. */
  submission: FetcherSubmission | undefined;
}

/** How a JavaScript form submission ended. `native`: let the browser post the form itself. */
export type SubmitOutcome = 'done' | 'failed' | 'native';

export const NavigationContext = createContext<LinkNavigator | null>(null);

/** How long the pointer must rest on a link before it is prefetched. */
export const HOVER_PREFETCH_DELAY_MS = 20;
