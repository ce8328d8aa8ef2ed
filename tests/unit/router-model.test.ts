import { describe, expect, it } from 'vitest';
import {
  initialModel,
  PREFETCH_CONCURRENCY,
  PREFETCH_EXPIRE_MS,
  PREFETCH_FRESH_MS,
  type RouterMessage,
} from '../../client/navigation/router-model.ts';
import { of, run } from '../helpers/router-model-run.ts';

describe('router model: navigation actions', () => {
  it.each([
    'push',
    'replace',
    'pop',
  ] as const)('%s starts a load with a new token, then commits it', (type) => {
    const started = run([{ type, url: '/shop', now: 0 }]);
    expect(started.model.pending).toEqual({ token: 1, kind: type, url: '/shop' });
    expect(started.effects).toEqual([{ type: 'load', token: 1, kind: type, url: '/shop', reuseData: false }]);

    const loaded = run([{ type: 'navigation-loaded', token: 1, url: '/shop', now: 10 }], started.model);
    expect(loaded.model.currentUrl).toBe('/shop');
    expect(loaded.model.pending).toBeNull();
    expect(loaded.effects).toEqual([{ type: 'commit', token: 1, kind: type, url: '/shop' }]);
  });

  it('commits the final URL of a navigation that was redirected', () => {
    const { model } = run([
      { type: 'push', url: '/old', now: 0 },
      { type: 'navigation-loaded', token: 1, url: '/new', now: 5 },
    ]);
    expect(model.currentUrl).toBe('/new');
  });

  it('refresh reloads the current URL and forgets prefetched answers', () => {
    const { model, effects } = run(
      [
        { type: 'prefetch', url: '/a', now: 0 },
        { type: 'prefetch-settled', url: '/a', ok: true, now: 1 },
        { type: 'refresh', now: 2, revalidate: 'all' },
      ],
      initialModel('/cart'),
    );
    expect(effects.slice(-2)).toEqual([
      { type: 'forget-answers', urls: ['/a'] },
      { type: 'load', token: 1, kind: 'refresh', url: '/cart', reuseData: false, revalidate: 'all' },
    ]);
    expect(model.prefetches['/a']).toBeUndefined();
  });

  it('action posts to its URL and forgets prefetched answers', () => {
    const { effects } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'prefetch-settled', url: '/a', ok: true, now: 1 },
      { type: 'action', url: '/cart', now: 2 },
    ]);
    expect(effects.slice(-2)).toEqual([
      { type: 'forget-answers', urls: ['/a'] },
      { type: 'load', token: 1, kind: 'action', url: '/cart', reuseData: false, revalidate: 'after-action' },
    ]);
  });

  it('ends an action whose post failed where it is: nothing loads, and waiting prefetches start', () => {
    const { model, effects } = run([
      { type: 'action', url: '/cart', now: 0 },
      { type: 'prefetch', url: '/a', now: 1 },
      { type: 'action-failed', token: 1 },
    ]);
    expect(model.pending).toBeNull();
    expect(of(effects, 'full-load')).toEqual([]);
    expect(of(effects, 'start-prefetch')).toEqual([{ type: 'start-prefetch', url: '/a' }]);
  });

  it('ignores the failed post of an action a newer navigation superseded', () => {
    const { model } = run([
      { type: 'action', url: '/cart', now: 0 },
      { type: 'push', url: '/b', now: 1 },
      { type: 'action-failed', token: 1 },
    ]);
    expect(model.pending).toMatchObject({ token: 2, url: '/b' });
  });

  it('a failed navigation becomes a full page load (replace for replace)', () => {
    const push = run([
      { type: 'push', url: '/slow', now: 0 },
      { type: 'navigation-failed', token: 1 },
    ]);
    expect(push.effects.at(-1)).toEqual({ type: 'full-load', token: 1, url: '/slow', replace: false });
    expect(push.model.pending).toBeNull();
    const replace = run([
      { type: 'replace', url: '/slow', now: 0 },
      { type: 'navigation-failed', token: 1 },
    ]);
    expect(replace.effects.at(-1)).toEqual({ type: 'full-load', token: 1, url: '/slow', replace: true });
  });
});

