import { describe, expect, it } from 'vitest';
import {
  initialModel,
  PREFETCH_CONCURRENCY,
  PREFETCH_EXPIRE_MS,
  PREFETCH_FRESH_MS,
  type PrefetchEntry,
  type RouterMessage,
  type RouterModel,
  update,
} from '../../client/navigation/router-model.ts';
import { fc } from './property-runs.ts';

// The router model owns the prefetch entries; route-resources.ts keeps only the answers, storing one when
// `start-prefetch` runs and dropping it on `forget-answers`. These properties replay random timelines through
// the model and keep the adapter's answer store beside it, as the adapter would.

const url = fc.constantFrom('/', '/a', '/b', '/c', '/d', '/e', '/f', '/g', '/a#x');
/** Clock steps around the freshness boundaries. */
const elapsed = fc.constantFrom(0, 1, 1_000, PREFETCH_FRESH_MS, PREFETCH_FRESH_MS + 1, PREFETCH_EXPIRE_MS);
/** A result for the pending navigation, or for a token that may be stale. */
const token = fc.oneof(fc.constant('pending' as const), fc.integer({ min: 1, max: 6 }));

type Step =
  | { message: (now: number) => RouterMessage }
  | { result: 'loaded' | 'failed' | 'action-failed'; token: number | 'pending'; url: string };

const step: fc.Arbitrary<{ elapsed: number; step: Step }> = fc.record({
  elapsed,
  step: fc.oneof(
    fc
      .tuple(fc.constantFrom('push', 'replace', 'pop', 'action', 'prefetch' as const), url)
      .map(([type, to]) => ({ message: (now: number) => ({ type, url: to, now }) })),
    fc.constant({ message: (now: number): RouterMessage => ({ type: 'refresh', now, revalidate: 'all' }) }),
    url.map((to) => ({ message: (): RouterMessage => ({ type: 'hash-change', url: to }) })),
    url.map((to) => ({ message: (): RouterMessage => ({ type: 'prefetch-answered', url: to }) })),
    fc.tuple(url, fc.boolean()).map(([to, ok]) => ({
      message: (now: number): RouterMessage => ({ type: 'prefetch-settled', url: to, ok, now }),
    })),
    fc.record({ result: fc.constantFrom('loaded', 'failed', 'action-failed' as const), token, url }),
    fc
      .constantFrom('visitor-data', 'visitor-data-answered', 'visitor-data-settled' as const)
      .map((type) => ({ message: (): RouterMessage => ({ type }) })),
  ),
});
const NAVIGATIONS: readonly RouterMessage['type'][] = ['push', 'replace', 'pop', 'action', 'refresh'];

function messageOf({ step: taken }: { step: Step }, model: RouterModel, now: number): RouterMessage {
  if ('message' in taken) return taken.message(now);
  const token = taken.token === 'pending' ? (model.pending?.token ?? 0) : taken.token;
  if (taken.result === 'loaded') return { type: 'navigation-loaded', token, url: taken.url, now };
  if (taken.result === 'failed') return { type: 'navigation-failed', token };
  return { type: 'action-failed', token };
}

const holdsAnswer = (entry: PrefetchEntry) => ['loading', 'streaming', 'ready'].includes(entry.state);
const holdsSlot = (entry: PrefetchEntry) => ['loading', 'streaming', 'outdated'].includes(entry.state);

describe('router model: one owner for prefetch entries (property)', () => {
  it('the answers the adapter keeps are exactly those of entries that may be used; the budget holds', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.boolean(), (steps, shared) => {
        let model = initialModel('/', shared ? 'awaited' : 'none');
        let now = 0;
        const answers = new Set<string>();
        /** Whether a navigation started since the per-visitor data was asked for (its answer then is not shown). */
        let navigatedSinceAsked = false;
        let visitorFetches = 0;
        for (const taken of steps) {
          now += taken.elapsed;
          const message = messageOf(taken, model, now);
          if (NAVIGATIONS.includes(message.type)) navigatedSinceAsked = true;
          const [next, effects] = update(model, message);
          for (const effect of effects) {
            if (effect.type === 'fetch-visitor-data') {
              visitorFetches += 1;
              navigatedSinceAsked = model.pending !== null;
            }
            if (effect.type === 'show-visitor-data') expect(navigatedSinceAsked).toBe(false);
            if (effect.type === 'start-prefetch') answers.add(effect.url);
            if (effect.type === 'forget-answers') for (const gone of effect.urls) answers.delete(gone);
            // A navigation takes only an answer the adapter still has.
            if (effect.type === 'load' && effect.reuseData) expect(answers.has(effect.url)).toBe(true);
          }
          if (next.pending) expect(effects.filter((effect) => effect.type === 'start-prefetch')).toEqual([]);
          model = next;
          const entries = Object.entries(model.prefetches);
          const usable = entries.filter(([, entry]) => holdsAnswer(entry)).map(([kept]) => kept);
          expect([...answers].sort()).toEqual(usable.sort());
          // The per-visitor data's connection counts from the page's start until its body ends.
          const visitorSlot = model.visitorData === 'none' ? 0 : 1;
          expect(entries.filter(([, entry]) => holdsSlot(entry)).length + visitorSlot).toBeLessThanOrEqual(
            PREFETCH_CONCURRENCY,
          );
          expect(visitorFetches).toBeLessThanOrEqual(shared ? 1 : 0);
          expect(model.queue.every((queued) => model.prefetches[queued]?.state === 'queued')).toBe(true);
        }
      }),
    );
  });
});
