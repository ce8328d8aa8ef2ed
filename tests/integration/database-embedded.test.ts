import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_REFUSALS,
  LINE_COUNT_CONSTRAINT,
  QUANTITY_CONSTRAINT,
} from '../../apps/storefront/server/db/carts.ts';
import { shopMigrations } from '../../apps/storefront/server/shop-migrations.ts';
import { MAX_CART_LINES, MAX_QUANTITY, SLUG_PATTERN } from '../../apps/storefront/shop-rules.ts';
import { type Database, QueryAbortedError } from '../../server/database/database.ts';
import { sessionTableMigration } from '../../server/database/database-session-store.ts';
import { openEmbeddedDatabase } from '../../server/database/embedded-database.ts';
import { defineMigrations, migrate } from '../../server/database/migrate.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../apps/storefront/server/migrations');

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
    // Every file of the folder ships: a migration left out of shop-migrations.ts would never run. The one
    // more is the runtime's session table, whose text comes from #runtime/database.
    const shopFiles = migrations.filter((migration) => migration.sql !== sessionTableMigration);
    expect(shopFiles.map((migration) => migration.name)).toEqual((await readdir(MIGRATIONS_DIR)).sort());
    expect(migrations.length - shopFiles.length).toBe(1);
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

  it('keeps the caps of shop-rules.ts in the database itself, refusing by constraint name', async () => {
    await db.query("insert into categories (id) values ('kitchen') on conflict do nothing");
    for (let index = 0; index <= MAX_CART_LINES; index++) {
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
    const quantityRefused = { code: '23514', constraint: QUANTITY_CONSTRAINT };
    await expect(addLine('item-0', MAX_QUANTITY + 1)).rejects.toMatchObject(quantityRefused);
    await expect(addLine('item-0', 0)).rejects.toMatchObject(quantityRefused);
    await addLine('item-0', MAX_QUANTITY);
    for (let index = 1; index < MAX_CART_LINES; index++) await addLine(`item-${index}`, 1);
    await expect(addLine(`item-${MAX_CART_LINES}`, 1)).rejects.toMatchObject({
      code: '23514',
      constraint: LINE_COUNT_CONSTRAINT,
    });
    const counted = await db.query<{ count: number }>(
      'select count(*)::int as count from cart_lines where cart_id = $1',
      [id],
    );
    expect(counted).toEqual([{ count: MAX_CART_LINES }]);
    // An order's lines are a cart's lines, under the same check.
    const checks = await db.query<{ definition: string }>(
      'select pg_get_constraintdef(oid) as definition from pg_constraint where conname = any($1)',
      [[QUANTITY_CONSTRAINT, 'order_lines_quantity_check']],
    );
    expect(checks).toHaveLength(2);
    expect(checks[0]).toEqual(checks[1]);
  });

  it('has every constraint a cart refusal is recognised by (the trigger names its own)', async () => {
    const names = [...CART_REFUSALS.keys()].filter((name) => name !== LINE_COUNT_CONSTRAINT).sort();
    const found = await db.query<{ conname: string }>(
      'select conname from pg_constraint where conname = any($1) order by conname',
      [names],
    );
    expect(found.map((row) => row.conname)).toEqual(names);
  });

  it('takes a product id exactly when SLUG_PATTERN does', async () => {
    await db.query("insert into categories (id) values ('kitchen') on conflict do nothing");
    const ids = ['slug-test-20cm', 'x', '9', 'Slug-test', 'x--y', '-x', 'x-', 'x_y', 'café', 'x y', ''];
    for (const id of ids) {
      const stored = await db
        .query("insert into products (id, category_id, price_cents) values ($1, 'kitchen', 100)", [id])
        .then(
          () => true,
          (error: { code?: string }) => (error.code === '23514' ? false : Promise.reject(error)),
        );
      expect(stored, id).toBe(SLUG_PATTERN.test(id));
    }
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
