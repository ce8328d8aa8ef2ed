import { type DestinationStream, pino, stdSerializers, stdTimeFunctions } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogLevel } from '../definition/config.ts';
import type { Logger } from '../definition/logger.ts';

export interface LoggerOptions {
  /** Entries below this level are dropped; 'silent' drops everything. */
  level: LogLevel;
  /** One readable, coloured line per entry (for a terminal) instead of one JSON object per line. */
  pretty: boolean;
  /** Where entries go; default stdout. Tests pass an in-memory stream. */
  destination?: DestinationStream;
}

/**
 * Lines on stdout leave in batches: a write once this many bytes are queued (about 12 request lines), or at
 * the next periodic flush: a write per line (or per few) costs the server measurably more CPU per request
 * (bench/side-by-side.mjs).
 */
const LOG_BATCH_BYTES = 3584;
/**
 * No write is larger than a pipe takes at once (Linux's PIPE_BUF): the workers of WEB_CONCURRENCY share one
 * stdout, and a larger write to a pipe may interleave with another worker's, cutting lines in two.
 */
const LOG_MAX_WRITE_BYTES = 4096;
/** How long a line may wait for its batch: the most a quiet server's log lags behind. */
const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * A pino logger: one JSON object per line on stdout, `{"level":"info","time":"<ISO 8601>","pid":…,
 * "hostname":…,"msg":…,…details}`. Lines are written asynchronously and in batches (pino's sonic-boom with
 * `minLength` and `periodicFlush`), so the request log never blocks the event loop on a write and costs a
 * write per batch, not per request; a line reaches stdout within `LOG_FLUSH_INTERVAL_MS`. pino flushes what is
 * queued synchronously when the process exits (`process.exit` and fatal errors included), so nothing is lost
 * on shutdown; a SIGKILL loses the last interval's lines.
 */
export function createLogger({ level, pretty, destination }: LoggerOptions): Logger {
  const stream =
    destination ??
    (pretty
      ? // A stream in this thread, not a worker transport: the bundled server has no worker file to start.
        pinoPretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
      : pino.destination({
          fd: 1,
          sync: false,
          minLength: LOG_BATCH_BYTES,
          maxWrite: LOG_MAX_WRITE_BYTES,
          periodicFlush: LOG_FLUSH_INTERVAL_MS,
        }));
  return pino(
    {
      level,
      timestamp: stdTimeFunctions.isoTime,
      // Level names, not numbers, as the server logged before pino.
      formatters: { level: (label) => ({ level: label }) },
      // errorDetails() already made `err` plain; a raw Error under `err` still gets pino's serializer.
      serializers: { err: (value: unknown) => (value instanceof Error ? stdSerializers.err(value) : value) },
    },
    stream,
  );
}

/** The default when no logger is passed: JSON lines at 'info'. */
export function createConsoleLogger(): Logger {
  return createLogger({ level: 'info', pretty: false });
}

/** Serialises an error for a log line: name, message and stack, never the request. */
export function errorDetails(error: unknown): object {
  if (error instanceof Error)
    return { err: { name: error.name, message: error.message, stack: error.stack } };
  return { err: { message: String(error) } };
}
