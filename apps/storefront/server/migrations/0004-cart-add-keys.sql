-- The hidden key of each add-to-cart form, per cart: a repeated or retried post of one form adds once.

create table cart_adds (
  cart_id uuid not null references carts (id) on delete cascade,
  add_key uuid not null,
  added_at timestamptz not null default now(),
  primary key (cart_id, add_key)
);
