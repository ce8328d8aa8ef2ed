import type { FetcherHub, FetcherResult } from '../../shared/ui/navigation-context.ts';
import { fetchPageData, type PageAnswer } from './fetch-page-data.ts';
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
}

/**
 * The DOM adapter of the fetcher model (fetcher-model.ts): it sends each fetcher's request to the data
 * endpoint (`fetchPageData`, as `<Form>` and navigations do, so the server's checks are the same), aborts
 * the ones the model says to, and tells each key's subscribers when its state changes.
 */
export function createFetchers({ resolve, dataHrefOf, revalidate }: FetchersOptions): FetcherHub {
  let model = initialFetcherModel;
  const requests = new Map<number, AbortController>();
  const listeners = new Map<string, Set<() => void>>();

  function dispatch(message: FetcherMessage): void {
    const before = model;
    const [next, effects] = updateFetchers(model, message);
    model = next;
    for (const effect of effects) run(message.key, effect);
    if (fetcherOf(before, message.key) !== fetcherOf(model, message.key))
      for (const listener of listeners.get(message.key) ?? []) listener();
  }

  function run(key: string, effect: FetcherEffect): void {
    switch (effect.type) {
      case 'post':
      case 'get': {
        const controller = new AbortController();
        requests.set(effect.token, controller);
        const body = effect.type === 'post' ? (effect.body as FormData | URLSearchParams) : undefined;
        void request(effect.url, body, controller.signal, { resolve, dataHrefOf }).then((result) => {
          requests.delete(effect.token);
          if (!controller.signal.aborted) dispatch({ type: 'settled', key, token: effect.token, result });
        });
        return;
      }
      case 'abort':
        requests.get(effect.token)?.abort();
        requests.delete(effect.token);
        return;
      case 'revalidate':
        return revalidate(effect.segments);
    }
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
    submit: (key, pageUrl, body) => dispatch({ type: 'submit', key, url: pageUrl, body }),
    load: (key, pageUrl) => dispatch({ type: 'load', key, url: pageUrl }),
  };
}

/** Sends one fetcher's request to the data endpoint and says how it ended; never rejects. */
async function request(
  pageUrl: string,
  body: FormData | URLSearchParams | undefined,
  signal: AbortSignal,
  { resolve, dataHrefOf }: Pick<FetchersOptions, 'resolve' | 'dataHrefOf'>,
): Promise<FetcherResult> {
  const dataHref = dataHrefOf(resolve(pageUrl));
  if (!dataHref) return { type: 'failed' };
  try {
    return resultOf(await fetchPageData(dataHref, { body, signal }));
  } catch {
    // Network, 5xx, an unusable answer; a changed build too (unlike <Form>, a fetcher does not post natively).
    return { type: 'failed' };
  }
}

/** What a fetcher makes of the data endpoint's answer. */
function resultOf(answer: PageAnswer): FetcherResult {
  switch (answer.type) {
    case 'redirect':
      return answer.revalidate ? { type: 'done', revalidate: answer.revalidate } : { type: 'done' };
    case 'invalid':
      return { type: 'invalid', errors: answer.errors, values: answer.values };
    case 'page': {
      const leaf = answer.segments.at(-1);
      return { type: 'loaded', data: leaf && 'data' in leaf ? leaf.data : undefined };
    }
    case 'error':
      return { type: 'failed' };
  }
}
