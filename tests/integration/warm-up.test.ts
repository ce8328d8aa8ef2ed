import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { type InProcessClient, startInProcessClient } from '../../server/process/in-process-client.ts';
import { warmUp } from '../../server/process/warm-up.ts';

import {
  type Line,
  recordingLogger,
  tinyPages,
  tinyServer,
  warmUpTinyPages,
} from '../helpers/tiny-warm-up.ts';

/** The notes page's data after `ms`, or its request's abort reason first. */
function notesAfter(ms: number, signal: AbortSignal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve({ count: 2 }), ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

describe('warm-up: the process renders its pages itself before it is ready', () => {
  let client: InProcessClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('lists every page route without params in every locale, with its data URL', async () => {
    const pages = await tinyPages();
    expect(pages.map((page) => [page.url, page.dataUrl])).toEqual([
      ['/notes/first', '/_data/development/notes/first'],
      ['/notes/second', '/_data/development/notes/second'],
    ]);
  });

  it('sends requests that are no visit: no request log line, no monitoring transaction', async () => {
    const lines: Line[] = [];
    const traced: string[] = [];
    const server = tinyServer(lines, traced);
    client = await startInProcessClient(server);
    const answer = await client.get('/notes/second');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Second note, from its data step');
    expect(lines.filter((line) => line.message === 'request')).toEqual([]);
    expect(traced).toEqual([]);
    // A visitor's request is both, so the two lists above can tell.
    await request(server).get('/notes/second').expect(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lines.filter((line) => line.message === 'request')).toHaveLength(1);
    expect(traced).toEqual(['/notes/second']);
  });

  it("refuses a request on its port that lacks the process's token (403)", async () => {
    client = await startInProcessClient(tinyServer([], []));
    const answer = await fetch(`${client.origin}/notes/first`);
    expect(answer.status).toBe(403);
  });

  it('renders every page and data answer, round after round, until its budget is spent', async () => {
    const lines: Line[] = [];
    client = await startInProcessClient(tinyServer(lines, []));
    const pages = await tinyPages();
    const report = await warmUp({
      client,
      pages,
      budgetMs: 300,
      enoughRequests: 1_000_000,
      requestTimeoutMs: 5_000,
      logger: recordingLogger(lines),
    });
    expect(report.failed).toBe(0);
    expect(report.requests).toBeGreaterThanOrEqual(4);
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
  });

  it('keeps several requests in flight: a page waiting on its data does not hold the others', async () => {
    let inFlight = 0;
    let peak = 0;
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // Each page waits until another renders beside it: sent one at a time, every one would time out.
    const waitingForCompany = async ({ signal }: { signal: AbortSignal }) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      if (inFlight >= 2) openGate();
      const aborted = new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      try {
        await Promise.race([gate, aborted]);
      } finally {
        inFlight -= 1;
      }
      return { count: 2 };
    };
    client = await startInProcessClient(tinyServer([], [], { notes: waitingForCompany }));
    const report = await warmUp({
      client,
      pages: await tinyPages(),
      budgetMs: 0,
      enoughRequests: 1_000_000,
      requestTimeoutMs: 2_000,
      logger: recordingLogger([]),
    });
    expect(report).toMatchObject({ rounds: 1, requests: 4, failed: 0 });
    expect(peak).toBeGreaterThanOrEqual(2);
  });

  it("goes on past the first round without waiting for a round's slowest page", async () => {
    // Half the pages take 3 s: rounds that each waited for their slowest would fit only the first two
    // (8 requests) in the budget; without that wait, the fast pages go on round after round meanwhile, a
    // few ms each, so a loaded machine still fits many.
    const slow = ({ signal }: { signal: AbortSignal }) => notesAfter(3_000, signal);
    client = await startInProcessClient(tinyServer([], [], { notes: slow }));
    const report = await warmUpTinyPages(client, { budgetMs: 4_500 });
    expect(report.failed).toBe(0);
    expect(report.requests).toBeGreaterThan(8);
  });

  it('cuts off the requests still rendering when its budget is spent, and counts none as failed', async () => {
    // Fast for the first round (a few ms), then twenty seconds a page: waiting for those would take the
    // warm-up far past its budget, and past the bound below however slow a loaded machine is.
    let slowFrom = Number.POSITIVE_INFINITY;
    const slowerLater = ({ signal }: { signal: AbortSignal }) =>
      performance.now() < slowFrom ? { count: 2 } : notesAfter(20_000, signal);
    const lines: Line[] = [];
    client = await startInProcessClient(tinyServer(lines, [], { notes: slowerLater }));
    slowFrom = performance.now() + 150;
    const report = await warmUpTinyPages(client, { budgetMs: 400, logger: recordingLogger(lines) });
    expect(report.ms).toBeLessThan(10_000);
    expect(report.failed).toBe(0);
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
  });

  it('ends once it has made enough requests (WARM_UP_REQUESTS), long before a budget of ten minutes', async () => {
    client = await startInProcessClient(tinyServer([], []));
    const report = await warmUpTinyPages(client, { enoughRequests: 40 });
    expect(report.failed).toBe(0);
    // The ones in flight when the 40th was sent are cut off; none is sent after it.
    expect(report.requests).toBe(40);
  });

  it('ends after a round where every page failed, and logs the first failure once (never unready for long)', async () => {
    const lines: Line[] = [];
    const failing = () => {
      throw new Error('no data');
    };
    client = await startInProcessClient(tinyServer(lines, [], { notes: failing }));
    const pages = await tinyPages();
    // A budget of ten minutes: only the failed round can end it within the test's time.
    const report = await warmUp({
      client,
      pages,
      budgetMs: 600_000,
      enoughRequests: 1_000_000,
      requestTimeoutMs: 5_000,
      logger: recordingLogger(lines),
    });
    expect(report).toMatchObject({ rounds: 1, requests: 4, failed: 4 });
    expect(lines.filter((line) => line.message === 'warm-up: a page failed')).toHaveLength(1);
  });

  it('gives up a page that hangs after its request timeout', async () => {
    const hanging = () => new Promise(() => {});
    client = await startInProcessClient(tinyServer([], [], { notes: hanging }));
    const pages = await tinyPages();
    const report = await warmUp({
      client,
      pages: pages.slice(0, 1),
      budgetMs: 600_000,
      enoughRequests: 1_000_000,
      requestTimeoutMs: 200,
      logger: recordingLogger([]),
    });
    expect(report).toMatchObject({ rounds: 1, failed: 2 });
  });
});
