-- Accounts, their sessions and the sign-in throttle (issue 30). Constraint names are read by the server
-- (apps/storefront/server/db/accounts.ts, db/carts.ts), never the messages.

create table accounts (
  id uuid primary key,
  -- As typed (trimmed); unique whatever its case: accounts_email_unique below.
  email text not null constraint accounts_email_length check (char_length(email) between 3 and 254),
  -- PHC-style string with its parameters ($scrypt$ln=15,r=8,p=1$salt$key), so they can be raised later.
  password_hash text not null,
  created_at timestamptz not null default now()
);

create unique index accounts_email_unique on accounts (lower(email));

-- A session is found by the SHA-256 of its cookie's token, never the token: a leaked table opens nothing.
create table sessions (
  token_hash bytea primary key constraint sessions_token_hash_length check (octet_length(token_hash) = 32),
  account_id uuid not null constraint sessions_account_fkey references accounts (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);

create index sessions_account_id on sessions (account_id);
-- The sweep of expired sessions at each sign-in reads these two.
create index sessions_created_at on sessions (created_at);
create index sessions_last_seen_at on sessions (last_seen_at);

-- Failed sign-ins, counted per email (known or not, so the throttle tells nobody which emails have an
-- account) and per client address, over a sliding window.
create table sign_in_failures (
  id bigint generated always as identity primary key,
  email_key text not null,
  client_address text not null,
  failed_at timestamptz not null default now()
);

create index sign_in_failures_email on sign_in_failures (email_key, failed_at);
create index sign_in_failures_address on sign_in_failures (client_address, failed_at);
create index sign_in_failures_failed_at on sign_in_failures (failed_at);

-- An order placed while signed in belongs to its account (any device opens it); null for a visitor's.
alter table orders add column account_id uuid
  constraint orders_account_fkey references accounts (id) on delete set null;
create index orders_account_id on orders (account_id, created_at);

-- An account's cart: at most one, found from any device.
alter table carts add column account_id uuid
  constraint carts_account_fkey references accounts (id) on delete set null;
alter table carts add constraint carts_account_unique unique (account_id);
