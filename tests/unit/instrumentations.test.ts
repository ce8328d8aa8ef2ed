// How composed observers hand on a step's outcome (server/monitoring/instrumentations.ts): as the step gave
// it, synchronously when it did and every observer wrapped it, so an observed data step that needs no await
// costs its request none (an unsampled request under Sentry's observer).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ObservedStep, StepEnd, StepObserver } from '../../server/index.ts';
import { composeObservers } from '../../server/monitoring/instrumentations.ts';
import { captureLogger } from '../helpers/capture-logger.ts';

const step: ObservedStep = {
  kind: 'data-step',
  routePattern: '/products',
  routeId: 'products',
  segmentId: 'products',
  locale: 'en',
  request: {} as IncomingMessage,
};

/** The data-step observers composed, with what each was told of the step's end. */
function observing(...observers: StepObserver[]) {
  const logger = captureLogger();
  const observe = composeObservers(
    observers.map((dataStep) => ({ dataStep })),
    logger,
  )['data-step'];
  if (!observe) throw new Error('no data-step observer composed');
  return { observe, logger };
}

/** An observer that wraps the step, as a timing or a span does, and records how it ended. */
function recordingEnds() {
  const ends: StepEnd[] = [];
  const wrapping: StepObserver = async (_step, run) => {
    ends.push(await run());
  };
  return { ends, wrapping };
}

const passingOn: StepObserver = (_step, run) => run();

describe('composed observers', () => {
  it('hand on what a step returns at once, at once, when every observer wraps it', async () => {
    const { ends, wrapping } = recordingEnds();
    const { observe } = observing(passingOn, wrapping);
    const rows = { rows: [1, 2] };
    expect(observe(step, () => rows)).toBe(rows);
    await Promise.resolve();
    await Promise.resolve();
    expect(ends).toEqual([{ outcome: 'ok', status: 200 }]);
  });

  it('throw what a step throws at once, at once, and tell the observers it failed', async () => {
    const { ends, wrapping } = recordingEnds();
    const { observe } = observing(wrapping);
    const failure = new Error('no rows');
    expect(() =>
      observe(step, () => {
        throw failure;
      }),
    ).toThrow(failure);
    await Promise.resolve();
    expect(ends).toEqual([{ outcome: 'error', status: 500, error: failure }]);
  });

  it("hand on an asynchronous step's own promise", async () => {
    const { observe } = observing(recordingEnds().wrapping);
    const returned = Promise.resolve('later');
    expect(observe(step, () => returned)).toBe(returned);
    await expect(returned).resolves.toBe('later');
  });

  it('run the step once an observer that waits before running it lets it, and hand on its value then', async () => {
    let release!: () => void;
    const waiting: StepObserver = async (_step, run) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await run();
    };
    const { observe } = observing(waiting);
    let ran = false;
    const observed = observe(step, () => {
      ran = true;
      return 'value';
    });
    expect(observed).toBeInstanceOf(Promise);
    expect(ran).toBe(false);
    release();
    await expect(observed).resolves.toBe('value');
    expect(ran).toBe(true);
  });

  it('log an observer that throws before running the step, and still run it', async () => {
    const { observe, logger } = observing(() => {
      throw new Error('observer bug');
    });
    await expect(observe(step, () => 'value')).resolves.toBe('value');
    expect(logger.errors().map(({ message }) => message)).toEqual(['an instrumentation observer threw']);
  });
});
