// The router model's per-visitor data of a shared page (`visitorData`): no navigation, one connection of the
// prefetch budget. Navigation actions and the prefetch queue are in router-model.test.ts.
import { describe, expect, it } from 'vitest';
import {
  initialModel,
  PREFETCH_CONCURRENCY,
  type RouterMessage,
} from '../../client/navigation/router-model.ts';
import { of, run } from '../helpers/router-model-run.ts';

const sharedPage = initialModel('/shop', 'awaited');
const prefetches = (count: number, now = 0): RouterMessage[] =>
  Array.from({ length: count }, (_, index) => ({ type: 'prefetch', url: `/p${index}`, now }));
/** The per-visitor data asked for once the shared page has hydrated. */
const asked = run([{ type: 'visitor-data' }], sharedPage);

describe('router model: a shared page’s per-visitor data', () => {
  it('is asked for once hydrated, as no navigation: no token, nothing pending, no load', () => {
    expect(asked.effects).toEqual([{ type: 'fetch-visitor-data' }]);
    expect(asked.model.pending).toBeNull();
    expect(asked.model.lastToken).toBe(0);
    expect(asked.model.visitorData).toBe('loading');
  });

  it('is asked for once only, and never by a page that came with all its data', () => {
    expect(run([{ type: 'visitor-data' }], asked.model).effects).toEqual([]);
    expect(run([{ type: 'visitor-data' }], initialModel('/cart')).effects).toEqual([]);
  });

  it('keeps a connection from the page’s start: prefetches before hydration leave it one', () => {
    const { effects } = run(prefetches(PREFETCH_CONCURRENCY + 3), sharedPage);
    expect(of(effects, 'start-prefetch')).toHaveLength(PREFETCH_CONCURRENCY - 1);
    const withoutVisitorData = run(prefetches(PREFETCH_CONCURRENCY + 3), initialModel('/cart'));
    expect(of(withoutVisitorData.effects, 'start-prefetch')).toHaveLength(PREFETCH_CONCURRENCY);
  });

  it('timeline: 4 prefetches -> asked (5 in flight) -> answered and shown -> its body ends -> the next prefetch starts', () => {
    const busy = run(prefetches(PREFETCH_CONCURRENCY + 1), sharedPage);
    const fetching = run([{ type: 'visitor-data' }], busy.model);
    expect(fetching.effects).toEqual([{ type: 'fetch-visitor-data' }]);
    const answered = run([{ type: 'visitor-data-answered' }], fetching.model);
    expect(answered.effects).toEqual([{ type: 'show-visitor-data' }]);
    // Its answer is shown while its body still holds the connection.
    expect(run(prefetches(1, 1), answered.model).effects).toEqual([]);
    const settled = run([{ type: 'visitor-data-settled' }], answered.model);
    expect(settled.effects).toEqual([{ type: 'start-prefetch', url: '/p4' }]);
    expect(settled.model.visitorData).toBe('none');
  });

  it('on failure leaves the page as it is: nothing shown, no full load, its connection freed', () => {
    const failed = run([...prefetches(PREFETCH_CONCURRENCY), { type: 'visitor-data-settled' }], asked.model);
    expect(of(failed.effects, 'show-visitor-data')).toEqual([]);
    expect(of(failed.effects, 'full-load')).toEqual([]);
    expect(of(failed.effects, 'start-prefetch')).toHaveLength(PREFETCH_CONCURRENCY);
  });

  it('starts while a navigation is pending (its connection was kept), and that navigation’s data wins', () => {
    const { model, effects } = run(
      [
        { type: 'push', url: '/products/a', now: 0 },
        { type: 'visitor-data' },
        { type: 'visitor-data-answered' },
        { type: 'navigation-loaded', token: 1, url: '/products/a', now: 1 },
      ],
      sharedPage,
    );
    expect(of(effects, 'fetch-visitor-data')).toHaveLength(1);
    expect(of(effects, 'show-visitor-data')).toEqual([]);
    // Its body still holds the connection after the commit, until it ends.
    expect(model.visitorData).toBe('ending');
    expect(run([{ type: 'visitor-data-settled' }], model).model.visitorData).toBe('none');
  });

  it.each<[string, RouterMessage[]]>([
    ['a click', [{ type: 'push', url: '/products/a', now: 0 }]],
    ['back', [{ type: 'pop', url: '/', now: 0 }]],
    [
      'a form post that failed',
      [
        { type: 'action', url: '/shop', now: 0 },
        { type: 'action-failed', token: 1 },
      ],
    ],
    ['a refresh', [{ type: 'refresh', now: 0, revalidate: 'after-action' }]],
  ])('drops its answer when %s started while it was on its way (that navigation asks for the same segments)', (_, navigation) => {
    const { effects } = run([...navigation, { type: 'visitor-data-answered' }], asked.model);
    expect(of(effects, 'show-visitor-data')).toEqual([]);
  });

  it('is not asked for once a committed page brought its own, and gives its kept connection back', () => {
    const committed = run(
      [
        ...prefetches(PREFETCH_CONCURRENCY + 1),
        { type: 'push', url: '/products/a', now: 0 },
        { type: 'navigation-loaded', token: 1, url: '/products/a', now: 1 },
      ],
      sharedPage,
    );
    expect(committed.model.visitorData).toBe('none');
    // The first four held their connections throughout; the fifth queued one takes the kept connection.
    expect(of(committed.effects, 'start-prefetch')).toHaveLength(PREFETCH_CONCURRENCY);
    expect(run([{ type: 'visitor-data' }], committed.model).effects).toEqual([]);
  });

  it('ignores an end before it was asked for: its connection stays kept', () => {
    const { model } = run([{ type: 'visitor-data-settled' }], sharedPage);
    expect(model.visitorData).toBe('awaited');
  });
});
