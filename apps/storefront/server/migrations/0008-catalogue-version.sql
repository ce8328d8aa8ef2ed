-- One number that changes whenever the catalogue does, in the same transaction: the catalogue pages' cache
-- version. A revalidation whose ETag was made from the number still current answers 304 without reading the
-- catalogue; any change to a category, a product or their texts makes every catalogue page's ETag new.

create table catalogue_version (
  only_row boolean primary key default true check (only_row),
  version bigint not null
);

insert into catalogue_version (version) values (1);

create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = version + 1;
  return null;
end
$$;

create trigger categories_changed after insert or update or delete or truncate on categories
  for each statement execute function bump_catalogue_version();
create trigger category_texts_changed after insert or update or delete or truncate on category_texts
  for each statement execute function bump_catalogue_version();
create trigger products_changed after insert or update or delete or truncate on products
  for each statement execute function bump_catalogue_version();
create trigger product_texts_changed after insert or update or delete or truncate on product_texts
  for each statement execute function bump_catalogue_version();
