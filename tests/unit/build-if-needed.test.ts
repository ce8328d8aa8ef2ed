// `node build.mjs --if-needed` (npm start's prestart) rebuilds when a source is newer than the build,
// the app's own folder included wherever it lives.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUpToDate } from '../../build.mjs';

describe('isUpToDate', () => {
  let scratch: string;
  let outdir: string;
  let app: { app: string; serverApp: string };
  /** A time after every file of the repository was last written. */
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'if-needed-'));
    outdir = path.join(scratch, 'dist');
    const appDir = path.join(scratch, 'my-app');
    await mkdir(outdir);
    await mkdir(appDir);
    app = { app: path.join(appDir, 'app.ts'), serverApp: path.join(appDir, 'server-app.ts') };
    for (const file of [app.app, app.serverApp]) await writeFile(file, 'export default {};\n');
    await writeFile(path.join(outdir, 'manifest.json'), '{}\n');
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('is false without a build', async () => {
    expect(await isUpToDate(app, path.join(scratch, 'no-build'))).toBe(false);
  });

  it('is true when the build is newer than the runtime and the app', async () => {
    const built = later(60);
    await utimes(path.join(outdir, 'manifest.json'), built, built);
    expect(await isUpToDate(app, outdir)).toBe(true);
  });

  it('is false once a file of the app’s own folder is newer than the build, and only for that app', async () => {
    const built = later(60);
    await utimes(path.join(outdir, 'manifest.json'), built, built);
    const edited = later(120);
    await utimes(app.serverApp, edited, edited);
    expect(await isUpToDate(app, outdir)).toBe(false);
    // The app package.json names (the storefront) does not read that folder.
    expect(await isUpToDate(undefined, outdir)).toBe(true);
  });
});
