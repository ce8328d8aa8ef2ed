import { describe, expect, it } from 'vitest';
import { RequestAbort, untilAborted } from '../../server/request/request-abort.ts';

describe('untilAborted', () => {
  it('settles like the work while the signal stays quiet', async () => {
    const controller = new AbortController();
    await expect(untilAborted(Promise.resolve('done'), controller.signal)).resolves.toBe('done');
    await expect(untilAborted('plain value', controller.signal)).resolves.toBe('plain value');
    await expect(untilAborted(Promise.reject(new Error('work failed')), controller.signal)).rejects.toThrow(
      'work failed',
    );
  });

  it('rejects with the abort reason as soon as the signal aborts, without waiting for the work', async () => {
    const controller = new AbortController();
    const waiting = untilAborted(new Promise<never>(() => {}), controller.signal);
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
  });

  it('rejects at once on a signal that already aborted, and the abandoned work may still fail quietly', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const controller = new AbortController();
      controller.abort(new Error('deadline'));
      let failWork!: (error: Error) => void;
      const work = new Promise<never>((_resolve, reject) => {
        failWork = reject;
      });
      await expect(untilAborted(work, controller.signal)).rejects.toThrow('deadline');
      failWork(new Error('abandoned work failed'));
      // Node reports unhandled rejections after the microtask queue drains; a macrotask later is enough.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('RequestAbort', () => {
  it('aborts once: its listeners hear the first reason, once, and later aborts change nothing', () => {
    const abort = new RequestAbort();
    const heard: unknown[] = [];
    abort.onAbort((reason) => heard.push(reason));
    const { signal } = abort;
    expect(abort.aborted).toBe(false);
    const first = new Error('client went away');
    abort.abort(first);
    abort.abort(new Error('deadline'));
    expect(heard).toEqual([first]);
    expect([abort.aborted, abort.reason, signal.aborted, signal.reason]).toEqual([true, first, true, first]);
  });

  it('gives a signal read after the abort already aborted, with its reason, and tells a late listener at once', () => {
    const abort = new RequestAbort();
    const reason = new Error('deadline');
    abort.abort(reason);
    expect([abort.signal.aborted, abort.signal.reason]).toEqual([true, reason]);
    const heard: unknown[] = [];
    abort.onAbort((late) => heard.push(late));
    expect(heard).toEqual([reason]);
  });

  it('hands out one signal, the same on every read', () => {
    const abort = new RequestAbort();
    expect(abort.signal).toBe(abort.signal);
  });
});
