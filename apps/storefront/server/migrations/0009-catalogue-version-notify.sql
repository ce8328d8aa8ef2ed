-- Every bump of the catalogue's version is also announced on the channel catalogue_version, with the new
-- version as its payload, when its transaction commits: a server keeps the version in memory and reads the
-- row again only when it may have missed an announcement.

create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
declare
  bumped bigint;
begin
  update catalogue_version set version = version + 1 returning version into bumped;
  perform pg_notify('catalogue_version', bumped::text);
  return null;
end
$$;
