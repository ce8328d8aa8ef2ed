import pg from 'pg';
import {
  type Database,
  DatabaseUnavailableError,
  QueryAbortedError,
  type Queryable,
  type QueryOptions,
  throwIfAborted,
} from './database.ts';

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

/**
 * A Postgres server through a pool of `pg` connections. Each statement has a server-side timeout; a
 * request's signal cancels its statement under way (pg_cancel_backend through the pool's other side).
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

  async function onClient(
    client: pg.PoolClient,
    sql: string,
    params: readonly unknown[],
    options: QueryOptions,
  ) {
    throwIfAborted(options.signal);
    const pid = (client as unknown as { processID?: number }).processID;
    const cancel = () => void pool.query('select pg_cancel_backend($1)', [pid]).catch(() => {});
    options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      return (await client.query(sql, [...params])).rows;
    } catch (error) {
      if ((error as { code?: string }).code === '57014' && options.signal?.aborted)
        throw new QueryAbortedError('The request ended while its query ran', { cause: error });
      throw unavailable(error);
    } finally {
      options.signal?.removeEventListener('abort', cancel);
    }
  }

  async function withClient<Result>(use: (client: pg.PoolClient) => Promise<Result>): Promise<Result> {
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

  const query: Queryable['query'] = (sql, params = [], options = {}) =>
    withClient((client) => onClient(client, sql, params, options)) as never;

  const execute = (client: pg.PoolClient) => async (script: string) => {
    await client.query(script).catch((error) => {
      throw unavailable(error);
    });
  };

  return {
    engine: 'postgres',
    query,
    execute: (script) => withClient((client) => execute(client)(script)),
    transaction: (work, options = {}) =>
      withClient(async (client) => {
        const run: Queryable['query'] = (sql, params = [], queryOptions = options) =>
          onClient(client, sql, params, queryOptions) as never;
        await run('begin');
        try {
          const result = await work({ query: run, execute: execute(client) });
          await run('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
      }),
    async ping() {
      await query('select 1');
    },
    close: () => pool.end(),
  };
}
