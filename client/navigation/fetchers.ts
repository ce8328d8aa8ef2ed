import type { Observe } from '../../shared/ui/client-instrumentation.ts';
import type { FetcherHub, FetcherResult } from '../../shared/ui/navigation-context.ts';
import { BuildChangedError, fetchPageData } from './fetch-page-data.ts';
import {
  type FetcherEffect,
  type FetcherMessage,
  fetcherOf,
  initialFetcherModel,
  updateFetchers,
} from './fetcher-model.ts';

export interface FetchersOptions {
  /** Resolves a form action or a link against the page on screen. */
  resolve: (href: string) => URL;
  /** The data URL of a page URL, or undefined when the router does not handle that URL. */
  dataHrefOf: (url: URL) => string | undefined;
  /** An action succeeded: the page on screen fetches its data again (only `segments` when it named them). */
  revalidate: (segments: readonly string[] | undefined) => void;
  /** Posts a form natively (the browser loads the answer); false when it cannot (a body with files). */
  postNatively: (url: URL, body: FormData | URLSearchParams) => boolean;
  /** Tells the fetcher observers, with the route pattern of the URL (patternOf); none: nobody observes. */
  observe?: Observe;
  patternOf?: (url: URL) => string | undefined;
}

/** How a request ended: its result, or the post went on natively and the browser is leaving the page. */
type RequestEnd = FetcherResult | 'posted-natively';

/** A request in flight, by its token. */
interface Running {
  controller: AbortController;
  /** Its result once it ends; undefined when it was aborted. */
  ended: Promise<FetcherResult | undefined>;
  /** What it posts: for useFetchers(), which reads it only when an app calls it. */
  body: FormData | URLSearchParams | undefined;
}

/**
 * The DOM adapter of the fetcher model (fetcher-model.ts): it sends each fetcher's request to the data
 * endpoint (`fetchPageData`, as `<Form>` and navigations do, so the server's checks are the same), aborts
 * the ones the model says to, and tells each key's subscribers, and those of every key, when a state changes.
 *
 * long function: the hub's methods share the model, the requests in flight and the listeners; each is short.
 */
export function createFetchers({
  resolve,
  dataHrefOf,
  revalidate,
  postNatively,
  observe,
  patternOf,
}: FetchersOptions): FetcherHub {
  let model = initialFetcherModel;
  const requests = new Map<number, Running>();
  const listeners = new Map<string, Set<() => void>>();
  const everyKey = new Set<() => void>();

  function dispatch(message: FetcherMessage): void {
    const before = model;
    const [next, effects] = updateFetchers(model, message);
    model = next;
    for (const effect of effects) run(message.key, effect);
    if (fetcherOf(before, message.key) === fetcherOf(model, message.key)) return;
    for (const listener of [...(listeners.get(message.key) ?? []), ...everyKey]) listener();
  }

  function run(key: string, effect: FetcherEffect): void {
    switch (effect.type) {
      case 'request': {
        const controller = new AbortController();
        const body = effect.body as FormData | URLSearchParams | undefined;
        const url = resolve(effect.url);
        const ended = request(url, dataHrefOf(url), body, controller.signal, postNatively).then((end) => {
          if (controller.signal.aborted) return undefined;
          requests.delete(effect.token);
          // The browser is loading the native post's answer: the fetcher stays `submitting` until it leaves.
          if (end === 'posted-natively') return undefined;
          dispatch({ type: 'settled', key, token: effect.token, result: end });
          return end;
        });
        requests.set(effect.token, { controller, ended, body });
        // Aborted, or posted natively as the browser leaves the page: no result.
        const info = {
          routePattern: patternOf?.(url),
          url: url.href,
          method: body ? 'POST' : 'GET',
        } as const;
        observe?.(
          'fetcher',
          info,
          ended.then((result) => ({ outcome: result?.type ?? 'aborted' })),
        );
        return;
      }
      case 'abort':
        requests.get(effect.token)?.controller.abort();
        requests.delete(effect.token);
        return;
      case 'revalidate':
        return revalidate(effect.segments);
    }
  }

  /** Dispatches a submit or load, and resolves as the request it started ends. */
  async function start(message: Extract<FetcherMessage, { type: 'submit' | 'load' }>) {
    dispatch(message);
    return requests.get(model.lastToken)?.ended;
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
        dispatch({ type: 'unmount', key });
      };
    },
    stateOf: (key) => fetcherOf(model, key),
    submit: (key, pageUrl, body) => start({ type: 'submit', key, url: pageUrl, body }),
    load: (key, pageUrl) => start({ type: 'load', key, url: pageUrl }),
    subscribeAll(listener) {
      everyKey.add(listener);
      return () => everyKey.delete(listener);
    },
    fetchers: () => model.fetchers,
    bodyOf: (token) => requests.get(token)?.body,
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
