import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';
import {
  assertChannelName,
  type Database,
  type Queryable,
  type QueryOptions,
  throwIfAborted,
} from './database.ts';
import { asRefusedInput, refuseUnstorableParams } from './refused-input.ts';

/**
 * Postgres's shared buffers live in the process's WebAssembly memory, which never shrinks: the default
 * 128 MB would stay in the server's RSS for good. An embedded database is a small one, which 16 MB of
 * buffers serves at the same CPU per query.
 */
const EMBEDDED_SETTINGS = ['shared_buffers = 16MB'];

/**
 * Creates the database files in a new `dataDir` in a short-lived child process: initdb grows WebAssembly
 * memory to ~700 MB, and a process keeps memory it grew, so the server would carry it until its restart.
 */
async function initializeDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script = `const { PGlite } = await import(process.argv[1]);
const db = await PGlite.create({ dataDir: process.argv[2], postgresqlconf: JSON.parse(process.argv[3]) });
await db.close();`;
  const args = ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir];
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...args, JSON.stringify(EMBEDDED_SETTINGS)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
  if (code !== 0)
    throw new Error(`Creating the embedded database in ${dataDir} failed (exit ${code}):\n${output}`);
}

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
  const opening = (async () => {
    if (dataDir) await initializeDataDir(dataDir);
    return PGlite.create({ dataDir, postgresqlconf: EMBEDDED_SETTINGS });
  })();
  const pglite = await opening.catch(async (error) => {
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
      refuseUnstorableParams(params);
      try {
        return (await target.query<Row>(sql, [...params])).rows;
      } catch (error) {
        throw asRefusedInput(error);
      }
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
    async listen(channel, listener) {
      assertChannelName(channel);
      // PGlite is this process's only connection: nothing is ever missed, so onLost never comes.
      const stop = await pglite.listen(channel, (payload) => listener.onNotify(payload));
      return () => stop();
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
