import type { Observe } from '../../shared/ui/client-instrumentation.ts';
import {
  type FetcherHub,
  type FetcherResult,
  type FetcherState,
  IDLE_FETCHER,
} from '../../shared/ui/navigation-context.ts';
import { BuildChangedError, fetchPageData } from './fetch-page-data.ts';

export interface FetchersOptions {
  /** Resolves a form action or a link against the page on screen. */
  resolve: (href: string) => URL;
  /** The data URL of a page URL, or undefined when the router does not handle that URL. */
  dataHrefOf: (url: URL) => string | undefined;
  /** An action succeeded: the page on screen fetches its data again (only `segments` when it named them). */
  revalidate: (segments: readonly string[] | undefined) => void;
  /** Posts a form natively (the browser loads the answer); false when it cannot (a body with files). */
  postNatively: (url: URL, body: FormData | URLSearchParams) => boolean;
  /** Tells the fetcher observers; none: nobody observes. */
  observe?: Observe;
}

/** How a request ended: its result, or the post went on natively and the browser is leaving the page. */
type RequestEnd = FetcherResult | 'posted-natively';

/**
 * Fetchers: each key is a component's own request (a form post or a data load) to the data endpoint
 * (`fetchPageData`, as `<Form>` and navigations use, so the server's checks are the same), running beside
 * navigations and beside the other keys. A key that starts again, or whose last component unmounts, aborts
 * its request, and an aborted request's answer is dropped: a key only ever hears its newest request. A post
 * that succeeds asks the page on screen to revalidate. Each key's subscribers, and those of every key, hear
 * when its state changes.
 *
 * long function: the hub's methods share the states, the requests in flight and the listeners; each is short.
 */
export function createFetchers({
  resolve,
  dataHrefOf,
  revalidate,
  postNatively,
  observe,
}: FetchersOptions): FetcherHub & { busy(): boolean } {
  let fetchers: Readonly<Record<string, FetcherState>> = {};
  /** Each key's request in flight. */
  const requests = new Map<string, AbortController>();
  const listeners = new Map<string, Set<() => void>>();
  const everyKey = new Set<() => void>();
  const stateOf = (key: string) => fetchers[key] ?? IDLE_FETCHER;

  function abort(key: string): void {
    requests.get(key)?.abort();
    requests.delete(key);
  }

  function tell(key: string): void {
    for (const listener of [...(listeners.get(key) ?? []), ...everyKey]) listener();
  }

  /** Starts a key's post (with `body`) or load, and resolves as its request ends (undefined: aborted). */
  function start(key: string, pageUrl: string, body?: FormData | URLSearchParams) {
    abort(key);
    const controller = new AbortController();
    requests.set(key, controller);
    const url = resolve(pageUrl);
    const ended = request(url, dataHrefOf(url), body, controller.signal, postNatively).then((end) => {
      // The browser is loading the native post's answer: the fetcher stays `submitting` (and busy) until it
      // leaves.
      if (controller.signal.aborted || end === 'posted-natively') return undefined;
      requests.delete(key);
      fetchers = { ...fetchers, [key]: { state: 'idle', result: end } };
      if (body && end.type === 'done') revalidate(end.revalidate);
      tell(key);
      return end;
    });
    // Aborted, or posted natively as the browser leaves the page: no result.
    observe?.(
      'fetcher',
      url.href,
      ended.then((result) => result ?? { type: 'aborted' }),
      { method: body ? 'POST' : 'GET' },
    );
    fetchers = {
      ...fetchers,
      [key]: { state: body ? 'submitting' : 'loading', result: stateOf(key).result, body },
    };
    tell(key);
    return ended;
  }

  return {
    subscribe(key, listener) {
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size) return;
        // The last component holding the key is gone: its request is aborted and its state forgotten.
        listeners.delete(key);
        if (!(key in fetchers)) return;
        abort(key);
        const { [key]: _gone, ...rest } = fetchers;
        fetchers = rest;
        tell(key);
      };
    },
    stateOf,
    submit: start,
    load: start,
    subscribeAll(listener) {
      everyKey.add(listener);
      return () => everyKey.delete(listener);
    },
    fetchers: () => fetchers,
    /** Whether a request of a fetcher is on its way, or a post of one went on natively. */
    busy: () => requests.size > 0,
  };
}

/**
 * Sends one fetcher's request to the data endpoint (none when the router does not handle its URL) and says
 * how it ended; never rejects.
 */
async function request(
  url: URL,
  dataHref: string | undefined,
  body: FormData | URLSearchParams | undefined,
  signal: AbortSignal,
  postNatively: FetchersOptions['postNatively'],
): Promise<RequestEnd> {
  try {
    // fetchPageData throws on an unusable answer, and on a changed build.
    const answer = dataHref ? await fetchPageData(dataHref, { body, signal }) : undefined;
    switch (answer?.type) {
      case 'redirect':
        return { type: 'done', revalidate: answer.revalidate };
      case 'invalid':
        return { type: 'invalid', errors: answer.errors, values: answer.values };
      case 'page': {
        const leaf = answer.segments.at(-1);
        return { type: 'loaded', data: leaf && 'data' in leaf ? leaf.data : undefined };
      }
    }
  } catch (error) {
    // The server runs another build (a release is under way), whose data answers this page's code cannot
    // read: as with <Form>, a post goes through natively and the browser loads its answer, a page of the
    // new build. Anything else (network, an aborted request, whose result is dropped) fails.
    if (error instanceof BuildChangedError && body && !signal.aborted && postNatively(url, body))
      return 'posted-natively';
  }
  // No data URL, a 4xx/5xx error page, or the request failed.
  return { type: 'failed' };
}
