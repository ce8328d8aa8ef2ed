import {
  isSessionId,
  type SessionStore,
  type SessionValue,
  type StoredSession,
  sessionIdHash,
} from '../definition/session-store.ts';
import type { Queryable } from './database.ts';
import sessionTable from './session-table.sql?raw';

/**
 * The SQL of the table databaseSessionStore keeps sessions in (`runtime_sessions`): list it among the app's
 * migrations under a number of its own.
 *
 * @example
 * export const migrations = defineMigrations({
 *   '0001-notes.sql': notes,
 *   '0002-sessions.sql': sessionTableMigration,
 * });
 */
export const sessionTableMigration: string = sessionTable;

interface SessionRow {
  userId: string | null;
  data: Record<string, SessionValue>;
  flash: Record<string, SessionValue>;
  createdAt: number;
  lastSeenAt: number;
}

/** A time of the sessions' clock (milliseconds) as the database takes it. */
const timestamp = (milliseconds: number) => new Date(milliseconds).toISOString();

/**
 * Sessions in the app's database (`runtime_sessions`, made by `sessionTableMigration`), keyed by the SHA-256
 * of their id: the cookie carries the id, a copy of the table opens nothing. They hold across instances and
 * restarts, and ending one is a delete: a copy of its cookie opens nothing afterwards.
 *
 * @example
 * const sessions = createSessions<AppSession, AppFlash, AppServices>({
 *   store: ({ db }) => databaseSessionStore(db),
 * });
 */
export function databaseSessionStore(db: Queryable): SessionStore {
  return {
    async read(key, signal) {
      if (!isSessionId(key)) return undefined;
      const [row] = await db.query<SessionRow>(
        `select user_id as "userId", data, flash,
           (extract(epoch from created_at) * 1000)::float8 as "createdAt",
           (extract(epoch from last_seen_at) * 1000)::float8 as "lastSeenAt"
         from runtime_sessions where id_hash = $1`,
        [sessionIdHash(key)],
        { signal },
      );
      return row && { id: key, ...row, userId: row.userId ?? undefined };
    },
    async write(session: StoredSession, signal) {
      const { id, userId, data, flash, createdAt, lastSeenAt } = session;
      await db.query(
        `insert into runtime_sessions (id_hash, user_id, data, flash, created_at, last_seen_at)
         values ($1, $2, $3::jsonb, $4::jsonb, $5::timestamptz, $6::timestamptz)
         on conflict (id_hash) do update set user_id = excluded.user_id, data = excluded.data,
           flash = excluded.flash, last_seen_at = excluded.last_seen_at`,
        [
          sessionIdHash(id),
          userId ?? null,
          JSON.stringify(data),
          JSON.stringify(flash),
          timestamp(createdAt),
          timestamp(lastSeenAt),
        ],
        { signal },
      );
      return id;
    },
    async touch({ id, lastSeenAt }, signal) {
      await db.query(
        'update runtime_sessions set last_seen_at = $2::timestamptz where id_hash = $1',
        [sessionIdHash(id), timestamp(lastSeenAt)],
        { signal },
      );
      return id;
    },
    async remove({ id }, signal) {
      await db.query('delete from runtime_sessions where id_hash = $1', [sessionIdHash(id)], { signal });
    },
    async revokeUser(userId, at, signal) {
      await db.query(
        'delete from runtime_sessions where user_id = $1 and created_at <= $2::timestamptz',
        [userId, timestamp(at)],
        { signal },
      );
    },
    async sweep({ lastSeenBefore, createdBefore }, signal) {
      await db.query(
        'delete from runtime_sessions where last_seen_at <= $1::timestamptz or created_at <= $2::timestamptz',
        [timestamp(lastSeenBefore), timestamp(createdBefore)],
        { signal },
      );
    },
  };
}
