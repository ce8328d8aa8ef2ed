import {
  initialModel,
  type RouterEffect,
  type RouterMessage,
  type RouterModel,
  update,
} from '../client/navigation/router-model.ts';

/**
 * Drives the browser router's pure model in Node: send it the named actions and the results its adapter would
 * report, with a clock the test moves. `effects` lists what the adapter would have done, in order. No DOM,
 * no network, no timers: for tests of navigation rules (stale answers dropped, prefetches reused or expired).
 *
 * @example
 * const router = createRouterDriver('/');
 * router.prefetch('/shop');
 * router.prefetchAnswered('/shop');
 * router.prefetchSettled('/shop');
 * router.advance(PREFETCH_FRESH_MS + 1_000); // the prefetched data is stale now
 * const [load] = router.push('/shop'); // { type: 'load', token: 1, url: '/shop', reuseData: false }
 * router.loaded(1, '/shop'); // [{ type: 'commit', token: 1, kind: 'push', url: '/shop' }]
 */
export function createRouterDriver(initialUrl = '/') {
  let model: RouterModel = initialModel(initialUrl);
  let now = 0;
  const effects: RouterEffect[] = [];
  const send = (message: RouterMessage): RouterEffect[] => {
    const [next, produced] = update(model, message);
    model = next;
    effects.push(...produced);
    return produced;
  };
  return {
    get model() {
      return model;
    },
    get now() {
      return now;
    },
    effects,
    /** Moves the clock on. */
    advance(ms: number) {
      now += ms;
    },
    push: (url: string) => send({ type: 'push', url, now }),
    replace: (url: string) => send({ type: 'replace', url, now }),
    pop: (url: string) => send({ type: 'pop', url, now }),
    refresh: () => send({ type: 'refresh', now, revalidate: 'all' }),
    action: (url: string) => send({ type: 'action', url, now }),
    prefetch: (url: string) => send({ type: 'prefetch', url, now }),
    /** The pending navigation's code and data arrived (the URL it ended at, after redirects). */
    loaded: (token: number, url: string) => send({ type: 'navigation-loaded', token, url, now }),
    failed: (token: number, url?: string) => send({ type: 'navigation-failed', token, url }),
    prefetchAnswered: (url: string) => send({ type: 'prefetch-answered', url }),
    prefetchSettled: (url: string, ok = true) => send({ type: 'prefetch-settled', url, ok, now }),
  };
}
