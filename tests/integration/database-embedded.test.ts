import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, QueryAbortedError } from '../../server/db/database.ts';
import { openEmbeddedDatabase } from '../../server/db/embedded-database.ts';
import { defineMigrations, migrate } from '../../server/db/migrate.ts';
import { shopMigrations } from '../../server/storefront/shop-migrations.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../server/storefront/migrations');

describe('the embedded database (PGlite) and the migrations', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openEmbeddedDatabase();
  }, 30_000);
  afterAll(async () => {
    await db?.close();
  });

  it('applies every migration once, in order, and records it; a second run applies none', async () => {
    const migrations = shopMigrations;
    // Every file of the folder ships: a migration left out of shop-migrations.ts would never run.
    expect(migrations.map((migration) => migration.name)).toEqual((await readdir(MIGRATIONS_DIR)).sort());
    expect(migrations.map((migration) => migration.version)).toEqual(
      [...migrations.map((migration) => migration.version)].sort((a, b) => a - b),
    );
    const [first, second] = await Promise.all([migrate(db, migrations), migrate(db, migrations)]);
    expect([...first, ...second].sort()).toEqual(migrations.map((migration) => migration.name).sort());
    expect(await migrate(db, migrations)).toEqual([]);
    const recorded = await db.query<{ name: string }>('select name from schema_migrations order by version');
    expect(recorded.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
  });

  it('holds the catalogue: 53 products with names and descriptions in English, French and German', async () => {
    const products = await db.query<{ id: string; price_cents: number; category_id: string }>(
      'select id, price_cents, category_id from products order by position',
    );
    expect(products).toHaveLength(53);
    const texts = await db.query<{ product_id: string; locale: string; name: string; description: string }>(
      'select product_id, locale, name, description from product_texts',
    );
    expect(texts).toHaveLength(53 * 3);
    for (const text of texts) {
      expect(text.name.length, `${text.product_id} ${text.locale}`).toBeGreaterThan(2);
      expect(text.description.length, `${text.product_id} ${text.locale}`).toBeGreaterThan(20);
    }
    const named = (locale: string) =>
      Object.fromEntries(
        texts.filter((text) => text.locale === locale).map((text) => [text.product_id, text.name]),
      );
    expect(named('fr')['chef-knife-20cm']).toBe('Couteau de chef 20 cm');
    expect(named('de')['chef-knife-20cm']).toBe('Kochmesser 20 cm');
    // Translated, not copied: French and German names differ from the English ones.
    const english = named('en');
    const copied = Object.keys(english).filter(
      (id) => named('fr')[id] === english[id] || named('de')[id] === english[id],
    );
    expect(copied).toEqual([]);
    for (const product of products) {
      expect(Number.isInteger(product.price_cents) && product.price_cents > 0, product.id).toBe(true);
    }
  });

  it('keeps cart lines between 1 and 99 and at most 50 a cart, in the database itself', async () => {
    await db.query("insert into categories (id) values ('kitchen') on conflict do nothing");
    for (let index = 0; index < 51; index++) {
      await db.query("insert into products (id, category_id, price_cents) values ($1, 'kitchen', 100)", [
        `item-${index}`,
      ]);
    }
    const [cart] = await db.query<{ id: string }>(
      'insert into carts (id) values (gen_random_uuid()) returning id',
    );
    const id = cart?.id;
    const addLine = (product: string, quantity: number) =>
      db.query('insert into cart_lines (cart_id, product_id, quantity) values ($1, $2, $3)', [
        id,
        product,
        quantity,
      ]);
    await expect(addLine('item-0', 100)).rejects.toThrow(/check constraint/);
    await expect(addLine('item-0', 0)).rejects.toThrow(/check constraint/);
    for (let index = 0; index < 50; index++) await addLine(`item-${index}`, 1);
    await expect(addLine('item-50', 1)).rejects.toThrow(/at most 50 lines/);
    const counted = await db.query<{ count: number }>(
      'select count(*)::int as count from cart_lines where cart_id = $1',
      [id],
    );
    expect(counted).toEqual([{ count: 50 }]);
  });

  it('rolls a transaction back when its work throws', async () => {
    await expect(
      db.transaction(async (transaction) => {
        await transaction.query("insert into categories (id) values ('rolled-back')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query("select id from categories where id = 'rolled-back'")).toEqual([]);
  });

  it('does not start a query whose request has ended', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(db.query('select 1', [], { signal: controller.signal })).rejects.toThrow(QueryAbortedError);
  });
});

describe('defineMigrations and migrate on broken input', () => {
  it('refuses a file not named NNNN-what-it-does.sql, or a number used twice, naming it', () => {
    expect(() => defineMigrations({ 'schema.sql': 'select 1;' })).toThrow(
      /schema\.sql: a migration is named NNNN-what-it-does\.sql/,
    );
    expect(() => defineMigrations({ '0001-a.sql': 'select 1;', '0001-b.sql': 'select 2;' })).toThrow(
      /0001-b\.sql: migration number 1 is used twice/,
    );
  });

  it('leaves the database as it was when a migration fails, and names the migration', async () => {
    const migrations = defineMigrations({
      '0002-bad.sql': 'create table bad (id int); select * from missing_table;',
      '0001-good.sql': 'create table good (id int);',
    });
    expect(migrations.map((migration) => migration.version)).toEqual([1, 2]);
    const db = await openEmbeddedDatabase();
    try {
      await expect(migrate(db, migrations)).rejects.toThrow(/Migration 0002-bad\.sql failed/);
      const tables = await db.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_name in ('good', 'bad', 'schema_migrations')",
      );
      expect(tables).toEqual([]);
    } finally {
      await db.close();
    }
  }, 30_000);
});
