import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readShopConfig, refuseSharedEmbeddedDatabase } from '../../apps/storefront/server/config.ts';
import { ConfigError, loadConfig } from '../../server/process/config.ts';

describe("the storefront's own environment (readShopConfig)", () => {
  it('defaults to the embedded database in ./data', () => {
    expect(readShopConfig({})).toEqual({ databaseUrl: undefined, dataDir: path.resolve('data') });
  });

  it('reads DATABASE_URL and DATA_DIR', () => {
    expect(
      readShopConfig({
        DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop',
        DATA_DIR: '/var/lib/shop',
      }),
    ).toEqual({ databaseUrl: 'postgres://shop:secret@db.internal:5432/shop', dataDir: '/var/lib/shop' });
  });

  it.each([
    [
      'DATABASE_URL',
      'mysql://db/shop',
      /Invalid DATABASE_URL="mysql:\/\/db\/shop": must start with postgres:\/\//,
    ],
    ['DATABASE_URL', 'not a url', /Invalid DATABASE_URL="not a url": must be a URL/],
    ['DATABASE_URL', 'postgres:///shop', /must name a host/],
    ['DATA_DIR', 'a\u0000b', /Invalid DATA_DIR=.*must be a folder path/],
  ])('rejects %s=%s with the runtime kind of message', (variable, value, message) => {
    const read = () => readShopConfig({ [variable]: value });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });

  it('refuses workers on the embedded database, and allows them on a Postgres server', () => {
    const workers = loadConfig({ WEB_CONCURRENCY: '2' });
    expect(() => refuseSharedEmbeddedDatabase(workers, readShopConfig({}))).toThrow(
      /WEB_CONCURRENCY.*DATABASE_URL/,
    );
    const onPostgres = readShopConfig({ DATABASE_URL: 'postgres://db/shop' });
    expect(() => refuseSharedEmbeddedDatabase(workers, onPostgres)).not.toThrow();
  });
});
