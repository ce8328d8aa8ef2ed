import pg from 'pg';
import { assertChannelName, type ChannelListener, DatabaseUnavailableError } from './database.ts';

/** How long connecting the listening connection may take. */
const CONNECT_TIMEOUT_MS = 2_000;
/** The longest wait between two tries to connect it again. */
const MAX_RECONNECT_DELAY_MS = 5_000;

function unavailable(error: unknown): DatabaseUnavailableError {
  if (error instanceof DatabaseUnavailableError) return error;
  return new DatabaseUnavailableError(`Listening on the database failed: ${(error as Error).message}`, {
    cause: error,
  });
}

/**
 * `Database.listen()` for a Postgres server: one connection of its own outside the pool (a pooled one goes
 * back to the pool, and LISTEN belongs to a session), shared by every channel, opened by the first
 * `listen()`. When it breaks, every listener hears `onLost`; it is connected again (250 ms, then doubling up
 * to 5 s), listens on every channel again, and every listener hears `onListening`.
 */
export class PostgresListener {
  readonly #url: string;
  readonly #channels = new Map<string, Set<ChannelListener>>();
  #connection: Promise<pg.Client> | undefined;
  #current: pg.Client | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(url: string) {
    this.#url = url;
  }

  async listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
    assertChannelName(channel);
    if (this.#closed) throw new Error('The database is closed');
    const isNewChannel = !this.#channels.has(channel);
    const listeners = this.#channels.get(channel) ?? new Set();
    this.#channels.set(channel, listeners.add(listener));
    try {
      const client = await this.#connected();
      if (isNewChannel) await client.query(`listen ${channel}`);
    } catch (error) {
      await this.#stopListening(channel, listener);
      throw unavailable(error);
    }
    return () => this.#stopListening(channel, listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    const client = this.#current ?? (await this.#connection?.catch(() => undefined));
    await client?.end().catch(() => {});
  }

  #everyListener(): ChannelListener[] {
    return [...this.#channels.values()].flatMap((listeners) => [...listeners]);
  }

  #connected(): Promise<pg.Client> {
    this.#connection ??= this.#open().catch((error: unknown) => {
      this.#connection = undefined;
      throw error;
    });
    return this.#connection;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.#url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', ({ channel, payload }) => {
      for (const listener of this.#channels.get(channel) ?? []) listener.onNotify(payload ?? '');
    });
    // A broken connection emits 'error' then 'end'; unheard, the error would crash the process.
    client.on('error', () => {});
    client.once('end', () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw unavailable(error);
    }
    this.#current = client;
    return client;
  }

  #lost(client: pg.Client) {
    if (this.#closed || client !== this.#current) return;
    this.#current = undefined;
    this.#connection = undefined;
    for (const listener of this.#everyListener()) listener.onLost?.();
    this.#reconnect(1);
  }

  #reconnect(attempt: number) {
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, 125 * 2 ** attempt);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      if (this.#closed) return;
      this.#connected().then(
        () => {
          for (const listener of this.#everyListener()) listener.onListening?.();
        },
        () => this.#reconnect(attempt + 1),
      );
    }, delay);
    this.#reconnectTimer.unref();
  }

  async #stopListening(channel: string, listener: ChannelListener) {
    const listeners = this.#channels.get(channel);
    if (!listeners?.delete(listener) || listeners.size > 0) return;
    this.#channels.delete(channel);
    await this.#current?.query(`unlisten ${channel}`).catch(() => {});
  }
}
