-- The shop's sessions move to the runtime's table (runtime_sessions, migration 0013): both key a session by
-- the SHA-256 of the id its signed `session` cookie carries, so every visitor signed in stays signed in,
-- with the same idle and absolute lifetimes counted from the same times.
insert into runtime_sessions (id_hash, user_id, data, flash, created_at, last_seen_at)
select token_hash, account_id::text, '{}', '{}', created_at, last_seen_at from sessions;

drop table sessions;
