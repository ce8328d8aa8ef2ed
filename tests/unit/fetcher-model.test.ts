import { describe, expect, it } from 'vitest';
import {
  type FetcherEffect,
  type FetcherMessage,
  type FetcherModel,
  fetcherOf,
  initialFetcherModel,
  updateFetchers,
} from '../../client/navigation/fetcher-model.ts';

/** Feeds the messages in order; returns the last model and every effect, in order. */
function run(messages: FetcherMessage[], from: FetcherModel = initialFetcherModel) {
  let model = from;
  const effects: FetcherEffect[] = [];
  for (const message of messages) {
    const [next, out] = updateFetchers(model, message);
    model = next;
    effects.push(...out);
  }
  return { model, effects };
}

const submit = (key: string): FetcherMessage => ({ type: 'submit', key, url: '/shop', body: 'b' });

describe('fetcher model', () => {
  it('a key is idle until it starts', () => {
    expect(fetcherOf(initialFetcherModel, 'a')).toEqual({ state: 'idle' });
  });

  it('submit posts with a new token, and a done answer ends idle and revalidates the page', () => {
    const started = run([submit('a')]);
    expect(fetcherOf(started.model, 'a')).toEqual({ state: 'submitting', token: 1, result: undefined });
    expect(started.effects).toEqual([{ type: 'request', token: 1, url: '/shop', body: 'b' }]);
    const done = run([{ type: 'settled', key: 'a', token: 1, result: { type: 'done' } }], started.model);
    expect(fetcherOf(done.model, 'a')).toEqual({ state: 'idle', result: { type: 'done' } });
    expect(done.effects).toEqual([{ type: 'revalidate' }]);
  });

  it.each([
    ['invalid', { type: 'invalid', errors: { quantity: 'Too many' }, values: { quantity: '500' } }],
    ['failed', { type: 'failed' }],
  ] as const)('a %s answer is kept and revalidates nothing', (_name, result) => {
    const { model, effects } = run([submit('a'), { type: 'settled', key: 'a', token: 1, result }]);
    expect(fetcherOf(model, 'a')).toEqual({ state: 'idle', result });
    expect(effects).toEqual([{ type: 'request', token: 1, url: '/shop', body: 'b' }]);
  });

  it('load gets a URL and keeps its data, without revalidating', () => {
    const { model, effects } = run([
      { type: 'load', key: 'a', url: '/products/x' },
      { type: 'settled', key: 'a', token: 1, result: { type: 'loaded', data: 42 } },
    ]);
    expect(fetcherOf(model, 'a')).toEqual({ state: 'idle', result: { type: 'loaded', data: 42 } });
    expect(effects).toEqual([{ type: 'request', token: 1, url: '/products/x', body: undefined }]);
  });

  it('timeline: keys a and b run at once, each answer lands on its own key', () => {
    const { model, effects } = run([
      submit('a'),
      submit('b'),
      { type: 'settled', key: 'b', token: 2, result: { type: 'failed' } },
      { type: 'settled', key: 'a', token: 1, result: { type: 'done' } },
    ]);
    expect(fetcherOf(model, 'a').result).toEqual({ type: 'done' });
    expect(fetcherOf(model, 'b').result).toEqual({ type: 'failed' });
    expect(effects.filter((effect) => effect.type === 'abort')).toEqual([]);
  });

  it('timeline: the same key submits again, the first request is aborted and its late answer dropped', () => {
    const { model, effects } = run([
      submit('a'),
      submit('a'),
      { type: 'settled', key: 'a', token: 1, result: { type: 'done' } },
    ]);
    expect(effects).toEqual([
      { type: 'request', token: 1, url: '/shop', body: 'b' },
      { type: 'abort', token: 1 },
      { type: 'request', token: 2, url: '/shop', body: 'b' },
    ]);
    expect(fetcherOf(model, 'a')).toEqual({ state: 'submitting', token: 2, result: undefined });
  });

  it('a key that starts again keeps its last result until the new answer', () => {
    const { model } = run([
      submit('a'),
      { type: 'settled', key: 'a', token: 1, result: { type: 'failed' } },
      submit('a'),
    ]);
    expect(fetcherOf(model, 'a')).toEqual({ state: 'submitting', token: 2, result: { type: 'failed' } });
  });

  it('unmount aborts a running request, forgets the key, and drops its late answer', () => {
    const { model, effects } = run([
      submit('a'),
      { type: 'unmount', key: 'a' },
      { type: 'settled', key: 'a', token: 1, result: { type: 'done' } },
    ]);
    expect(effects).toEqual([
      { type: 'request', token: 1, url: '/shop', body: 'b' },
      { type: 'abort', token: 1 },
    ]);
    expect(model.fetchers).toEqual({});
  });

  it('unmount of an idle or unknown key aborts nothing', () => {
    const idle = run([
      submit('a'),
      { type: 'settled', key: 'a', token: 1, result: { type: 'done' } },
      { type: 'unmount', key: 'a' },
      { type: 'unmount', key: 'zzz' },
    ]);
    expect(idle.effects.filter((effect) => effect.type === 'abort')).toEqual([]);
    expect(idle.model.fetchers).toEqual({});
  });
});
