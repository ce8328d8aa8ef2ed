import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../../server/database/data-dir-lock.ts';
import { openEmbeddedDatabase } from '../../server/database/embedded-database.ts';
import { exitOf } from '../helpers/built-server.ts';

describe('one process per DATA_DIR (the embedded database)', () => {
  let dataDir: string;
  let other: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'data-dir-'));
  });
  afterAll(async () => {
    other?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a folder a live process holds, naming it and both ways out, and takes it over once it is gone', async () => {
    // Another process that holds the folder: any live process whose pid is in the lock file.
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    await writeFile(path.join(dataDir, 'owner.pid'), `${other.pid}\n`);
    const refused = lockDataDir(dataDir);
    await expect(refused).rejects.toThrow(DataDirInUseError);
    await expect(refused).rejects.toThrow(`is in use by process ${other.pid}`);
    await expect(refused).rejects.toThrow(/WEB_CONCURRENCY=1.*DATABASE_URL/);
    const exited = exitOf(other);
    other.kill('SIGKILL');
    await exited;
    const release = await lockDataDir(dataDir);
    await release();
  });

  it('keeps the data across a close and a reopen, and refuses a second open while the first is open', async () => {
    const first = await openEmbeddedDatabase(dataDir);
    try {
      await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(/\(this one\)/);
      await first.execute('create table notes (text text); insert into notes values ($$kept$$);');
    } finally {
      await first.close();
    }
    const reopened = await openEmbeddedDatabase(dataDir);
    try {
      expect(await reopened.query('select text from notes')).toEqual([{ text: 'kept' }]);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
