-- Sign-ups are throttled per client address by the sign-in throttle's own table (issue 47), which becomes
-- the accounts' attempts: each row is a failed sign-in or a sign-up, its email (canonical) and its client
-- address, counted over the sliding window of apps/storefront/server/db/sign-in-failures.ts.

alter table sign_in_failures rename to account_attempts;
alter table account_attempts rename column failed_at to attempted_at;
alter table account_attempts add column kind text not null default 'sign-in-failure'
  constraint account_attempts_kind check (kind in ('sign-in-failure', 'sign-up'));
alter table account_attempts alter column kind drop default;

alter index sign_in_failures_email rename to account_attempts_email;
drop index sign_in_failures_address;
create index account_attempts_address on account_attempts (client_address, kind, attempted_at);
alter index sign_in_failures_failed_at rename to account_attempts_attempted_at;
alter index sign_in_failures_pkey rename to account_attempts_pkey;
alter sequence sign_in_failures_id_seq rename to account_attempts_id_seq;
