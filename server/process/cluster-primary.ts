import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../definition/logger.ts';

/** A worker that dies this soon after starting counts as a crash loop: its replacement waits longer. */
const CRASH_LOOP_WINDOW_MS = 10_000;
const RESTART_BACKOFF_INITIAL_MS = 250;
const RESTART_BACKOFF_MAX_MS = 30_000;
/** After SIGTERM, workers get their own shutdown time plus this margin before they are killed. */
const WORKER_KILL_MARGIN_MS = 5_000;

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  shutdownTimeoutMs: number;
  exit: (code: number) => void;
}

/**
 * The primary process of WEB_CONCURRENCY > 1: forks the workers (each runs the whole server), replaces a
 * crashed one (with a growing back-off when they keep crashing right after start), and on SIGTERM/SIGINT
 * lets every worker drain, then exits 0.
 */
export function runPrimary({ workers, logger, shutdownTimeoutMs, exit }: PrimaryOptions): void {
  let stopping = false;
  let backoffMs = RESTART_BACKOFF_INITIAL_MS;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        logger.info({}, 'all workers stopped');
        exit(0);
      }
      return;
    }
    backoffMs =
      lived < CRASH_LOOP_WINDOW_MS
        ? Math.min(backoffMs * 2, RESTART_BACKOFF_MAX_MS)
        : RESTART_BACKOFF_INITIAL_MS;
    logger.error(
      { pid: worker.process.pid, code, signal, restartInMs: backoffMs },
      'worker exited: replacing it',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, backoffMs);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, workers: startedAt.size }, 'stopping workers');
      if (startedAt.size === 0) exit(0);
      for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
      setTimeout(() => {
        for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      }, shutdownTimeoutMs + WORKER_KILL_MARGIN_MS).unref();
    });
  }

  logger.info({ workers }, 'starting workers');
  for (let index = 0; index < workers; index += 1) fork();
}
