import path from 'node:path';
import type { DatabaseLocation } from '#runtime/database';
import { type Config, ConfigError, type Env, readVariable } from '#runtime/server';

/** The storefront's own environment: where its database is. */
export interface ShopConfig extends DatabaseLocation {
  /** DATABASE_URL; default undefined = the embedded database (PGlite) in `dataDir` */
  databaseUrl: string | undefined;
  /** DATA_DIR; default ./data (absolute): where the embedded database keeps its files */
  dataDir: string;
}

/** Reads and validates DATABASE_URL and DATA_DIR at start (a bad value stops the process, naming it). */
// #region read-shop-config
export function readShopConfig(env: Env): ShopConfig {
  return Object.freeze({
    databaseUrl: readVariable(env, 'DATABASE_URL', parseDatabaseUrl),
    dataDir: readVariable(env, 'DATA_DIR', parseDataDir) ?? path.resolve('data'),
  });
}
// #endregion read-shop-config

/**
 * Refuses, at start, workers that would share the embedded database: PGlite runs in one process, and the
 * data directory is locked while open. Workers need a Postgres server they all reach.
 */
export function refuseSharedEmbeddedDatabase(config: Readonly<Config>, shop: ShopConfig): void {
  if (shop.databaseUrl || config.webConcurrency <= 1) return;
  throw new ConfigError(
    'WEB_CONCURRENCY',
    String(config.webConcurrency),
    'workers cannot share the embedded database (DATA_DIR), which one process opens at a time: set WEB_CONCURRENCY=1, or set DATABASE_URL to a Postgres server every worker reaches',
  );
}

function parseDatabaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw 'must be a URL such as postgres://user:password@host:5432/database';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw 'must start with postgres:// or postgresql://';
  if (!url.hostname && !url.searchParams.has('host')) throw 'must name a host (postgres://host/database)';
  return value;
}

function parseDataDir(value: string): string {
  if (value.includes('\0')) throw 'must be a folder path';
  return path.resolve(value);
}
