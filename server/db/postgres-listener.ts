import pg from 'pg';
import { assertChannelName, type ChannelListener, DatabaseUnavailableError } from './database.ts';

/** How long connecting the listening connection may take. */
const CONNECT_TIMEOUT_MS = 2_000;
/** The longest wait between two tries to connect it again. */
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * `Database.listen()` for a Postgres server: one connection of its own outside the pool (a pooled one goes
 * back to the pool, and LISTEN belongs to a session), shared by every channel, opened by the first
 * `listen()`. When it breaks, every listener hears `onLost`; it is connected again (250 ms, then doubling up
 * to 5 s), listens on every channel again, and every listener hears `onListening`.
 */
export function postgresListener(url: string) {
  const channels = new Map<string, Set<ChannelListener>>();
  let connection: Promise<pg.Client> | undefined;
  let current: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const everyListener = () => [...channels.values()].flatMap((listeners) => [...listeners]);

  async function open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('notification', ({ channel, payload }) => {
      for (const listener of channels.get(channel) ?? []) listener.onNotify(payload ?? '');
    });
    // A broken connection emits 'error' then 'end'; unheard, the error would crash the process.
    client.on('error', () => {});
    client.once('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw new DatabaseUnavailableError(`Listening on the database failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    current = client;
    return client;
  }

  function connected(): Promise<pg.Client> {
    connection ??= open().catch((error: unknown) => {
      connection = undefined;
      throw error;
    });
    return connection;
  }

  function lost(client: pg.Client) {
    if (closed || client !== current) return;
    current = undefined;
    connection = undefined;
    for (const listener of everyListener()) listener.onLost?.();
    reconnect(1);
  }

  function reconnect(attempt: number) {
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        if (closed) return;
        connected().then(
          () => {
            for (const listener of everyListener()) listener.onListening?.();
          },
          () => reconnect(attempt + 1),
        );
      },
      Math.min(MAX_RECONNECT_DELAY_MS, 125 * 2 ** attempt),
    );
    reconnectTimer.unref();
  }

  async function stopListening(channel: string, listener: ChannelListener) {
    const listeners = channels.get(channel);
    if (!listeners?.delete(listener) || listeners.size > 0) return;
    channels.delete(channel);
    await current?.query(`unlisten ${channel}`).catch(() => {});
  }

  return {
    async listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
      assertChannelName(channel);
      if (closed) throw new Error('The database is closed');
      const isNewChannel = !channels.has(channel);
      const listeners = channels.get(channel) ?? new Set();
      channels.set(channel, listeners.add(listener));
      try {
        const client = await connected();
        if (isNewChannel) await client.query(`listen ${channel}`);
      } catch (error) {
        await stopListening(channel, listener);
        throw error instanceof DatabaseUnavailableError
          ? error
          : new DatabaseUnavailableError(`Listening on the database failed: ${(error as Error).message}`, {
              cause: error,
            });
      }
      return () => stopListening(channel, listener);
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const client = current ?? (await connection?.catch(() => undefined));
      await client?.end().catch(() => {});
    },
  };
}
