import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshotIn, writeDatabaseSnapshot } from '../../server/database/database-snapshot.ts';
import { defineMigrations } from '../../server/database/migrate.ts';
import { openConfiguredDatabase } from '../../server/database/open-database.ts';
import { memoryLogger } from '../helpers/memory-logger.ts';

// A tiny app's migrations: the build snapshots the first two; the app has since gained a third.
const built = defineMigrations({
  '0001-notes.sql': 'create table notes (id serial primary key, text text not null);',
  '0002-first-note.sql': "insert into notes (text) values ('from the snapshot');",
});
const current = defineMigrations({
  '0001-notes.sql': built[0]?.sql ?? '',
  '0002-first-note.sql': built[1]?.sql ?? '',
  '0003-pinned.sql': 'alter table notes add column pinned boolean not null default false;',
});

describe('the database snapshot of a build', () => {
  let root: string;
  let buildDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    buildDir = path.join(root, 'dist');
    expect(await writeDatabaseSnapshot(buildDir, built)).toBe('made');
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is kept by the next build with the same migrations, made anew when they change', async () => {
    const { mtimeMs } = await stat(databaseSnapshotIn(buildDir));
    expect(await writeDatabaseSnapshot(buildDir, built)).toBe('kept');
    expect((await stat(databaseSnapshotIn(buildDir))).mtimeMs).toBe(mtimeMs);
    const otherBuild = path.join(root, 'other-dist');
    expect(await writeDatabaseSnapshot(otherBuild, current)).toBe('made');
    expect(await writeDatabaseSnapshot(otherBuild, built)).toBe('made');
  });

  it('starts a new DATA_DIR, which then gets the migrations newer than the snapshot', async () => {
    const { logger, entries } = memoryLogger();
    const dataDir = path.join(root, 'data');
    const db = await openConfiguredDatabase({ databaseUrl: undefined, dataDir }, logger, current, {
      buildDir,
    });
    try {
      const loaded = entries().find(
        (entry) => entry.msg === "a new embedded database, from the build's snapshot",
      );
      expect(loaded).toMatchObject({ dataDir, snapshot: databaseSnapshotIn(buildDir) });
      const migrated = entries().find((entry) => entry.msg === 'the database is migrated');
      expect(migrated?.applied).toEqual(['0003-pinned.sql']);
      const recorded = await db.query<{ name: string }>(
        'select name from schema_migrations order by version',
      );
      expect(recorded.map((row) => row.name)).toEqual(current.map((migration) => migration.name));
      expect(await db.query('select text, pinned from notes')).toEqual([
        { text: 'from the snapshot', pinned: false },
      ]);
    } finally {
      await db.close();
    }
  });

  it('leaves a DATA_DIR that holds a database as it is', async () => {
    const dataDir = path.join(root, 'data');
    const { logger, entries } = memoryLogger();
    const reopened = await openConfiguredDatabase({ databaseUrl: undefined, dataDir }, logger, current, {
      buildDir,
    });
    await reopened.query("insert into notes (text) values ('kept')");
    await reopened.close();
    const again = await openConfiguredDatabase({ databaseUrl: undefined, dataDir }, logger, current, {
      buildDir,
    });
    try {
      expect((await again.query('select text from notes order by id')).length).toBe(2);
    } finally {
      await again.close();
    }
    expect(entries().some((entry) => String(entry.msg).includes('snapshot'))).toBe(false);
    expect(entries().filter((entry) => entry.msg === 'the database is migrated')).toMatchObject([
      { applied: [] },
      { applied: [] },
    ]);
  });

  it('makes a new DATA_DIR empty and applies every migration when the build has no snapshot', async () => {
    const { logger, entries } = memoryLogger();
    const db = await openConfiguredDatabase(
      { databaseUrl: undefined, dataDir: path.join(root, 'data-without-snapshot') },
      logger,
      current,
      { buildDir: path.join(root, 'a-build-without-snapshot') },
    );
    try {
      expect(entries().find((entry) => entry.msg === 'the database is migrated')?.applied).toEqual(
        current.map((migration) => migration.name),
      );
    } finally {
      await db.close();
    }
  });
});
