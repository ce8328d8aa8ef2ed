import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appEntries } from '../../build/app-modules.mjs';

describe('appEntries (package.json\'s "ssr" field)', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });
  async function projectWith(ssr: unknown): Promise<string> {
    root = await mkdtemp(path.join(tmpdir(), 'app-entries-'));
    await writeFile(path.join(root, 'package.json'), JSON.stringify(ssr === undefined ? {} : { ssr }));
    return root;
  }

  it('takes app.ts and server-app.ts from the folder a string names', async () => {
    expect(await appEntries(await projectWith('apps/shelf'))).toEqual({
      app: path.join('apps/shelf', 'app.ts'),
      serverApp: path.join('apps/shelf', 'server-app.ts'),
    });
  });

  it('takes each file an object names', async () => {
    const ssr = { app: 'apps/a/definition.ts', server: 'apps/a/server.ts' };
    expect(await appEntries(await projectWith(ssr))).toEqual({ app: ssr.app, serverApp: ssr.server });
  });

  it('lets build options name the files over the field', async () => {
    const options = { app: 'x/app.ts', serverApp: 'x/server-app.ts' };
    expect(await appEntries(await projectWith('apps/shelf'), options)).toEqual(options);
  });

  it('says how to name the app when nothing does', async () => {
    await expect(appEntries(await projectWith(undefined))).rejects.toThrow(/Name the app in package\.json/);
  });
});
