import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchedLogDestination, createLogger, errorDetails } from '../../server/monitoring/logger.ts';
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

describe('the log on stdout (batchedLogDestination)', () => {
  it('writes each full batch in the call that fills it, so a busy event loop cannot leave the log behind', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'log-batches-'));
    const file = path.join(folder, 'stdout');
    // The destination owns the descriptor: its destroy() closes it.
    const destination = batchedLogDestination(openSync(file, 'w'));
    try {
      const logger = createLogger({ level: 'info', pretty: false, destination });
      const lines = 100;
      // ~300 bytes each, as a request line: about 8 batches, logged without the event loop turning once.
      for (let index = 0; index < lines; index += 1)
        logger.info({ index, path: `/products/${'x'.repeat(200)}` }, 'request');
      const written = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      // Only the last, partial batch may still wait; each line is whole.
      expect(written.length).toBeGreaterThan(lines - 15);
      expect(written.map((line) => (JSON.parse(line) as { index: number }).index)).toEqual(
        Array.from({ length: written.length }, (_, index) => index),
      );
      (destination as unknown as { flushSync(): void }).flushSync();
      expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(lines);
    } finally {
      (destination as unknown as { destroy(): void }).destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
