import { describe, expect, it } from 'vitest';
import { errorDetails } from '../../server/monitoring/logger.ts';
import { memoryLogger } from '../helpers/memory-logger.ts';

describe('createLogger', () => {
  it("writes nothing at 'silent'", () => {
    const { logger, text } = memoryLogger('silent');
    logger.error({ a: 1 }, 'error');
    logger.warn({ a: 1 }, 'warn');
    logger.info({ a: 1 }, 'info');
    expect(text()).toBe('');
  });

  it("drops info at 'warn' and keeps warn and error", () => {
    const { logger, entries } = memoryLogger('warn');
    logger.info({ a: 1 }, 'dropped');
    logger.warn({ a: 2 }, 'kept warn');
    logger.error({ a: 3 }, 'kept error');
    expect(entries().map(({ level, msg, a }) => ({ level, msg, a }))).toEqual([
      { level: 'warn', msg: 'kept warn', a: 2 },
      { level: 'error', msg: 'kept error', a: 3 },
    ]);
  });

  it('writes level names and ISO times, and errorDetails as given', () => {
    const { logger, entries } = memoryLogger('info');
    logger.error(errorDetails(new TypeError('boom')), 'unexpected error');
    const [entry] = entries();
    expect(entry).toMatchObject({
      level: 'error',
      msg: 'unexpected error',
      err: { name: 'TypeError', message: 'boom' },
    });
    expect(new Date(entry?.time as string).toISOString()).toBe(entry?.time);
  });
});
