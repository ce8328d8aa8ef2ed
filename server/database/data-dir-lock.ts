import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/** DATA_DIR is held by another live process (or already by this one): the embedded database takes one. */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

const LOCK_FILE = 'owner.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dataDir` for this process: a lock file holding our pid, created exclusively. A lock left by a
 * process that has died is taken over. Resolves with the release; rejects with DataDirInUseError, naming
 * the holder and the ways out, when a live process holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return async () => {
        const holder = await readFile(file, 'utf8').catch(() => '');
        if (Number(holder) === process.pid) await unlink(file).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(file, 'utf8').catch(() => ''));
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new DataDirInUseError(
        `DATA_DIR=${dataDir} is in use by process ${holder}${holder === process.pid ? ' (this one)' : ''}: the ` +
          'embedded database is opened by one process only. Run one process (WEB_CONCURRENCY=1), or set ' +
          'DATABASE_URL to a Postgres server to run several.',
      );
    }
    // Left by a process that is gone: take it over.
    await unlink(file).catch(() => {});
  }
  throw new DataDirInUseError(
    `DATA_DIR=${dataDir}: could not take ${LOCK_FILE}; another process is starting`,
  );
}
