-- The runtime's sessions (databaseSessionStore, server/database/database-session-store.ts): an app lists this
-- text among its migrations under a number of its own (`sessionTableMigration`).
-- A session is found by the SHA-256 of its id, never the id: a copy of the table opens no session.
create table runtime_sessions (
  id_hash bytea primary key constraint runtime_sessions_id_hash_length check (octet_length(id_hash) = 32),
  -- The signed-in user (the app's own id, as text); null for a visitor nobody signed in.
  user_id text,
  data jsonb not null default '{}',
  flash jsonb not null default '{}',
  created_at timestamptz not null,
  last_seen_at timestamptz not null
);

-- Revoke-all deletes by user; the sweep of ended sessions at each sign-in reads the two times.
create index runtime_sessions_user_id on runtime_sessions (user_id) where user_id is not null;
create index runtime_sessions_created_at on runtime_sessions (created_at);
create index runtime_sessions_last_seen_at on runtime_sessions (last_seen_at);
