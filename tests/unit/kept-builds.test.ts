import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILDS_RECORD, KEPT_BUILDS, keepRecentBuilds } from '../../build/kept-builds.mjs';

describe('keepRecentBuilds', () => {
  let outdir: string | undefined;
  afterEach(async () => {
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });
  async function publicFolder() {
    outdir = await mkdtemp(path.join(tmpdir(), 'kept-builds-'));
    const publicDir = path.join(outdir, 'client');
    await mkdir(publicDir);
    return { outdir, publicDir };
  }
  /** Writes a build's files as the client bundle does, then records it. */
  async function build(dirs: { outdir: string; publicDir: string }, buildId: string, files: string[]) {
    for (const file of files) await writeFile(path.join(dirs.publicDir, file), buildId);
    return keepRecentBuilds(dirs.outdir, dirs.publicDir, buildId, files);
  }

  it('keeps the client files of the two builds before the newest, and removes older ones oldest first', async () => {
    expect(KEPT_BUILDS).toBe(3);
    const dirs = await publicFolder();
    await build(dirs, 'a', ['entry-A.js', 'entry-A.js.br', 'shared-S.js']);
    await build(dirs, 'b', ['entry-B.js', 'shared-S.js']);
    await build(dirs, 'c', ['entry-C.js', 'shared-S.js']);
    expect((await readdir(dirs.publicDir)).sort()).toEqual([
      'entry-A.js',
      'entry-A.js.br',
      'entry-B.js',
      'entry-C.js',
      'shared-S.js',
    ]);
    expect(await build(dirs, 'd', ['entry-D.js'])).toEqual(['d', 'c', 'b']);
    // a's own files went; the file it shared with b and c stays while they list it.
    expect((await readdir(dirs.publicDir)).sort()).toEqual([
      'entry-B.js',
      'entry-C.js',
      'entry-D.js',
      'shared-S.js',
    ]);
    await build(dirs, 'e', ['entry-E.js']);
    await build(dirs, 'f', ['entry-F.js']);
    expect((await readdir(dirs.publicDir)).sort()).toEqual(['entry-D.js', 'entry-E.js', 'entry-F.js']);
  });

  it('counts a build made again (the same id) once, as the newest', async () => {
    const dirs = await publicFolder();
    await build(dirs, 'a', ['entry-A.js']);
    await build(dirs, 'b', ['entry-B.js']);
    expect(await build(dirs, 'a', ['entry-A.js'])).toEqual(['a', 'b']);
  });

  it('removes files no build recorded (a folder from before records, a stray file)', async () => {
    const dirs = await publicFolder();
    await writeFile(path.join(dirs.publicDir, 'stray.js'), '');
    await build(dirs, 'a', ['entry-A.js']);
    expect(await readdir(dirs.publicDir)).toEqual(['entry-A.js']);
  });

  it('starts over from an unreadable record instead of failing the build', async () => {
    const dirs = await publicFolder();
    await writeFile(path.join(dirs.outdir, BUILDS_RECORD), '{ not json');
    expect(await build(dirs, 'a', ['entry-A.js'])).toEqual(['a']);
    const record = JSON.parse(await readFile(path.join(dirs.outdir, BUILDS_RECORD), 'utf8'));
    expect(record).toEqual([{ buildId: 'a', builtAt: expect.any(String), files: ['entry-A.js'] }]);
  });
});
