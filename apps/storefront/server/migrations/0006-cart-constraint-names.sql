-- Names for the cart's two caps, which the server recognises a refusal by (the `constraint` field of the
-- error), never by its message: QUANTITY_CONSTRAINT and LINE_COUNT_CONSTRAINT in
-- apps/storefront/server/db/carts.ts. The numbers are MAX_QUANTITY (99) and MAX_CART_LINES (50) of
-- apps/storefront/shop-rules.ts: a cap changed there is changed here in a new migration, and
-- tests/integration/database-embedded.test.ts checks that both agree (order_lines_quantity_check, 0001,
-- is the cart's check again: an order's lines are its cart's).

alter table cart_lines rename constraint cart_lines_quantity_check to cart_lines_quantity_range;

alter trigger cart_lines_at_most_50 on cart_lines rename to cart_lines_count_cap;
alter function cart_lines_at_most_50() rename to cart_lines_count_cap;

-- As in 0001, with the constraint named in the refusal.
create or replace function cart_lines_count_cap() returns trigger language plpgsql as $$
begin
  perform 1 from carts where id = new.cart_id for no key update;
  if (select count(*) from cart_lines where cart_id = new.cart_id) > 50 then
    raise exception 'a cart holds at most 50 lines'
      using errcode = 'check_violation', constraint = 'cart_lines_count_cap';
  end if;
  return new;
end
$$;