describe('router model: superseded navigations', () => {
  it('timeline: push A -> push B -> A loads -> B loads: A is aborted and dropped, B commits', () => {
    const { model, effects } = run([
      { type: 'push', url: '/a', now: 0 },
      { type: 'push', url: '/b', now: 10 },
      { type: 'navigation-loaded', token: 1, url: '/a', now: 20 },
      { type: 'navigation-loaded', token: 2, url: '/b', now: 30 },
    ]);
    expect(of(effects, 'abort')).toEqual([{ type: 'abort', token: 1 }]);
    expect(of(effects, 'commit')).toEqual([{ type: 'commit', token: 2, kind: 'push', url: '/b' }]);
    expect(model.currentUrl).toBe('/b');
  });

  it('timeline: push A -> push B -> B loads -> A fails late: no full load for A', () => {
    const { model, effects } = run([
      { type: 'push', url: '/a', now: 0 },
      { type: 'push', url: '/b', now: 10 },
      { type: 'navigation-loaded', token: 2, url: '/b', now: 20 },
      { type: 'navigation-failed', token: 1 },
    ]);
    expect(of(effects, 'full-load')).toEqual([]);
    expect(model.currentUrl).toBe('/b');
  });

  it('timeline: push A -> back (pop) -> A loads: the pop wins', () => {
    const { model, effects } = run([
      { type: 'push', url: '/a', now: 0 },
      { type: 'pop', url: '/', now: 5 },
      { type: 'navigation-loaded', token: 1, url: '/a', now: 6 },
      { type: 'navigation-loaded', token: 2, url: '/', now: 7 },
    ]);
    expect(of(effects, 'commit')).toEqual([{ type: 'commit', token: 2, kind: 'pop', url: '/' }]);
    expect(model.currentUrl).toBe('/');
  });
});

