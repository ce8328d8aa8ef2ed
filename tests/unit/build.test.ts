import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { storefrontRoutes } from '../../apps/storefront/routes.ts';
import { EAGER_COMPILE_HINT } from '../../build/compile-hint.mjs';
import { BUILDS_RECORD } from '../../build/kept-builds.mjs';
import {
  buildClient,
  DevCodeLeakError,
  INLINE_STYLE_MAX_BYTES,
  inlineStyleOf,
  ServerModuleLeakError,
} from '../../build.mjs';
import { loadBuildOutput } from '../../server/definition/build-output.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';

describe('build', () => {
  const scratch: string[] = [];
  afterAll(async () => {
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  it('fails when a server-only module reaches the client bundle, naming it', async () => {
    const outdir = await mkdtemp(path.join(tmpdir(), 'leak-'));
    scratch.push(outdir);
    const attempt = buildClient({ entry: 'tests/fixtures/leaky-entry.ts', outdir });
    await expect(attempt).rejects.toThrow(ServerModuleLeakError);
    await expect(buildClient({ entry: 'tests/fixtures/leaky-entry.ts', outdir })).rejects.toThrow(
      /server\/process\/config\.ts/,
    );
  });

  it("fails when an app's segment module reaches the client bundle, naming it", async () => {
    const outdir = await mkdtemp(path.join(tmpdir(), 'leak-'));
    scratch.push(outdir);
    const attempt = buildClient({ entry: 'tests/fixtures/leaky-segment-entry.ts', outdir });
    await expect(attempt).rejects.toThrow(/Server-only module in the client bundle: .*book\.server\.ts/);
  });

  it("fails when dev mode's Fast Refresh code reaches a production bundle", async () => {
    const outdir = await mkdtemp(path.join(tmpdir(), 'leak-'));
    scratch.push(outdir);
    const attempt = buildClient({ entry: 'tests/fixtures/refresh-leak-entry.mjs', outdir });
    await expect(attempt).rejects.toThrow(DevCodeLeakError);
    await expect(attempt).rejects.toThrow(/injectIntoGlobalHook/);
  });

  it('keeps the previous builds’ client files servable beside the new build’s', async () => {
    const outdir = await mkdtemp(path.join(tmpdir(), 'release-'));
    scratch.push(outdir);
    // What a previous build of this folder left: its chunk, and the record that lists it.
    await mkdir(path.join(outdir, 'client'));
    await writeFile(path.join(outdir, 'client', 'entry-PREVIOUS.js'), 'export {};');
    const previous = [
      { buildId: 'previous', builtAt: '2026-01-01T00:00:00.000Z', files: ['entry-PREVIOUS.js'] },
    ];
    await writeFile(path.join(outdir, BUILDS_RECORD), JSON.stringify(previous));

    const manifest = await buildClient({ outdir });
    const served = await readdir(path.join(outdir, 'client'));
    expect(served).toContain('entry-PREVIOUS.js');
    expect(served).toContain(manifest.entry.file);
    expect(served).toContain(`${manifest.entry.file}.br`);
    const record = JSON.parse(await readFile(path.join(outdir, BUILDS_RECORD), 'utf8'));
    expect(record.map((build: { buildId: string }) => build.buildId)).toEqual([manifest.buildId, 'previous']);
  });

  it('writes a manifest with every page’s segments and a chunk for each lazily loaded one', () => {
    const { manifest, files } = loadBuildOutput(inject('buildDir'));
    expect(manifest.buildId).toMatch(/^[0-9a-f]{12}$/);
    const pages = (node: RouteNode): RouteNode[] =>
      node.children?.length ? node.children.flatMap(pages) : node.resource ? [] : [node];
    for (const page of pages(storefrontRoutes)) {
      const segments = manifest.pages[page.id];
      expect(segments, page.id).toBeDefined();
      // The root layout is imported statically (it is on every page): its code is in the entry chunk.
      expect(segments?.[0]).toBe('root');
      expect(manifest.routes.root).toBeUndefined();
      const chunk = manifest.routes[page.id];
      expect(chunk, page.id).toBeDefined();
      expect(files.has(chunk!.file)).toBe(true);
      for (const imported of chunk!.imports) expect(files.has(imported)).toBe(true);
    }
    expect(manifest.pages.shop).toEqual(['root', 'shop-layout', 'shop']);
    expect(manifest.routes['shop-layout']).toBeDefined();
    expect(manifest.entry.file).toMatch(/^entry-[A-Z0-9]+\.js$/);
    expect(manifest.stylesheets[0]).toMatch(/^entry-[A-Z0-9]+\.css$/);
  });

  it('inlines a small, self-contained stylesheet, and links the rest', () => {
    const publicDir = '/dist/client';
    const output = (text: string) => [{ path: '/dist/client/entry-A.css', text }];
    expect(inlineStyleOf(['entry-A.css'], output('.a{color:red}\n'), publicDir)).toEqual({
      inlineStyle: '.a{color:red}',
    });
    const large = `.a{color:red}${' '.repeat(INLINE_STYLE_MAX_BYTES)}`;
    expect(inlineStyleOf(['entry-A.css'], output(`${large}.b{}`), publicDir)).toEqual({});
    // Relative addresses resolve against the stylesheet's own URL: inlined, they would point elsewhere.
    expect(inlineStyleOf(['entry-A.css'], output('.a{mask:url(icon-X.svg)}'), publicDir)).toEqual({});
    expect(inlineStyleOf(['entry-A.css'], output('@import "b.css";'), publicDir)).toEqual({});
    expect(inlineStyleOf([], [], publicDir)).toEqual({});
  });

  it('links the storefront’s stylesheet (30 KB, with drawings by url())', () => {
    const { manifest } = loadBuildOutput(inject('buildDir'));
    expect(manifest.inlineStyle).toBeUndefined();
  });

  it('ships the route patterns precompiled, without the route compiler or path-to-regexp', async () => {
    const publicDir = path.join(inject('buildDir'), 'client');
    const { manifest } = loadBuildOutput(inject('buildDir'));
    const scripts = (await readdir(publicDir)).filter((name) => name.endsWith('.js'));
    const texts = await Promise.all(scripts.map((name) => readFile(path.join(publicDir, name), 'utf8')));
    // Messages only path-to-regexp and the compiler contain.
    for (const text of texts) expect(text).not.toMatch(/Missing parameter name|RouteTableError/);
    const entry = await readFile(path.join(publicDir, manifest.entry.file), 'utf8');
    expect(entry).toContain(String.raw`^(?:\\/products\\/([^\\/]+))$`);
  });

  it('re-minifies with oxc and keeps source maps that point at our sources, and the license link', async () => {
    const buildDir = inject('buildDir');
    const { manifest, files } = loadBuildOutput(buildDir);
    const entry = await readFile(path.join(buildDir, 'client', manifest.entry.file), 'utf8');
    const map = new TraceMap(
      await readFile(path.join(buildDir, 'sourcemaps', `${manifest.entry.file}.map`), 'utf8'),
    );
    const index = entry.indexOf('Hydration fell back to client rendering');
    const before = entry.slice(0, index);
    const original = originalPositionFor(map, {
      line: before.split('\n').length,
      column: index - before.lastIndexOf('\n') - 1,
    });
    expect(path.resolve(buildDir, 'sourcemaps', original.source ?? '')).toBe(
      path.resolve('client/start.tsx'),
    );
    const source = await readFile('client/start.tsx', 'utf8');
    expect(source.split('\n')[(original.line ?? 0) - 1]).toContain('Hydration fell back to client rendering');
    // React's license headers are linked, and the linked file is served.
    const legal = /\/\*! For license information please see (\S+) \*\//.exec(entry)?.[1];
    expect(legal).toBe(`${manifest.entry.file}.LEGAL.txt`);
    expect(files.has(legal as string)).toBe(true);
  });

  it('marks the entry, and no route chunk, for eager compilation by V8', async () => {
    const buildDir = inject('buildDir');
    const { manifest } = loadBuildOutput(buildDir);
    const script = (file: string) => readFile(path.join(buildDir, 'client', file), 'utf8');
    expect((await script(manifest.entry.file)).startsWith(EAGER_COMPILE_HINT)).toBe(true);
    for (const route of Object.values(manifest.routes))
      expect(await script(route.file)).not.toContain(EAGER_COMPILE_HINT.trim());
  });

  it('keeps source maps out of the public folder, and scripts link none', async () => {
    const buildDir = inject('buildDir');
    const publicFiles = await readdir(path.join(buildDir, 'client'));
    const maps = await readdir(path.join(buildDir, 'sourcemaps'));
    expect(publicFiles.some((name) => name.endsWith('.map'))).toBe(false);
    expect(maps.some((name) => name.endsWith('.js.map'))).toBe(true);
    const scripts = publicFiles.filter((name) => name.endsWith('.js'));
    for (const script of scripts) {
      expect(await readFile(path.join(buildDir, 'client', script), 'utf8')).not.toContain('sourceMappingURL');
      expect(maps).toContain(`${script}.map`);
    }
  });
});
