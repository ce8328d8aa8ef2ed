import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
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
 * Postgres's shared buffers live in the process's WebAssembly memory, which never shrinks: Postgres's
 * default would stay in the server's RSS for good. An embedded database is a small one, which 16 MB of
 * buffers serves at the same CPU per query.
 */
const EMBEDDED_SETTINGS = ['shared_buffers = 16MB'];

/**
 * Creates the database files in a new `dataDir` in a short-lived child process, as a copy of `snapshot`
 * when given, else empty: initdb grows WebAssembly memory far beyond what serving needs, loading a snapshot
 * holds its tarball in memory several times over, and a process keeps memory it grew, so the server would
 * carry it until its restart.
 */
async function initializeDataDir(dataDir: string, snapshot: string | undefined): Promise<void> {
  const script = `const { PGlite } = await import(process.argv[1]);
const { readFile } = await import('node:fs/promises');
const [, , dataDir, settings, snapshot] = process.argv;
const loadDataDir = snapshot ? new Blob([await readFile(snapshot)], { type: 'application/gzip' }) : undefined;
const db = await PGlite.create({ dataDir, loadDataDir, postgresqlconf: JSON.parse(settings) });
await db.close();`;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const args = [pglite, dataDir, JSON.stringify(EMBEDDED_SETTINGS), snapshot ?? ''];
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    // Baseline WebAssembly code only: the child lives a second or two, too short for optimised compiles of
    // Postgres's hot functions to pay back their CPU.
    const child = spawn(process.execPath, ['--liftoff-only', '--input-type=module', '-e', script, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
  if (code === 0) return;
  const from = snapshot
    ? ` from the snapshot ${snapshot}; rebuild (npm run build), empty the folder and start again`
    : '';
  throw new Error(`Creating the embedded database in ${dataDir}${from} failed (exit ${code}):\n${output}`);
}

/** How the embedded database opens. */
export interface EmbeddedDatabaseOptions {
  /**
   * A snapshot file (writeDatabaseSnapshot: a gzipped tarball of a data directory): a new database starts
   * as its copy rather than empty. Ignored when `dataDir` holds a database already, or the file is missing.
   */
  snapshot?: string;
}

/** The embedded database: a Database that can also write itself out, and says where it came from. */
export interface EmbeddedDatabase extends Database {
  /** Whether this open made the database from the snapshot (else it was there, or made empty). */
  readonly fromSnapshot: boolean;
  /** The data directory as a gzipped tarball, what `options.snapshot` loads. */
  dump(): Promise<Uint8Array>;
}

/** Whether a new database starts from `snapshot`: the file is there and `dataDir` holds no database yet. */
async function startsFromSnapshot(dataDir: string | undefined, snapshot: string | undefined) {
  if (!snapshot || (dataDir && existsSync(path.join(dataDir, 'PG_VERSION')))) return false;
  return stat(snapshot).then(
    (file) => file.isFile(),
    () => false,
  );
}

/**
 * PGlite in `dataDir` (or in memory), made from the snapshot when it starts from one: that skips initdb, the
 * bulk of a new database's start, and the migrations the snapshot holds.
 */
async function createPGlite(dataDir: string | undefined, snapshot: string | undefined) {
  const fromSnapshot = await startsFromSnapshot(dataDir, snapshot);
  const loaded = fromSnapshot ? snapshot : undefined;
  if (dataDir) {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initializeDataDir(dataDir, loaded);
    return { pglite: await PGlite.create({ dataDir, postgresqlconf: EMBEDDED_SETTINGS }), fromSnapshot };
  }
  const loadDataDir = loaded ? new Blob([await readFile(loaded)], { type: 'application/gzip' }) : undefined;
  return {
    pglite: await PGlite.create({ loadDataDir, postgresqlconf: EMBEDDED_SETTINGS }),
    fromSnapshot,
  };
}

/**
 * Embedded Postgres (PGlite) in `dataDir`, or in memory without one (tests). PGlite runs one query at a
 * time in this process and must never be opened by two processes at once: the folder is locked while open
 * (data-dir-lock.ts).
 */
export async function openEmbeddedDatabase(
  dataDir?: string,
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  let release = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  const { pglite, fromSnapshot } = await createPGlite(dataDir, options.snapshot).catch(async (error) => {
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
    fromSnapshot,
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
    async dump() {
      return new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    },
    async close() {
      await pglite.close();
      await release();
    },
  };
}
