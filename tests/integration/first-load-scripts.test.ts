// Issue 32: a page's first load downloads the entry and its own route chunks only. The bench's light app
// (bench/light/), built for production and served as `npm start` serves it, and rebuilt after a change to
// its route, which must rename every script whose content changed.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../build.mjs';
import { type BuiltApp, buildAndStart } from '../helpers/built-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIGHT = { app: 'bench/light/app.ts', serverApp: 'bench/light/server-app.ts' };

/** Every script a document loads: its module scripts and module preloads. */
function scriptsOf(html: string): string[] {
  return [
    ...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="\/_assets\/([^"]+)"/g),
  ].map((match) => match[1] as string);
}

describe('the light page’s first load', () => {
  let light: BuiltApp;
  beforeAll(async () => {
    light = await buildAndStart(LIGHT);
  });
  afterAll(() => light?.stop());

  it('is the entry and the route chunk, which imports the entry', async () => {
    const { manifest, server } = light;
    const route = manifest.routes.products;
    expect(manifest.entry.imports).toEqual([]);
    expect(route?.imports).toEqual([]);
    const html = await (await fetch(`${server.origin}/products`)).text();
    expect(scriptsOf(html).sort()).toEqual([manifest.entry.file, route?.file].sort());
    const chunk = await (await fetch(`${server.origin}/_assets/${route?.file}`)).text();
    expect(chunk).toMatch(new RegExp(`^import\\{[^}]+\\}from"\\./${manifest.entry.file}";`));
  });

  it('keeps source maps that point at the route’s source through both esbuild passes and oxc', async () => {
    const route = light.manifest.routes.products?.file as string;
    const maps = light.buildDir;
    const code = await readFile(path.join(maps, 'client', route), 'utf8');
    const map = new TraceMap(await readFile(path.join(maps, 'sourcemaps', `${route}.map`), 'utf8'));
    const index = code.indexOf('In stock');
    const before = code.slice(0, index);
    const position = { line: before.split('\n').length, column: index - before.lastIndexOf('\n') - 1 };
    const original = originalPositionFor(map, position);
    expect(path.resolve(maps, 'sourcemaps', original.source ?? '')).toBe(
      path.join(ROOT, 'bench/light/product-table.tsx'),
    );
    const source = await readFile(path.join(ROOT, 'bench/light/product-table.tsx'), 'utf8');
    expect(source.split('\n')[(original.line ?? 0) - 1]).toContain('In stock');
  });
});

describe('the scripts’ names after a change to one route', () => {
  // A copy of the light app at the same depth as bench/light/, so its imports of the runtime still resolve.
  let copy: string;
  const builds: Record<string, string>[] = [];
  beforeAll(async () => {
    // test-results/ is git-ignored, so a fresh clone has none.
    await mkdir(path.join(ROOT, 'test-results'), { recursive: true });
    copy = await mkdtemp(path.join(ROOT, 'test-results', 'light-'));
    await cp(path.join(ROOT, 'bench/light'), copy, { recursive: true });
    const app = {
      app: path.relative(ROOT, path.join(copy, 'app.ts')),
      serverApp: path.relative(ROOT, path.join(copy, 'server-app.ts')),
    };
    for (const title of ['Products', 'All products']) {
      const page = path.join(copy, 'products-page.tsx');
      await writeFile(page, (await readFile(page, 'utf8')).replace(/title: '[^']*'/, `title: '${title}'`));
      const outdir = path.join(copy, `dist-${builds.length}`);
      await buildClient({ outdir, app });
      const names = (await readdir(path.join(outdir, 'client'))).filter((name) => name.endsWith('.js'));
      builds.push(
        Object.fromEntries(
          await Promise.all(
            names.map(async (name) => [name, await readFile(path.join(outdir, 'client', name), 'utf8')]),
          ),
        ),
      );
    }
  }, 60_000);
  afterAll(() => (copy ? rm(copy, { recursive: true, force: true }) : undefined));

  it('gives the files that changed new names, so no stale file can be imported', () => {
    const [first, second] = builds as [Record<string, string>, Record<string, string>];
    const kept = Object.keys(second).filter((name) => name in first);
    for (const name of kept) expect(second[name], name).toBe(first[name]);
    const entries = (build: Record<string, string>) =>
      Object.keys(build).filter((name) => name.startsWith('entry-'));
    expect(entries(second)).not.toEqual(entries(first));
    // Sentry's chunk names no other script: a change to a route leaves it cached.
    expect(kept.some((name) => second[name]?.includes('__SENTRY__'))).toBe(true);
  });

  it('leaves Sentry’s debug logging out of the browser’s code', () => {
    const [first] = builds as [Record<string, string>];
    const sentry = Object.values(first).filter((code) => code.includes('__SENTRY__'));
    expect(sentry).toHaveLength(1);
    // One of @sentry/core's debug messages, there unless __SENTRY_DEBUG__ is false.
    expect(sentry[0]).not.toContain('Discarding root span');
  });
});
