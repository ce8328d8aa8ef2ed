import { type DestinationStream, pino, stdSerializers } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogLevel } from '../definition/config.ts';
import type { Logger } from '../definition/logger.ts';
import { isoTimeField } from './iso-time-field.ts';

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
 * Where the JSON lines go: `fd` in batches (`LOG_BATCH_BYTES`, `LOG_FLUSH_INTERVAL_MS`), each batch written at
 * once, in the logging call that fills it. Not through libuv's thread pool: that completes one write per turn
 * of the event loop, and a saturated server turns it a few dozen times a second while logging hundreds of
 * lines, so its log fell seconds behind and its queue grew without bound for as long as the load lasted. A
 * reader of stdout that stops reading makes the server wait for it (pino's default), rather than hold an
 * ever-growing queue.
 */
export function batchedLogDestination(fd: number): DestinationStream {
  const destination = pino.destination({
    fd,
    sync: true,
    minLength: LOG_BATCH_BYTES,
    maxWrite: LOG_MAX_WRITE_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
  });
  // pino flushes at exit only the destinations it writes asynchronously: this one's last batch is ours to.
  openDestinations.add(destination);
  destination.on('close', () => openDestinations.delete(destination));
  if (!process.listeners('exit').includes(flushAtExit)) process.on('exit', flushAtExit);
  return destination;
}

const openDestinations = new Set<ReturnType<typeof pino.destination>>();

function flushAtExit(): void {
  for (const destination of openDestinations) {
    try {
      destination.flushSync();
    } catch {
      // Destroyed, or its reader is gone: nothing more can reach it.
    }
  }
}

/**
 * A pino logger: one JSON object per line on stdout, `{"level":"info","time":"<ISO 8601>","pid":…,
 * "hostname":…,"msg":…,…details}`, in batches (`batchedLogDestination`): a write per batch, not per request,
 * and a line reaches stdout within `LOG_FLUSH_INTERVAL_MS`. pino flushes what is queued when the process
 * exits (`process.exit` and fatal errors included), so nothing is lost on shutdown; a SIGKILL loses the last
 * interval's lines.
 */
export function createLogger({ level, pretty, destination }: LoggerOptions): Logger {
  const stream =
    destination ??
    (pretty
      ? // A stream in this thread, not a worker transport: the bundled server has no worker file to start.
        pinoPretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
      : batchedLogDestination(1));
  return pino(
    {
      level,
      timestamp: isoTimeField,
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
