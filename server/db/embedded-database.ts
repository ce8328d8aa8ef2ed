import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { type Database, type Queryable, type QueryOptions, throwIfAborted } from './database.ts';

/**
 * Embedded Postgres (PGlite) in `dataDir`, or in memory without one (tests). PGlite runs one query at a
 * time in this process and must never be opened by two processes at once.
 */
export async function openEmbeddedDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
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
    close: () => pglite.close(),
  };
}
