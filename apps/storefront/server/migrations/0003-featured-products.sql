-- The products the home page features, in the order it shows them (null: not featured).

alter table products add column featured_position integer unique;

update products set featured_position = featured.position
from (values
  ('chef-knife-20cm', 1),
  ('enamelled-dutch-oven-24cm', 2),
  ('brass-table-lamp', 3),
  ('wool-throw-blanket', 4),
  ('stoneware-bowl-set', 5),
  ('glazed-planter-30cm', 6),
  ('pruning-shears', 7),
  ('fountain-pen-fine', 8)
) as featured (id, position)
where products.id = featured.id;
