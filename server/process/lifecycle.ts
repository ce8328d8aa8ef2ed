import type http from 'node:http';
import type { Logger } from '../definition/logger.ts';
import { errorDetails } from '../monitoring/logger.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import type { AfterWork } from '../request/after-response.ts';

/** While draining, idle keep-alive connections are closed this often. */
const IDLE_SWEEP_INTERVAL_MS = 100;

/** How long shutdown waits for Sentry to send what is pending. */
export const SENTRY_FLUSH_TIMEOUT_MS = 2_000;

export interface LifecycleOptions {
  server: http.Server;
  logger: Logger;
  monitoring: Monitoring;
  /** In-flight requests get this long to finish on shutdown; then they are cut. */
  shutdownTimeoutMs: number;
  /** process.exit, injectable for tests. */
  exit: (code: number) => void;
  /** Closes the app's services (a database pool) once the in-flight requests have finished. */
  stopServices?: () => Promise<void>;
  /** The app's `after()` tasks: waited for once the requests have finished, within the same deadline. */
  afterWork?: AfterWork;
}

/**
 * Readiness and graceful shutdown of one server process. `drain()`: /readyz turns 503 at once, the listener
 * stops accepting, idle keep-alive connections close, in-flight requests and streams finish (up to
 * `shutdownTimeoutMs`, then they are cut), their `after()` tasks finish (within the same deadline, then they
 * are abandoned with a log line), the app's services stop, monitoring is flushed, and the process exits.
 *
 * long function: the drain's steps share its deadline and state, and read in the order they happen.
 */
export function createLifecycle(options: LifecycleOptions) {
  const { server, logger, monitoring, shutdownTimeoutMs, exit } = options;
  let state: 'starting' | 'ready' | 'draining' = 'starting';

  function drain(reason: string, exitCode: number): void {
    if (state === 'draining') return;
    state = 'draining';
    logger.info({ reason, shutdownTimeoutMs }, 'draining');
    const deadlineAt = Date.now() + shutdownTimeoutMs;
    const deadline = setTimeout(() => {
      logger.warn({ shutdownTimeoutMs }, 'shutdown deadline passed: closing the remaining connections');
      server.closeAllConnections();
    }, shutdownTimeoutMs);
    deadline.unref();
    // Keep-alive connections become idle as their last response ends: close them as they do.
    const closeIdle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_INTERVAL_MS);
    closeIdle.unref();
    server.close(() => {
      clearTimeout(deadline);
      clearInterval(closeIdle);
      // after() work may use the services: it goes first.
      void finishAfterWork(Math.max(0, deadlineAt - Date.now()))
        .then(() => {
          // Bounded: services still starting (a database not reachable yet) never finish stopping.
          const giveUp = new Promise<void>((resolve) => setTimeout(resolve, shutdownTimeoutMs).unref());
          return Promise.race([Promise.resolve(options.stopServices?.()), giveUp]);
        })
        .catch((error) => logger.error({ err: errorDetails(error) }, 'stopping the services failed'))
        .then(() => monitoring.flush(SENTRY_FLUSH_TIMEOUT_MS))
        .finally(() => {
          logger.info({ exitCode }, 'stopped');
          exit(exitCode);
        });
    });
    server.closeIdleConnections();
  }

  /** Waits for pending after() tasks until the drain's deadline; what is left then is abandoned, and said so. */
  async function finishAfterWork(remainingMs: number): Promise<void> {
    const work = options.afterWork;
    if (!work || work.pending === 0) return;
    logger.info({ pending: work.pending, remainingMs }, 'waiting for after() work');
    const abandoned = await work.settled(remainingMs);
    if (abandoned > 0) {
      logger.warn({ abandoned, shutdownTimeoutMs }, 'shutdown deadline passed: abandoning after() work');
    } else logger.info({}, 'after() work finished');
  }

  return {
    isReady: () => state === 'ready',
    isDraining: () => state === 'draining',
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    drain,
    /** Signals drain; a rejection is reported and survived; an uncaught exception drains and exits 1. */
    installProcessHandlers(processRef: NodeJS.Process = process) {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) processRef.on(signal, () => drain(signal, 0));
      processRef.on('unhandledRejection', (reason) => {
        logger.error(errorDetails(reason), 'unhandled promise rejection');
        monitoring.captureException(reason, {});
      });
      processRef.on('uncaughtException', (error) => {
        logger.error(errorDetails(error), 'uncaught exception: draining and exiting');
        monitoring.captureException(error, {});
        drain('uncaughtException', 1);
      });
    },
  };
}