describe('router model: prefetch queue', () => {
  const urls = Array.from({ length: 12 }, (_, index) => `/products/p${index}`);

  it(`runs at most ${PREFETCH_CONCURRENCY} prefetches at once, first in first out`, () => {
    const { model, effects } = run(urls.map((url) => ({ type: 'prefetch', url, now: 0 })));
    expect(of(effects, 'start-prefetch').map((effect) => effect.url)).toEqual(
      urls.slice(0, PREFETCH_CONCURRENCY),
    );
    expect(model.queue).toEqual(urls.slice(PREFETCH_CONCURRENCY));

    const next = run([{ type: 'prefetch-settled', url: urls[2]!, ok: true, now: 5 }], model);
    expect(of(next.effects, 'start-prefetch')).toEqual([{ type: 'start-prefetch', url: urls[5] }]);
    const loading = Object.values(next.model.prefetches).filter((entry) => entry.state === 'loading');
    expect(loading).toHaveLength(PREFETCH_CONCURRENCY);
  });

  it('asks once per URL', () => {
    const { effects } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'prefetch', url: '/a', now: 1 },
      { type: 'prefetch-settled', url: '/a', ok: true, now: 2 },
      { type: 'prefetch', url: '/a', now: 3 },
    ]);
    expect(of(effects, 'start-prefetch')).toHaveLength(1);
  });

  it('bump: a navigation to a queued URL takes it out of the queue and asks at once with its own request', () => {
    const queued = run(urls.map((url) => ({ type: 'prefetch', url, now: 0 }))).model;
    const target = urls[9]!;
    const { model, effects } = run([{ type: 'push', url: target, now: 1 }], queued);
    expect(effects).toEqual([{ type: 'load', token: 1, kind: 'push', url: target, reuseData: false }]);
    expect(model.queue).not.toContain(target);
    expect(model.prefetches[target]).toBeUndefined();
  });

  it('a navigation does not wait for a prefetch that has not answered: it asks with its own request', () => {
    const { effects } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'push', url: '/a', now: 1 },
    ]);
    expect(effects.at(-1)).toEqual({ type: 'load', token: 1, kind: 'push', url: '/a', reuseData: false });
  });

  it('a navigation takes a prefetch that has answered while its tail still streams', () => {
    const { effects } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'prefetch-answered', url: '/a' },
      { type: 'push', url: '/a', now: 1 },
    ]);
    expect(effects.at(-1)).toEqual({ type: 'load', token: 1, kind: 'push', url: '/a', reuseData: true });
  });

  it('a prefetch holds its slot until its body has ended, not when its answer arrives', () => {
    const started = run(urls.map((url) => ({ type: 'prefetch', url, now: 0 })));
    const answered = run(
      urls.slice(0, PREFETCH_CONCURRENCY).map((url) => ({ type: 'prefetch-answered', url })),
      started.model,
    );
    expect(of(answered.effects, 'start-prefetch')).toEqual([]);
    const ended = run([{ type: 'prefetch-settled', url: urls[0]!, ok: true, now: 2 }], answered.model);
    expect(of(ended.effects, 'start-prefetch')).toEqual([
      { type: 'start-prefetch', url: urls[PREFETCH_CONCURRENCY] },
    ]);
  });

  it('timeline: prefetches queued during a navigation wait for its commit, then start behind it', () => {
    const navigating = run([
      { type: 'push', url: '/a', now: 0 },
      { type: 'prefetch', url: '/b', now: 1 },
      { type: 'prefetch', url: '/c', now: 2 },
    ]);
    expect(of(navigating.effects, 'start-prefetch')).toEqual([]);
    const committed = run([{ type: 'navigation-loaded', token: 1, url: '/a', now: 3 }], navigating.model);
    expect(committed.effects).toEqual([
      { type: 'commit', token: 1, kind: 'push', url: '/a' },
      { type: 'start-prefetch', url: '/b' },
      { type: 'start-prefetch', url: '/c' },
    ]);
  });

  it('a prefetch ending during a navigation frees its slot without starting the next one', () => {
    const loading = run([
      ...urls.map((url): RouterMessage => ({ type: 'prefetch', url, now: 0 })),
      { type: 'push', url: '/elsewhere', now: 1 },
      { type: 'prefetch-settled', url: urls[0]!, ok: true, now: 2 },
    ]);
    expect(of(loading.effects, 'start-prefetch')).toHaveLength(PREFETCH_CONCURRENCY);
  });

  it('does not retry a failed prefetch until it expires', () => {
    const { effects } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'prefetch-settled', url: '/a', ok: false, now: 1 },
      { type: 'prefetch', url: '/a', now: 2 },
      { type: 'prefetch', url: '/a', now: PREFETCH_FRESH_MS + 10 },
      { type: 'prefetch', url: '/a', now: PREFETCH_EXPIRE_MS + 2 },
    ]);
    expect(of(effects, 'start-prefetch')).toHaveLength(2);
  });
});

describe('router model: hash changes', () => {
  it('hash-change moves the current URL within the page: nothing loads, no token is spent', () => {
    const { model, effects } = run([{ type: 'hash-change', url: '/help#returns' }], initialModel('/help'));
    expect(model).toEqual(initialModel('/help#returns'));
    expect(effects).toEqual([]);
  });

  it('timeline: push B -> hash change on A -> B loads: B still commits, as after a fragment link', () => {
    const { model, effects } = run(
      [
        { type: 'push', url: '/b', now: 0 },
        { type: 'hash-change', url: '/a#top' },
        { type: 'navigation-loaded', token: 1, url: '/b', now: 2 },
      ],
      initialModel('/a'),
    );
    expect(of(effects, 'abort')).toEqual([]);
    expect(of(effects, 'commit')).toEqual([{ type: 'commit', token: 1, kind: 'push', url: '/b' }]);
    expect(model.currentUrl).toBe('/b');
  });

  it('a pop after a hash change compares against the new current URL', () => {
    const { model } = run([{ type: 'hash-change', url: '/a#x' }], initialModel('/a'));
    expect(model.currentUrl).toBe('/a#x');
    expect(run([{ type: 'pop', url: '/a', now: 0 }], model).model.pending).toMatchObject({ kind: 'pop' });
  });
});
