import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchers } from '../../client/navigation/fetchers.ts';
import { listInFlight } from '../../shared/ui/fetcher.tsx';

const NDJSON = { 'Content-Type': 'application/x-ndjson' };
const line = (value: unknown) => new Response(`${JSON.stringify(value)}\n`, { headers: NDJSON });

interface Call {
  url: string;
  signal: AbortSignal;
  answer: (response: Response) => void;
}

/** A fetch whose answers the test gives, one call at a time; an aborted call rejects as fetch does. */
function stubFetch(): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const signal = init.signal as AbortSignal;
    return new Promise<Response>((answer, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      calls.push({ url, signal, answer });
    });
  });
  return calls;
}

function setUp() {
  const calls = stubFetch();
  const revalidate = vi.fn();
  const postNatively = vi.fn((_url: URL, _body: FormData | URLSearchParams) => true);
  const fetchers = createFetchers({
    resolve: (href) => new URL(href, 'http://shop.test/shop'),
    dataHrefOf: (url) => `/_data/b${url.pathname}`,
    revalidate,
    postNatively,
  });
  const body = () => new URLSearchParams({ _action: 'add-to-cart' });
  /** Resolves once the adapter has handled the answers given so far. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { calls, revalidate, postNatively, fetchers, body, settle };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createFetchers', () => {
  it("posts to the page's data URL, and a redirect answer is done and revalidates the page once", async () => {
    const { calls, revalidate, fetchers, body, settle } = setUp();
    const listener = vi.fn();
    fetchers.subscribe('a', listener);
    fetchers.submit('a', '/products/knife', body());
    expect(calls.map((call) => call.url)).toEqual(['/_data/b/products/knife']);
    expect(fetchers.stateOf('a').state).toBe('submitting');
    calls[0]?.answer(line({ type: 'redirect', location: '/products/knife?added=1', status: 303 }));
    await settle();
    expect(fetchers.stateOf('a')).toEqual({ state: 'idle', result: { type: 'done' } });
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('an invalid answer keeps its errors and values and revalidates nothing', async () => {
    const { calls, revalidate, fetchers, body, settle } = setUp();
    fetchers.submit('a', '/products/knife', body());
    const errors = { quantity: 'From 1 to 99' };
    calls[0]?.answer(line({ type: 'invalid', action: 'add-to-cart', errors, values: { quantity: '0' } }));
    await settle();
    expect(fetchers.stateOf('a').result).toEqual({ type: 'invalid', errors, values: { quantity: '0' } });
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('a 5xx answer is a failure, and revalidates nothing', async () => {
    const { calls, revalidate, fetchers, body, settle } = setUp();
    fetchers.submit('a', '/products/knife', body());
    calls[0]?.answer(new Response('{"type":"error","status":500}\n', { status: 500, headers: NDJSON }));
    await settle();
    expect(fetchers.stateOf('a').result).toEqual({ type: 'failed' });
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('a key is idle until it starts, and keeps its last result until the next answer', async () => {
    const { calls, fetchers, body, settle } = setUp();
    expect(fetchers.stateOf('a')).toEqual({ state: 'idle' });
    const posted = body();
    fetchers.submit('a', '/products/knife', posted);
    expect(fetchers.stateOf('a')).toEqual({ state: 'submitting', result: undefined, body: posted });
    calls[0]?.answer(new Response('', { status: 500 }));
    await settle();
    fetchers.load('a', '/products/knife');
    expect(fetchers.stateOf('a')).toEqual({ state: 'loading', result: { type: 'failed' } });
  });

  it('unmounting a key forgets it and drops its late answer; an idle or unknown key aborts nothing', async () => {
    const { calls, revalidate, fetchers, body, settle } = setUp();
    const leaveA = fetchers.subscribe('a', () => {});
    fetchers.submit('a', '/products/knife', body());
    leaveA();
    calls[0]?.answer(line({ type: 'redirect', location: '/', status: 303 }));
    await settle();
    expect(fetchers.fetchers()).toEqual({});
    expect(revalidate).not.toHaveBeenCalled();
    const leaveB = fetchers.subscribe('b', () => {});
    fetchers.submit('b', '/products/board', body());
    calls[1]?.answer(line({ type: 'redirect', location: '/', status: 303 }));
    await settle();
    const everyKey = vi.fn();
    fetchers.subscribeAll(everyKey);
    leaveB();
    fetchers.subscribe('zzz', () => {})();
    expect(calls.map((call) => call.signal.aborted)).toEqual([true, false]);
    expect(fetchers.fetchers()).toEqual({});
    expect(everyKey).toHaveBeenCalledTimes(1);
  });

  it('a post answered "build changed" goes on natively to the page URL and stays submitting while the browser leaves', async () => {
    const { calls, revalidate, postNatively, fetchers, body, settle } = setUp();
    const posted = body();
    const submitted = fetchers.submit('a', '/products/knife', posted);
    calls[0]?.answer(line({ type: 'build-changed', buildId: 'c' }));
    await settle();
    expect(postNatively.mock.calls).toEqual([[new URL('http://shop.test/products/knife'), posted]]);
    expect(fetchers.stateOf('a').state).toBe('submitting');
    expect(await submitted).toBeUndefined();
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('a load answered "build changed", or a post that cannot go natively, is a failure', async () => {
    const { calls, postNatively, fetchers, body, settle } = setUp();
    fetchers.load('a', '/products/knife');
    postNatively.mockReturnValueOnce(false);
    fetchers.submit('b', '/products/board', body());
    for (const call of calls) call.answer(line({ type: 'build-changed', buildId: 'c' }));
    await settle();
    expect(postNatively).toHaveBeenCalledTimes(1);
    expect(fetchers.stateOf('a').result).toEqual({ type: 'failed' });
    expect(fetchers.stateOf('b').result).toEqual({ type: 'failed' });
  });

  it('timeline: the same key posts again, the first request is aborted and only the second answer counts', async () => {
    const { calls, revalidate, fetchers, body, settle } = setUp();
    fetchers.submit('a', '/products/knife', body());
    fetchers.submit('a', '/products/knife', body());
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    calls[1]?.answer(line({ type: 'redirect', location: '/', status: 303 }));
    await settle();
    expect(fetchers.stateOf('a')).toEqual({ state: 'idle', result: { type: 'done' } });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('timeline: two keys post at once, and unmounting one aborts only its own request', async () => {
    const { calls, fetchers, body, settle } = setUp();
    const leaveA = fetchers.subscribe('a', () => {});
    fetchers.subscribe('b', () => {});
    fetchers.submit('a', '/products/knife', body());
    fetchers.submit('b', '/products/board', body());
    leaveA();
    expect(calls.map((call) => call.signal.aborted)).toEqual([true, false]);
    calls[1]?.answer(line({ type: 'redirect', location: '/', status: 303 }));
    await settle();
    expect(fetchers.stateOf('a')).toEqual({ state: 'idle' });
    expect(fetchers.stateOf('b').result).toEqual({ type: 'done' });
  });

  it('a key shared by two components is aborted only when the last one leaves', () => {
    const { calls, fetchers, body } = setUp();
    const leaveFirst = fetchers.subscribe('shared', () => {});
    const leaveSecond = fetchers.subscribe('shared', () => {});
    fetchers.submit('shared', '/products/knife', body());
    leaveFirst();
    expect(calls[0]?.signal.aborted).toBe(false);
    leaveSecond();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(fetchers.stateOf('shared')).toEqual({ state: 'idle' });
  });

  it("load gets a page's data and keeps its deepest segment's, without revalidating", async () => {
    const { calls, revalidate, fetchers, settle } = setUp();
    fetchers.load('a', '/products/knife');
    expect(fetchers.stateOf('a').state).toBe('loading');
    const segments = [
      { id: 'root', data: { cartCount: 1 } },
      { id: 'product', data: { name: 'Knife' } },
    ];
    calls[0]?.answer(
      line({
        type: 'page',
        routeId: 'product',
        params: {},
        kept: 0,
        segments,
        head: { title: '' },
        status: 200,
      }),
    );
    await settle();
    expect(fetchers.stateOf('a').result).toEqual({ type: 'loaded', data: { name: 'Knife' } });
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('lists the fetchers in flight with what each post sent, and tells every-key subscribers', async () => {
    const { calls, fetchers, settle } = setUp();
    const everyKey = vi.fn();
    const inFlight = () => listInFlight(fetchers.fetchers());
    fetchers.subscribeAll(everyKey);
    expect(inFlight()).toEqual([]);
    fetchers.submit('a', '/products/knife', new URLSearchParams({ _action: 'add-to-cart', quantity: '1' }));
    fetchers.load('b', '/products/board');
    expect(inFlight()).toEqual([
      { key: 'a', state: 'submitting', submission: { action: 'add-to-cart', fields: { quantity: '1' } } },
      { key: 'b', state: 'loading', submission: undefined },
    ]);
    // useFetchers() lists them again only when this record changes.
    expect(fetchers.fetchers()).toBe(fetchers.fetchers());
    expect(everyKey).toHaveBeenCalledTimes(2);
    calls[0]?.answer(line({ type: 'redirect', location: '/', status: 303 }));
    await settle();
    expect(inFlight()).toEqual([{ key: 'b', state: 'loading', submission: undefined }]);
    expect(everyKey).toHaveBeenCalledTimes(3);
  });

  it("a multipart post's submission keeps its text fields and leaves its files out", () => {
    const { fetchers } = setUp();
    const body = new FormData();
    body.set('_action', 'review');
    body.set('text', 'Sharp');
    body.set('photo', new Blob(['x']), 'photo.png');
    fetchers.submit('a', '/products/knife', body);
    const [listed] = listInFlight(fetchers.fetchers());
    expect(listed?.submission).toEqual({ action: 'review', fields: { text: 'Sharp' } });
  });

  it('submit resolves with the result when the post ends, and with undefined when it is aborted', async () => {
    const { calls, fetchers, body } = setUp();
    const first = fetchers.submit('a', '/products/knife', body());
    const second = fetchers.submit('a', '/products/knife', body());
    calls[1]?.answer(line({ type: 'redirect', location: '/', status: 303 }));
    expect(await first).toBeUndefined();
    expect(await second).toEqual({ type: 'done' });
    expect(fetchers.stateOf('a').state).toBe('idle');
  });
});
