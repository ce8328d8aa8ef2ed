-- Lines in the order they were added. A cart line's timestamp is not enough: two adds in the same
-- millisecond (the embedded engine's clock) tie. An order keeps its cart's order.

alter table cart_lines add column added_seq bigint generated always as identity;

alter table order_lines add column position integer not null default 0;
