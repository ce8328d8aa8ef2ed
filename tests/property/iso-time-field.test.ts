import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoTimeField } from '../../server/monitoring/iso-time-field.ts';
import { fc } from './property-runs.ts';

/** What pino's own `stdTimeFunctions.isoTime` writes for the instant `now`. */
const pinoIsoTime = (now: number) => `,"time":"${new Date(now).toISOString()}"`;

/** From 1970 to the year 9999, the dates toISOString writes with four-digit years. */
const instant = fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) });

describe('isoTimeField (property)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes what pino’s isoTime writes, one instant after another, whichever second each is in', () => {
    const clock = vi.spyOn(Date, 'now');
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            instant,
            instant.map((at) => at - (at % 1000)),
          ),
          { minLength: 1 },
        ),
        (instants) => {
          for (const now of instants) {
            clock.mockReturnValue(now);
            expect(isoTimeField()).toBe(pinoIsoTime(now));
          }
        },
      ),
    );
  });

  it('writes each millisecond of one second with its own digits', () => {
    const clock = vi.spyOn(Date, 'now');
    const second = Date.UTC(2026, 11, 7, 9, 51, 11);
    for (let millisecond = 0; millisecond < 1000; millisecond++) {
      clock.mockReturnValue(second + millisecond);
      expect(isoTimeField()).toBe(pinoIsoTime(second + millisecond));
    }
  });
});
