import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePorts } from './free-ports.ts';

/** A throwaway Postgres server from Debian's `postgresql` package, on 127.0.0.1 and a free port. */
export interface PostgresServer {
  url: string;
  port: number;
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stop(): void;
  /** Starts it again on the same port, with the same data. */
  start(): void;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
}

/** The folder of Debian's Postgres programs (initdb, pg_ctl), or undefined when the package is missing. */
export async function postgresBinDir(): Promise<string | undefined> {
  const versions = await readdir('/usr/lib/postgresql').catch(() => []);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join('/usr/lib/postgresql', newest, 'bin') : undefined;
}

export const POSTGRES_MISSING =
  "Postgres tests skipped: Debian's postgresql package is missing (apt-get install -y postgresql).";

/**
 * initdb in a temporary folder and pg_ctl start. Postgres refuses to run as root, so as root every program
 * runs as the `postgres` user (runuser), which owns the folder.
 */
export async function startPostgresServer(binDir: string): Promise<PostgresServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    execFileSync('chown', ['postgres:postgres', dir]);
    await chmod(dir, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args]]
      : [path.join(binDir, program), args];
    const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'shop', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const [port] = await freePorts(1);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  if (port === undefined) throw new Error('no free port');
  return {
    url: `postgres://shop@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
