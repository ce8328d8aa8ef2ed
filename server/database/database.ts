import { HttpError } from '../../shared/routing/control-signals.ts';

/**
 * What a query may be given: its request's signal (`context.signal`), so a gone client or a deadline stops
 * it.
 */
export interface QueryOptions {
  signal?: AbortSignal;
}

/**
 * Runs SQL with `$1`-style parameters and resolves with the rows: a database, or a transaction inside
 * `Database.transaction()`. Text with NUL or a lone surrogate is refused with RefusedInputError.
 *
 * @example
 * const rows = await db.query<{ id: string; text: string }>(
 *   'SELECT id, text FROM notes WHERE id = $1',
 *   [id],
 *   { signal: context.signal },
 * );
 */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
  /** Runs a script of several statements, without parameters (a migration). */
  execute(script: string): Promise<void>;
}

/**
 * The app's database, whichever engine runs it: embedded Postgres (PGlite, in DATA_DIR) or a Postgres
 * server (DATABASE_URL). The same SQL and migrations run on both. `openConfiguredDatabase()` opens it; an
 * app hands it to its handlers as one of its services.
 */
export interface Database extends Queryable {
  readonly engine: 'embedded' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<Result>(
    work: (transaction: Queryable) => Promise<Result>,
    options?: QueryOptions,
  ): Promise<Result>;
  /**
   * Calls `listener.onNotify` with the payload of every `NOTIFY` (or `pg_notify()`) on `channel`, from any
   * connection, once its transaction commits; resolves once listening, with the function that stops. A
   * channel is a lowercase SQL identifier. The embedded engine delivers a notification before the statement
   * that sent it resolves. A Postgres server's notifications come over a connection of their own: while it
   * is broken (`onLost`) they are missed, until it is back and listening again (`onListening`).
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** Resolves when the database answers; rejects with DatabaseUnavailableError when it does not. */
  ping(): Promise<void>;
  /** Waits for the queries under way, then closes. */
  close(): Promise<void>;
}

/** What `Database.listen()` calls: each notification, and whether notifications can be missed right now. */
export interface ChannelListener {
  onNotify(payload: string): void;
  /** Listening stopped (a Postgres server's connection broke): notifications are missed until `onListening`. */
  onLost?(): void;
  /** Listening again after `onLost`: what the missed notifications would have said must be read anew. */
  onListening?(): void;
}

/** Channels are plain lowercase identifiers, so that both engines name them alike, unquoted or quoted. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Throws a TypeError for a channel name `listen()` refuses. */
export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel))
    throw new TypeError(
      `Cannot listen on channel ${JSON.stringify(channel)}: a channel is a lowercase letter or _, then up to 62 lowercase letters, digits or _`,
    );
}

/**
 * The database cannot be reached (down, restarting, refusing connections). An HttpError 503: a page whose
 * data step throws it answers the 503 page, and an action the 503 error; `message` keeps the driver's detail
 * for the logs, the visitor sees only the public message.
 */
export class DatabaseUnavailableError extends HttpError {
  override readonly name = 'DatabaseUnavailableError';
  constructor(detail: string, options?: ErrorOptions) {
    super(503, 'The service cannot reach its database right now. Please try again in a moment.');
    this.message = detail;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** A query stopped by its request's signal (client gone, or past its deadline). */
export class QueryAbortedError extends Error {
  override readonly name = 'QueryAbortedError';
}

/** Throws QueryAbortedError when `signal` has fired, before a query starts. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new QueryAbortedError('The request ended before this query started');
}
