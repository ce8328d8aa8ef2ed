import type { Logger } from '../definition/logger.ts';
import { type Database, DatabaseUnavailableError, type Queryable } from './database.ts';

/**
 * A database that knows whether it answers right now, for /readyz: an app's `services.isReady` returns
 * `db.isAvailable()`. Closing it stops the watching too.
 */
export interface WatchedDatabase extends Database {
  isAvailable(): boolean;
}

/** How often the database is pinged, to notice it going away (and coming back) without any traffic. */
const PING_INTERVAL_MS = 2_000;

/**
 * Watches `db`: a ping every two seconds, and every query that finds it unreachable, turn it unavailable
 * (logged once per outage); the next ping that answers turns it available again (logged too). The pool
 * itself reconnects: nothing here restarts anything. `openConfiguredDatabase()` already returns a watched
 * database; call this for one opened otherwise.
 */
export function watchDatabase(
  db: Database,
  logger: Logger,
  { intervalMs = PING_INTERVAL_MS } = {},
): WatchedDatabase {
  let available = true;
  const markDown = (error: unknown) => {
    if (!(error instanceof DatabaseUnavailableError)) return;
    if (available) logger.warn({ detail: error.message }, 'the database is unreachable');
    available = false;
  };
  const markUp = () => {
    if (!available) logger.info({}, 'the database answers again');
    available = true;
  };
  let pinging = false;
  const timer = setInterval(() => {
    if (pinging) return;
    pinging = true;
    db.ping()
      .then(markUp, markDown)
      .finally(() => {
        pinging = false;
      });
  }, intervalMs);
  timer.unref();

  const watched = <Result>(work: Promise<Result>): Promise<Result> =>
    work.catch((error: unknown) => {
      markDown(error);
      throw error;
    });
  const watchedQueryable = (target: Queryable): Queryable => ({
    query: (sql, params, options) => watched(target.query(sql, params, options)),
    execute: (script) => watched(target.execute(script)),
  });
  return {
    engine: db.engine,
    ...watchedQueryable(db),
    transaction: (work, options) => watched(db.transaction(work, options)),
    listen: (channel, listener) => watched(db.listen(channel, listener)),
    ping: () => watched(db.ping()).then(markUp),
    isAvailable: () => available,
    close() {
      clearInterval(timer);
      return db.close();
    },
  };
}
