// The router model's prefetch cache: freshness by age, and which answers the adapter keeps
// (`forget-answers`). Navigation actions and the prefetch queue are in router-model.test.ts.
import { describe, expect, it } from 'vitest';
import {
  PREFETCH_CONCURRENCY,
  PREFETCH_EXPIRE_MS,
  PREFETCH_FRESH_MS,
  type RouterMessage,
} from '../../client/navigation/router-model.ts';
import { of, run } from '../helpers/router-model-run.ts';

describe('router model: freshness (fake clock)', () => {
  const prefetched = run([
    { type: 'prefetch', url: '/a', now: 0 },
    { type: 'prefetch-settled', url: '/a', ok: true, now: 1_000 },
  ]).model;
  const navigateAt = (now: number) => run([{ type: 'push', url: '/a', now }], prefetched);

  it('fresh (under 30 s): the navigation uses the prefetched data, no request', () => {
    expect(navigateAt(1_000 + PREFETCH_FRESH_MS - 1).effects).toEqual([
      { type: 'load', token: 1, kind: 'push', url: '/a', reuseData: true },
    ]);
  });

  it('stale (30 s to 5 min): code is reused but the data is fetched again', () => {
    const { effects, model } = navigateAt(1_000 + PREFETCH_FRESH_MS);
    expect(effects).toEqual([{ type: 'load', token: 1, kind: 'push', url: '/a', reuseData: false }]);
    expect(model.prefetches['/a']).toEqual({ state: 'ready', fetchedAt: 1_000 });
  });

  it('expired (5 min): pruned before the navigation', () => {
    const { effects, model } = navigateAt(1_000 + PREFETCH_EXPIRE_MS);
    expect(effects).toEqual([
      { type: 'forget-answers', urls: ['/a'] },
      { type: 'load', token: 1, kind: 'push', url: '/a', reuseData: false },
    ]);
    expect(model.prefetches['/a']).toBeUndefined();
  });

  it('a stale entry is prefetched again; a fresh one is not', () => {
    const fresh = run([{ type: 'prefetch', url: '/a', now: 1_000 + PREFETCH_FRESH_MS - 1 }], prefetched);
    expect(of(fresh.effects, 'start-prefetch')).toHaveLength(0);
    const stale = run([{ type: 'prefetch', url: '/a', now: 1_000 + PREFETCH_FRESH_MS }], prefetched);
    expect(of(stale.effects, 'start-prefetch')).toHaveLength(1);
  });

  it('expired entries are pruned before each prefetch too', () => {
    const { model } = run([{ type: 'prefetch', url: '/b', now: 1_000 + PREFETCH_EXPIRE_MS }], prefetched);
    expect(Object.keys(model.prefetches)).toEqual(['/b']);
  });
});

describe('router model: prefetched answers (forget-answers)', () => {
  const answered = (url: string, now: number): RouterMessage[] => [
    { type: 'prefetch', url, now },
    { type: 'prefetch-answered', url },
    { type: 'prefetch-settled', url, ok: true, now },
  ];

  it('a failed prefetch has no answer to keep', () => {
    const { effects } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'prefetch-settled', url: '/a', ok: false, now: 1 },
    ]);
    expect(of(effects, 'forget-answers')).toEqual([{ type: 'forget-answers', urls: ['/a'] }]);
  });

  it('a stale entry prefetched again asks with a new request, whose answer replaces the old one', () => {
    const stale = run(answered('/a', 0)).model;
    const { model, effects } = run([{ type: 'prefetch', url: '/a', now: PREFETCH_FRESH_MS }], stale);
    expect(effects).toEqual([{ type: 'start-prefetch', url: '/a' }]);
    expect(model.prefetches['/a']).toEqual({ state: 'loading' });
  });

  it('a stale entry that has to wait in the queue forgets its old answer at once', () => {
    const busy = Array.from({ length: PREFETCH_CONCURRENCY }, (_, index) => `/busy${index}`);
    const stale = run([
      ...answered('/a', 0),
      ...busy.map((url): RouterMessage => ({ type: 'prefetch', url, now: 1 })),
    ]).model;
    const { model, effects } = run([{ type: 'prefetch', url: '/a', now: PREFETCH_FRESH_MS }], stale);
    expect(effects).toEqual([{ type: 'forget-answers', urls: ['/a'] }]);
    expect(model.prefetches['/a']).toEqual({ state: 'queued' });
  });

  it('an expired answer is forgotten when it is pruned, before the prefetch or navigation', () => {
    const { effects } = run([...answered('/a', 0), { type: 'push', url: '/b', now: PREFETCH_EXPIRE_MS }]);
    expect(effects.slice(-2)).toEqual([
      { type: 'forget-answers', urls: ['/a'] },
      { type: 'load', token: 1, kind: 'push', url: '/b', reuseData: false },
    ]);
  });

  it('timeline: prefetch A answers -> action -> push A: the answer from before the action is not used', () => {
    const { effects, model } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'prefetch-answered', url: '/a' },
      { type: 'action', url: '/cart', now: 1 },
    ]);
    expect(effects.slice(-2)).toEqual([
      { type: 'forget-answers', urls: ['/a'] },
      { type: 'load', token: 1, kind: 'action', url: '/cart', reuseData: false, revalidate: 'after-action' },
    ]);
    expect(model.prefetches['/a']).toEqual({ state: 'outdated' });
    const after = run(
      [
        { type: 'navigation-loaded', token: 1, url: '/cart', now: 2 },
        { type: 'push', url: '/a', now: 3 },
      ],
      model,
    );
    expect(after.effects.at(-1)).toEqual({
      type: 'load',
      token: 2,
      kind: 'push',
      url: '/a',
      reuseData: false,
    });
  });

  it('an outdated prefetch keeps its slot until its body ends, then leaves no entry behind', () => {
    const urls = Array.from({ length: PREFETCH_CONCURRENCY + 1 }, (_, index) => `/p${index}`);
    const outdated = run([
      ...urls.map((url): RouterMessage => ({ type: 'prefetch', url, now: 0 })),
      { type: 'refresh', now: 1, revalidate: 'all' },
      { type: 'navigation-loaded', token: 1, url: '/', now: 2 },
    ]);
    // Five requests from before the refresh are still on the wire: the sixth URL waits.
    expect(of(outdated.effects, 'start-prefetch')).toHaveLength(PREFETCH_CONCURRENCY);
    expect(outdated.model.queue).toEqual([urls[PREFETCH_CONCURRENCY]]);
    const settled = run([{ type: 'prefetch-settled', url: urls[0]!, ok: true, now: 3 }], outdated.model);
    expect(settled.model.prefetches[urls[0]!]).toBeUndefined();
    expect(settled.effects).toEqual([{ type: 'start-prefetch', url: urls[PREFETCH_CONCURRENCY] }]);
  });

  it('an outdated URL is not asked for twice while its old request is still on the wire', () => {
    const { effects } = run([
      { type: 'prefetch', url: '/a', now: 0 },
      { type: 'refresh', now: 1, revalidate: 'all' },
      { type: 'navigation-loaded', token: 1, url: '/', now: 2 },
      { type: 'prefetch', url: '/a', now: 3 },
    ]);
    expect(of(effects, 'start-prefetch')).toHaveLength(1);
  });
});
