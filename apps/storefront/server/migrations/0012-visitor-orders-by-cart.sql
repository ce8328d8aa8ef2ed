-- At sign-in, the orders the visitor's cart placed without an account are looked up by that cart, to adopt
-- those with the account's email (apps/storefront/server/db/account-orders.ts): only those rows are indexed.
create index orders_visitor_cart on orders (cart_id) where account_id is null;
