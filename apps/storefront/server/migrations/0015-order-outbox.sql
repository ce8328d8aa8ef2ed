-- Order confirmations waiting to be sent, one per order: the checkout writes one after the order's redirect has
-- been answered (the action's after()), so a slow write never delays the buyer; a mailer takes them from here.
create table order_outbox (
  order_id uuid primary key references orders (id) on delete cascade,
  locale text not null,
  created_at timestamptz not null default now()
);
