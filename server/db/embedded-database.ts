import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';
import { type Database, type Queryable, type QueryOptions, throwIfAborted } from './database.ts';

/**
 * Postgres's default 128 MB of shared buffers lives in the process's WebAssembly memory: a fresh server's
 * RSS was ~850 MB with it and ~200 MB with 16 MB, at the same CPU per query (measured on the shop's
 * queries). 16 MB holds a shop's catalogue many times over.
 */
const EMBEDDED_SETTINGS = ['shared_buffers = 16MB'];

/**
 * Embedded Postgres (PGlite) in `dataDir`, or in memory without one (tests). PGlite runs one query at a
 * time in this process and must never be opened by two processes at once: the folder is locked while open
 * (data-dir-lock.ts).
 */
export async function openEmbeddedDatabase(dataDir?: string): Promise<Database> {
  let release = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  const pglite = await PGlite.create({ dataDir, postgresqlconf: EMBEDDED_SETTINGS }).catch(async (error) => {
    await release();
    throw error;
  });
  const on = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row extends object>(
      sql: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ) {
      throwIfAborted(options.signal);
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async execute(script) {
      await target.exec(script);
    },
  });
  const direct = on(pglite);
  return {
    engine: 'embedded',
    ...direct,
    transaction(work, options = {}) {
      throwIfAborted(options.signal);
      return pglite.transaction((transaction) => work(on(transaction)));
    },
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      await pglite.close();
      await release();
    },
  };
}
