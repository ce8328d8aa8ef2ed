import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/database/database.ts';
import { openPostgresDatabase } from '../../server/database/postgres-database.ts';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { freePorts } from '../helpers/free-ports.ts';
import {
  POSTGRES_MISSING,
  type PostgresServer,
  postgresBinDir,
  startPostgresServer,
} from '../helpers/postgres-server.ts';
import { ensureNginx, type Nginx, startNginx } from './nginx.ts';

/** One storefront instance on its own Postgres server, behind nginx; `observer` reads and writes its data. */
export interface ShopBehindNginx {
  workDir: string;
  nginx: Nginx;
  instance: BuiltServer;
  observer: Database;
  stop(): Promise<void>;
}

/**
 * Starts Postgres, the built storefront on it (with `env` besides the defaults) and nginx in front. With
 * `prerenderedFolder`, the instance keeps its prerendered pages in `{workDir}/prerendered` (PRERENDERED_DIR)
 * and nginx serves them from there as nginx.example.conf does.
 */
export async function startShopBehindNginx(
  name: string,
  env: Record<string, string> = {},
  { prerenderedFolder = false } = {},
): Promise<ShopBehindNginx> {
  const started: Partial<ShopBehindNginx> & { postgres?: PostgresServer } = {};
  const stop = async () => {
    await started.nginx?.stop();
    await started.instance?.stop();
    await started.observer?.close();
    await started.postgres?.destroy();
    if (started.workDir) await rm(started.workDir, { recursive: true, force: true });
  };
  try {
    const nginxPath = await ensureNginx();
    const postgresBin = await postgresBinDir();
    if (!postgresBin) throw new Error(POSTGRES_MISSING);
    started.postgres = await startPostgresServer(postgresBin);
    started.observer = openPostgresDatabase(started.postgres.url, { max: 1 });
    started.workDir = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
    const prerendered = prerenderedFolder ? path.join(started.workDir, 'prerendered') : undefined;
    const [port = 0, proxy = 0] = await freePorts(2);
    started.instance = await startBuiltServer({
      PORT: String(port),
      COOKIE_SECRET: `${name}-secret-of-at-least-32-characters`,
      TRUST_PROXY: 'loopback',
      DATABASE_URL: started.postgres.url,
      ...(prerendered && { PRERENDERED_DIR: prerendered }),
      ...env,
    });
    started.nginx = await startNginx(nginxPath, started.workDir, proxy, [port], prerendered);
    return { ...(started as ShopBehindNginx), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
