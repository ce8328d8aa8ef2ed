-- The shop's tables: the catalogue (names and descriptions per locale, prices in cents), carts kept on the
-- server (the cookie holds only the cart's id), and orders with their lines at the prices of the day.

create table categories (
  id text primary key,
  parent_id text references categories (id),
  position integer not null default 0
);

create table category_texts (
  category_id text not null references categories (id) on delete cascade,
  locale text not null check (locale in ('en', 'fr', 'de')),
  name text not null,
  description text not null default '',
  primary key (category_id, locale)
);

create table products (
  id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  category_id text not null references categories (id),
  price_cents integer not null check (price_cents > 0),
  position integer not null default 0
);

create table product_texts (
  product_id text not null references products (id) on delete cascade,
  locale text not null check (locale in ('en', 'fr', 'de')),
  name text not null,
  description text not null,
  primary key (product_id, locale)
);

create table carts (
  id uuid primary key,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table cart_lines (
  cart_id uuid not null references carts (id) on delete cascade,
  product_id text not null references products (id),
  quantity integer not null check (quantity between 1 and 99),
  added_at timestamptz not null default now(),
  primary key (cart_id, product_id)
);

-- At most 50 lines a cart. The cart's row is locked first, so two adds to one cart at once are counted one
-- after the other. FOR NO KEY UPDATE, not FOR UPDATE: each insert already holds a key-share lock on the row
-- (its foreign key), and taking FOR UPDATE on top of two of those deadlocks.
create function cart_lines_at_most_50() returns trigger language plpgsql as $$
begin
  perform 1 from carts where id = new.cart_id for no key update;
  if (select count(*) from cart_lines where cart_id = new.cart_id) > 50 then
    raise exception 'a cart holds at most 50 lines' using errcode = 'check_violation';
  end if;
  return new;
end
$$;

create trigger cart_lines_at_most_50 after insert on cart_lines
  for each row execute function cart_lines_at_most_50();

create table orders (
  id uuid primary key,
  cart_id uuid not null,
  -- The hidden key of the checkout form: a double submit or a retried post finds the order it made.
  idempotency_key text not null unique,
  name text not null,
  email text not null,
  street text not null,
  postcode text not null,
  city text not null,
  country text not null,
  locale text not null check (locale in ('en', 'fr', 'de')),
  total_cents integer not null check (total_cents >= 0),
  created_at timestamptz not null default now()
);

create table order_lines (
  order_id uuid not null references orders (id) on delete cascade,
  product_id text not null references products (id),
  name text not null,
  unit_price_cents integer not null check (unit_price_cents > 0),
  quantity integer not null check (quantity between 1 and 99),
  primary key (order_id, product_id)
);
