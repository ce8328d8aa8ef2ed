/**
 * Fetchers as a pure state machine: each key is a component's own request (a form post or a data load) that
 * runs beside navigations and beside the other keys. `update(model, message)` returns the next model and the
 * effects the adapter (fetchers.ts) runs, so the rules are tested in Node (tests/unit/fetcher-model.test.ts):
 * a key that starts again, or unmounts, aborts its request; an answer whose token is not its key's newest is
 * dropped; a post that succeeds asks the page on screen to revalidate.
 */

import { type FetcherResult, type FetcherState, IDLE_FETCHER } from '../../shared/ui/navigation-context.ts';

export type { FetcherResult, FetcherState };

export interface FetcherModel {
  lastToken: number;
  fetchers: Readonly<Record<string, FetcherState>>;
}

export type FetcherMessage =
  /** A post of `body` to `url`'s data URL (`body` is opaque here: the adapter sends it). */
  | { type: 'submit'; key: string; url: string; body: unknown }
  | { type: 'load'; key: string; url: string; body?: undefined }
  /** A request has ended: its result, for its token. */
  | { type: 'settled'; key: string; token: number; result: FetcherResult }
  /** The component holding the key is gone: its request is aborted and its state forgotten. */
  | { type: 'unmount'; key: string };

export type FetcherEffect =
  /** Sends a key's request to `url`'s data URL: a post of `body`, or a get without one. */
  | { type: 'request'; token: number; url: string; body?: unknown }
  | { type: 'abort'; token: number }
  /** An action succeeded: the page on screen fetches its data again (only `segments` when it named them). */
  | { type: 'revalidate'; segments?: readonly string[] };

export const initialFetcherModel: FetcherModel = { lastToken: 0, fetchers: {} };

/** The state of `key`: idle until it first starts. */
export function fetcherOf(model: FetcherModel, key: string): FetcherState {
  return model.fetchers[key] ?? IDLE_FETCHER;
}

export function updateFetchers(
  model: FetcherModel,
  message: FetcherMessage,
): [FetcherModel, FetcherEffect[]] {
  const current = fetcherOf(model, message.key);
  const running = current.state === 'idle' ? [] : [{ type: 'abort' as const, token: current.token }];
  switch (message.type) {
    case 'submit':
    case 'load': {
      const token = model.lastToken + 1;
      const state = message.type === 'submit' ? 'submitting' : 'loading';
      const next = { state, token, result: current.result } as FetcherState;
      return [
        { lastToken: token, fetchers: { ...model.fetchers, [message.key]: next } },
        [...running, { type: 'request', token, url: message.url, body: message.body }],
      ];
    }
    case 'settled': {
      if (current.state === 'idle' || current.token !== message.token) return [model, []];
      const next: FetcherState = { state: 'idle', result: message.result };
      const { result } = message;
      const effects: FetcherEffect[] =
        current.state === 'submitting' && result.type === 'done'
          ? [{ type: 'revalidate', segments: result.revalidate }]
          : [];
      return [{ ...model, fetchers: { ...model.fetchers, [message.key]: next } }, effects];
    }
    case 'unmount': {
      if (!(message.key in model.fetchers)) return [model, []];
      const { [message.key]: _gone, ...rest } = model.fetchers;
      return [{ ...model, fetchers: rest }, running];
    }
  }
}
