import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachePolicy } from '../../server/index.ts';
import { createTestApp } from '../../server/test-kit.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServerApp from '../fixtures/tiny-app/server-app.ts';
import { freePorts } from '../helpers/free-ports.ts';
import { listen, type RunningServer } from '../helpers/listen.ts';
import { REQUEST_TIMEOUT_MS } from './load-loops.ts';
import { ensureNginx, type Nginx, startNginx } from './nginx.ts';

const BY_LANGUAGE: CachePolicy = { sMaxAge: 60, varyBy: ['accept-language'] };

/**
 * A public page whose data depends on Accept-Language, declared as a variant, behind nginx's page cache
 * (the settings of nginx.example.conf): each value gets its own copy, never another's.
 */
describe("nginx's page cache in front of a page that varies by Accept-Language", () => {
  let workDir: string;
  let nginx: Nginx | undefined;
  let origin: RunningServer | undefined;

  beforeAll(async () => {
    const nginxPath = await ensureNginx();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'nginx-variants-'));
    const cache = { root: BY_LANGUAGE, notes: BY_LANGUAGE, first: BY_LANGUAGE };
    const notes = ({ headers }: { headers: Record<string, unknown> }) => ({
      count: String(headers['accept-language']).startsWith('fr') ? 1 : 2,
    });
    const app = createTestApp(
      { app: tinyApp, server: { ...tinyServerApp, cache } },
      { dataSteps: { notes } },
    );
    origin = await listen(app.server);
    const [proxy = 0] = await freePorts(1);
    nginx = await startNginx(nginxPath, workDir, proxy, [Number(new URL(origin.origin).port)]);
  });

  afterAll(async () => {
    await nginx?.stop();
    await origin?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function page(language: string) {
    const response = await fetch(`${nginx!.origin}/notes/first`, {
      headers: { 'Accept-Language': language },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { cacheStatus: response.headers.get('x-cache-status'), text: await response.text() };
  }

  it('keeps a copy per language: a German reader never gets the French copy, nor the French the German', async () => {
    expect(await page('fr')).toMatchObject({ text: expect.stringContaining('Notes (1)') });
    // The French copy is stored and served: the cache is on for this page.
    expect(await page('fr')).toEqual({ cacheStatus: 'HIT', text: expect.stringContaining('Notes (1)') });
    const german = await page('de');
    expect(german.cacheStatus).not.toBe('HIT');
    expect(german.text).toContain('Notes (2)');
    expect((await page('fr')).text).toContain('Notes (1)');
    expect((await page('de')).text).toContain('Notes (2)');
  });
});
