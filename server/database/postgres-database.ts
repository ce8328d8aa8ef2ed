import pg from 'pg';
import {
  type Database,
  DatabaseUnavailableError,
  QueryAbortedError,
  type Queryable,
  type QueryOptions,
  throwIfAborted,
} from './database.ts';
import { PostgresListener } from './postgres-listener.ts';
import { asRefusedInput, refuseUnstorableParams } from './refused-input.ts';

/** How long a statement may run on the server before Postgres cancels it. */
const STATEMENT_TIMEOUT_MS = 5_000;
/** How long a request waits for a pooled connection. */
const CONNECT_TIMEOUT_MS = 2_000;

/** Connection errors (not SQL errors): the server is down, restarting or refusing us. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
]);

function unavailable(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  const timedOut = error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);
  if ((code && UNAVAILABLE_CODES.has(code)) || timedOut) {
    return new DatabaseUnavailableError(`The database is unavailable: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return error;
}

/** Runs one statement on a checked-out connection; the request's signal cancels it on the server. */
async function runOn(
  pool: pg.Pool,
  client: pg.PoolClient,
  sql: string,
  params: readonly unknown[],
  options: QueryOptions,
) {
  throwIfAborted(options.signal);
  refuseUnstorableParams(params);
  const pid = (client as unknown as { processID?: number }).processID;
  const cancel = () => void pool.query('select pg_cancel_backend($1)', [pid]).catch(() => {});
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    return (await client.query(sql, [...params])).rows;
  } catch (error) {
    if ((error as { code?: string }).code === '57014' && options.signal?.aborted)
      throw new QueryAbortedError('The request ended while its query ran', { cause: error });
    throw asRefusedInput(unavailable(error));
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** Checks a connection out for `use` and back in; a connection that broke meanwhile is destroyed. */
async function withClient<Result>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<Result>) {
  const client = await pool.connect().catch((error) => {
    throw unavailable(error);
  });
  // A connection that breaks while checked out (server stopped) fails its query; the error event must not
  // go unheard (it would crash the process), and the broken connection must not go back to the pool.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    return await use(client);
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** The connection as a Queryable: statements with the given default options, and scripts. */
function queryableOn(pool: pg.Pool, client: pg.PoolClient, defaults: QueryOptions = {}): Queryable {
  return {
    query: ((sql, params = [], options = defaults) =>
      runOn(pool, client, sql, params, options)) as Queryable['query'],
    async execute(script) {
      await client.query(script).catch((error) => {
        throw unavailable(error);
      });
    },
  };
}

/**
 * A Postgres server through a pool of `pg` connections. Each statement has a server-side timeout; a
 * request's signal cancels its statement under way (pg_cancel_backend through another pooled connection).
 * `listen()` has a connection of its own (postgres-listener.ts).
 */
export function openPostgresDatabase(url: string, { max = 10 } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
  });
  // An idle connection that breaks (server restart) is dropped by the pool; it must not crash the process.
  pool.on('error', () => {});
  const listener = new PostgresListener(url);
  const query: Queryable['query'] = (sql, params, options) =>
    withClient(pool, (client) => queryableOn(pool, client).query(sql, params, options)) as never;
  return {
    engine: 'postgres',
    query,
    execute: (script) => withClient(pool, (client) => queryableOn(pool, client).execute(script)),
    transaction: (work, options = {}) =>
      withClient(pool, async (client) => {
        const transaction = queryableOn(pool, client, options);
        await transaction.query('begin');
        try {
          const result = await work(transaction);
          await transaction.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
      }),
    listen: (channel, onChannel) => listener.listen(channel, onChannel),
    async ping() {
      await query('select 1');
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
